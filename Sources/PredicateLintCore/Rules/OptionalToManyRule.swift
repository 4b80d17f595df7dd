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
            relationship (fetch the `Award`s and follow their inverse), or filter in memory. \
            `if let awards = $0.awards { … }` and `$0.awards.flatMap { … }` are the same test \
            spelled out, and the store gets the same query. A `nil` test would not mean what it \
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
        ])

    public init() {}

    public func check(_ context: RuleContext) -> [Finding] {
        guard context.reports(Self.optionalToMany) else { return [] }
        return context.keyPaths.memberUses.compactMap { use in
            guard let member = use.member, member.kind == .stored, let type = member.type,
                  case .optional = type,
                  case .toMany = context.models.storage(of: type) else { return nil }
            let parent = use.access.parent
            let isComparedWithNil = ExprSyntax(use.access).isComparedWithNil
            let isTested = parent?.is(OptionalChainingExprSyntax.self) == true
                || parent?.is(ForceUnwrapExprSyntax.self) == true
                || isComparedWithNil
                || Self.isUnwrappedByIfLet(use.access) || Self.isUnwrappedByFlatMap(use.access)
            guard isTested else { return nil }
            return context.finding(
                self, at: use.nameToken,
                message: "`\(use.nameToken.text)` is an optional to-many relationship, which the store cannot test "
                    + "in a predicate; query the related model instead, or filter in memory"
                    + (isComparedWithNil ? " (and it is never nil on a fetched model: SwiftData gives an empty array)" : ""))
        }
    }

    /// `if let awards = $0.awards { … }`.
    static func isUnwrappedByIfLet(_ access: MemberAccessExprSyntax) -> Bool {
        access.parent?.as(InitializerClauseSyntax.self)?.parent?.is(OptionalBindingConditionSyntax.self) == true
    }

    /// `$0.awards.flatMap { … }`: Optional's `flatMap`, what `?.` is made of.
    static func isUnwrappedByFlatMap(_ access: MemberAccessExprSyntax) -> Bool {
        guard let outer = access.parent?.as(MemberAccessExprSyntax.self), outer.declName.baseName.text == "flatMap" else { return false }
        return outer.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.id == outer.id
    }
}
