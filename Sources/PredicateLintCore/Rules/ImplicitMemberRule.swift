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
        ],
        corrections: [
            (Example("""
            func released() -> Predicate<Movie> {
                #Predicate<Movie> { $0.releaseDate > ↓.distantPast }
            }
            """), """
            func released() -> Predicate<Movie> {
                let distantPast = Date.distantPast
                return #Predicate<Movie> { $0.releaseDate > distantPast }
            }
            """),
            (Example("#Predicate<Movie> { $0.cast.contains { $0.nickname == ↓.none } }"),
             "#Predicate<Movie> { $0.cast.contains { $0.nickname == nil } }"),
        ])

    public init() {}

    public func check(_ context: RuleContext) -> [Finding] {
        let callees = context.facts.calls.compactMap { $0.calledExpression.as(MemberAccessExprSyntax.self) }
        return (context.facts.memberAccesses + callees)
            .filter { $0.base == nil }
            .sorted { $0.position < $1.position }
            .map { member in
                let correction = correction(member, context)
                let noFix = ValueHoisting.noFixSuffix(correction, context)
                return context.finding(
                    self, at: member.period,
                    message: "`.\(member.declName.baseName.text)` has no explicit base, which a predicate cannot use; "
                        + "capture the value in a `let` before the predicate and compare with that" + noFix,
                    correction: correction, covering: [Syntax(member)])
            }
    }

    /// `.none` compared with an optional becomes `nil`; `.active` compared with a stored
    /// property whose type the project names unambiguously (or a Foundation type) is captured
    /// as `let active = Status.active` before the statement. Nothing where the type is unknown.
    private func correction(_ member: MemberAccessExprSyntax, _ context: RuleContext) -> Correction? {
        guard member.declName.argumentNames == nil, !ValueHoisting.isCalleeOrReceiver(ExprSyntax(member)),
              let comparison = member.parent?.as(InfixOperatorExprSyntax.self), let op = comparison.operatorText,
              ["==", "!=", "<", "<=", ">", ">="].contains(op) else { return nil }
        let other = comparison.leftOperand.id == member.id ? comparison.rightOperand : comparison.leftOperand
        guard context.isInputKeyPath(other), let type = context.keyPaths.type(of: other) else { return nil }
        let name = member.declName.baseName.text
        if name == "none", case .optional = type, op == "==" || op == "!=" {
            return Correction(title: "Compare with nil", edits: [TextEdit(replacing: member, with: "nil")])
        }
        guard case .named(let typeName) = KeyPathResolution.unwrapped(type), Self.resolvesToItself(typeName, context) else { return nil }
        return ValueHoisting.correction(hoisting: ExprSyntax(member), spelled: "\(typeName).\(name)",
                                        title: "Capture `\(typeName).\(name)` before the predicate", context)
    }

    /// The type's qualified name means that type where the predicate is written: a type the
    /// project declares once, or a Foundation value type the project does not redeclare.
    private static func resolvesToItself(_ typeName: String, _ context: RuleContext) -> Bool {
        switch context.models.lookup(typeName, in: context.keyPaths.scope) {
        case .type(.named(let found)): found == typeName
        case .unknown: foundationValueTypes.contains(typeName)
        default: false
        }
    }

    static let foundationValueTypes: Set<String> = [
        "Date", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Double", "Float",
        "Decimal", "String", "Bool", "UUID", "URL", "Data",
    ]
}
