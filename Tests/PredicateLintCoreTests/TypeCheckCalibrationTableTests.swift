import Foundation
import Testing
@testable import PredicateLintCore
import TypeCheckCalibration

/// `type-check-complexity` against the measured table, without compiling anything: each of the
/// table's synthetic rows is rebuilt from its kinds (`ComparisonKind`, the list the
/// `type-check-calibration` tool measured them from) and linted, and the rule must agree with
/// the compiler's recorded verdict on each: never flag one that built, and flag nearly every
/// one that the compiler gave up on. The rows from real apps cannot be rebuilt here (their code
/// stays outside this repository); the tool records the rule's cost beside each, and prints
/// how many that build the rule would flag.
@Suite struct TypeCheckCalibrationTableTests {
    static let table = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/TypeCheckCalibration.tsv")

    struct Row: CustomTestStringConvertible {
        let place: String
        let kinds: [ComparisonKind]
        let timedOut: Bool
        var testDescription: String { place }
    }

    static func records() throws -> [[String: String]] {
        CalibrationTable.records(try String(contentsOf: table, encoding: .utf8))
    }

    static func syntheticRows() throws -> [Row] {
        try records().compactMap { record in
            guard record["source"] == "synthetic", let outcome = record["outcome"],
                  ["builds", "unable-to-type-check"].contains(outcome) else { return nil }
            let kinds = (record["kinds"] ?? "").split(separator: "; ").compactMap { ComparisonKind.named(String($0)) }
            return Row(place: record["where"] ?? "", kinds: kinds, timedOut: outcome == "unable-to-type-check")
        }
    }

    @Test func everySyntheticRowIsMadeOfKnownKinds() throws {
        let records = try Self.records().filter { $0["source"] == "synthetic" }
        #expect(records.count >= 50, "the table's synthetic rows were not found")
        for record in records {
            let names = (record["kinds"] ?? "").split(separator: "; ")
            #expect(!names.isEmpty && names.allSatisfy { ComparisonKind.named(String($0)) != nil }, "\(record["where"] ?? "")")
        }
    }

    @Test func theRuleAgreesWithTheMeasuredTable() throws {
        let rows = try Self.syntheticRows()
        var falseAlarms: [String] = []
        var misses: [(place: String, cost: Int)] = []
        var dearestBuild = 0
        for row in rows {
            let body = ComparisonKind.body(row.kinds, count: row.kinds.count)
            let flagged = lint(SyntheticModels.linted(body: body, count: row.kinds.count),
                               beside: [ExampleFile("Row.swift", SyntheticModels.swiftData)])
                .contains { $0.ruleID == "type-check-complexity" }
            let cost = Calibration.tally(ofSynthetic: body, count: row.kinds.count).cost
            if !row.timedOut { dearestBuild = max(dearestBuild, cost) }
            if flagged && !row.timedOut { falseAlarms.append(row.place) }
            if !flagged && row.timedOut { misses.append((row.place, cost)) }
        }
        #expect(falseAlarms.isEmpty, "flagged, but the compiler built them: \(falseAlarms)")
        // Costs are added, so builds and time-outs overlap: predicates that build cost up to
        // 96 hundredths of the budget, and some that time out less. A time-out should go
        // unreported only where reporting it would report a build too: `nil` alone (four time
        // out, yet two beside seven captured values build), five captured comparisons through
        // `?.`, and real predicates' families a comparison past their last build.
        #expect(misses.count <= 8, "the compiler gave up on these and the rule says nothing: \(misses)")
        // The Swift tool's families of real predicates (2026-12-06) found three time-outs that
        // cost 97 or 98, above every build: a budget of 97 would report them and no build.
        // Changing the budget changes findings, which needs its own validation on fresh apps.
        withKnownIssue("three real families time out at a cost of 97-98, under the budget of 100") {
            #expect(misses.allSatisfy { $0.cost < dearestBuild }, "the budget could be lower: \(misses)")
        }
    }

    /// What a synthetic row's tally is, linted: the same as the rule counts in the code the
    /// test lints, so that the table's columns and the test's code describe one predicate.
    @Test func theToolsTallyIsTheLintersCount() throws {
        let kinds = ["lit_int?.", "lit_str?.", "prop_cap?.", "prop_cap"].map { ComparisonKind.named($0)! }
        let tally = Calibration.tally(ofSynthetic: ComparisonKind.body(kinds, count: 4), count: 4)
        #expect(tally.literalsOfOtherType == 2 && tally.capturedThroughOptionalChains == 1 && tally.capturedValues == 1)
    }
}
