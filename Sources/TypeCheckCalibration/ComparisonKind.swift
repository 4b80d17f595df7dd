import PredicateLintCore

/// One kind of comparison the calibration varies, written over the synthetic models
/// (`SyntheticModels`): the measured table's synthetic rows are made of these, and
/// `TypeCheckCalibrationTableTests` rebuilds those rows from this same list.
public struct ComparisonKind: Sendable, Hashable {
    /// As the table names it: `prop_cap`, `lit_int?.`.
    public let name: String
    /// `{n}` the comparison's index, `{op}` a numeric operator (`==`, `!=`, `<`, `>` in turn),
    /// `{eq}` `==` or `!=`, `{v}` an integer, `{bv}` a Boolean. `r` is the predicate's input,
    /// `k{n}` a captured `Int`, `q{n}` a captured `String`.
    public let template: String

    /// The comparison at `index` in a conjunction.
    public func comparison(at index: Int) -> String {
        let operators = ["==", "!=", "<", ">"]
        return template.replacing("{n}", with: "\(index)").replacing("{op}", with: operators[index % 4])
            .replacing("{eq}", with: operators[index % 2]).replacing("{v}", with: "\(index + 1)")
            .replacing("{bv}", with: index % 2 == 0 ? "false" : "true")
    }

    public static let all: [ComparisonKind] = [
        ComparisonKind(name: "prop_cap", template: "r.i{n} {op} k{n}"),
        // `Optional` is not `Comparable`: `==` and `!=` only.
        ComparisonKind(name: "prop_cap?.", template: "r.link{n}?.i{n} {eq} k{n}"),
        ComparisonKind(name: "lit_int", template: "r.i{n} {op} {v}"),
        ComparisonKind(name: "lit_bool", template: "r.b{n} {eq} {bv}"),
        ComparisonKind(name: "lit_str", template: #"r.s{n} {eq} "v{n}""#),
        ComparisonKind(name: "lit_int32", template: "r.w{n} {op} {v}"),
        ComparisonKind(name: "lit_int16", template: "r.h{n} {op} {v}"),
        ComparisonKind(name: "lit_int64", template: "r.l{n} {op} {v}"),
        ComparisonKind(name: "lit_double", template: "r.d{n} {op} {v}"),
        ComparisonKind(name: "lit_float", template: "r.d{n} {op} {v}.5"),
        ComparisonKind(name: "lit_optint", template: "r.o{n} {eq} {v}"),
        ComparisonKind(name: "lit_optbool", template: "r.ob{n} {eq} {bv}"),
        ComparisonKind(name: "lit_optstr", template: #"r.os{n} {eq} "v{n}""#),
        ComparisonKind(name: "lit_int?.", template: "r.link{n}?.i{n} {eq} {v}"),
        ComparisonKind(name: "lit_bool?.", template: "r.link{n}?.b{n} {eq} {bv}"),
        ComparisonKind(name: "lit_str?.", template: #"r.link{n}?.s{n} {eq} "v{n}""#),
        // An optional relationship: a model is `Hashable`.
        ComparisonKind(name: "nil", template: "r.link{n} {eq} nil"),
        ComparisonKind(name: "nil_int", template: "r.o{n} {eq} nil"),
        ComparisonKind(name: "nil?.", template: "r.link{n}?.o{n} {eq} nil"),
        ComparisonKind(name: "prop_prop", template: "r.i{n} {op} r.j{n}"),
        // `Int? == Int?`: `Int? == Int` does not type-check.
        ComparisonKind(name: "prop_prop?.", template: "r.link{n}?.i{n} {eq} r.o{n}"),
        // The macro rejects `.b` without its type.
        ComparisonKind(name: "prop_case", template: "r.e{n} {eq} E.b"),
        ComparisonKind(name: "prop_cap_str", template: "r.s{n} {eq} q{n}"),
        ComparisonKind(name: "call_contains", template: "r.s{n}.contains(q{n})"),
        ComparisonKind(name: "call_lsc", template: "r.s{n}.localizedStandardContains(q{n})"),
    ]

    public static func named(_ name: String) -> ComparisonKind? { all.first { $0.name == name } }

    /// `kinds` in turn, cycling, `count` of them joined with `&&`.
    public static func body(_ kinds: [ComparisonKind], count: Int) -> String {
        (0..<count).map { kinds[$0 % kinds.count].comparison(at: $0) }.joined(separator: " && ")
    }

    /// The kinds a measured predicate's parts correspond to, as `type-check-complexity` counts
    /// them: a real predicate's family is rebuilt from these, in this order.
    public static func kinds(of tally: TypeCheckComplexityRule.Tally) -> [ComparisonKind] {
        let counts: [(Int, String)] = [
            (tally.capturedValues, "prop_cap"),
            (tally.capturedThroughOptionalChains, "prop_cap?."),
            (tally.integerLiteralsOfDefaultType, "lit_int"),
            (tally.otherLiteralsOfDefaultType, "lit_bool"),
            (tally.stringLiterals, "lit_str"),
            (tally.literalsOfOtherType - tally.literalsOfOptionalType, "lit_int32"),
            (tally.literalsOfOptionalType, "lit_optint"),
            (tally.propertyPairs + tally.orderedPropertyPairs, "prop_prop"),
            (tally.propertyPairsThroughOptionalChains, "prop_prop?."),
            (tally.overloadedCalls, "call_contains"),
            (tally.methodCalls, "call_lsc"),
        ]
        return counts.flatMap { count, name in Array(repeating: named(name)!, count: max(0, count)) }
    }
}

/// The models the synthetic predicates read: `Row`, with ten properties of each type the
/// kinds compare, and an optional relationship `Link` for optional chains.
public enum SyntheticModels {
    static let indices = 0..<SyntheticFamily.maximumComparisons

    static let linkProperties = indices.flatMap { n in
        ["i\(n): Int = 0", "b\(n): Bool = false", "s\(n): String = \"\"", "o\(n): Int? = nil"]
    }
    static let rowProperties = indices.flatMap { n in
        ["i\(n): Int = 0", "j\(n): Int = 0", "b\(n): Bool = false", "s\(n): String = \"\"", "w\(n): Int32 = 0",
         "h\(n): Int16 = 0", "l\(n): Int64 = 0", "d\(n): Double = 0", "o\(n): Int? = nil", "ob\(n): Bool? = nil",
         "os\(n): String? = nil", "e\(n): E = .a", "link\(n): Link? = nil"]
    }

    /// As an app writes them, for the linter.
    public static let swiftData = "import SwiftData\nenum E: String, Codable, Hashable { case a, b, c }\n"
        + model("@Model final class Link", linkProperties) + model("@Model final class Row", rowProperties)

    /// As the compiler on Linux measures them, after `StandInPrelude.calibration`.
    public static let standIn = "enum E: String, Codable, Hashable { case a, b, c }\n"
        + model("final class Link: PersistentModel", linkProperties, initializer: true)
        + model("final class Row: PersistentModel", rowProperties, initializer: true)

    static func model(_ header: String, _ properties: [String], initializer: Bool = false) -> String {
        header + " {\n" + properties.map { "    var \($0)\n" }.joined()
            + (initializer ? "    init() { fatalError() }\n" : "") + "}\n"
    }

    /// A stand-in file that type-checks `#Predicate<Row> { r in body }`, with the captured
    /// values `k0…` (`Int`) and `q0…` (`String`) the kinds name.
    public static func standIn(body: String, count: Int) -> String {
        StandInPrelude.calibration + standIn
            + "\nenum __Measured {\n    static func predicate(\(parameters(count))) {\n"
            + "        let _ = #Predicate<Row> { r in \(body) }\n    }\n}\n"
    }

    /// The same predicate as an app would write it, for the linter.
    public static func linted(body: String, count: Int) -> String {
        "func measured(\(parameters(count))) {\n    _ = #Predicate<Row> { r in \(body) }\n}\n"
    }

    /// The captured values `k0…` (`Int`) and `q0…` (`String`) the kinds' templates name.
    static func parameters(_ count: Int) -> String {
        ((0..<count).map { "k\($0): Int" } + (0..<count).map { "q\($0): String" }).joined(separator: ", ")
    }
}

/// A family of synthetic predicates: its kinds in turn, one comparison added at a time from
/// `start`, until the compiler gives up or `maximumComparisons`.
public struct SyntheticFamily: Sendable {
    public static let maximumComparisons = 10

    /// As the table's `where` column begins: `pure prop_cap`, `reported-a`, `real <app> <where>`.
    public let name: String
    public let kinds: [ComparisonKind]
    public let start: Int

    public init(name: String, kinds: [ComparisonKind], start: Int) {
        self.name = name
        self.kinds = kinds
        self.start = start
    }

    /// Each kind alone.
    public static let pure = ["prop_cap", "prop_cap?.", "lit_int", "lit_bool", "lit_str", "lit_int32", "lit_optint",
                              "lit_int?.", "lit_bool?.", "lit_str?.", "nil", "nil_int", "prop_prop", "prop_prop?.",
                              "prop_case"]
        .map { SyntheticFamily(name: "pure \($0)", kinds: [ComparisonKind.named($0)!], start: 2) }

    /// The time-out reported in public (four comparisons, three through optional chains, two of
    /// them against literals), in three orders.
    public static let reported = [
        ("reported-a", ["lit_int?.", "lit_str?.", "prop_cap?.", "prop_cap"]),
        ("reported-b", ["lit_bool", "lit_int?.", "prop_cap?.", "prop_cap?."]),
        ("reported-c", ["prop_cap?.", "lit_str?.", "prop_cap?.", "lit_bool"]),
    ].map { SyntheticFamily(name: $0.0, kinds: $0.1.map { ComparisonKind.named($0)! }, start: 2) }

    /// The table's `where` for the member with `count` comparisons.
    public func place(count: Int) -> String { "\(name) n=\(count)" }
}
