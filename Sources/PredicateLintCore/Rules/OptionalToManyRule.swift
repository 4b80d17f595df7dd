import SwiftSyntax

/// An optional to-many relationship tested with `?.` or compared with `nil`.
public struct OptionalToManyRule: PredicateRule {
    static let optionalToMany = RuleCase(
        "an optional to-many relationship tested with `?.` or `nil`", failsAt: .runtime,
        evidence: .graded(.c, "one reputable blog (Fatbobman, Xcode 15C500b), with several forum threads citing it"))

    public static let description = RuleDescription(
        id: "optional-to-many",
        severity: .warning,
        summary: "Optional to-many relationships cannot be tested with `?.` or `nil` in a predicate",
        rationale: """
            For an optional to-many relationship (`var awards: [Award]?`), predicates such as \
            `$0.awards?.isEmpty == false` or `$0.awards == nil` build, then the store rejects \
            the query ("to-many key not allowed here"). Query from the other side of the \
            relationship (fetch the `Award`s and follow their inverse), or filter in memory.
            """,
        cases: [optionalToMany],
        triggering: [
            Example("#Predicate<Movie> { $0.↓awards?.isEmpty == false }"),
            Example("#Predicate<Movie> { $0.↓awards == nil }"),
            Example("#Predicate<Movie> { ($0.↓awards?.count ?? 0) > 2 }"),
        ],
        nonTriggering: [
            Example("#Predicate<Movie> { !$0.cast.isEmpty }"),
            Example("#Predicate<Award> { $0.year > 2000 }"),
            Example("#Predicate<Movie> { $0.subtitle == nil }"),
        ])

    public init() {}

    public func check(_ context: RuleContext) -> [Finding] {
        guard context.reports(Self.optionalToMany) else { return [] }
        return context.keyPaths.memberUses.compactMap { use in
            guard let member = use.member, member.kind == .stored, let type = member.type,
                  case .optional = type,
                  case .toMany = context.models.storage(of: type) else { return nil }
            let parent = use.access.parent
            let isTested = parent?.is(OptionalChainingExprSyntax.self) == true
                || parent?.is(ForceUnwrapExprSyntax.self) == true
                || ExprSyntax(use.access).isComparedWithNil
            guard isTested else { return nil }
            return context.finding(
                self, at: use.nameToken,
                message: "`\(use.nameToken.text)` is an optional to-many relationship, which the store cannot test "
                    + "in a predicate; query the related model instead, or filter in memory")
        }
    }
}
