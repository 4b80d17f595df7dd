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
        #expect(output.standardError.contains("error: \(tree.path("Odd.swift")): is not UTF-8 text"), "\(name)")
        #expect(output.standardOutput.contains("Good/Bad.swift:1:38"))
        #expect(output.exitCode == 2)
    }

    @Test(arguments: [
        ("empty", ""),
        ("NUL bytes", "let a = 1\u{0}\u{0}\nlet p = #Predicate<Website> { $0.url.hasPrefix(\"a\") }\n"),
        ("unterminated string", "let s = \"abc\nlet p = #Predicate<Website> { $0.url.hasPrefix(\"a\") }\n"),
        ("unterminated comment", "/* never closed\nlet p = #Predicate<Website> { $0.url.hasPrefix(\"a\") }\n"),
        ("unterminated closure", "let p = #Predicate<Website> { $0.url.hasPrefix(\"a\")\n"),
        ("predicate without closure", "let p = #Predicate<Website>\nlet q = #Predicate\nlet r = #Expression<Movie, Int>()\n"),
        ("macro with a non-closure argument", "let p = #Predicate<Website>(5)\n"),
        ("emoji identifiers", "let 🎬 = \"a\"\nlet p = #Predicate<Website> { $0.url.hasPrefix(🎬) }\n"),
        ("deep nesting", "let p = #Predicate<Movie> { " + String(repeating: "(", count: 10_000) + "$0.year" + String(repeating: ")", count: 10_000) + " > 1 }\n"),
        ("deep closures", "let p = #Predicate<Movie> { " + String(repeating: "$0.cast.contains { ", count: 2_000) + "true" + String(repeating: " }", count: 2_000) + " }\n"),
        ("deep members", "let p = #Predicate<Movie> { $0" + String(repeating: ".director", count: 5_000) + " == nil }\n"),
        ("deep members just within the limit", "let p = #Predicate<Movie> { $0" + String(repeating: ".director", count: 1_400) + " == nil }\n"),
        ("deep operators", "let p = #Predicate<Movie> { " + Array(repeating: "$0.year > 1", count: 5_000).joined(separator: " && ") + " }\n"),
    ])
    func strangeSwiftIsLintedWithoutCrashing(_ name: String, _ text: String) throws {
        let (output, _) = try lintTree(["Strange.swift": Data(text.utf8)])
        #expect(output.standardOutput.contains("Good/Bad.swift:1:38"), "\(name)")
        for line in output.standardOutput.split(separator: "\n") {
            #expect(line.contains(": error: ") || line.contains(": warning: "), "\(name): \(line)")
        }
    }

    @Test func aFileNestedTooDeeplyIsNamedNotCrashedOn() throws {
        let deep = "let p = #Predicate<Movie> { $0" + String(repeating: ".director", count: 5_000) + " == nil }\n"
        let (output, tree) = try lintTree(["Deep.swift": Data(deep.utf8)])
        #expect(output.standardError.contains("error: \(tree.path("Deep.swift")): is nested"))
        #expect(output.standardError.contains("split the long expression"))
        #expect(output.exitCode == 2)
        #expect(output.standardOutput.contains("Good/Bad.swift:1:38"))
    }

    @Test func aLargeFileIsLinted() throws {
        // Mostly one comment, so that a debug build parses it in seconds; still 20 MB to read,
        // scan, hash and convert positions over.
        let big = "/*\n" + String(repeating: "filler text that is long enough to matter here.\n", count: 440_000) + "*/\n" + Self.bad
        #expect(big.utf8.count > 20_000_000)
        let (output, tree) = try lintTree(["Big.swift": Data(big.utf8)])
        #expect(output.standardOutput.contains("\(tree.path("Big.swift")):440003:38: error:"))
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

    @Test func manyNonSwiftFilesAreSkippedQuickly() throws {
        let tree = try TemporaryTree(["Good/Bad.swift": Self.bad])
        try FileManager.default.createDirectory(atPath: tree.path("Assets"), withIntermediateDirectories: true)
        for index in 0..<20_000 {
            FileManager.default.createFile(atPath: tree.path("Assets/image\(index).png"), contents: nil)
        }
        let output = Command.run(["--no-cache", tree.path()])
        #expect(output.standardError.contains("in 1 file"))
    }
}
