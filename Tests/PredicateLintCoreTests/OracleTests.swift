import Testing
@testable import PredicateLintCore

/// Our build-error claims, checked against the real `#Predicate` macro: what we say fails to
/// build must fail to build, at the place we point to, and what we accept or produce as a fix
/// must build. One compiler run judges every example.
@Suite(.enabled(if: Oracle.isAvailable, "needs swiftc on PATH"))
struct OracleTests {
    struct Claim {
        let ruleID: String
        let example: Example
        let failsAt: FailureTime
    }

    static let claims: [Claim] = RuleRegistry.all.flatMap { rule in
        rule.description.triggering.filter { $0.oracle == .judges }.map {
            Claim(ruleID: rule.description.id, example: $0, failsAt: $0.failsAt ?? rule.description.failsAt)
        }
    }

    /// Code that must build: non-triggering examples and the output of every correction.
    static let buildingCode: [(label: String, code: String)] = RuleRegistry.all.flatMap { rule in
        rule.description.nonTriggering.filter { $0.oracle == .judges }.map { ("\(rule.description.id) non-triggering", $0.plainCode) }
            + rule.description.corrections.map { ("\(rule.description.id) corrected", $0.after) }
    }

    @Test func macroRejectsBuildErrorsWhereWeReportThem() throws {
        let claims = Self.claims.filter { $0.failsAt == .build }
        let verdicts = try Oracle.judge(claims.map(\.example.plainCode))
        for (claim, verdict) in zip(claims, verdicts) {
            let ours = lint(claim.example.plainCode).map { ($0.line, $0.column) }
            #expect(!verdict.errors.isEmpty, "\(claim.ruleID): the macro accepts\n\(verdict.snippet)")
            // The compiler's first error that has a column must be at one of our findings.
            if let first = verdict.localErrors.first(where: { $0.column != nil }) {
                #expect(ours.contains { $0 == (first.line, first.column!) },
                        "\(claim.ruleID): compiler says \(first) but we report \(ours)\n\(verdict.snippet)")
            }
        }
    }

    @Test func runtimeFailuresBuild() throws {
        // What we call a runtime failure must get past the compiler, or it is a build error
        // and its rationale is wrong.
        let claims = Self.claims.filter { $0.failsAt == .runtime }
        let verdicts = try Oracle.judge(claims.map(\.example.plainCode))
        for (claim, verdict) in zip(claims, verdicts) {
            #expect(verdict.errors.isEmpty, "\(claim.ruleID): \(verdict.localErrors)\n\(verdict.snippet)")
        }
    }

    @Test func nonTriggeringExamplesAndCorrectionsBuild() throws {
        let verdicts = try Oracle.judge(Self.buildingCode.map(\.code))
        for (entry, verdict) in zip(Self.buildingCode, verdicts) {
            #expect(verdict.errors.isEmpty, "\(entry.label): \(verdict.localErrors)\n\(verdict.snippet)")
        }
    }

    @Test func examplesTheOracleCannotJudgeSayWhy() {
        // Listed, so that a reader sees what the oracle leaves to other evidence.
        for rule in RuleRegistry.all {
            for example in rule.description.triggering + rule.description.nonTriggering {
                if case .cannotJudge(let reason) = example.oracle {
                    #expect(!reason.isEmpty, "\(rule.description.id)")
                }
            }
        }
    }

    @Test func oracleSeesErrorsInsideMacroExpansions() throws {
        // Guards the parser above: an error the compiler reports in the expansion buffer still
        // counts against the snippet.
        let verdicts = try Oracle.judge([#"_ = #Predicate<Movie> { $0.name.localizedStandardContains(1) }"#])
        #expect(!verdicts[0].errors.isEmpty)
    }
}
