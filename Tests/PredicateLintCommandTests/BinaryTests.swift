import Foundation
import Testing

/// The built `predicate-lint` executable, run as a user would run it.
@Suite struct BinaryTests {
    /// The executable sits beside the test bundle in the build folder. On Linux the test
    /// process is that bundle; on macOS it is a helper of Xcode's that loads it, and there is
    /// no `/proc`, so the bundle is found from a class of its own.
    static let executable: URL = {
        #if canImport(Darwin)
        let bundle = Bundle(for: TemporaryTree.self).bundleURL
        #else
        let bundle = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        #endif
        return bundle.deletingLastPathComponent().appendingPathComponent("predicate-lint")
    }()

    func run(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = arguments
        // The test run's own cache, never the user's.
        process.environment = ProcessInfo.processInfo.environment.merging(["XDG_CACHE_HOME": testCacheHome]) { $1 }
        let (out, err) = (Pipe(), Pipe())
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: stdout, as: UTF8.self), String(decoding: stderr, as: UTF8.self))
    }

    /// A name that is not UTF-8, given directly (an argument, a run-script variable, a line of an
    /// input file list), decodes to a spelling with U+FFFD that may be another file's: it is
    /// refused, naming its bytes, and that other file is never checked in its place.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: executable.path)))
    func aNameThatIsNotUTF8IsRefusedNotReplaced() throws {
        let bad = "let p = #Predicate<Website> { $0.url.hasPrefix(\"a\") }\n"
        let tree = try TemporaryTree(["A\u{FFFD}.swift": bad, "Good.swift": bad])
        let folder = tree.path()
        try tree.write("inputs.xcfilelist", Data("\(folder)/A".utf8) + Data([0xFF]) + Data(".swift\n\(folder)/Good.swift\n".utf8))
        let runs = [
            "exec '\(Self.executable.path)' lint --no-cache \"$(printf '\(folder)/A\\377.swift')\" '\(folder)/Good.swift'",
            "SCRIPT_INPUT_FILE_COUNT=2 SCRIPT_INPUT_FILE_0=\"$(printf '\(folder)/A\\377.swift')\" SCRIPT_INPUT_FILE_1='\(folder)/Good.swift' "
                + "exec '\(Self.executable.path)' lint --no-cache --use-script-input-files",
            "SCRIPT_INPUT_FILE_LIST_COUNT=1 SCRIPT_INPUT_FILE_LIST_0='\(folder)/inputs.xcfilelist' "
                + "exec '\(Self.executable.path)' lint --no-cache --use-script-input-file-lists",
        ]
        for script in runs {
            let run = try runProgram("/bin/sh", ["-c", script])
            #expect(run.status == 2, "\(script): \(run.output)")
            #expect(run.output.contains("error: \(folder)/A\\xFF.swift: is not a UTF-8 name"), "\(script): \(run.output)")
            #expect(run.output.contains("Good.swift:1:"), "the other file is still checked: \(run.output)")
            #expect(!run.output.contains("A\u{FFFD}.swift:1:"), "the look-alike is never checked in its place: \(run.output)")
        }
    }

    /// `--stdin` with standard input closed, or a folder, is an error that says what to do, not
    /// a crash (Foundation's `readDataToEndOfFile` stopped the process); piped text is checked.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: executable.path)))
    func standardInputThatCannotBeReadIsAnError() throws {
        let tree = try TemporaryTree(["A.swift": "let p = #Predicate<Website> { $0.url.hasPrefix(\"a\") }\n"])
        for redirection in ["<&-", "< '\(tree.path())'"] {
            let run = try runProgram("/bin/sh", ["-c", "exec '\(Self.executable.path)' lint --stdin --no-cache \(redirection)"])
            #expect(run.status == 2, "\(redirection): \(run.output)")
            #expect(run.output.contains("standard input cannot be read ("), "\(redirection): \(run.output)")
        }
        let piped = try runProgram("/bin/sh", ["-c", "exec '\(Self.executable.path)' lint --stdin --no-cache < '\(tree.path("A.swift"))'"])
        #expect(piped.status == 1 && piped.output.contains("has-prefix"), "\(piped.output)")
    }

    /// Started in a folder that was deleted since (a shell left sitting in it): absolute paths
    /// are checked as anywhere else, a relative one is a clear error. Before, every run climbed
    /// `..`, `../..`, … looking for a configuration until its stack ran out.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: executable.path)))
    func aDeletedWorkingDirectoryIsNoCrash() throws {
        let tree = try TemporaryTree(["A.swift": "let p = #Predicate<Website> { $0.url.hasPrefix(\"a\") }\n", "gone/.keep": ""])
        func runInDeletedFolder(_ arguments: String) throws -> (status: Int32, output: String) {
            try runProgram("/bin/sh", ["-c", "cd '\(tree.path("gone"))' && rm -r '\(tree.path("gone"))' && exec '\(Self.executable.path)' \(arguments)"])
        }
        let absolute = try runInDeletedFolder("lint --no-cache '\(tree.path("A.swift"))'")
        #expect(absolute.status == 1, "\(absolute.output)")
        #expect(absolute.output.contains("\(tree.path("A.swift")):1:"), "reported with its absolute path: \(absolute.output)")
        try tree.write("gone/.keep", Data())
        let relative = try runInDeletedFolder("lint --no-cache A.swift")
        #expect(relative.status == 2, "\(relative.output)")
        #expect(relative.output.contains("error: the folder this command was started in no longer exists"), "\(relative.output)")
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: executable.path)))
    func exitStatusesReachTheShell() throws {
        let tree = try TemporaryTree([
            "Bad.swift": #"let p = #Predicate<Movie> { $0.name.hasSuffix("x") }"#,
            "Good.swift": #"let p = #Predicate<Movie> { $0.name.starts(with: "x") }"#,
        ])
        let bad = try run([tree.path("Bad.swift")])
        #expect(bad.status == 1)
        #expect(bad.stdout.hasPrefix("\(tree.path("Bad.swift")):1:37: error: "))
        #expect(bad.stderr.contains("Found 1 error"))
        #expect(try run([tree.path("Good.swift")]).status == 0)
        #expect(try run(["--nope"]).status == 2)
        #expect(try run([tree.path("Missing.swift"), tree.path("Bad.swift")]).status == 2)
    }

    /// A report that cannot be written (a full disk, a file-size limit) ends the run with 2 and
    /// says why, instead of a crash (`try!` in `FileHandle.write`) or SIGXFSZ, and the cache
    /// keeps no half-written entry.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: executable.path)))
    func aReportThatCannotBeWrittenEndsWithTwoAndSaysWhy() throws {
        let tree = try TemporaryTree(["Bad.swift": #"let p = #Predicate<Movie> { $0.name.hasSuffix("x") }"# + "\n"])
        let cache = tree.path("cache")
        // macOS has no /dev/full; the file-size limit fails the same write there.
        let full = FileManager.default.fileExists(atPath: "/dev/full") ? ["exec > /dev/full"] : []
        for redirect in full + ["ulimit -f 0; exec > \(tree.path("report.txt"))"] {
            let script = "\(redirect); exec '\(Self.executable.path)' --cache-path '\(cache)' '\(tree.path("Bad.swift"))'"
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", script]
            let err = Pipe()
            process.standardError = err
            try process.run()
            let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationReason == .exit, "\(redirect)")
            #expect(process.terminationStatus == 2, "\(redirect)")
            #expect(stderr.contains("the report could not be written to standard output"), "\(redirect): \(stderr)")
            let leftovers = (try? FileManager.default.contentsOfDirectory(atPath: cache))?.filter { $0.hasSuffix(".tmp") } ?? []
            #expect(leftovers.isEmpty, "\(redirect)")
        }
    }
}
