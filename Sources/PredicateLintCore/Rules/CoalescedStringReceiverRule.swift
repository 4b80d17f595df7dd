import SwiftSyntax

/// `(x ?? "").localizedStandardContains(q)`: a conditional as the text a string test searches.
public struct CoalescedStringReceiverRule: PredicateRule {
    static let coalescedReceiver = RuleCase(
        "a conditional (`??`, `flatMap`, `?:`) as the text `contains`, `localizedStandardContains` or `starts(with:)` searches",
        failsAt: .runtime, evidence: StoreLimit.limit(.ternaryStringReceiver).evidence)

    public static let description = RuleDescription(
        id: "coalesced-string-receiver",
        severity: .warning,
        summary: "Test an optional string through `?.`, not through `??`",
        rationale: """
            `($0.artist ?? "").localizedStandardContains(q)` builds, and SwiftData asks the \
            store for `TERNARY(artist != nil, artist, "") CONTAINS[cdl] q`: a conditional as the \
            text the test searches. One project's model says the store refused this with \
            "unimplemented SQL generation for predicate", the error it raises for a conditional \
            on the left of `IN`; another app runs the same form with no report either way, so \
            the rule is off unless enabled. `$0.artist?.localizedStandardContains(q) ?? false` \
            keeps the column alone on the left and runs in several apps; so does making the \
            attribute non-optional with a default. There is no automatic fix: the two spellings \
            differ when the searched-for text is empty.
            """,
        cases: [coalescedReceiver],
        isOptIn: true,
        triggering: [
            Example("""
            func movies(matching query: String) -> Predicate<Movie> {
                #Predicate<Movie> { ($0.subtitle ↓?? "").localizedStandardContains(query) }
            }
            """),
            Example(#"#Predicate<Movie> { $0.year > 2000 && ($0.subtitle ↓?? $0.name).starts(with: "The") }"#),
        ],
        nonTriggering: [
            Example("""
            func movies(matching query: String) -> Predicate<Movie> {
                #Predicate<Movie> { $0.subtitle?.localizedStandardContains(query) ?? false }
            }
            """),
            // Coalesced in an ordered comparison, or compared whole: runs.
            Example(#"#Predicate<Movie> { ($0.subtitle ?? "") > "M" || ($0.subtitle ?? "") == "Part II" }"#),
            // A plain struct's predicate runs in memory.
            Example("""
            struct Row { var note: String? = nil }
            let predicate = #Predicate<Row> { ($0.note ?? "").starts(with: "x") }
            """),
        ])

    public init() {}

    public func check(_ context: RuleContext) -> [Finding] {
        guard context.reports(Self.coalescedReceiver), context.bodyMentions(RuleContext.conditionalMakers) else { return [] }
        return context.storeTerms(.ternaryStringReceiver).compactMap { term in
            guard case .comparison(let receiver, _, _) = term.form else { return nil }
            let expression = receiver.source.as(ExprSyntax.self)?.withoutParentheses
            guard let infix = expression?.as(InfixOperatorExprSyntax.self), infix.operatorText == "??",
                  let token = infix.operator.as(BinaryOperatorExprSyntax.self)?.operator else { return nil }
            return context.finding(
                self, at: token,
                message: "SwiftData asks the store for `\(term.format)`, a conditional as the text it searches, which one "
                    + "project reports the SQLite store refusing; write `\(infix.leftOperand.trimmedDescription)?.…(…) ?? false`, "
                    + "which runs in several apps")
        }
    }
}
