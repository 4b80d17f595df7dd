import Foundation
import Testing
@testable import PredicateLintCommand
import PredicateLintCore

/// A rule that was retired is not an error where a configuration or a comment still names it:
/// the tool says once that it is gone, and why, and the exit status is what it would be.
@Suite struct RetiredRuleTests {
    @Test func aRetiredRuleIsNamedOnceAndChangesNothing() throws {
        let tree = try TemporaryTree([
            ".predicate-lint.json": #"{ "disabled_rules": ["constant-predicate"], "severity": { "constant-predicate": "error" } }"#,
            "A.swift": "// predicate-lint:disable:next constant-predicate - iOS 17\nlet all = #Predicate<Website> { _ in true }\n",
            "B.swift": "let none = #Predicate<Website> { _ in false } // predicate-lint:disable:this constant-predicate\n",
        ])
        let output = Command.run(["--no-cache", tree.path()])
        #expect(output.exitCode == 0)
        #expect(output.standardOutput.isEmpty, "no superfluous-disable for a retired rule")
        let notes = output.standardError.split(separator: "\n").filter { $0.contains("constant-predicate") }
        #expect(notes.count == 1, "\(output.standardError)")
        #expect(notes.first?.contains("no longer exists") == true && notes.first?.contains("iOS 17 betas") == true)
        #expect(notes.first?.contains("and 2 other places") == true, "\(notes)")
    }

    @Test func aRetiredRuleIsNotInTheEffectiveConfiguration() throws {
        let configuration = try Configuration.parse(#"{ "opt_in_rules": ["constant-predicate"] }"#, path: "c.json")
        #expect(configuration.retiredRules == ["constant-predicate"])
        #expect(!configuration.enabledRuleIDs().contains("constant-predicate"))
    }

    /// `explain` of a retired rule says it is gone and why, rather than that it never was.
    @Test func explainingARetiredRuleSaysWhyItWasRetired() {
        let output = Command.run(["explain", "constant-predicate"])
        #expect(output.exitCode == 0 && output.standardOutput.contains("no longer exists"), "\(output.standardError)")
        #expect(output.standardOutput.contains(RetiredRules.reasons["constant-predicate"]!))
    }
}
