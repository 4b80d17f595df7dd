import Foundation
import Testing
@testable import PredicateLintCommand

/// A path is bytes, and a Swift String compares by canonical equivalence: names that are not
/// UTF-8, or that differ only in Unicode normalization, must be named as problems, never merged
/// into one file that is checked (or fixed) for both.
@Suite struct FileNameTests {
    static let finding = "let p = #Predicate<Website> { $0.url.hasPrefix(\"a\") }\n"

    /// Creates `relative` (raw bytes) under `folder`: a file holding `text`, or a folder.
    static func create(_ relative: [UInt8], in folder: String, text: String? = nil) throws {
        try #require(made(relative, in: folder, text: text), "this file system takes the name \(relative)")
    }

    static func made(_ relative: [UInt8], in folder: String, text: String? = nil) -> Bool {
        let path = (Array(folder.utf8) + [UInt8(ascii: "/")] + relative + [0]).map { CChar(bitPattern: $0) }
        if let text {
            let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
            defer { if descriptor >= 0 { close(descriptor) } }
            return descriptor >= 0 && OutputFile.writeAll(Data(text.utf8), to: descriptor) == nil
        }
        return mkdir(path, 0o755) == 0
    }

    /// Whether the temporary folder's file system keeps each of `names` as a file of its own.
    /// APFS (macOS) keeps neither kind these tests need: it refuses a name that is not UTF-8
    /// (EILSEQ) and takes names alike once normalized for one (EEXIST), so there such files
    /// cannot exist and the tests cannot run.
    static func fileSystemKeepsApart(_ names: [[UInt8]]) -> Bool {
        guard let tree = try? TemporaryTree() else { return false }
        return names.allSatisfy { made($0, in: tree.path(), text: "") }
    }

    @Test(.enabled(if: fileSystemKeepsApart([Array("caf".utf8) + [0xE9]]), "the file system refuses names that are not UTF-8 (APFS does)"))
    func namesThatAreNotUTF8AreNamedAndTheRestChecked() throws {
        let tree = try TemporaryTree(["Good.swift": Self.finding])
        // Two Latin-1 names, which repairing would have made one name, `caf\u{FFFD}.swift`.
        try Self.create(Array("caf".utf8) + [0xE9] + Array(".swift".utf8), in: tree.path(), text: Self.finding)
        try Self.create(Array("caf".utf8) + [0xE8] + Array(".swift".utf8), in: tree.path(), text: Self.finding)
        try Self.create(Array("Views".utf8) + [0xFF], in: tree.path())
        try Self.create(Array("Views".utf8) + [0xFF] + Array("/A.swift".utf8), in: tree.path(), text: Self.finding)
        try Self.create(Array("notes".utf8) + [0xFF] + Array(".txt".utf8), in: tree.path(), text: "not Swift")
        let output = Command.run(["--no-cache", tree.path()])
        #expect(output.exitCode == 2)
        for shown in ["caf\\xE9.swift", "caf\\xE8.swift", "Views\\xFF"] {
            #expect(output.standardError.contains("error: \(tree.path(shown)): has a name that is not UTF-8"), "\(shown)")
        }
        #expect(!output.standardError.contains("notes"), "a file that is not Swift is none of our business")
        #expect(output.standardOutput.components(separatedBy: "\n").filter { !$0.isEmpty }
                == ["\(tree.path("Good.swift")):1:38: error: `hasPrefix(_:)` is not supported in a predicate; use `starts(with:)` [has-prefix]"])
        #expect(output.standardError.contains("3 inputs could not be checked"))
    }

    /// `café.swift` precomposed and decomposed, and `K.swift` beside the Kelvin sign's: before,
    /// `--fix` fixed one of each pair and then said "No problems found" with the other unfixed.
    /// The check itself, on a listing, so that it runs where the file system cannot hold such
    /// names: each later name in byte order, with the first it is alike to.
    @Test func aListingsNamesAlikeOnceNormalizedAreFound() {
        let alike = FileDiscovery.namesAlikeOnceNormalized(
            ["plain.swift", "caf\u{E9}.swift", "cafe\u{301}.swift", "K.swift", "\u{212A}.swift"].map { ($0, .file) })
        #expect(alike.mapValues { Array($0.utf8) }
                == [Array("caf\u{E9}.swift".utf8): Array("cafe\u{301}.swift".utf8), Array("\u{212A}.swift".utf8): Array("K.swift".utf8)])
    }

    @Test(.enabled(if: fileSystemKeepsApart(["caf\u{E9}", "cafe\u{301}"].map { Array($0.utf8) }), "the file system takes names alike once normalized for one (APFS does)"))
    func namesAlikeOnceNormalizedAreNotTakenForOne() throws {
        let tree = try TemporaryTree()
        for name in ["caf\u{E9}.swift", "cafe\u{301}.swift", "K.swift", "\u{212A}.swift"] {
            try Self.create(Array(name.utf8), in: tree.path(), text: Self.finding)
        }
        let fixed = Command.run(["--fix", "--no-cache", tree.path()])
        #expect(fixed.exitCode == 2)
        #expect(fixed.standardError.contains("Fixed 2 findings in 2 files"), "\(fixed.standardError)")
        #expect(fixed.standardError.contains("is caf\\u{E9}.swift, the same name as cafe\\u{301}.swift once Unicode normalizes them"))
        #expect(fixed.standardError.contains("is \\u{212A}.swift, the same name as K.swift once Unicode normalizes them"))
        #expect(fixed.standardError.contains("2 inputs could not be checked"), "never a plain \"No problems found\"")
        // The files are as the messages say: the first of each pair (by bytes) fixed, the other untouched.
        func text(_ name: String) throws -> String {
            let path = (Array(tree.path().utf8) + [UInt8(ascii: "/")] + Array(name.utf8) + [0]).map { CChar(bitPattern: $0) }
            let descriptor = open(path, O_RDONLY)
            try #require(descriptor >= 0)
            defer { close(descriptor) }
            var buffer = [UInt8](repeating: 0, count: 4096)
            return String(decoding: buffer[..<read(descriptor, &buffer, buffer.count)], as: UTF8.self)
        }
        #expect(try text("cafe\u{301}.swift").contains("starts(with:"))
        #expect(try text("K.swift").contains("starts(with:"))
        #expect(try text("caf\u{E9}.swift") == Self.finding)
        #expect(try text("\u{212A}.swift") == Self.finding)
    }
}
