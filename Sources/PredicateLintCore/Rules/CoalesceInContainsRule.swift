import SwiftSyntax

/// `??`, `flatMap`, `?:` or `if let … else` inside the element a captured collection's
/// `contains` looks for: SwiftData asks the store for `TERNARY(…) IN {…}`.
public struct CoalesceInContainsRule: PredicateRule {
    static let ternaryInMembership = RuleCase(
        "a conditional (`??`, `flatMap`, `?:`) as the element of a captured collection's `contains`", failsAt: .runtime,
        evidence: StoreLimit.limit(.ternaryInMembershipTest).evidence)

    public static let description = RuleDescription(
        id: "coalesce-in-contains",
        severity: .error,
        summary: "Do not coalesce the element a captured collection's `contains` looks for",
        rationale: """
            `ids.contains($0.serverID ?? -1)` builds, and aborts the app when the fetch runs. \
            SwiftData turns a captured collection's `contains` into an `IN` test and `??` into a \
            conditional, so it asks the store for `TERNARY(serverID != nil, serverID, -1) IN \
            {…}`; Core Data cannot write SQL with a conditional on the left of `IN` and raises \
            an Objective-C exception ("unimplemented SQL generation for predicate … (bad \
            LHS)") that Swift cannot catch, on every store, the in-memory one included. \
            `flatMap`, `?:` and `if let … else` are translated the same way. Make the captured \
            list optional instead (`let ids: [Int?] = …`, then `ids.contains($0.serverID)`): \
            the column stands alone on the left, and a nil never matches because the list \
            holds no nil. A conditional in an ordered comparison (`($0.start ?? floor) >= \
            day`) runs, and is not reported.
            """,
        cases: [ternaryInMembership],
        triggering: [
            Example("""
            let names = ["Alice", "Bob"]
            let predicate = #Predicate<Movie> { names.contains($0.subtitle ↓?? "") }
            """),
            Example("""
            func movies(directedBy names: Set<String>) -> Predicate<Movie> {
                #Predicate<Movie> { movie in names.contains(movie.subtitle ↓?? movie.name) && movie.year > 1990 }
            }
            """),
            Example("""
            let names = ["Alice", "Bob"]
            let predicate = #Predicate<Movie> { names.contains(↓$0.subtitle != nil ? $0.name : "") }
            """),
        ],
        nonTriggering: [
            Example("""
            let names: [String?] = ["Alice", "Bob"]
            let predicate = #Predicate<Movie> { names.contains($0.subtitle) }
            """),
            Example("""
            let floor = Date.distantPast
            let start = Date.now
            let predicate = #Predicate<Movie> { ($0.releaseDate) >= start && ($0.subtitle ?? "") != "x" && $0.releaseDate > floor }
            """),
            // Coalesced before the predicate: a constant to the store.
            Example("""
            let wanted: String? = nil
            let fallback = wanted ?? "Alice"
            let predicate = #Predicate<Movie> { [fallback].contains($0.name) }
            """),
            // In memory, a struct's predicate is Swift.
            Example("""
            struct Row { var code: Int? = nil }
            let codes = [1, 2]
            let predicate = #Predicate<Row> { codes.contains($0.code ?? -1) }
            """),
        ])

    public init() {}

    public func check(_ context: RuleContext) -> [Finding] {
        guard context.reports(Self.ternaryInMembership), context.bodyMentions(RuleContext.conditionalMakers) else { return [] }
        return context.storeTerms(.ternaryInMembershipTest).compactMap { term in
            guard case .comparison(let element, _, _) = term.form else { return nil }
            let token = Self.conditionalToken(of: element.source)
            return context.finding(
                self, at: token,
                message: "SwiftData asks the store for `\(term.format)`, and the SQLite store cannot run a conditional on "
                    + "the left of `IN`: the app aborts at fetch. Make the captured collection optional and test "
                    + "`contains(\(Self.unwrappedText(element.source)))` instead, or coalesce after the fetch")
        }
    }

    /// The token that makes the conditional: `??`, `flatMap`, the `?:` condition, or `if`.
    static func conditionalToken(of source: Syntax) -> TokenSyntax {
        let expression = source.as(ExprSyntax.self)?.withoutParentheses
        if let infix = expression?.as(InfixOperatorExprSyntax.self), let op = infix.operator.as(BinaryOperatorExprSyntax.self) {
            return op.operator
        }
        return source.firstToken(viewMode: .sourceAccurate) ?? TokenSyntax(.unknown(""), presence: .missing)
    }

    /// `$0.subtitle` for `$0.subtitle ?? ""`: what the optional list is tested with.
    static func unwrappedText(_ source: Syntax) -> String {
        if let infix = source.as(ExprSyntax.self)?.withoutParentheses.as(InfixOperatorExprSyntax.self), infix.operatorText == "??" {
            return infix.leftOperand.trimmedDescription
        }
        return "…"
    }
}
