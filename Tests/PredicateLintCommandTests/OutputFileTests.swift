import Foundation
import Testing
@testable import PredicateLintCommand

/// `--output`, `--write-baseline` and `--stamp` never turn what a path names into something
/// else: a symbolic link stays a link and its file gets the text, a pipe is written to as a
/// stream, and a folder or a dangling link is refused with exit 2 and the reason.
@Suite struct OutputFileTests {
    static let code = "let p = #Predicate<Website> { $0.url.hasPrefix(\"a\") }\n"

    func isLink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK
    }

    @Test(arguments: [["--reporter", "json", "--output"], ["--write-baseline"], ["--stamp"]])
    func aLinkStaysALinkAndItsFileGetsTheText(_ option: [String]) throws {
        let tree = try TemporaryTree(["Sources/App.swift": Self.code, "out/real.txt": "old"])
        try FileManager.default.createSymbolicLink(atPath: tree.path("link.txt"), withDestinationPath: tree.path("out/real.txt"))
        let output = Command.run(option + [tree.path("link.txt"), tree.path("Sources")])
        #expect(output.exitCode != 2, "\(output.standardError)")
        #expect(isLink(tree.path("link.txt")))
        let written = try String(contentsOfFile: tree.path("out/real.txt"), encoding: .utf8)
        #expect(written != "old")
        if option.first == "--stamp" { #expect(written.isEmpty) }
    }

    @Test func aPipeIsWrittenToAndStaysAPipe() throws {
        let tree = try TemporaryTree(["Sources/App.swift": Self.code])
        let fifo = tree.path("report.fifo")
        try #require(mkfifo(fifo, 0o600) == 0)
        // A reader, as a shell's `>(…)` would be.
        let received = LockedText()
        let reader = Thread {
            received.set(String(decoding: FileHandle(forReadingAtPath: fifo)?.readDataToEndOfFile() ?? Data(), as: UTF8.self))
        }
        reader.start()
        let output = Command.run(["--reporter", "json", "--output", fifo, tree.path("Sources")])
        #expect(output.exitCode == 1, "\(output.standardError)")
        var info = stat()
        #expect(lstat(fifo, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO, "the pipe was replaced")
        for _ in 0..<200 where received.get() == nil { usleep(10_000) }
        #expect(received.get()?.hasPrefix("{\n  \"version\": 1,") == true)
    }

    /// `/dev/fd/N` (and `/dev/stdout`) name a descriptor the shell opened: the report goes
    /// through it, into a pipe, or after what a file opened for appending already holds.
    @Test func aDescriptorsNameIsWrittenThroughTheDescriptor() throws {
        let tree = try TemporaryTree(["Sources/App.swift": Self.code, "log.txt": "earlier\n"])
        let pipe = Pipe()
        let piped = Command.run(["--reporter", "json", "--output", "/dev/fd/\(pipe.fileHandleForWriting.fileDescriptor)", tree.path("Sources")])
        #expect(piped.exitCode == 1, "\(piped.standardError)")
        try pipe.fileHandleForWriting.close()
        #expect(String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).hasPrefix("{\n  \"version\": 1,"))

        let appending = open(tree.path("log.txt"), O_WRONLY | O_APPEND | O_CLOEXEC)
        try #require(appending >= 0)
        defer { close(appending) }
        let appended = Command.run(["--reporter", "json", "--output", "/dev/fd/\(appending)", tree.path("Sources")])
        #expect(appended.exitCode == 1, "\(appended.standardError)")
        #expect(try String(contentsOfFile: tree.path("log.txt"), encoding: .utf8).hasPrefix("earlier\n{\n  \"version\": 1,"))
    }

    @Test func aFolderOrADanglingLinkIsRefused() throws {
        let tree = try TemporaryTree(["Sources/App.swift": Self.code, "reports/.keep": ""])
        try FileManager.default.createSymbolicLink(atPath: tree.path("dangling"), withDestinationPath: tree.path("nowhere/x"))
        let folder = Command.run(["--output", tree.path("reports"), tree.path("Sources")])
        #expect(folder.exitCode == 2 && folder.standardError.contains("is a folder"), "\(folder.standardError)")
        var isDirectory: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: tree.path("reports/.keep"), isDirectory: &isDirectory))
        let dangling = Command.run(["--write-baseline", tree.path("dangling"), tree.path("Sources")])
        #expect(dangling.exitCode == 2 && dangling.standardError.contains("symbolic link to nothing"), "\(dangling.standardError)")
        #expect(isLink(tree.path("dangling")))
    }
}

/// Text one thread sets and another reads.
final class LockedText: @unchecked Sendable {
    private var text: String?
    private let lock = NSLock()
    func set(_ value: String) { lock.withLock { text = value } }
    func get() -> String? { lock.withLock { text } }
}
