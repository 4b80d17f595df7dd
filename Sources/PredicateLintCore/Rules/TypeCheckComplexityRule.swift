import SwiftSyntax

/// Compound predicates whose mix of literals and optional chains exhausts the type checker.
public struct TypeCheckComplexityRule: PredicateRule {
    static let timeOut = RuleCase(
        "more literals than the type checker solves in time", failsAt: .build,
        evidence: .graded(.b, "several independent reports of the time-out, "
            + "and our measurements against swiftc 6.3.1 (TypeCheckComplexityCalibrationTests); the thresholds depend on the compiler version"))

    public static let description = RuleDescription(
        id: "type-check-complexity",
        severity: .warning,
        summary: "Too many literals in a compound predicate can exhaust the type checker",
        rationale: """
            The macro wraps each literal in a generic value whose type the compiler must infer, \
            and in a compound predicate those choices multiply. Past a budget the compiler gives \
            up with "unable to type-check this expression in reasonable time". Our measurements \
            with Swift 6.3: four literal comparisons (`true`/`false`, integers, `nil`) in one \
            predicate are too many once one of them is an integer compared with a property that \
            is not `Int` (an `Int32` field, say); Boolean literals alone, and optional chains \
            compared with captured values, stay cheap. (An earlier report that `nil` plus two \
            optional chains times out does not reproduce with `Equatable` types, which every \
            model is.) Hoist literals into typed constants (`let limit: Int32 = 10`), write \
            `!flag` instead of `flag == false`, or split the predicate and combine the parts \
            with `evaluate` (iOS 17.4).
            """,
        cases: [timeOut],
        triggering: [
            Example("↓#Predicate<Message> { $0.isRead == false && $0.isMuted == false && $0.isPinned == false && $0.hops != 3 }"),
            Example("↓#Predicate<Message> { m in m.sender != nil && m.hops != 3 && m.isRead == false && m.isMuted == false }"),
        ],
        nonTriggering: [
            Example("""
            let maximumHops: Int32 = 3
            let predicate = #Predicate<Message> { !$0.isRead && !$0.isMuted && !$0.isPinned && $0.hops != maximumHops }
            """),
            Example("#Predicate<Message> { $0.isRead == false && $0.isMuted == false && $0.isPinned == false && $0.isArchived == false }"),
            Example("#Predicate<Message> { $0.text.count > 3 && $0.text.count < 10 && $0.isRead == false && $0.isMuted == false }"),
            Example("""
            let channel: Int32 = 2
            let predicate = #Predicate<Message> { m in m.sender != nil && m.relay?.number == channel && m.via?.number == channel }
            """),
        ])

    public init() {}

    /// Literal comparisons in a predicate, by kind: each is a type the compiler must infer.
    struct LiteralComparisons: Equatable {
        /// `x == true`, `x != false`.
        var boolean = 0
        /// `x != 10`, `x?.y == 1`, except against a `count` (always `Int`, the literal's own type).
        var integer = 0
        /// `x == nil`, `x != nil`.
        var `nil` = 0

        /// Calibrated against swiftc 6.3 (see `TypeCheckComplexityCalibrationTests`).
        var exceedsBudget: Bool { integer >= 1 && boolean + integer + `nil` >= 4 }
    }

    static let comparisonOperators: Set<String> = ["==", "!=", "<", "<=", ">", ">="]

    static func literalComparisons(in facts: PredicateFacts) -> LiteralComparisons {
        var counts = LiteralComparisons()
        for comparison in facts.infixOperators {
            guard let operatorText = comparison.operatorText, comparisonOperators.contains(operatorText) else { continue }
            let operands = [comparison.leftOperand, comparison.rightOperand]
            if operands.contains(where: { $0.is(NilLiteralExprSyntax.self) }) {
                counts.nil += 1
            } else if operands.contains(where: { $0.is(BooleanLiteralExprSyntax.self) }) {
                counts.boolean += 1
            } else if operands.contains(where: { $0.is(IntegerLiteralExprSyntax.self) }), !operands.contains(where: isCount) {
                counts.integer += 1
            }
        }
        return counts
    }

    /// `x.count`: `Int` on every standard collection.
    static func isCount(_ expression: ExprSyntax) -> Bool {
        expression.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "count"
    }

    public func check(_ context: RuleContext) -> [Finding] {
        guard Self.literalComparisons(in: context.facts).exceedsBudget else { return [] }
        return [context.finding(
            self, at: context.site.macro.pound,
            message: "This predicate has more literals than the compiler may type-check in reasonable time; "
                + "hoist literals into typed `let`s (`let limit: Int32 = 10`), "
                + "write `!flag` for `flag == false`, or split the predicate")]
    }
}
