import Testing
@testable import PredicateLintCore

/// Every rule's documented examples, run as written and in disguises where they must not fire.
/// A failure points at the example in its rule's file.
@Suite struct RuleExampleTests {
    @Test(arguments: RuleExample.all(.triggering))
    func triggeringExampleIsReportedAtEachMarker(_ case: RuleExample) {
        let findings = `case`.lint(`case`.example.plainCode)
        let location = `case`.sourceLocation
        // All findings, of every rule: one construct gets one finding, from this rule.
        #expect(findings.map(\.offset) == `case`.example.markerOffsets, sourceLocation: location)
        #expect(findings.allSatisfy { $0.ruleID == `case`.ruleID }, "\(findings.map(\.ruleID))", sourceLocation: location)
        #expect(!`case`.example.markerOffsets.isEmpty, "a triggering example needs a ↓ marker", sourceLocation: location)
        #expect(findings.allSatisfy { $0.severity == `case`.description.severity }, sourceLocation: location)
    }

    @Test(arguments: RuleExample.all(.triggering))
    func multiByteTextBeforeTheExampleMovesFindingsByItsLength(_ case: RuleExample) {
        let prefix = "// 🎬 Movie night — première\n"
        let findings = `case`.lint(prefix + `case`.example.plainCode)
        #expect(findings.map(\.offset) == `case`.example.markerOffsets.map { $0 + prefix.utf8.count },
                sourceLocation: `case`.sourceLocation)
    }

    @Test(arguments: RuleExample.all(.triggering))
    func triggeringExampleIsSilentInCommentsStringsAndOrdinaryClosures(_ case: RuleExample) {
        let code = `case`.example.plainCode
        let location = `case`.sourceLocation
        #expect(`case`.lint(insideLineComments(code)).isEmpty, "inside comments", sourceLocation: location)
        #expect(`case`.lint(insideStringLiteral(code)).isEmpty, "inside a string", sourceLocation: location)
        // A rule about comments still speaks when no query is near.
        if `case`.description.scope == .query {
            #expect(`case`.lint(outsideAnyQuery(code)).isEmpty, "outside any query", sourceLocation: location)
        }
    }

    @Test(arguments: RuleExample.all(.triggering))
    func triggeringExampleIsSilencedBySuppressionComments(_ case: RuleExample) {
        let code = `case`.example.plainCode
        let location = `case`.sourceLocation
        #expect(`case`.lint("// predicate-lint:disable \(`case`.ruleID) - checked by hand\n" + code).isEmpty, sourceLocation: location)
        #expect(`case`.lint("// predicate-lint:disable all\n" + code).isEmpty, sourceLocation: location)
        // Disabling another rule leaves this one reporting.
        let other = RuleRegistry.descriptions.map(\.id).first { $0 != `case`.ruleID } ?? ""
        #expect(`case`.lint("// predicate-lint:disable \(other)\n" + code).contains { $0.ruleID == `case`.ruleID },
                sourceLocation: location)
    }

    @Test(arguments: RuleExample.all(.nonTriggering))
    func nonTriggeringExampleHasNoFinding(_ case: RuleExample) {
        let findings = `case`.lint(`case`.example.plainCode)
        #expect(findings.isEmpty, "\(findings.map(\.message))", sourceLocation: `case`.sourceLocation)
    }

    @Test(arguments: RuleCorrection.all)
    func correctionRewritesBeforeIntoAfter(_ case: RuleCorrection) {
        let before = `case`.before.plainCode
        let location = `case`.before.sourceLocation
        let findings = lint(before, beside: `case`.before.files, deploymentTarget: `case`.deploymentTarget)
            .filter { $0.ruleID == `case`.ruleID }
        #expect(findings.map(\.offset) == `case`.before.markerOffsets, sourceLocation: location)
        #expect(findings.allSatisfy { $0.correction != nil }, sourceLocation: location)
        // Applied as `--fix` applies them: corrections that touch the same place (two constants
        // before one statement) wait for the next pass, after the code is linted again.
        var corrected = before
        for _ in 0..<Fixer.maximumPasses {
            let pending = lint(corrected, beside: `case`.before.files, deploymentTarget: `case`.deploymentTarget).filter { $0.ruleID == `case`.ruleID }
            let edits = Fixer.nonOverlappingEdits(of: pending, newline: "\n").edits
            if edits.isEmpty { break }
            corrected = corrected.applying(edits)
        }
        #expect(corrected == `case`.after, sourceLocation: location)
        #expect(lint(corrected, beside: `case`.before.files, deploymentTarget: `case`.deploymentTarget).isEmpty, "the corrected code must be clean",
                sourceLocation: location)
    }

    @Test func everyRuleDocumentsItselfCompletely() {
        var ids: Set<String> = []
        for description in RuleRegistry.descriptions {
            #expect(ids.insert(description.id).inserted, "duplicate id \(description.id)")
            #expect(description.id.wholeMatch(of: /[a-z]+(-[a-z]+)*/) != nil, "\(description.id) is not kebab-case")
            #expect(!description.triggering.isEmpty && !description.nonTriggering.isEmpty, "\(description.id)")
            #expect(!description.summary.isEmpty && !description.rationale.isEmpty, "\(description.id)")
            for ruleCase in description.cases {
                // A claim that something fails says how sure we are: a grade from the evidence
                // catalogue with its sources, or the oracle's check against the macro.
                switch (ruleCase.failsAt, ruleCase.evidence) {
                case (.never, .notAClaim), (.build, .checkedAgainstMacro): break
                case (.build, .graded(_, let sources)), (.runtime, .graded(_, let sources)),
                     (.surprisingResults, .graded(_, let sources)):
                    #expect(!sources.isEmpty, "\(description.id), \(ruleCase.name): a grade names its sources")
                default: Issue.record("\(description.id), \(ruleCase.name): evidence \(ruleCase.evidence) does not fit a failure \(ruleCase.failsAt)")
                }
            }
            // Every failure time an example claims is one of the rule's cases.
            let claimed = Set(description.triggering.map { $0.failsAt ?? description.failsAt })
            #expect(claimed.isSubset(of: Set(description.cases.map(\.failsAt))), "\(description.id)")
        }
    }

    /// A dated case is shown on both sides of its boundary: reported for an app that supports
    /// an older system, silent for one whose target has the fix.
    @Test func datedCasesAreShownOnBothSidesOfTheirBoundary() {
        for description in RuleRegistry.descriptions {
            for ruleCase in description.cases {
                guard let fixedIn = ruleCase.fixedIn else { continue }
                #expect(description.triggering.contains { !($0.deploymentTarget ?? .swiftDataMinimum).supports(fixedIn) },
                        "\(description.id), \(ruleCase.name): no triggering example before \(fixedIn.allNames)")
                #expect(description.nonTriggering.contains { $0.deploymentTarget?.supports(fixedIn) == true },
                        "\(description.id), \(ruleCase.name): no non-triggering example from \(fixedIn.allNames)")
            }
        }
    }
}
