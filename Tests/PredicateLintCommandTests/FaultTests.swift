import Foundation
import Testing
@testable import PredicateLintCommand
import PredicateLintCore

/// Faults must never lose a byte of the user's code or leave debris beside it.
@Suite struct FaultTests {
    struct DiskFull: Error {}

    @Test func aWriteThatFailsHalfwayLeavesTheOriginalIntact() throws {
        let original = "let p = #Predicate<Website> { $0.url.hasPrefix(\"a\") }\n"
        let tree = try TemporaryTree(["A.swift": original])
        #expect(throws: FileWriter.Failure.self) {
            try FileWriter.replaceContents(ofFile: tree.path("A.swift"), with: "let p = 1\n", byteOrderMark: false) { data, url in
                try data.prefix(data.count / 2).write(to: url)
                throw DiskFull()
            }
        }
        #expect(try String(contentsOfFile: tree.path("A.swift"), encoding: .utf8) == original)
        #expect(try FileManager.default.contentsOfDirectory(atPath: tree.path()) == ["A.swift"])
    }

    @Test func twoFixRunsAtOnceAgreeWithOne() throws {
        let together = try TemporaryTree()
        let alone = try TemporaryTree()
        for tree in [together, alone] {
            try FileManager.default.removeItem(atPath: tree.path())
            try FileManager.default.copyItem(atPath: ExampleAppTests.appPath, toPath: tree.path())
        }
        let group = DispatchGroup()
        let path = together.path()
        for _ in 0..<2 {
            DispatchQueue.global().async(group: group) { _ = Command.run(["--fix", "--no-cache", path]) }
        }
        group.wait()
        _ = Command.run(["--fix", "--no-cache", alone.path()])
        for file in FileDiscovery.swiftFiles(in: [alone.path()]).files {
            let relative = String(file.dropFirst(alone.path().count))
            let theirs = try String(contentsOfFile: together.path() + relative, encoding: .utf8)
            #expect(theirs == (try String(contentsOfFile: file, encoding: .utf8)), "\(relative)")
            #expect(!SourceFile(path: file, text: theirs).tree.hasError)
        }
        let leftovers = try FileManager.default.subpathsOfDirectory(atPath: together.path()).filter { $0.contains(FileWriter.temporaryMarker) }
        #expect(leftovers.isEmpty)
    }

    /// The process ID of a process that has ended.
    static func finishedProcessID() throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "exit 0"]
        try process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }

    /// A killed run's temporary file goes; another run's, still at work, stays (a plain lint
    /// must not break a concurrent `--fix`); a user's look-alike stays.
    @Test func leftoversOfAKilledRunAreCleanedAndLookAlikesKept() throws {
        let live = ".A.swift.predicate-lint-\(getpid())-\(UUID().uuidString)"
        let tree = try TemporaryTree([
            "A.swift": "let a = 1\n",
            ".A.swift.predicate-lint-\(try Self.finishedProcessID())-\(UUID().uuidString)": "half a file",
            live: "another run's file",
            ".A.swift.predicate-lint-notes": "the user's own file",
        ])
        _ = Command.run(["--no-cache", tree.path()])
        #expect(try FileManager.default.contentsOfDirectory(atPath: tree.path()).sorted()
                == [".A.swift.predicate-lint-notes", live, "A.swift"].sorted())
    }

    /// The built tool is stopped with SIGTERM at the worst moment, its temporary file written
    /// and not yet in place (the tool stops itself there when the test asks): nothing is left
    /// beside the user's files, and every file is either as it was or fully fixed.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: BinaryTests.executable.path)))
    func anInterruptedFixLeavesNoTemporaryFiles() throws {
        let original = "let p = #Predicate<Website> { $0.url.hasPrefix(\"a\") }\n"
        let tree = try TemporaryTree(["A.swift": original, "B.swift": original])
        let process = Process()
        process.executableURL = BinaryTests.executable
        process.arguments = ["--fix", "--no-cache", "--quiet", tree.path()]
        process.environment = ProcessInfo.processInfo.environment.merging(
            ["PREDICATE_LINT_TEST_INTERRUPT_BEFORE_REPLACING": "1"]) { _, new in new }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGTERM,
                "the run was not interrupted: \(process.terminationReason) \(process.terminationStatus)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: tree.path()).sorted() == ["A.swift", "B.swift"])
        for file in ["A.swift", "B.swift"] {
            let text = try String(contentsOfFile: tree.path(file), encoding: .utf8)
            #expect(text == original || text == original.replacingOccurrences(of: "hasPrefix(", with: "starts(with: "), "\(file): \(text)")
        }
    }
}
