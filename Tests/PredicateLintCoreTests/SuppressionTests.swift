import Testing
@testable import PredicateLintCore

/// Each form of suppression comment, and the report of the ones that silence nothing.
@Suite struct SuppressionTests {
    static let bad = #"#Predicate<Website> { $0.url.hasPrefix("a") }"#

    func rules(_ code: String) -> [String] { lint(code).map(\.ruleID) }

    @Test(arguments: [
        "// predicate-lint:disable:next has-prefix\nlet a = \(bad)",
        "let a = \(bad) // predicate-lint:disable:this has-prefix",
        "let a = \(bad)\n// predicate-lint:disable:previous has-prefix - reviewed",
        "// predicate-lint:disable has-prefix\nlet a = \(bad)\nlet b = \(bad)",
        "// predicate-lint:disable all\nlet a = \(bad)",
        "/* predicate-lint:disable:next has-prefix */\nlet a = \(bad)",
        "// predicate-lint:disable:next regex has-prefix - two rules\nlet a = \(bad)",
    ])
    func silencesWhatItCovers(_ code: String) {
        #expect(rules(code) == [])
    }

    /// A case that moved to another rule keeps answering to the id that used to report it.
    @Test func aRulesFormerIDStillSilencesItsFindings() {
        let moved = "let p = #Predicate<Movie> { $0.budget.amount > 10 }"
        #expect(RuleRegistry.namesCovering("codable-struct-member").contains("codable-property"))
        #expect(rules(moved) == ["codable-struct-member"])
        #expect(rules("// predicate-lint:disable:next codable-property - reviewed\n" + moved) == [])
        #expect(rules("// predicate-lint:disable:next has-prefix\n" + moved) == ["superfluous-disable", "codable-struct-member"])
        // The alias does not run the other way: the new id does not silence the old rule.
        let enumRawValue = #"let p = #Predicate<Movie> { $0.genre.rawValue == "drama" }"#
        #expect(rules("// predicate-lint:disable:next codable-struct-member\n" + enumRawValue) == ["superfluous-disable", "codable-property"])
    }

    @Test func aRegionEndsAtEnable() {
        let code = "// predicate-lint:disable has-prefix\nlet a = \(Self.bad)\n// predicate-lint:enable has-prefix\nlet b = \(Self.bad)"
        #expect(lint(code).map(\.line) == [4])
    }

    @Test func nextCoversOnlyTheNextLine() {
        let code = "// predicate-lint:disable:next has-prefix\nlet a = \(Self.bad)\nlet b = \(Self.bad)"
        #expect(lint(code).map(\.line) == [3])
    }

    @Test func otherRulesAreNotSilenced() {
        #expect(rules("// predicate-lint:disable:next regex\nlet a = \(Self.bad)") == ["superfluous-disable", "has-prefix"])
    }

    @Test func proseThatMentionsTheToolIsNotACommand() {
        #expect(rules("// Run predicate-lint:disable to silence this\nlet a = \(Self.bad)") == ["has-prefix"])
    }

    @Test func aDisableThatSilencesNothingIsReportedWhereItIs() throws {
        let finding = try #require(lint("let a = 1\n   // predicate-lint:disable:next has-prefix - old\nlet b = 2").first)
        #expect(finding.ruleID == "superfluous-disable")
        #expect((finding.line, finding.column) == (2, 4))
        #expect(finding.severity == .warning)
    }

    @Test func anUnknownRuleNameIsReported() {
        let findings = lint("// predicate-lint:disable:next has-prefx\nlet a = \(Self.bad)")
        #expect(findings.map(\.ruleID) == ["superfluous-disable", "has-prefix"])
        #expect(findings.first?.message.contains("no rule named `has-prefx`") == true)
    }

    @Test func aRuleThatIsNotRunningCannotBeJudged() {
        let linter = Linter(rules: [RegexRule()])
        #expect(linter.lint(text: "// predicate-lint:disable:next has-prefix\nlet a = \(Self.bad)", path: "A.swift").isEmpty)
    }

    @Test func itCanBeSwitchedOff() {
        let linter = Linter(rules: [HasPrefixRule()])
        #expect(linter.lint(text: "// predicate-lint:disable:next has-prefix\nlet a = 1", path: "A.swift").isEmpty)
    }

    @Test func itCanBeSilencedLikeAnyRule() {
        let code = "// predicate-lint:disable:next superfluous-disable - kept for the migration\n"
            + "// predicate-lint:disable:next has-prefix\nlet a = 1"
        #expect(lint(code).isEmpty)
    }
}
