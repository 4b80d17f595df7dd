import Foundation
import SwiftParser
import SwiftSyntax
import Testing
@testable import PredicateLintCore

/// `Rules/` holds one rule per file and nothing else, every rule there runs, and no rule leans
/// on another: adding a rule is one new file plus its line in `RuleRegistry`.
@Suite struct RuleRegistrationTests {
    static let rulesFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources/PredicateLintCore/Rules")

    /// File name → its source, parsed.
    static func ruleFiles() throws -> [(name: String, tree: SourceFileSyntax)] {
        try FileManager.default.contentsOfDirectory(atPath: rulesFolder.path).filter { $0.hasSuffix(".swift") }.sorted().map {
            ($0, Parser.parse(source: try String(contentsOf: rulesFolder.appendingPathComponent($0), encoding: .utf8)))
        }
    }

    static var registeredNames: Set<String> { Set(RuleRegistry.all.map { String(describing: $0) }) }

    @Test func eachFileDeclaresOneRegisteredRuleNamedLikeIt() throws {
        let files = try Self.ruleFiles()
        #expect(files.count == RuleRegistry.all.count, "a rule file is not registered, or a registered rule has no file")
        for (name, tree) in files {
            let declarations = tree.statements.compactMap { $0.item.as(DeclSyntax.self) }.filter { !$0.is(ImportDeclSyntax.self) }
            let ruleName = String(name.dropLast(".swift".count))
            #expect(declarations.count == 1, "\(name): only the rule belongs in Rules/; move helpers to Syntax/ or RuleSupport/")
            let rule = declarations.first?.as(StructDeclSyntax.self)
            #expect(rule?.name.text == ruleName, "\(name) must declare `struct \(ruleName)`")
            let conformances = rule?.inheritanceClause?.inheritedTypes.map(\.type.trimmedDescription) ?? []
            #expect(!Set(conformances).isDisjoint(with: ["PredicateRule", "KeyPathRule", "FetchCallRule", "SuppressionRule"]), "\(name)")
            #expect(Self.registeredNames.contains(ruleName), "\(ruleName) is not listed in RuleRegistry.all")
        }
    }

    @Test func noRuleCallsAnotherRule() throws {
        let names = Self.registeredNames
        for (name, tree) in try Self.ruleFiles() {
            let own = String(name.dropLast(".swift".count))
            let others = Set(tree.tokens(viewMode: .sourceAccurate).map(\.text)).intersection(names).subtracting([own])
            #expect(others.isEmpty, "\(name) uses \(others.sorted()); share the helper through Syntax/ instead")
        }
    }
}
