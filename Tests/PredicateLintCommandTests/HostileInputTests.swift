import Foundation
import Testing
@testable import PredicateLintCommand
import PredicateLintCore

/// Inputs that must give a clear message or be linted normally, never a crash; and the other
/// files are still checked.
@Suite struct HostileInputTests {
    static let bad = "let p = #Predicate<Website> { $0.url.hasPrefix(\"a\") }\n"

    func lintTree(_ files: [String: Data], extra: [String] = []) throws -> (CommandOutput, TemporaryTree) {
        let tree = try TemporaryTree(["Good/Bad.swift": Self.bad])
        for (path, data) in files { try tree.write(path, data) }
        return (Command.run(["--no-cache"] + extra + [tree.path()]), tree)
    }

    @Test(arguments: [
        ("invalid UTF-8", Data([0x6C, 0x65, 0x74, 0x20, 0xC3, 0x28, 0x0A])),
        ("binary", Data((0..<4096).map { UInt8(($0 * 7919) % 256) })),
        ("lone continuation byte", Data([0x80])),
    ])
    func undecodableFilesAreNamedAndTheRestChecked(_ name: String, _ data: Data) throws {
        let (output, tree) = try lintTree(["Odd.swift": data])
        #expect(output.standardError.contains("error: \(tree.path("Odd.swift")): "), "\(name)")
        #expect(output.standardError.contains("save it as UTF-8"), "\(name)")
        #expect(output.standardOutput.contains("Good/Bad.swift:1:38"))
        #expect(output.exitCode == 2)
    }

    /// Odd Swift, named briefly in the test log (some of it is 75,000 characters long).
    struct StrangeInput: Sendable, CustomTestStringConvertible {
        let name: String
        let text: String
        var testDescription: String { name }
    }

    static let strangeInputs = [
        StrangeInput(name: "empty", text: ""),
        StrangeInput(name: "NUL bytes", text: "let a = 1\u{0}\u{0}\nlet p = #Predicate<Website> { $0.url.hasPrefix(\"a\") }\n"),
        StrangeInput(name: "unterminated string", text: "let s = \"abc\nlet p = #Predicate<Website> { $0.url.hasPrefix(\"a\") }\n"),
        StrangeInput(name: "unterminated comment", text: "/* never closed\nlet p = #Predicate<Website> { $0.url.hasPrefix(\"a\") }\n"),
        StrangeInput(name: "unterminated closure", text: "let p = #Predicate<Website> { $0.url.hasPrefix(\"a\")\n"),
        StrangeInput(name: "predicate without closure", text: "let p = #Predicate<Website>\nlet q = #Predicate\nlet r = #Expression<Movie, Int>()\n"),
        StrangeInput(name: "macro with a non-closure argument", text: "let p = #Predicate<Website>(5)\n"),
        StrangeInput(name: "emoji identifiers", text: "let 🎬 = \"a\"\nlet p = #Predicate<Website> { $0.url.hasPrefix(🎬) }\n"),
        StrangeInput(name: "deep nesting", text: "let p = #Predicate<Movie> { " + String(repeating: "(", count: 10_000) + "$0.year"
            + String(repeating: ")", count: 10_000) + " > 1 }\n"),
        StrangeInput(name: "deep closures", text: "let p = #Predicate<Movie> { " + String(repeating: "$0.cast.contains { ", count: 2_000)
            + "true" + String(repeating: " }", count: 2_000) + " }\n"),
        StrangeInput(name: "deep members", text: "let p = #Predicate<Movie> { $0" + String(repeating: ".director", count: 5_000) + " == nil }\n"),
        StrangeInput(name: "deep members just within the limit",
                     text: "let p = #Predicate<Movie> { $0" + String(repeating: ".director", count: 1_400) + " == nil }\n"),
        StrangeInput(name: "deep operators",
                     text: "let p = #Predicate<Movie> { " + Array(repeating: "$0.year > 1", count: 5_000).joined(separator: " && ") + " }\n"),
    ]

    @Test(arguments: strangeInputs)
    func strangeSwiftIsLintedWithoutCrashing(_ input: StrangeInput) throws {
        let (output, _) = try lintTree(["Strange.swift": Data(input.text.utf8)])
        #expect(output.standardOutput.contains("Good/Bad.swift:1:38"), "\(input.name)")
        for line in output.standardOutput.split(separator: "\n") {
            #expect(line.contains(": error: ") || line.contains(": warning: "), "\(input.name): \(line)")
        }
    }

    @Test func aFileNestedTooDeeplyIsNamedNotCrashedOn() throws {
        let deep = "let p = #Predicate<Movie> { $0" + String(repeating: ".director", count: 5_000) + " == nil }\n"
        let (output, tree) = try lintTree(["Deep.swift": Data(deep.utf8)])
        #expect(output.standardError.contains("error: \(tree.path("Deep.swift")): has a chain of more than 1500"))
        #expect(output.standardError.contains("split the statement"))
        #expect(output.exitCode == 2)
        #expect(output.standardOutput.contains("Good/Bad.swift:1:38"))
    }

    /// Every shape that hangs or overflows the parser, at full size, through the whole tool:
    /// named, exit 2, the other files checked, and quickly (`ParseGuardTests` has the shapes).
    @Test(arguments: ["[", "(", "a ? b : ", "A<", "\"\\("])
    func hostileNestingIsRefusedAndTheRestChecked(_ unit: String) throws {
        let text = "let v = " + String(repeating: unit, count: 50_000) + "\n" + Self.bad
        let start = Date()
        let (output, tree) = try lintTree(["Hostile.swift": Data(text.utf8)])
        #expect(Date().timeIntervalSince(start) < 30)
        #expect(output.standardError.contains("error: \(tree.path("Hostile.swift")): "), "\(output.standardError)")
        #expect(output.standardError.contains("it was not checked"))
        #expect(output.exitCode == 2)
        #expect(output.standardOutput.contains("Good/Bad.swift:1:38"))
    }

    /// Refused from its size, before a byte is read: a sparse 64 GB file (which crashed the run
    /// when it was read whole first) costs nothing, and the rest is checked.
    @Test func aHugeFileIsRefusedFromItsSize() throws {
        let (_, tree) = try lintTree([:])
        let huge = try FileHandle(forWritingTo: URL(fileURLWithPath: tree.path("Huge.swift")).creatingEmpty())
        try huge.truncate(atOffset: 64 << 30)
        try huge.close()
        let output = Command.run(["--no-cache", tree.path()])
        #expect(output.standardError.contains("error: \(tree.path("Huge.swift")): is 65536.0 MB, more than the 4 MB"), "\(output.standardError)")
        #expect(output.exitCode == 2)
        #expect(output.standardOutput.contains("Good/Bad.swift:1:38"))
    }

    @Test func aFileOverTheSizeLimitIsNamedAndTheRestChecked() throws {
        let big = "/*\n" + String(repeating: "filler text that is long enough to matter here.\n", count: 200_000) + "*/\n" + Self.bad
        #expect(big.utf8.count > ParseGuard.maximumBytes)
        let (output, tree) = try lintTree(["Big.swift": Data(big.utf8)])
        #expect(output.standardError.contains("error: \(tree.path("Big.swift")): is 9.1 MB, more than the 4 MB"))
        #expect(output.exitCode == 2)
        #expect(output.standardOutput.contains("Good/Bad.swift:1:38"))
    }

    @Test func aLargeFileIsLinted() throws {
        // Mostly one comment, so that a debug build parses it in seconds; still almost 4 MB to
        // read, scan, digest and convert positions over.
        let big = "/*\n" + String(repeating: "filler text that is long enough to matter here.\n", count: 85_000) + "*/\n" + Self.bad
        #expect(big.utf8.count > 4_000_000 && big.utf8.count < ParseGuard.maximumBytes)
        let (output, tree) = try lintTree(["Big.swift": Data(big.utf8)])
        #expect(output.standardOutput.contains("\(tree.path("Big.swift")):85003:38: error:"))
    }

    @Test(arguments: [("CRLF", "\r\n"), ("CR", "\r"), ("LF", "\n")])
    func lineEndingsKeepPositionsRight(_ name: String, _ newline: String) throws {
        let text = ["// one", "", "let p = #Predicate<Website> { $0.url.hasPrefix(\"a\") }", ""].joined(separator: newline)
        let (output, tree) = try lintTree(["Endings.swift": Data(text.utf8)])
        #expect(output.standardOutput.contains("\(tree.path("Endings.swift")):3:38: error:"), "\(name)")
    }

    @Test func mixedEndingsAndAByteOrderMarkKeepPositionsRight() throws {
        let text = "// one\r\n// two\r// three\nlet p = #Predicate<Website> { $0.url.hasPrefix(\"a\") }\n"
        let (output, tree) = try lintTree(["Mixed.swift": Data([0xEF, 0xBB, 0xBF]) + Data(text.utf8)])
        #expect(output.standardOutput.contains("\(tree.path("Mixed.swift")):4:38: error:"))
    }

    @Test func columnsCountUTF8LikeSwiftc() throws {
        // swiftc counts columns in UTF-8 bytes: "é" is two, "🎬" four.
        let text = "let p = #Predicate<Website> { /* é🎬 */ $0.url.hasPrefix(\"a\") }\n"
        let (output, tree) = try lintTree(["Wide.swift": Data(text.utf8)])
        #expect(output.standardOutput.contains("\(tree.path("Wide.swift")):1:51: error:"))
    }

    @Test func pathsWithSpacesAndNonASCIIWork() throws {
        let (output, tree) = try lintTree(["Mes Vidéos/Écran principal.swift": Data(Self.bad.utf8)])
        #expect(output.standardOutput.contains("\(tree.path("Mes Vidéos/Écran principal.swift")):1:38: error:"))
    }

    @Test func brokenSymlinksAndLoopsAreHandled() throws {
        let tree = try TemporaryTree(["Good/Bad.swift": Self.bad])
        try FileManager.default.createSymbolicLink(atPath: tree.path("Gone.swift"), withDestinationPath: tree.path("nowhere.swift"))
        try FileManager.default.createSymbolicLink(atPath: tree.path("Good/Loop"), withDestinationPath: tree.path("Good"))
        let output = Command.run(["--no-cache", tree.path()])
        #expect(output.standardError.contains("\(tree.path("Gone.swift")): is a broken symbolic link"))
        #expect(output.standardOutput.split(separator: "\n").count == 1, "the loop is walked once")
        #expect(output.exitCode == 2)
    }

    /// Discovery learns each entry's kind from the directory listing itself, and asks about a
    /// single path only when the listing does not say (a symbolic link): a folder of thousands
    /// of assets costs no call per file. (How fast that is, is the benchmark's business; this
    /// checks the mechanism.)
    @Test func nonSwiftFilesCostNoCallEach() throws {
        let tree = try TemporaryTree(["Good/Bad.swift": Self.bad])
        try FileManager.default.createDirectory(atPath: tree.path("Assets"), withIntermediateDirectories: true)
        for index in 0..<2_000 {
            #expect(FileManager.default.createFile(atPath: tree.path("Assets/image\(index).png"), contents: nil))
        }
        let entries = try #require(FileDiscovery.directoryEntries(tree.path("Assets")))
        #expect(entries.count == 2_000)
        #expect(entries.allSatisfy { $0.1 == .file }, "the listing left kinds unknown, so each would be asked about")
        #expect(FileDiscovery.swiftFiles(in: [tree.path()]).files == [tree.path("Good/Bad.swift")])
    }
}

extension URL {
    /// This file, created empty; for tests that give it a size without writing bytes.
    func creatingEmpty() throws -> URL {
        try Data().write(to: self)
        return self
    }
}
