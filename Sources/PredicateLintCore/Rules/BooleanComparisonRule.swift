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
            crashes when it runs it, while `!$0.cast.isEmpty` works. The translation shows \
            why: a test such as `isEmpty`, `contains` or `starts(with:)` is a predicate of its \
            own in the store query, and comparing it with a literal makes SwiftData wrap it in a \
            conditional, `TERNARY(cast.@count == 0, YES, NO) == NO`, which the store does not \
            run. The same goes for a test of an expression rather than a bare property \
            (`($0.note ?? "").isEmpty == false`). Comparing a stored `Bool` property is fine, and \
            so is an optional chain (`x?.isEmpty == false`, where `!` cannot apply), whose \
            conditional the evidence shows running. A test of a captured array \
            (`ids.contains($0.id) == false`, an `IN` on a column, which a public app has run in \
            a batch delete since 2023) is not reported either.
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
            Example(#"#Predicate<Movie> { ↓true == $0.name.contains("classic") }"#),
            Example("#Predicate<Movie> { $0.cast.contains { $0.age > 70 } != ↓true }"),
            Example("#Predicate<Movie> { ($0.cast.isEmpty) == ↓false }"),
            // A test of an expression, not of a bare property.
            Example(#"#Predicate<Movie> { ($0.subtitle ?? "").isEmpty == ↓false }"#),
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
            (Example(#"#Predicate<Movie> { ↓true == $0.name.contains("classic") }"#),
             #"#Predicate<Movie> { $0.name.contains("classic") }"#),
            (Example("#Predicate<Movie> { $0.cast.contains { $0.age > 70 } != ↓true }"),
             "#Predicate<Movie> { !$0.cast.contains { $0.age > 70 } }"),
            (Example("#Predicate<Movie> { ($0.cast.isEmpty) == ↓false }"),
             "#Predicate<Movie> { !($0.cast.isEmpty) }"),
            (Example(#"#Predicate<Movie> { ($0.subtitle ?? "").isEmpty == ↓false }"#),
             #"#Predicate<Movie> { !($0.subtitle ?? "").isEmpty }"#),
        ])

    public init() {}

    public func check(_ context: RuleContext) -> [Finding] {
        guard context.reports(Self.crash), context.bodyMentions(["true", "false"]) else { return [] }
        return context.storeTerms(.wrappedTestComparedWithLiteral).compactMap { term in
            guard let (literalTerm, _) = StoreLimit.wrappedTestComparedWithLiteral(term),
                  let comparison = term.source.as(InfixOperatorExprSyntax.self), let operatorText = comparison.operatorText,
                  let literal = literalTerm.source.as(BooleanLiteralExprSyntax.self) else { return nil }
            let test = literalTerm.source.id == comparison.leftOperand.id ? comparison.rightOperand : comparison.leftOperand
            // `x == true` and `x != false` mean `x`; the other two mean `!x`.
            let keepsValue = (operatorText == "==") == (literal.literal.tokenKind == .keyword(.true))
            let replacement = (keepsValue ? "" : "!") + test.trimmedDescription
            return context.finding(
                self, at: literal.literal,
                message: "SwiftData asks the store for `\(term.format)`: `\(Self.shortName(of: test))` used as a value and "
                    + "compared with `\(literal.literal.text)`, which crashes the fetch; write `\(replacement)` instead",
                correction: Correction(
                    title: keepsValue ? "Drop the comparison" : "Negate with !",
                    edits: [TextEdit(replacing: comparison, with: replacement)]))
        }
    }

    /// `isEmpty` or `contains(…)`: the part of the test a reader recognizes.
    static func shortName(of test: ExprSyntax) -> String {
        if let call = test.as(FunctionCallExprSyntax.self), let name = call.calleeName {
            return "\(name)(…)"
        }
        let test = test.withoutParentheses
        if let call = test.as(FunctionCallExprSyntax.self), let name = call.calleeName { return "\(name)(…)" }
        return test.as(MemberAccessExprSyntax.self)?.declName.baseName.text ?? test.trimmedDescription
    }
}
