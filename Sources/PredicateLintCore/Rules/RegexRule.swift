import SwiftSyntax

/// Regular expressions in any form: literals, `Regex(…)`, RegexBuilder, the match methods, and
/// regex constants captured from the surrounding code.
public struct RegexRule: PredicateRule {
    static let regexValue = RuleCase(
        "a regular expression value", failsAt: .runtime,
        evidence: .graded(.c, "the predicate guide and Hacking with Swift report the runtime failure"))
    static let regexCall = RuleCase(
        "`Regex(…)`, RegexBuilder and the match methods", failsAt: .build,
        evidence: .checkedAgainstMacro(""))

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
            """,
        cases: [regexValue, regexCall],
        triggering: [
            Example(#"#Predicate<Movie> { $0.name.contains(↓/Titanic/) }"#),
            Example(##"#Predicate<Movie> { $0.name.contains(↓#/Ti.*c/#) }"##),
            Example(#"#Predicate<Movie> { $0.name.↓firstMatch(of: /Ti/) != nil }"#, failsAt: .build),
            Example(#"#Predicate<Movie> { $0.name.↓wholeMatch(of: /Titanic/) != nil }"#, failsAt: .build),
            Example(#"#Predicate<Movie> { $0.name.contains(↓Regex { "Titanic" }) }"#, failsAt: .build),
            Example("""
            let pattern = /Titanic/
            let predicate = #Predicate<Movie> { $0.name.contains(↓pattern) }
            """),
            Example("#Predicate<Movie> { $0.name.contains(↓titlePattern) }",
                    files: [ExampleFile("Patterns.swift", "nonisolated(unsafe) let titlePattern = /Titanic/")]),
        ],
        nonTriggering: [
            Example(#"#Predicate<Movie> { $0.name.localizedStandardContains("Titanic") }"#),
            // A plain struct is evaluated in memory, where regular expressions work (from iOS 18:
            // `availability` says so for older targets).
            Example("""
            struct Ticket { var title = "" }
            let predicate = #Predicate<Ticket> { $0.title.contains(/Heat/) }
            """, deploymentTarget: DeploymentTarget(parsing: "iOS 18, macOS 15")),
            Example("""
            let movies: [Movie] = []
            let matches = movies.filter { $0.name.contains(/Titanic/) }
            """),
            Example("""
            let pattern = "Titanic"
            let predicate = #Predicate<Movie> { $0.name.localizedStandardContains(pattern) }
            """),
            Example("""
            let pattern = /Titanic/
            func search(_ pattern: String) -> Predicate<Movie> {
                #Predicate { $0.name.localizedStandardContains(pattern) }
            }
            """),
        ],
        corrections: [
            // A literal with no pattern syntax matches exactly its text: as a string, the store runs it.
            (Example(#"#Predicate<Movie> { $0.name.contains(↓/Titanic 2/) }"#), #"#Predicate<Movie> { $0.name.contains("Titanic 2") }"#),
        ])

    public init() {}

    static let matchMethods: Set<String> = ["firstMatch", "wholeMatch", "prefixMatch", "matches"]

    /// `contains(/Titanic/)` → `contains("Titanic")`: a `/…/` literal of letters, digits, spaces
    /// and punctuation with no meaning in a pattern matches exactly its text, as the string does.
    static func plainTextCorrection(_ literal: RegexLiteralExprSyntax) -> Correction? {
        let pattern = literal.regex.text
        guard literal.openingPounds == nil, !pattern.isEmpty, pattern.first != " ", pattern.last != " ",
              pattern.allSatisfy({ $0.isLetter || $0.isNumber || plainPunctuation.contains($0) }),
              let argument = literal.parent?.as(LabeledExprSyntax.self), argument.label == nil,
              let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self), call.arguments.count == 1,
              call.calleeName == "contains", call.receiver != nil else { return nil }
        return Correction(title: "Match the text as a string", edits: [TextEdit(replacing: literal, with: "\"\(pattern)\"")])
    }

    /// Characters that mean nothing in a regex pattern outside a character class.
    static let plainPunctuation: Set<Character> = [" ", "-", "_", "'", ",", ":", ";", "!", "@", "%", "&", "=", "<", ">", "~"]

    public func check(_ context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        let advice = "match with `localizedStandardContains(_:)` or `starts(with:)`, or filter the results in memory"
        let message = "Regular expressions are not supported in a predicate; " + advice
        // Calls first: a finding on `firstMatch(of: /re/)` accounts for the literal inside it.
        for call in context.facts.calls {
            guard let token = call.calleeToken else { continue }
            let isRegexInitializer = call.isRegexInitializer
            let isMatchMethod = Self.matchMethods.contains(token.text) && call.receiver != nil
            if isRegexInitializer || isMatchMethod {
                findings.append(context.finding(self, at: token, message: message, covering: [Syntax(call)]))
            }
        }
        // A regex value builds; it fails only where SwiftData runs the predicate.
        guard context.reports(Self.regexValue) else { return findings }
        for literal in context.facts.regexLiterals {
            guard let token = literal.firstToken(viewMode: .sourceAccurate) else { continue }
            findings.append(context.finding(self, at: token, message: message, correction: Self.plainTextCorrection(literal)))
        }
        for reference in context.facts.references where context.isCapturedRegex(reference) {
            findings.append(context.finding(
                self, at: reference.baseName,
                message: "`\(reference.baseName.text)` is a regular expression, which a predicate cannot use; " + advice))
        }
        return findings
    }
}
