import SwiftSyntax

/// A Boolean sub-predicate (`isEmpty`, `contains…`, `allSatisfy`, `starts(with:)`) compared
/// with `true` or `false`.
public struct BooleanComparisonRule: PredicateRule {
    static let crash = RuleCase(
        "a Boolean test compared with `true` or `false`", failsAt: .runtime,
        evidence: .graded(.c, "the predicate guide and one reputable blog (Hacking with Swift) report the c"
            + "rash; the mechanism is our inference"))

    public static let description = RuleDescription(
        id: "boolean-comparison",
        severity: .error,
        summary: "Negate a Boolean test with `!` instead of comparing it with `true` or `false`",
        rationale: """
            `$0.cast.isEmpty == false` builds and evaluates correctly in memory, but SwiftData \
            crashes when it runs it, while `!$0.cast.isEmpty` works. Our reading is that a test \
            like `isEmpty` or `contains` becomes a predicate of its own in the store query, and \
            comparing it with a literal turns it into a conditional expression the store cannot \
            evaluate. Comparing a stored `Bool` property, or an optional chain (`x?.isEmpty == \
            false`, where `!` cannot apply), is fine. So is a test of a captured array \
            (`ids.contains($0.id) == false`, an `IN` on a column, which a public app has run in a \
            batch delete since 2023): the rule speaks only of the input's own properties.
            """,
        cases: [crash],
        triggering: [
            Example("#Predicate<Movie> { $0.cast.isEmpty == ↓false }"),
            // A branch some build compiles is code like any other.
            Example("""
            #if os(iOS)
            let predicate = #Predicate<Movie> { $0.cast.isEmpty == ↓false }
            #endif
            """),
            Example(#"#Predicate<Movie> { ↓true == $0.tags.contains("classic") }"#),
            Example("#Predicate<Movie> { $0.cast.contains { $0.age > 70 } != ↓true }"),
            Example("#Predicate<Movie> { ($0.cast.isEmpty) == ↓false }"),
            Example(#"#Predicate<Movie> { movie in movie.name.starts(with: "The") == ↓true && movie.year > 2000 }"#),
        ],
        nonTriggering: [
            Example("""
            let years = [1999, 2001]
            let predicate = #Predicate<Movie> { years.contains($0.year) == false }
            """),
            Example("#Predicate<Movie> { !$0.cast.isEmpty }"),
            // No build compiles it.
            Example("""
            #if false
            let predicate = #Predicate<Movie> { $0.cast.isEmpty == false }
            #endif
            """),
            // A plain struct is evaluated in memory, where the comparison works.
            Example("""
            struct Shelf { var books: [String] = [] }
            let predicate = #Predicate<Shelf> { $0.books.isEmpty == false }
            """),
            Example("#Predicate<Movie> { $0.isFavorite == true }"),
            Example("#Predicate<Movie> { $0.subtitle?.isEmpty == false }"),
            Example("#Predicate<Movie> { ($0.subtitle?.isEmpty) == false }"),
            Example(#"#Predicate<Movie> { $0.director?.name.starts(with: "S") == true }"#),
        ],
        corrections: [
            (Example("#Predicate<Movie> { $0.cast.isEmpty == ↓false }"),
             "#Predicate<Movie> { !$0.cast.isEmpty }"),
            (Example(#"#Predicate<Movie> { ↓true == $0.tags.contains("classic") }"#),
             #"#Predicate<Movie> { $0.tags.contains("classic") }"#),
            (Example("#Predicate<Movie> { $0.cast.contains { $0.age > 70 } != ↓true }"),
             "#Predicate<Movie> { !$0.cast.contains { $0.age > 70 } }"),
            (Example("#Predicate<Movie> { ($0.cast.isEmpty) == ↓false }"),
             "#Predicate<Movie> { !($0.cast.isEmpty) }"),
        ])

    public init() {}

    public func check(_ context: RuleContext) -> [Finding] {
        guard context.reports(Self.crash) else { return [] }
        return context.facts.infixOperators.compactMap { comparison in
            guard let operatorText = comparison.operatorText, operatorText == "==" || operatorText == "!=" else { return nil }
            let (literal, test): (BooleanLiteralExprSyntax, ExprSyntax)
            if let left = comparison.leftOperand.as(BooleanLiteralExprSyntax.self) {
                (literal, test) = (left, comparison.rightOperand)
            } else if let right = comparison.rightOperand.as(BooleanLiteralExprSyntax.self) {
                (literal, test) = (right, comparison.leftOperand)
            } else {
                return nil
            }
            guard let receiver = Self.testedReceiver(test), !test.hasOptionalChain, context.isInputKeyPath(receiver) else { return nil }
            // `x == true` and `x != false` mean `x`; the other two mean `!x`.
            let keepsValue = (operatorText == "==") == (literal.literal.tokenKind == .keyword(.true))
            let replacement = (keepsValue ? "" : "!") + test.trimmedDescription
            return context.finding(
                self, at: literal.literal,
                message: "Comparing `\(Self.shortName(of: test))` with `\(literal.literal.text)` crashes when "
                    + "SwiftData runs the predicate; write `\(replacement)` instead",
                correction: Correction(
                    title: keepsValue ? "Drop the comparison" : "Negate with !",
                    edits: [TextEdit(replacing: comparison, with: replacement)]))
        }
    }

    /// What a Boolean test is asked of: `$0.cast` in `$0.cast.isEmpty`, for `isEmpty`,
    /// `contains(…)`, `allSatisfy(…)`, `starts(with:)` on some base, in parentheses or not; nil
    /// for anything else. The evidence is about the input's own collections and text; a captured
    /// array's `contains($0.id)` is a plain `IN` (one app has run `ids.contains($0.id) == false`
    /// in a batch delete since 2023).
    static func testedReceiver(_ expression: ExprSyntax) -> ExprSyntax? {
        let expression = expression.withoutParentheses
        if let call = expression.as(FunctionCallExprSyntax.self), let name = call.calleeName {
            return MacroSupport.booleanCalls.contains(name) ? call.receiver : nil
        }
        if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base {
            return MacroSupport.booleanMembers.contains(member.declName.baseName.text) ? base : nil
        }
        return nil
    }

    /// `isEmpty` or `contains(…)`: the part of the test a reader recognizes.
    static func shortName(of test: ExprSyntax) -> String {
        if let call = test.as(FunctionCallExprSyntax.self), let name = call.calleeName {
            return "\(name)(…)"
        }
        return test.as(MemberAccessExprSyntax.self)?.declName.baseName.text ?? test.trimmedDescription
    }
}
