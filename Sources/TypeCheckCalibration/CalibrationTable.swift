import PredicateLintCore

/// One measured predicate: a line of `docs/TypeCheckCalibration.tsv`.
public struct CalibrationRow: Sendable {
    /// The app's folder name (`owner+name`), or `synthetic`.
    public var app: String
    /// `path:line` in the app, or the synthetic family and size: `pure prop_cap n=7`.
    public var place: String
    /// `real` or `synthetic`.
    public var source: String
    public var verdict: TypeChecker.Verdict
    public var tally: TypeCheckComplexityRule.Tally
    public var kinds: [ComparisonKind]
    public var root: String
    /// `written` or `inferred`.
    public var rootSource: String

    public init(app: String, place: String, source: String, verdict: TypeChecker.Verdict,
                tally: TypeCheckComplexityRule.Tally, kinds: [ComparisonKind], root: String, rootSource: String) {
        (self.app, self.place, self.source, self.verdict) = (app, place, source, verdict)
        (self.tally, self.kinds, self.root, self.rootSource) = (tally, kinds, root, rootSource)
    }
}

/// A predicate that could not be rebuilt: a line of the skipped table.
public struct SkippedPredicate: Sendable {
    public let app: String
    public let place: String
    public let skip: StandIn.Skip
}

/// The tables' columns, written and read in one place.
public enum CalibrationTable {
    /// What `type-check-complexity` counts, one column each, after `cost` (its total, in
    /// hundredths of the budget).
    static let tallyColumns: [(String, KeyPath<TypeCheckComplexityRule.Tally, Int> & Sendable)] = [
        ("captured", \.capturedValues), ("captured_chain", \.capturedThroughOptionalChains),
        ("method_calls", \.methodCalls), ("overloaded_calls", \.overloadedCalls),
        ("int_literals", \.integerLiteralsOfDefaultType), ("other_literals", \.otherLiteralsOfDefaultType),
        ("string_literals", \.stringLiterals), ("other_type_literals", \.literalsOfOtherType),
        ("optional_literals", \.literalsOfOptionalType), ("pairs", \.propertyPairs),
        ("ordered_pairs", \.orderedPropertyPairs), ("chain_pairs", \.propertyPairsThroughOptionalChains),
    ]

    public static let columns = ["app", "where", "source", "outcome", "seconds", "cost"] + tallyColumns.map(\.0)
        + ["kinds", "root", "root_source", "first_error", "load", "standin"]

    public static func text(of rows: [CalibrationRow]) -> String {
        let lines = rows.map { row -> [String] in
            [row.app, row.place, row.source, row.verdict.outcome.rawValue, String(format2: row.verdict.seconds),
             "\(row.tally.cost)"] + tallyColumns.map { "\(row.tally[keyPath: $0.1])" }
                + [row.kinds.map(\.name).joined(separator: "; "), row.root, row.rootSource, row.verdict.firstError,
                   String(format2: row.verdict.load), row.verdict.file]
        }
        return ([columns] + lines).map { $0.map(oneLine).joined(separator: "\t") + "\n" }.joined()
    }

    public static func text(of skipped: [SkippedPredicate]) -> String {
        ([["app", "where", "category", "reason"]] + skipped.map { [$0.app, $0.place, $0.skip.category, $0.skip.reason] })
            .map { $0.map(oneLine).joined(separator: "\t") + "\n" }.joined()
    }

    /// A table's lines as fields by column name.
    public static func records(_ text: String) -> [[String: String]] {
        let lines = text.split(separator: "\n")
        guard let header = lines.first?.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) else { return [] }
        return lines.dropFirst().map { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            return Dictionary(zip(header, fields), uniquingKeysWith: { first, _ in first })
        }
    }

    static func oneLine(_ text: String) -> String {
        String(text.map { $0 == "\t" || $0.isNewline ? " " : $0 }.prefix(400))
    }
}

extension String {
    /// `0.68`, `12.5`: two decimals at most, as the table has always written seconds.
    public init(format2 value: Double) {
        let hundredths = Int((value * 100).rounded())
        let fraction = hundredths % 100
        self = "\(hundredths / 100)" + (fraction == 0 ? ".0" : fraction % 10 == 0 ? ".\(fraction / 10)" : ".\(fraction < 10 ? "0" : "")\(fraction)")
    }
}
