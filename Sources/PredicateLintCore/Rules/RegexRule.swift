import SwiftSyntax

/// Regular expressions in any form: literals, `Regex(…)`, RegexBuilder, the match methods, and
/// regex constants captured from the surrounding code.
public struct RegexRule: PredicateRule {
    public static let description = RuleDescription(
        id: "regex",
        severity: .error,
        summary: "Regular expressions cannot be used in a predicate",
        rationale: """
            SwiftData cannot turn a regular expression into a store query. A regex literal passed \
            to `contains(_:)` builds (from iOS 18) and then fails when the fetch runs; `Regex(…)`, \
            RegexBuilder and the match methods are rejected by the macro at build time. A regex \
            captured from a constant builds too, and fails the same way at runtime. Match text with `localizedStandardContains(_:)` \
            or `starts(with:)`, or fetch more broadly and filter in memory.
            Evidence, grade C: the predicate guide and Hacking with Swift report the runtime failure (a \
            single reputable source); the build errors are checked against the macro.
            """,
        failsAt: .runtime,
        triggering: [
            #"#Predicate<Movie> { $0.name.contains(↓/Titanic/) }"#,
            ##"#Predicate<Movie> { $0.name.contains(↓#/Ti.*c/#) }"##,
            Example(#"#Predicate<Movie> { $0.name.↓firstMatch(of: /Ti/) != nil }"#, failsAt: .build),
            Example(#"#Predicate<Movie> { $0.name.↓wholeMatch(of: /Titanic/) != nil }"#, failsAt: .build),
            Example(#"#Predicate<Movie> { $0.name.contains(↓Regex { "Titanic" }) }"#, failsAt: .build),
            """
            let pattern = /Titanic/
            let predicate = #Predicate<Movie> { $0.name.contains(↓pattern) }
            """,
        ],
        nonTriggering: [
            #"#Predicate<Movie> { $0.name.localizedStandardContains("Titanic") }"#,
            """
            let movies: [Movie] = []
            let matches = movies.filter { $0.name.contains(/Titanic/) }
            """,
            """
            let pattern = "Titanic"
            let predicate = #Predicate<Movie> { $0.name.localizedStandardContains(pattern) }
            """,
            """
            let pattern = /Titanic/
            func search(_ pattern: String) -> Predicate<Movie> {
                #Predicate { $0.name.localizedStandardContains(pattern) }
            }
            """,
        ])

    public init() {}

    static let matchMethods: Set<String> = ["firstMatch", "wholeMatch", "prefixMatch", "matches"]

    public func check(_ context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        let advice = "match with `localizedStandardContains(_:)` or `starts(with:)`, or filter the results in memory"
        let message = "Regular expressions are not supported in a predicate; " + advice
        // Calls first: a finding on `firstMatch(of: /re/)` accounts for the literal inside it.
        for call in context.facts.calls {
            guard let token = MacroSupport.calleeToken(of: call) else { continue }
            let isRegexInitializer = Self.isRegexInitializer(call)
            let isMatchMethod = Self.matchMethods.contains(token.text) && MacroSupport.receiver(of: call) != nil
            if isRegexInitializer || isMatchMethod {
                findings.append(context.finding(self, at: token, message: message, covering: [Syntax(call)]))
            }
        }
        for literal in context.facts.regexLiterals {
            guard let token = literal.firstToken(viewMode: .sourceAccurate) else { continue }
            findings.append(context.finding(self, at: token, message: message))
        }
        for reference in context.facts.references where Self.isCapturedRegex(reference) {
            findings.append(context.finding(
                self, at: reference.baseName,
                message: "`\(reference.baseName.text)` is a regular expression, which a predicate cannot use; " + advice))
        }
        return findings
    }

    /// A name that refers to a constant declared with a regex literal, `Regex(…)` or a `Regex` type.
    static func isCapturedRegex(_ reference: DeclReferenceExprSyntax) -> Bool {
        guard case .variable(let binding)? = LexicalLookup.binding(of: reference.baseName.text, from: reference) else {
            return false
        }
        if let type = binding.typeAnnotation?.type,
           PredicateSiteFinder.unwrappingOptional(type).as(IdentifierTypeSyntax.self)?.name.text == "Regex" {
            return true
        }
        guard var value = binding.initializer?.value else { return false }
        if let tryExpression = value.as(TryExprSyntax.self) { value = tryExpression.expression }
        if value.is(RegexLiteralExprSyntax.self) { return true }
        if let call = value.as(FunctionCallExprSyntax.self) { return isRegexInitializer(call) }
        return false
    }

    /// `Regex(…)` or `Regex { … }`.
    static func isRegexInitializer(_ call: FunctionCallExprSyntax) -> Bool {
        MacroSupport.isGlobalCall(call) && MacroSupport.calleeName(of: call) == "Regex"
    }

    /// Whether an argument is a regex of any kind, so other rules leave it to this one: a
    /// literal, a call to anything named `Regex` (qualified too), or a captured regex constant.
    static func isRegexValue(_ argument: ExprSyntax) -> Bool {
        if argument.is(RegexLiteralExprSyntax.self) { return true }
        if let call = argument.as(FunctionCallExprSyntax.self), MacroSupport.calleeName(of: call) == "Regex" { return true }
        if let reference = argument.as(DeclReferenceExprSyntax.self) { return isCapturedRegex(reference) }
        return false
    }
}
