import SwiftSyntax

/// An optional to-many relationship tested with `?.` or compared with `nil`.
public struct OptionalToManyRule: PredicateRule {
    static let optionalToMany = RuleCase(
        "an optional to-many relationship tested with `?.` or `nil`", failsAt: .runtime,
        evidence: .graded(.c, "one reputable blog (Fatbobman, Xcode 15C500b), with several forum threads citing it; that "
            + "the relationship is never nil on a fetched model, grade B: two Apple forum threads (797666, 811044)"))

    public static let description = RuleDescription(
        id: "optional-to-many",
        severity: .warning,
        summary: "Optional to-many relationships cannot be tested with `?.` or `nil` in a predicate",
        rationale: """
            For an optional to-many relationship (`var awards: [Award]?`), predicates such as \
            `$0.awards?.isEmpty == false` or `$0.awards == nil` build, then the store rejects \
            the query ("to-many key not allowed here"). Query from the other side of the \
            relationship (fetch the `Award`s and follow their inverse), or filter in memory. \
            `if let awards = $0.awards { … }` and `$0.awards.flatMap { … }` are the same test \
            spelled out, and the store gets the same query. So is `$0.awards?.contains { … } == true`: \
            the subquery runs, but `?.` puts a nil check of the relationship around it, which is \
            the comparison the store refuses (our reading of the translation, grade C like the rest). A `nil` test would not mean what it \
            says anyway: SwiftData hands back an empty array, not `nil`, for a to-many \
            relationship of a fetched model.
            """,
        cases: [optionalToMany],
        triggering: [
            Example("#Predicate<Movie> { $0.↓awards?.isEmpty == false }"),
            Example("#Predicate<Movie> { $0.↓awards == nil }"),
            Example("#Predicate<Movie> { ($0.↓awards?.count ?? 0) > 2 }"),
            Example("#Predicate<Movie> { movie in if let awards = movie.↓awards { !awards.isEmpty } else { false } }"),
            Example("#Predicate<Movie> { $0.↓awards.flatMap { $0.isEmpty } ?? true }"),
            Example(#"#Predicate<Movie> { $0.↓awards?.contains { $0.title == "Oscar" } == true }"#),
        ],
        nonTriggering: [
            Example("#Predicate<Movie> { !$0.cast.isEmpty }"),
            Example("#Predicate<Award> { $0.year > 2000 }"),
            Example("#Predicate<Movie> { $0.subtitle == nil }"),
            // The relationship is not optional: a plain subquery.
            Example(#"#Predicate<Movie> { $0.cast.contains { $0.name == "Ann" } }"#),
        ])

    public init() {}

    public func check(_ context: RuleContext) -> [Finding] {
        guard context.reports(Self.optionalToMany), context.reads(.toMany, optionalOnly: true) else { return [] }
        // Every test of such a relationship reaches the store as a nil comparison of its key
        // path: `== nil` itself, and the check `?.`, `if let` and `flatMap` put around a count,
        // an emptiness test or a subquery.
        var reported: Set<SyntaxIdentifier> = []
        return context.storeTerms(.toManyComparedWithNil).compactMap { term in
            guard let keyPath = StoreLimit.toManyComparedWithNil(term),
                  let name = keyPath.source.as(MemberAccessExprSyntax.self)?.declName.baseName,
                  reported.insert(name.id).inserted else { return nil }
            return context.finding(
                self, at: name,
                message: "`\(name.text)` is an optional to-many relationship: SwiftData asks the store for "
                    + "`\(term.format)`, and the store cannot compare a to-many key with nil (\"to-many key not allowed here\"); "
                    + "query the related model instead, or filter in memory. It is never nil on a fetched model anyway: "
                    + "SwiftData gives an empty array")
        }
    }
}
