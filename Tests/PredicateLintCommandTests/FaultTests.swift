import Foundation
import Testing
@testable import PredicateLintCommand
import PredicateLintCore
import SyntheticCorpus

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

    @Test func leftoversOfAKilledRunAreCleanedAndLookAlikesKept() throws {
        let tree = try TemporaryTree([
            "A.swift": "let a = 1\n",
            ".A.swift.predicate-lint-\(UUID().uuidString)": "half a file",
            ".A.swift.predicate-lint-notes": "the user's own file",
        ])
        _ = Command.run(["--no-cache", tree.path()])
        #expect(try FileManager.default.contentsOfDirectory(atPath: tree.path()).sorted()
                == [".A.swift.predicate-lint-notes", "A.swift"])
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: BinaryTests.executable.path)))
    func aTerminatedFixLeavesNoTemporaryFiles() throws {
        let tree = try TemporaryTree()
        try SyntheticCorpus.write(fileCount: 1_500, to: tree.path("Corpus"), seed: 11)
        let process = Process()
        process.executableURL = BinaryTests.executable
        process.arguments = ["--fix", "--no-cache", "--quiet", tree.path()]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        Thread.sleep(forTimeInterval: 0.4)
        process.terminate()
        process.waitUntilExit()
        let leftovers = try FileManager.default.subpathsOfDirectory(atPath: tree.path()).filter { $0.contains(FileWriter.temporaryMarker) }
        #expect(leftovers.isEmpty)
        // Every file still parses: a file is either the old one or the fixed one, never half.
        for file in FileDiscovery.swiftFiles(in: [tree.path()]).files {
            let text = try String(contentsOfFile: file, encoding: .utf8)
            #expect(!SourceFile(path: file, text: text).tree.hasError, "\(file)")
        }
    }
}
