import Foundation
import Testing
@testable import PredicateLintCore

/// `type-check-complexity` is a guess about the compiler's budget; here the compiler decides.
/// Each body is type-checked on its own; none that builds may be flagged, and nearly all that
/// time out must be. Every run checks the boundaries (one pair per kind of cost); the full
/// corpus (`more`, opt-in) sits on both sides of each boundary the rule draws: every integer
/// width, optionals, floating-point literals, `nil`, captured values, optional chains, two
/// properties compared, method calls, and branching bodies. The real apps' predicates are
/// measured by the `type-check-calibration` tool (table: `docs/TypeCheckCalibration.tsv`,
/// checked by `TypeCheckCalibrationTableTests`).
///
/// Costly: each time-out spends the compiler's whole budget (30 to 60 s of a core here), and
/// the boundaries took 7 minutes of processor time, most of a fresh clone's test run. So they
/// are type-checked when they can say something new: under a compiler other than the one the
/// table was measured with (its budget may have moved), or when asked
/// (`PREDICATE_LINT_CALIBRATION=1`, or `PREDICATE_LINT_FULL_CALIBRATION=1` for the whole
/// corpus). Under that compiler, `TypeCheckCalibrationTableTests` checks the rule against its
/// recorded verdicts without compiling. The oracle keeps each verdict, so a second run only
/// compiles what changed.
@Suite(.enabled(if: Oracle.isAvailable && CalibrationCompiler.isDue,
                "the compiler on PATH measured the table TypeCheckCalibrationTableTests checks; PREDICATE_LINT_CALIBRATION=1 runs this"))
struct TypeCheckComplexityCalibrationTests {

    /// A model with a property of each type the corpus compares.
    static let model = ExampleFile("Reading.swift", """
        import Foundation
        import SwiftData

        @Model final class Sensor {
            var number: Int32 = 0
            var name = ""
        }

        @Model final class Reading {
            var sequence = 0
            var previous = 0
            var slot = 0
            var batch = 0
            var channel: Int16 = 0
            var gain: Int16 = 0
            var port: Int32 = 0
            var hop: Int32 = 0
            var total: Int64 = 0
            var bytes: Int64 = 0
            var level: UInt8 = 0
            var mode: UInt8 = 0
            var celsius = 0.0
            var humidity = 0.0
            var retries: Int? = nil
            var errors: Int? = nil
            var isValid = false
            var isFlagged = false
            var isSynced = false
            var isHidden = false
            var isCalibrated: Bool? = nil
            var isManual: Bool? = nil
            var label = ""
            var unit = ""
            var sensor: Sensor? = nil
            var backup: Sensor? = nil
            var neighbours: [Sensor] = []
        }
        """)

    /// The boundaries, one pair per kind of cost (the last that builds, the first that times
    /// out), type-checked by every test run: a clean clone spends about two minutes here.
    static let boundaries = [
        // Integer literals against `Int`, their default type: seven are too many.
        "r.sequence == 1 && r.previous != 2 && r.slot < 3 && r.batch > 4 && r.sequence != 5 && r.previous != 6",
        "r.sequence == 1 && r.previous != 2 && r.slot < 3 && r.batch > 4 && r.sequence != 5 && r.previous != 6 && r.slot != 7",
        // Against another width: four are too many.
        "r.channel == 1 && r.gain != 2 && r.channel < 3",
        "r.channel == 1 && r.gain != 2 && r.channel < 3 && r.gain > 4",
        // Optional properties against literals: three are too many.
        "r.retries == 1 && r.errors != 2",
        "r.retries == 1 && r.errors != 2 && r.retries == 3",
        // Captured values: ten are too many.
        "r.sequence == n && r.previous != n && r.slot == n && r.batch != n && r.sequence == n && r.previous != n && r.slot == n && r.batch != n && r.sequence == n",
        "r.sequence == n && r.previous != n && r.slot == n && r.batch != n && r.sequence == n && r.previous != n && r.slot == n && r.batch != n && r.sequence == n && r.previous != n",
        // Two properties compared with each other.
        "r.sequence == r.previous && r.slot != r.batch && r.sequence == 1 && r.previous != 2",
        "r.sequence == r.previous && r.slot != r.batch && r.batch == r.sequence",
        // Method calls with many overloads make literals dearer.
        "r.label.contains(q) && r.unit.contains(q) && r.sequence > 3 && r.previous < 5 && r.slot != 6",
        "r.label.contains(q) && r.unit.contains(q) && r.isValid == false && r.sequence > 3 && r.previous < 5 && r.slot != 6",
        // Branching bodies: their comparisons count like any others.
        "if r.sequence == n { if r.previous == n { r.slot != n } else { r.batch == n } } else if r.sequence != 0 { r.previous == n && r.slot != n } else { r.batch == 1 || r.sequence == n }",
        "if r.sequence == n { if r.previous == n { r.slot != n } else { r.batch == n } } else if r.sequence != n { r.previous == n && r.slot != n } else { r.batch == n || r.sequence == n }",
    ]

    /// Every other measured shape, nearer or further from each boundary, and the costs'
    /// interactions: `PREDICATE_LINT_FULL_CALIBRATION=1 swift test --filter TypeCheckComplexity`
    /// type-checks these too (ten more minutes on a clean clone; run it when the rule's costs
    /// change). `TypeCheckCalibrationTableTests` checks the rule against the measured table
    /// on every run, without compiling.
    static let more = [
        // Integer literals against `Int`.
        "r.sequence == 1 && r.previous != 2 && r.slot < 3 && r.batch > 4",
        "r.sequence == -1 && r.previous != -2 && r.slot > -3 && r.batch < -4",
        "r.label.count > 3 && r.unit.count < 9 && r.label.count != 4 && r.unit.count != 5 && r.label.count != 6",
        // Against every other width, an optional, and `Double`.
        "r.port == 1 && r.hop != 2 && r.port < 3 && r.hop > 4",
        "r.total == 1 && r.bytes != 2 && r.total < 3",
        "r.total == 1 && r.bytes != 2 && r.total < 3 && r.bytes > 4",
        "r.level == 1 && r.mode != 2 && r.level < 3 && r.mode > 4",
        "r.celsius == 1 && r.humidity != 2 && r.celsius < 3",
        "r.celsius == 1.5 && r.humidity != 2.5 && r.celsius < 3.5 && r.humidity > 4.5",
        "r.retries == 1 && r.errors != 2 && r.retries == 3 && r.errors != 4",
        "r.isCalibrated == false && r.isManual != true && r.isCalibrated == false && r.isManual != true",
        // Boolean and string literals.
        "r.isValid == false && r.isFlagged == true && r.isSynced == false && r.isHidden != true && r.isValid != false && r.isFlagged != true",
        "r.isValid == false && r.isFlagged == true && r.isSynced == false && r.isHidden != true && r.isValid != false && r.isFlagged != true && r.isSynced != true",
        #"r.label == "a" && r.unit != "b" && r.label != "c" && r.unit == "d""#,
        #"r.label == "a" && r.unit != "b" && r.label != "c" && r.isValid == false && r.isFlagged == false"#,
        #"r.label == "a" && r.unit != "b" && r.label != "c" && r.unit == "d" && r.label != "e" && r.unit != "f""#,
        #"r.label == "a" && r.unit != "b" && r.label != "c" && r.unit == "d" && r.label != "e" && r.unit != "f" && r.label != "g""#,
        // Mixes: one literal that needs another type makes the others dear.
        "r.isValid == false && r.isFlagged == false && r.isSynced == false && r.channel != 3",
        "r.isValid == false && r.isFlagged == false && r.port != 3",
        "r.port == 1 && r.hop == 2 && r.isValid == false",
        "r.port == 1 && r.sequence != 2 && r.previous != 3 && r.slot != 4",
        "r.port == 1 && r.hop != 2 && r.sequence != 3 && r.previous != 4",
        // `nil`, optional chains and captured values.
        "r.sensor != nil && r.port != 3 && r.hop != 4 && r.port != 5",
        "r.sensor != nil && r.backup?.number == k && r.sensor?.number == k",
        "r.sensor?.number == 1 && r.backup?.number == 2 && r.sensor?.number != 3 && r.backup?.number != 4",
        // Through optional chains, beside captured values: three of them and six others time out.
        "r.sensor?.number == k && r.backup?.number != k && r.sequence == n && r.previous != n && r.slot == n && r.batch != n && r.sequence != n && r.previous == n",
        "r.sensor?.number == k && r.backup?.number != k && r.sensor?.number == k && r.sequence == n && r.previous != n && r.slot == n && r.batch != n && r.sequence != n && r.previous == n",
        // Two properties ordered cost less than two tested for equality.
        "r.sequence == r.previous && r.slot != r.batch && r.batch < r.sequence",
        "r.sequence == r.previous && r.slot != r.batch && r.batch < r.sequence && r.previous > r.slot",
        // Method calls.
        "r.label.contains(q) && r.unit.contains(q) && r.label.starts(with: q) && r.unit.starts(with: q)",
        "r.label.contains(q) && r.sequence > 1 && r.previous < 5 && r.slot != 6 && r.batch != 7",
        "r.label.contains(q) && r.unit.contains(q) && r.isValid == false && r.isFlagged == false && r.isSynced == true",
        "r.label.localizedStandardContains(q) && r.unit.localizedStandardContains(q) && r.label.starts(with: q) && r.unit.localizedStandardContains(q) && r.label.localizedStandardContains(q)",
        "r.neighbours.contains(where: { s in s.name.localizedStandardContains(q) }) || r.label.localizedStandardContains(q) || r.unit.localizedStandardContains(q) || r.sensor?.name.localizedStandardContains(q) ?? false",
        #"(n == 0 || r.sequence == n) && r.previous == n && (q == "" || r.label.localizedStandardContains(q) || r.unit.localizedStandardContains(q))"#,
        // Branching bodies: their comparisons count like any others.
        "if r.sequence == n { r.previous == n && r.slot != 1 } else if r.batch != 0 { r.sequence == n && r.previous != n } else { r.slot == n || r.batch == n }",
        "r.sequence == n ? (r.previous == n ? r.slot != n : r.batch == n) : (r.sequence != 0 ? (r.previous == n && r.slot != n) : (r.batch == 1 || r.sequence == n))",
    ]

    static let corpus = boundaries + (ProcessInfo.processInfo.environment["PREDICATE_LINT_FULL_CALIBRATION"] == "1" ? more : [])

    static let captures = "let k: Int32 = 1\nlet n = 1\nlet q = \"x\"\n_ = (k, n, q)\n"

    static func predicate(_ body: String) -> String { "#Predicate<Reading> { r in \(body) }" }

    @Test func heuristicFlagsEveryPredicateTheCompilerGivesUpOn() throws {
        let verdicts = try Oracle.judgeSeparately(Self.corpus.map {
            Oracle.Snippet(code: Self.captures + Self.predicate($0), files: [Self.model.code])
        })
        var agreements = 0
        var falseAlarms: [String] = []
        var misses: [String] = []
        for (body, verdict) in zip(Self.corpus, verdicts) {
            let timedOut = verdict.errors.contains { $0.message.contains("reasonable time") }
            let flagged = lint(Self.captures + Self.predicate(body), beside: [Self.model])
                .contains { $0.ruleID == "type-check-complexity" }
            #expect(verdict.errors.allSatisfy { $0.message.contains("reasonable time") }, "\(verdict.errors)")
            if timedOut == flagged { agreements += 1 } else if flagged { falseAlarms.append(body) } else { misses.append(body) }
        }
        // A warning on a predicate that builds costs more trust than a missed time-out (the
        // build says so itself): the rule reports only shapes that time out here.
        #expect(falseAlarms.isEmpty, "flagged but the compiler builds them: \(falseAlarms)")
        // And it catches nearly all of them; more misses mean the rule or the compiler drifted.
        #expect(misses.count <= 1, "the compiler gives up on these and we say nothing: \(misses); agrees on \(agreements) of \(Self.corpus.count)")
    }
}

/// Whether the boundaries are due to be type-checked: the compiler is not the one the table was
/// measured with, or they are asked for. The table was measured on Linux; Apple's compiler
/// type-checks against Apple's SDK, whose other overloads can move where the budget runs out,
/// so there a different answer would be a calibration of its own, not drift: on a Mac the
/// boundaries run only when asked.
enum CalibrationCompiler {
    /// The compiler `docs/TypeCheckCalibration.tsv` was measured with (its first line of
    /// `swiftc --version`, up to the parenthesis).
    static let measuredWith = "Swift version 6.3.1"

    static var isDue: Bool {
        let environment = ProcessInfo.processInfo.environment
        if environment["PREDICATE_LINT_CALIBRATION"] == "1" || environment["PREDICATE_LINT_FULL_CALIBRATION"] == "1" { return true }
        #if os(Linux)
        let current = Oracle.compilerVersion.split(separator: "\n").first.map { String($0.split(separator: " (").first ?? "") } ?? ""
        return current != measuredWith
        #else
        return false
        #endif
    }
}
