import Testing
@testable import PredicateLintCore

/// Every rule's documented examples, run as written and in disguises where they must not fire.
@Suite struct RuleExampleTests {
    @Test(arguments: RuleExample.all(.triggering))
    func triggeringExampleIsReportedAtEachMarker(_ case: RuleExample) {
        let findings = `case`.lint(`case`.example.plainCode)
        // All findings, of every rule: one construct gets one finding, from this rule.
        #expect(findings.map(\.offset) == `case`.example.markerOffsets)
        #expect(findings.allSatisfy { $0.ruleID == `case`.ruleID })
        #expect(!`case`.example.markerOffsets.isEmpty, "a triggering example needs a ↓ marker")
        let severity = RuleRegistry.rule(withID: `case`.ruleID)?.description.severity
        #expect(findings.allSatisfy { $0.severity == severity })
    }

    @Test(arguments: RuleExample.all(.triggering))
    func multiByteTextBeforeTheExampleMovesFindingsByItsLength(_ case: RuleExample) {
        let prefix = "// 🎬 Movie night — première\n"
        let findings = `case`.lint(prefix + `case`.example.plainCode)
        #expect(findings.map(\.offset) == `case`.example.markerOffsets.map { $0 + prefix.utf8.count })
    }

    @Test(arguments: RuleExample.all(.triggering))
    func triggeringExampleIsSilentInCommentsStringsAndOrdinaryClosures(_ case: RuleExample) {
        let code = `case`.example.plainCode
        #expect(`case`.lint(insideLineComments(code)).isEmpty)
        #expect(`case`.lint(insideStringLiteral(code)).isEmpty)
        #expect(`case`.lint(outsideAnyPredicate(code)).isEmpty)
    }

    @Test(arguments: RuleExample.all(.triggering))
    func triggeringExampleIsSilencedBySuppressionComments(_ case: RuleExample) {
        let code = `case`.example.plainCode
        #expect(`case`.lint("// predicate-lint:disable \(`case`.ruleID) - checked by hand\n" + code).isEmpty)
        #expect(`case`.lint("// predicate-lint:disable all\n" + code).isEmpty)
        // Disabling another rule leaves this one reporting.
        let other = RuleRegistry.all.map { $0.description.id }.first { $0 != `case`.ruleID } ?? ""
        #expect(!`case`.lint("// predicate-lint:disable \(other)\n" + code).isEmpty)
    }

    @Test(arguments: RuleExample.all(.nonTriggering))
    func nonTriggeringExampleHasNoFinding(_ case: RuleExample) {
        #expect(`case`.lint(`case`.example.plainCode).isEmpty)
    }

    @Test(arguments: RuleCorrection.all)
    func correctionRewritesBeforeIntoAfter(_ case: RuleCorrection) {
        let before = `case`.before.plainCode
        let findings = lint(before, deploymentTarget: `case`.deploymentTarget).filter { $0.ruleID == `case`.ruleID }
        #expect(findings.map(\.offset) == `case`.before.markerOffsets)
        let edits = findings.compactMap(\.correction).flatMap(\.edits)
        #expect(findings.allSatisfy { $0.correction != nil })
        let corrected = before.applying(edits)
        #expect(corrected == `case`.after)
        #expect(lint(corrected, deploymentTarget: `case`.deploymentTarget).isEmpty, "the corrected code must be clean")
    }

    @Test func everyRuleDocumentsItselfCompletely() {
        var ids: Set<String> = []
        for rule in RuleRegistry.all {
            let description = rule.description
            #expect(ids.insert(description.id).inserted, "duplicate id \(description.id)")
            #expect(description.id.wholeMatch(of: /[a-z]+(-[a-z]+)*/) != nil, "\(description.id) is not kebab-case")
            #expect(!description.triggering.isEmpty && !description.nonTriggering.isEmpty, "\(description.id)")
            // The rationale says how sure we are: a grade from the evidence catalogue, or our oracle.
            let rationale = description.rationale
            #expect(!description.summary.isEmpty && rationale.contains("Evidence"), "\(description.id)")
            #expect(rationale.contains("grade") || rationale.contains("checked against the macro"), "\(description.id)")
        }
    }
}
