import SwiftSyntax

/// `#Predicate { _ in true }` or `{ _ in false }`.
public struct ConstantPredicateRule: PredicateRule {
    public static let description = RuleDescription(
        id: "constant-predicate",
        severity: .warning,
        summary: "A predicate that is only `true` or `false` crashes SwiftData on iOS 17",
        rationale: """
            SwiftData on iOS 17 cannot translate a predicate whose whole body is the literal \
            `true` or `false`, and the fetch crashes. To fetch everything, pass no predicate; \
            to fetch nothing, skip the fetch. Where a constant predicate is needed, Apple's \
            workaround is a comparison such as `1 == 1`.
            Evidence, grade A: Apple's iOS 17 release notes (an Apple statement); whether later releases \
            fixed it is not known.
            """,
        failsAt: .runtime,
        triggering: [
            Example("#Predicate<Movie> { _ in ↓true }"),
            Example("let none = #Predicate<Movie> { _ in ↓false }"),
            // The macro does not rewrite a parenthesized literal, so this one does not even build.
            Example("#Predicate<Movie> { _ in (↓true) }", failsAt: .build),
        ],
        nonTriggering: [
            Example("""
            let showAll = true
            let predicate = #Predicate<Movie> { _ in showAll }
            """),
            Example("#Predicate<Movie> { $0.isFavorite == true }"),
            Example("#Expression<Movie, Bool> { _ in true }"),
        ])

    public init() {}

    public func check(_ context: RuleContext) -> [Finding] {
        guard context.root.mayReachSwiftData, context.site.kind == .predicate, context.site.body.count == 1,
              let literal = context.site.body.first?.item.as(ExprSyntax.self)?.withoutParentheses
                .as(BooleanLiteralExprSyntax.self) else { return [] }
        let fetches = literal.literal.tokenKind == .keyword(.true) ? "everything, pass no predicate" : "nothing, skip the fetch"
        return [context.finding(
            self, at: literal.literal,
            message: "A predicate that is always `\(literal.literal.text)` crashes SwiftData on iOS 17; to fetch \(fetches)")]
    }
}
