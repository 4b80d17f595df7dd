import SwiftSyntax

/// A predicate body of several statements (`let`, `guard`, then `return`), or a `switch`: the
/// macro turns one expression into a predicate and nothing else.
public struct MultiStatementBodyRule: PredicateRule {
    static let statements = RuleCase(
        "a body of several statements, or a `switch`", failsAt: .build,
        evidence: .checkedAgainstMacro("swiftc 6.3.1: \"Predicate body may only contain one expression\", at the second statement; "
            + "\"Switch expressions are not supported in this predicate\""))

    public static let description = RuleDescription(
        id: "multi-statement-body",
        severity: .error,
        summary: "A predicate's body must be one expression: no `let`, `guard` or `switch`",
        rationale: """
            `#Predicate` rewrites a single expression into predicate expressions. A body that \
            declares values first (`let inRange = …`), tests with `guard`, or is made of several \
            statements ending in `return` fails to build with "Predicate body may only contain \
            one expression", reported at the second statement; a `switch` fails with "Switch \
            expressions are not supported". Fold the tests into one expression with `&&`, `||`, \
            `!`, `?:` or `if … else …`; compute anything that does not depend on the model \
            before the predicate and capture it; split a large predicate into parts combined \
            with `evaluate` (iOS 17.4); or fetch with the simple part and filter the rest in \
            memory. One `return` on its own is fine.
            """,
        cases: [statements],
        triggering: [
            Example("""
            let start = Date.distantPast
            let end = Date.distantFuture
            let predicate = #Predicate<Movie> { movie in
                let inRange = start <= movie.releaseDate && movie.releaseDate <= end
                ↓return inRange && movie.rating > 4
            }
            """),
            Example("""
            let minimum = 2000
            let predicate = #Predicate<Movie> { movie in
                guard movie.year > minimum else { return false }
                ↓return movie.isFavorite
            }
            """),
            Example("""
            let predicate = #Predicate<Movie> { movie in
                ↓switch movie.year {
                case 0: false
                default: true
                }
            }
            """),
        ],
        nonTriggering: [
            Example("""
            let start = Date.distantPast
            let end = Date.distantFuture
            let predicate = #Predicate<Movie> { movie in
                return start <= movie.releaseDate && movie.releaseDate <= end && movie.rating > 4
            }
            """),
            Example("""
            let minimum = 2000
            let predicate = #Predicate<Movie> { movie in
                if movie.year > minimum { movie.isFavorite } else { false }
            }
            """),
        ],
        corrections: [
            // A `let` that reads the model is written where it is used; a `guard` becomes `&&`.
            (Example("""
            func ranked(from start: Date, to end: Date) -> Predicate<Movie> {
                #Predicate<Movie> { movie in
                    guard movie.rating > 0 else { return false }
                    ↓let inRange = start <= movie.releaseDate && movie.releaseDate <= end
                    return inRange || movie.isFavorite
                }
            }
            """), """
            func ranked(from start: Date, to end: Date) -> Predicate<Movie> {
                #Predicate<Movie> { movie in
                    movie.rating > 0 && ((start <= movie.releaseDate && movie.releaseDate <= end) || movie.isFavorite)
                }
            }
            """),
            // `guard let` becomes `if let`, the body's one expression.
            (Example("""
            func directed(by name: String) -> Predicate<Movie> {
                #Predicate<Movie> {
                    guard let director = $0.director else { return false }
                    ↓return director.name == name
                }
            }
            """), """
            func directed(by name: String) -> Predicate<Movie> {
                #Predicate<Movie> {
                    if let director = $0.director { director.name == name } else { false }
                }
            }
            """),
            // An `if` that returns, followed by what is returned otherwise, becomes `if … else`.
            (Example("""
            func subtitled(containing text: String) -> Predicate<Movie> {
                #Predicate<Movie> { movie in
                    if let subtitle = movie.subtitle {
                        let matches = subtitle.contains(text)
                        return matches && movie.year > 2000
                    }
                    ↓return false
                }
            }
            """), """
            func subtitled(containing text: String) -> Predicate<Movie> {
                #Predicate<Movie> { movie in
                    if let subtitle = movie.subtitle { subtitle.contains(text) && movie.year > 2000 } else { false }
                }
            }
            """),
            // A `let` that reads nothing of the model is worked out before the predicate.
            (Example("""
            func acclaimed(above threshold: Double) -> Predicate<Movie> {
                let predicate = #Predicate<Movie> { movie in
                    let minimum = threshold * 2
                    ↓return movie.rating > minimum && movie.year > 2000
                }
                return predicate
            }
            """), """
            func acclaimed(above threshold: Double) -> Predicate<Movie> {
                let minimum = threshold * 2
                let predicate = #Predicate<Movie> { movie in
                    movie.rating > minimum && movie.year > 2000
                }
                return predicate
            }
            """),
        ])

    public init() {}

    public func check(_ context: RuleContext) -> [Finding] {
        let statements = Array(context.site.body)
        if statements.count > 1 {
            let second = statements[1]
            let folding = BodyFolding.correction(context)
            let noFix = if case .failure(.noStatement) = folding { ValueHoisting.reasonForNoFix(context).map { "; \($0)" } ?? "" } else { "" }
            return [context.finding(
                self, at: second.firstToken(viewMode: .sourceAccurate) ?? context.site.macro.pound,
                message: "A predicate's body must be one expression, and this one has \(statements.count) statements; "
                    + "fold them into one with `&&`, `||` or `?:`, compute what does not depend on the model before the "
                    + "predicate, or filter the rest in memory" + noFix,
                correction: try? folding.get(),
                covering: [Syntax(context.site.closure)])]
        }
        if let only = statements.first, let switchExpression = Self.switchExpression(only.item) {
            return [context.finding(
                self, at: switchExpression.switchKeyword,
                message: "A predicate cannot use `switch`; write the cases as one expression with `||`, `?:` or `if … else …`",
                covering: [Syntax(switchExpression)])]
        }
        return []
    }

    /// `switch …` as the body, or `return switch …`.
    static func switchExpression(_ item: CodeBlockItemSyntax.Item) -> SwitchExprSyntax? {
        switch item {
        case .expr(let expression): return expression.as(SwitchExprSyntax.self)
        case .stmt(let statement):
            if let expression = statement.as(ExpressionStmtSyntax.self)?.expression.as(SwitchExprSyntax.self) { return expression }
            return statement.as(ReturnStmtSyntax.self)?.expression?.as(SwitchExprSyntax.self)
        default: return nil
        }
    }
}
