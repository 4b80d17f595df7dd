import Foundation
import Testing
@testable import PredicateLintCommand
import PredicateLintCore

/// The cache's entries go through our own JSON: every file's declarations and every finding
/// come back equal, and entries Foundation's encoder wrote before read as they were written.
@Suite struct JSONCodingTests {
    static func swiftFiles() throws -> [(path: String, text: String)] {
        try FileDiscovery.swiftFiles(in: [repositoryRoot.appendingPathComponent("Sources").path,
                                          repositoryRoot.appendingPathComponent("Examples").path]).files.map {
            ($0, try String(contentsOfFile: $0, encoding: .utf8))
        }
    }

    func roundTrip<Value: Codable & Equatable>(_ value: Value) throws {
        let written = try JSON(encoding: value).serialized(.compact)
        #expect(try JSON.parse(written).decoded(as: Value.self) == value, "\(written.prefix(200))")
        // What Foundation wrote reads the same.
        let foundation = String(decoding: try JSONEncoder().encode(value), as: UTF8.self)
        #expect(try JSON.parse(foundation).decoded(as: Value.self) == value, "\(foundation.prefix(200))")
    }

    @Test func everyFilesDeclarationsComeBackEqual() throws {
        let files = try Self.swiftFiles()
        try #require(files.count > 100)
        for file in files { try roundTrip(FileDeclarations(path: file.path, text: file.text)) }
    }

    @Test func everyFindingComesBackEqual() throws {
        let linter = Linter(rules: RuleRegistry.all.map { $0.init() })
        let files = try Self.swiftFiles().filter { $0.path.contains("/Examples/") }.map { SourceFile(path: $0.path, text: $0.text) }
        let findings = linter.lint(files)
        try #require(findings.contains { $0.correction != nil })
        try roundTrip(ResultCache.LintEntry(findings: findings, retiredRules: ["constant-predicate"]))
    }

    @Test func valuesOfEveryShapeComeBackEqual() throws {
        struct Shapes: Codable, Equatable {
            enum Choice: Codable, Equatable { case none, one(Int), two(String, label: Bool?) }
            var text = "quote \" backslash \\ line\nbreak \u{1F600} \u{0001}"
            var small: Int8 = -128
            var large: UInt64 = UInt64(Int.max)
            var fraction = 0.1
            var absent: String?
            var nested: [[Int: String]] = [[1: "a"], [:]]
            var choices: [Choice] = [.none, .one(-1), .two("x", label: nil), .two("y", label: true)]
            var range = 3..<9
            var set: Set<String> = ["b", "a"]
        }
        try roundTrip(Shapes())
        #expect(throws: EncodingError.self) { try JSON(encoding: [UInt64.max]) }
        #expect(throws: DecodingError.self) { try JSON.parse(#"{"text": 1}"#).decoded(as: Shapes.self) }
    }
}
