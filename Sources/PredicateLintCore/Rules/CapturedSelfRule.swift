import SwiftSyntax

/// `self.x` or `self` inside a predicate: `self` becomes a captured value, which must be Codable.
public struct CapturedSelfRule: PredicateRule {
    static let capture = RuleCase(
        "`self` captured", failsAt: .build,
        evidence: .checkedAgainstMacro("the same failure is reported for captured model instances"))

    public static let description = RuleDescription(
        id: "captured-self",
        severity: .error,
        summary: "`self` cannot be captured by a predicate; drop `self.`",
        rationale: """
            Every value a predicate captures must be Codable. Writing `self.minimumYear` \
            captures `self` (a view, a store, a model context owner), which is not, and the \
            build fails with a conversion error about `StandardPredicateExpression` that never \
            mentions `self`. Writing just `minimumYear` captures the property's value when the \
            predicate is made, and builds.
            """,
        cases: [capture],
        triggering: [
            Example("""
            struct MovieFilter {
                var minimumYear = 2000
                func predicate() -> Predicate<Movie> { #Predicate { $0.year > ↓self.minimumYear } }
            }
            """),
            Example("""
            final class MovieStore {
                var favoriteName = "Heat"
                func predicate() -> Predicate<Movie> {
                    #Predicate { $0.cast.contains { $0.name == ↓self.favoriteName } }
                }
            }
            """),
        ],
        nonTriggering: [
            Example("""
            struct MovieFilter {
                var minimumYear = 2000
                func predicate() -> Predicate<Movie> { #Predicate { $0.year > minimumYear } }
            }
            """),
            Example("""
            struct MovieFilter {
                var minimumYear = 2000
                func predicate(minimumYear: Int) -> Predicate<Movie> { #Predicate { $0.year > minimumYear } }
            }
            """),
            Example("""
            struct FavoriteMovies {
                @Query(filter: #Predicate<Movie> { $0.isFavorite }) var movies: [Movie]
            }
            """),
            Example("""
            final class MovieStore {
                var minimumYear = 2000
                func predicate() -> Predicate<Movie> {
                    let year = self.minimumYear
                    return #Predicate { $0.year > year }
                }
            }
            """),
        ],
        corrections: [
            (Example("""
             struct MovieFilter {
                 var minimumYear = 2000
                 func predicate() -> Predicate<Movie> { #Predicate { $0.year > ↓self.minimumYear } }
             }
             """), """
             struct MovieFilter {
                 var minimumYear = 2000
                 func predicate() -> Predicate<Movie> { #Predicate { $0.year > minimumYear } }
             }
             """),
        ])

    public init() {}

    public func check(_ context: RuleContext) -> [Finding] {
        context.facts.references.compactMap { reference in
            guard reference.baseName.tokenKind == .keyword(.self) else { return nil }
            if let member = reference.parent?.as(MemberAccessExprSyntax.self), member.base?.id == reference.id {
                let name = member.declName.baseName.text
                return context.finding(
                    self, at: reference.baseName,
                    message: "`self.\(name)` captures `self`, which is not Codable, so the predicate does not build; "
                        + "write `\(name)` to capture the value instead",
                    correction: Correction(title: "Drop self.", edits: [
                        TextEdit(range: reference.positionAfterSkippingLeadingTrivia.utf8Offset
                                    ..< member.period.endPositionBeforeTrailingTrivia.utf8Offset,
                                 replacement: ""),
                    ]))
            }
            return context.finding(
                self, at: reference.baseName,
                message: "A predicate cannot capture `self`; capture the Codable value you need in a `let` before the predicate")
        }
    }
}
