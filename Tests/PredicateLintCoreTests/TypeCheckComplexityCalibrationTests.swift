import Testing
@testable import PredicateLintCore

/// `type-check-complexity` is a guess about the compiler's budget; here the compiler decides.
/// Each body is type-checked on its own; the ones that time out must all be flagged, and few
/// of the others. The corpus sits on both sides of the boundary the rule draws. Slow (the
/// time-outs take seconds each), so it runs two compilers at once.
@Suite(.enabled(if: Oracle.isAvailable, "needs swiftc on PATH"))
struct TypeCheckComplexityCalibrationTests {
    static let corpus = [
        // Integer literals against `Int32`, with and without Boolean literals.
        "m.hops != 1 && m.hops != 2 && m.hops < 30",
        "m.hops != 1 && m.hops != 2 && m.hops < 30 && m.hops < 40",
        "m.isRead == false && m.isMuted == false && m.hops != 10",
        "m.isRead == false && m.isMuted == false && m.hops != 10 && m.hops != 20",
        "m.isRead == false && m.isMuted == false && m.isPinned == false && m.hops != 10",
        "m.isRead == false || m.hops != 10 || m.hops != 20",
        // Boolean literals alone, and literals compared with `count` (an `Int`).
        "m.isRead == false && m.isMuted == false && m.isPinned == false && m.isArchived == false",
        "m.isRead == false && m.isMuted == false && m.text.count != 10 && m.text.count < 20 && m.text.count > 1",
        // `nil` and optional chains, with and without literals.
        "m.sender != nil && m.relay?.number == k && m.via?.number == k",
        "m.sender != nil && m.hops != 10 && m.isRead == false && m.isMuted == false",
        "m.sender == nil && m.isRead == false && m.isMuted == false && m.isPinned == false",
        "m.sender != nil && m.hops != 10 && m.hops != 20",
        "m.relay?.number == k && m.hops != 10 && m.hops != 20 && m.isRead == false",
        "m.hops != 10 && m.via?.number == 1 && m.isRead == false && m.isMuted == false",
    ]

    static func predicate(_ body: String) -> String { "#Predicate<Message> { m in \(body) }" }

    @Test func heuristicFlagsEveryPredicateTheCompilerGivesUpOn() throws {
        let verdicts = try Oracle.judgeSeparately(Self.corpus.map {
            "let k: Int32 = 1\n_ = k\n" + Self.predicate($0)
        })
        var agreements = 0
        var falseAlarms: [String] = []
        for (body, verdict) in zip(Self.corpus, verdicts) {
            let timedOut = verdict.errors.contains { $0.message.contains("reasonable time") }
            let flagged = lint(Self.predicate(body)).contains { $0.ruleID == "type-check-complexity" }
            #expect(!timedOut || flagged, "the compiler gives up on `\(body)` and we say nothing")
            #expect(verdict.errors.allSatisfy { $0.message.contains("reasonable time") }, "\(verdict.errors)")
            if timedOut == flagged { agreements += 1 } else if flagged { falseAlarms.append(body) }
        }
        // A false alarm or two is the price of catching every time-out; more means the rule drifted.
        #expect(falseAlarms.count <= 2, "flagged but fine: \(falseAlarms); agrees on \(agreements) of \(Self.corpus.count)")
    }
}
