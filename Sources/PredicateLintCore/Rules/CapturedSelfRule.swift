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
            predicate is made, and builds. Where `self` is Codable (a decoded server record), \
            capturing it builds, and the rule says nothing; it speaks only where the type \
            `self` belongs to is declared in the file and adopts nothing that is or could \
            bring Codable.
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
            // A Codable value may be captured, `self` included.
            Example("""
            struct RemoteMovie: Codable {
                var name = ""
                func predicate() -> Predicate<Movie> { #Predicate { $0.name == self.name } }
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

    /// What a type adopts that says nothing of Codable: the standard library's protocols that
    /// do not refine it (as the model index counts them), and the roles of views and stores.
    static let adoptionsThatAreNotCodable = ModelIndex.protocolsThatAreNotCodable.union([
        "View", "App", "Scene", "Widget", "ViewModifier", "PreviewProvider", "NSObject", "PersistentModel",
    ])

    /// Whether `self` where the predicate is written is known not to be Codable: the type it
    /// belongs to is declared in this file, and its declaration and this file's extensions adopt
    /// only what cannot bring Codable (or the model index, which reads every file, says so).
    static func selfIsKnownNotCodable(_ context: RuleContext) -> Bool {
        guard let written = EnclosingDeclarations.scope(of: context.site.macro).last,
              let name = written.split(separator: ".").last.map(String.init),
              let adopted = context.fileFacts.declaredTypes[name] else { return false }
        if case .type(.named(let qualified)) = context.models.lookup(written, in: nil), let codable = context.models.isCodable(qualified) {
            return !codable
        }
        return adopted.allSatisfy { adoptionsThatAreNotCodable.contains(String($0.split(separator: ".").last ?? "")) }
    }

    public func check(_ context: RuleContext) -> [Finding] {
        guard context.facts.references.contains(where: { $0.baseName.tokenKind == .keyword(.self) }), Self.selfIsKnownNotCodable(context)
        else { return [] }
        return context.facts.references.compactMap { reference in
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
