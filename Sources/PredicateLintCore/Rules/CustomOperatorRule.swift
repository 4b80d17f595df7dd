import SwiftSyntax

/// Operators the macro does not rewrite: bitwise, overflow, pattern-match and custom ones.
public struct CustomOperatorRule: PredicateRule {
    static let unsupportedOperator = RuleCase(
        "an operator the macro does not rewrite", failsAt: .build,
        evidence: .checkedAgainstMacro("the macro's operator table"))

    public static let description = RuleDescription(
        id: "custom-operator",
        severity: .error,
        summary: "Only comparison, logic, arithmetic, `??` and range operators work in a predicate",
        rationale: """
            The macro rewrites a fixed set of operators into predicate expressions: \
            \(MacroSupport.supportedOperatorsList). Any other operator, whether from the standard library (`~=`, `&`, `&+`, `<<`) or declared \
            by the app, has no translation and the build fails.
            """,
        cases: [unsupportedOperator],
        triggering: [
            Example("#Predicate<Movie> { $0.year ↓~= 2000 }"),
            Example("#Predicate<Movie> { $0.year ↓&+ 1 > 2000 }"),
            Example("#Predicate<Movie> { $0.year ↓& 1 == 0 }"),
            Example("#Predicate<Movie> { ↓~$0.year == 0 }"),
            Example("#Predicate<Movie> { $0.rating ↓≈≈ 4.5 }"),
        ],
        nonTriggering: [
            Example("#Predicate<Movie> { (2000...2010).contains($0.year) }"),
            Example("#Predicate<Movie> { $0.rating * 2 > 7 || -$0.year < -2000 }"),
            Example(#"#Predicate<Movie> { ($0.subtitle ?? "") != "" && $0.year % 10 == 0 }"#),
            Example("""
            let movies: [Movie] = []
            let odd = movies.filter { $0.year & 1 == 1 }
            """),
        ])

    public init() {}

    public func check(_ context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        // Binary operators are read from the operator nodes themselves, folded or not, so an
        // operator declared in another file (which this file cannot fold) is still seen.
        for binary in context.facts.binaryOperators
        where !MacroSupport.supportedInfixOperators.contains(binary.operator.text) {
            findings.append(finding(context, binary.operator))
        }
        for prefix in context.facts.prefixOperators
        where !MacroSupport.supportedPrefixOperators.contains(prefix.operator.text) {
            findings.append(finding(context, prefix.operator))
        }
        for postfix in context.facts.postfixOperators {
            findings.append(finding(context, postfix.operator))
        }
        return findings
    }

    private func finding(_ context: RuleContext, _ token: TokenSyntax) -> Finding {
        context.finding(
            self, at: token,
            message: "The `\(token.text)` operator is not supported in a predicate; use comparison, logic, "
                + "arithmetic, `??` or range operators, or compute the value outside and capture it")
    }
}
