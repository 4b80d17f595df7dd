import SwiftSyntax

/// A `@Transient` property of a model.
public struct TransientPropertyRule: PredicateRule {
    static let transient = RuleCase(
        "a `@Transient` property", failsAt: .runtime,
        evidence: .graded(.a, "Apple's SwiftData engineers said so in the WWDC23 Q&A"))

    public static let description = RuleDescription(
        id: "transient-property",
        severity: .error,
        summary: "`@Transient` properties are not in the store, so a predicate cannot use them",
        rationale: """
            `@Transient` keeps a property in memory only. A predicate that uses it builds, but \
            the store has no such column and the fetch fails. Make the property stored, or \
            filter the fetched results in memory.
            """,
        cases: [transient],
        triggering: [
            Example("#Predicate<Movie> { $0.↓isSelected }"),
            Example("#Predicate<Actor> { $0.movies.contains { $0.↓isSelected && $0.year > 2000 } }"),
        ],
        nonTriggering: [
            Example("""
            let isSelected = true
            let predicate = #Predicate<Movie> { $0.isFavorite == isSelected }
            """),
            Example("""
            final class Selection {
                var isSelected = false
            }
            let predicate = #Predicate<Selection> { $0.isSelected }
            """),
        ])

    public init() {}

    public func check(_ context: RuleContext) -> [Finding] {
        guard context.reports(Self.transient) else { return [] }
        return context.keyPaths.memberUses.filter { $0.member?.kind == .transient }.map { use in
            context.finding(
                self, at: use.nameToken,
                message: "`\(use.nameToken.text)` is `@Transient` on `\(use.model)`, so the store does not have it; "
                    + "the fetch fails. Make it a stored property, or filter the results in memory")
        }
    }
}
