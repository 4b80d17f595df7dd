import SwiftSyntax

/// `+` or `-` on a `Date` inside a predicate: the macro's arithmetic is for numbers only.
public struct DateArithmeticRule: PredicateRule {
    static let dateArithmetic = RuleCase(
        "`+` or `-` with a `Date` operand (`$0.start + 3600 < cutoff`)", failsAt: .build,
        evidence: .checkedAgainstMacro("swiftc 6.3.1 fails with a type error about `PredicateExpressions.Arithmetic` "
            + "that names no cause; the macro's arithmetic requires `Numeric`, which `Date` is not"))

    public static let description = RuleDescription(
        id: "date-arithmetic",
        severity: .error,
        summary: "Work out a date bound before the predicate, not inside it",
        rationale: """
            Inside a predicate every operator becomes a node of the expression tree, and the \
            arithmetic node takes numbers only. `$0.start + 3600 < cutoff` (or `cutoff - \
            86_400` captured inside the closure) therefore fails to build, with a type error \
            about `PredicateExpressions.Arithmetic` that does not say a `Date` is the cause. \
            Compute the bound before the predicate and compare the stored date with it: \
            `let bound = cutoff - 3600`, then `$0.start < bound`. `--fix` does this where the \
            predicate sits in a function, initializer or accessor body (so a `let` can go \
            before it), the comparison is ordered (`<`, `<=`, `>`, `>=`), and the amount is a \
            number literal or a declared `TimeInterval` or `Double`.
            """,
        cases: [dateArithmetic],
        triggering: [
            Example("""
            func released(before cutoff: Date) -> Predicate<Movie> {
                #Predicate<Movie> { $0.releaseDate ↓+ 3600 < cutoff }
            }
            """),
            Example("""
            func released(within window: TimeInterval, of day: Date) -> Predicate<Movie> {
                let predicate = #Predicate<Movie> { movie in day <= movie.releaseDate ↓- window }
                return predicate
            }
            """),
            Example("""
            let cutoff = Date.now
            let predicate = #Predicate<Movie> { $0.releaseDate > cutoff ↓- 86_400 }
            """),
        ],
        nonTriggering: [
            Example("""
            let cutoff = Date.now - 86_400
            let predicate = #Predicate<Movie> { $0.releaseDate > cutoff }
            """),
            Example("#Predicate<Movie> { $0.year + 1 > 2000 && $0.rating - 1 > 3 }"),
            // In memory the closure is still the macro's: only numbers add, so a plain struct's
            // number arithmetic is fine too.
            Example("""
            struct Slot { var minutes = 0 }
            let predicate = #Predicate<Slot> { $0.minutes + 15 < 60 }
            """),
        ],
        corrections: [
            (Example("""
            func released(before cutoff: Date) -> Predicate<Movie> {
                #Predicate<Movie> { $0.releaseDate ↓+ 3600 < cutoff }
            }
            """), """
            func released(before cutoff: Date) -> Predicate<Movie> {
                let bound = cutoff - 3600
                return #Predicate<Movie> { $0.releaseDate < bound }
            }
            """),
            (Example("""
            func released(within window: TimeInterval, of day: Date) -> Predicate<Movie> {
                let predicate = #Predicate<Movie> { movie in day <= movie.releaseDate ↓- window }
                return predicate
            }
            """), """
            func released(within window: TimeInterval, of day: Date) -> Predicate<Movie> {
                let bound = day + window
                let predicate = #Predicate<Movie> { movie in bound <= movie.releaseDate }
                return predicate
            }
            """),
        ])

    public init() {}

    public func check(_ context: RuleContext) -> [Finding] {
        context.facts.infixOperators.compactMap { arithmetic in
            guard let op = arithmetic.operatorText, op == "+" || op == "-",
                  let opToken = arithmetic.operator.as(BinaryOperatorExprSyntax.self)?.operator,
                  isDate(arithmetic.leftOperand, context) || isDate(arithmetic.rightOperand, context)
                    || comparedWithDate(arithmetic, context) else { return nil }
            return context.finding(
                self, at: opToken,
                message: "A predicate cannot add to or subtract from a `Date`: the macro's arithmetic takes numbers only, "
                    + "and the build fails with a type error that does not say so. Work the bound out before the predicate "
                    + "(`let bound = …`) and compare the date with it",
                correction: correction(arithmetic, op: op, context))
        }
    }

    /// A stored date (`$0.start`), or a captured value the file declares as one.
    private func isDate(_ expression: ExprSyntax, _ context: RuleContext) -> Bool {
        let type = context.isInputKeyPath(expression) ? context.keyPaths.type(of: expression)
            : CapturedValues.declaredType(of: expression, fileScope: context.fileFacts)
        return type.map(KeyPathResolution.unwrapped) == .named("Date")
    }

    /// `x - 60` in `$0.start > x - 60`: compared with a stored date, so a date.
    private func comparedWithDate(_ arithmetic: InfixOperatorExprSyntax, _ context: RuleContext) -> Bool {
        guard let (_, other) = comparison(around: arithmetic) else { return false }
        return context.isInputKeyPath(other) && isDate(other, context)
    }

    /// The ordered comparison `arithmetic` is an operand of, and the other operand.
    private func comparison(around arithmetic: InfixOperatorExprSyntax) -> (InfixOperatorExprSyntax, ExprSyntax)? {
        guard let parent = arithmetic.parent?.as(InfixOperatorExprSyntax.self),
              let op = parent.operatorText, ["<", "<=", ">", ">="].contains(op) else { return nil }
        if parent.leftOperand.id == arithmetic.id { return (parent, parent.rightOperand) }
        if parent.rightOperand.id == arithmetic.id { return (parent, parent.leftOperand) }
        return nil
    }

    /// `$0.start + x < y` → `let bound = y - x` before the statement, and `$0.start < bound`.
    private func correction(_ arithmetic: InfixOperatorExprSyntax, op: String, _ context: RuleContext) -> Correction? {
        guard let (_, other) = comparison(around: arithmetic), context.isInputKeyPath(arithmetic.leftOperand),
              isDate(arithmetic.leftOperand, context), !context.readsInput(arithmetic.rightOperand), !context.readsInput(other),
              isAmount(arithmetic.rightOperand, context),
              let hoisting = StatementHoisting(before: context.site.macro),
              let name = hoisting.freeName("bound", at: context.site.macro, fileScope: context.fileFacts) else { return nil }
        let inverse = op == "+" ? "-" : "+"
        return Correction(title: "Compute the bound before the predicate", edits: [
            hoisting.declaration(name, "\(other.trimmedDescription) \(inverse) \(arithmetic.rightOperand.trimmedDescription)"),
            TextEdit(replacing: arithmetic, with: arithmetic.leftOperand.trimmedDescription),
            TextEdit(replacing: other, with: name),
        ])
    }

    /// A number of seconds: a literal, or a value the file declares as `TimeInterval` or `Double`.
    private func isAmount(_ expression: ExprSyntax, _ context: RuleContext) -> Bool {
        let plain = expression.withoutParentheses
        if plain.is(IntegerLiteralExprSyntax.self) || plain.is(FloatLiteralExprSyntax.self) { return true }
        guard let type = CapturedValues.declaredType(of: plain, fileScope: context.fileFacts) else { return false }
        return type == .named("TimeInterval") || type == .named("Double")
    }
}
