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
            spelled out, and the store gets the same query. `$0.awards?.contains { … } == true` is not \
            reported: the same conditional around a subquery runs in one app's tests against \
            SwiftData's store. A `nil` test would not mean what it \
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
        ],
        nonTriggering: [
            Example("#Predicate<Movie> { !$0.cast.isEmpty }"),
            Example("#Predicate<Award> { $0.year > 2000 }"),
            Example("#Predicate<Movie> { $0.subtitle == nil }"),
            // A subquery inside the conditional `?.` makes: one app's tests fetch through it.
            Example(#"#Predicate<Movie> { $0.awards?.contains { $0.title == "Oscar" } == true }"#),
        ])

    public init() {}

    public func check(_ context: RuleContext) -> [Finding] {
        guard context.reports(Self.optionalToMany), context.reads(.toMany, optionalOnly: true) else { return [] }
        // What reaches the store as a nil test of the relationship's key path (`== nil` as
        // written) or as a count inside the conditional `?.`, `if let` and `flatMap` make; a
        // subquery inside that conditional runs (one app's tests), and stays quiet.
        var reported: Set<SyntaxIdentifier> = []
        return context.storeTerms(.toManyCountedOrTestedForNil).compactMap { term in
            guard let keyPath = StoreLimit.toManyCountedOrTestedForNil(term),
                  let name = keyPath.source.as(MemberAccessExprSyntax.self)?.declName.baseName,
                  reported.insert(name.id).inserted else { return nil }
            return context.finding(
                self, at: name,
                message: "`\(name.text)` is an optional to-many relationship, which the store cannot test "
                    + "in a predicate; query the related model instead, or filter in memory. It is never nil on a fetched "
                    + "model anyway: SwiftData gives an empty array")
        }
    }
}
