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
            // A subquery, which nothing reports failing.
            Example(#"#Predicate<Movie> { $0.awards?.contains { $0.title == "Oscar" } == true }"#),
        ])

    public init() {}

    public func check(_ context: RuleContext) -> [Finding] {
        guard context.reports(Self.optionalToMany) else { return [] }
        return context.keyPaths.memberUses.compactMap { use in
            guard let member = use.member, case let storage = context.models.storage(of: member),
                  storage.kind == .toMany, storage.isOptional else { return nil }
            let isComparedWithNil = ExprSyntax(use.access).isComparedWithNil
            // What the store error is reported for: counting the relationship (`?.isEmpty`,
            // `?.count`) or testing it for nil. `?.contains { … }` and `?.filter { … }` become
            // subqueries, which nothing reports failing.
            let isTested = Self.countsThroughUnwrap(use.access) || isComparedWithNil
                || Self.isUnwrappedByIfLet(use.access) || Self.isUnwrappedByFlatMap(use.access)
            guard isTested else { return nil }
            return context.finding(
                self, at: use.nameToken,
                message: "`\(use.nameToken.text)` is an optional to-many relationship, which the store cannot test "
                    + "in a predicate; query the related model instead, or filter in memory. It is never nil on a fetched "
                    + "model anyway: SwiftData gives an empty array")
        }
    }

    static let countingMembers: Set<String> = ["isEmpty", "count"]

    /// `$0.awards?.isEmpty`, `$0.awards!.count`.
    static func countsThroughUnwrap(_ access: MemberAccessExprSyntax) -> Bool {
        guard let unwrap = access.parent, unwrap.is(OptionalChainingExprSyntax.self) || unwrap.is(ForceUnwrapExprSyntax.self),
              let outer = unwrap.parent?.as(MemberAccessExprSyntax.self), outer.base?.id == unwrap.id else { return false }
        return countingMembers.contains(outer.declName.baseName.text)
    }

    /// `if let awards = $0.awards { !awards.isEmpty }`: the bound value counted in the branch.
    static func isUnwrappedByIfLet(_ access: MemberAccessExprSyntax) -> Bool {
        guard let binding = access.parent?.as(InitializerClauseSyntax.self)?.parent?.as(OptionalBindingConditionSyntax.self),
              let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
              let ifExpression = binding.parent?.parent?.parent?.as(IfExprSyntax.self) else { return false }
        return counts(name, in: Syntax(ifExpression.body))
    }

    /// `$0.awards.flatMap { $0.isEmpty }`: Optional's `flatMap`, what `?.` is made of.
    static func isUnwrappedByFlatMap(_ access: MemberAccessExprSyntax) -> Bool {
        guard let outer = access.parent?.as(MemberAccessExprSyntax.self), outer.declName.baseName.text == "flatMap",
              let call = outer.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == outer.id,
              let closure = call.trailingClosure ?? call.arguments.first?.expression.as(ClosureExprSyntax.self) else { return false }
        let name = PredicateSiteFinder.closureParameters(of: closure).first?.name ?? "$0"
        return counts(name, in: Syntax(closure))
    }

    /// Whether `name.isEmpty` or `name.count` is read somewhere in `node`.
    private static func counts(_ name: String, in node: Syntax) -> Bool {
        node.tokens(viewMode: .sourceAccurate).contains { token in
            guard countingMembers.contains(token.text), let member = token.parent?.parent?.as(MemberAccessExprSyntax.self),
                  let base = member.base?.as(DeclReferenceExprSyntax.self) else { return false }
            return base.baseName.text == name
        }
    }
}
