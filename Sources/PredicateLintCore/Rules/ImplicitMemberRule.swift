import SwiftSyntax

/// `.active`, `.orderedSame`, `.init(…)`: a member with no base, which the macro cannot turn
/// into a key path.
public struct ImplicitMemberRule: PredicateRule {
    static let implicitMember = RuleCase(
        "a member without a base", failsAt: .build,
        evidence: .checkedAgainstMacro("the macro's own diagnostic; also swift-foundation issue 318"))

    public static let description = RuleDescription(
        id: "implicit-member",
        severity: .error,
        summary: "Members without an explicit base (`.active`) cannot be used in a predicate",
        rationale: """
            The macro turns every `base.member` into a key path on its base; `.active` has no \
            base to start from, so the macro rejects the build. Capture the value in a `let` \
            before the predicate and compare with that. (For an enum-typed property, the \
            captured value builds but SwiftData then throws at runtime: store the raw value in \
            its own property instead.)
            """,
        cases: [implicitMember],
        triggering: [
            Example(#"#Predicate<Movie> { $0.name.localizedCompare("Titanic") == ↓.orderedSame }"#),
            Example("#Predicate<Movie> { $0.rating > ↓.zero }"),
            Example("#Predicate<Movie> { $0.cast.contains { $0.nickname == ↓.none } }"),
        ],
        nonTriggering: [
            Example("""
            let same = ComparisonResult.orderedSame
            let predicate = #Predicate<Movie> { $0.name.localizedCompare("Titanic") == same }
            """),
            Example("""
            let order: SortOrder = .reverse
            let predicate = #Predicate<Movie> { $0.rating > 0 }
            """),
            Example("#Predicate<Movie> { $0.cast.contains { $0.nickname == nil } }"),
        ])

    public init() {}

    public func check(_ context: RuleContext) -> [Finding] {
        let callees = context.facts.calls.compactMap { $0.calledExpression.as(MemberAccessExprSyntax.self) }
        return (context.facts.memberAccesses + callees)
            .filter { $0.base == nil }
            .sorted { $0.position < $1.position }
            .map { member in
                context.finding(
                    self, at: member.period,
                    message: "`.\(member.declName.baseName.text)` has no explicit base, which a predicate cannot use; "
                        + "capture the value in a `let` before the predicate and compare with that",
                    covering: [Syntax(member)])
            }
    }
}
