import SwiftSyntax

/// A `Character` captured by a predicate, most often as `contains(c)`: it does not build.
public struct CapturedCharacterRule: PredicateRule {
    static let capturedCharacter = RuleCase(
        "a captured `Character`", failsAt: .build,
        evidence: .checkedAgainstMacro("swiftc 6.3.1: a `Character` is not Codable, so the captured value is no standard predicate expression"))

    public static let description = RuleDescription(
        id: "captured-character",
        severity: .error,
        summary: "A predicate cannot capture a `Character`; capture `String(c)` instead",
        rationale: """
            Every value a predicate captures must be Codable, and `Character` is not, so \
            `$0.name.contains(letter)` with `letter: Character` fails to build with an error \
            about `StandardPredicateExpression` that does not name the cause. Turning the call \
            into `localizedStandardContains(letter)` does not help: that method takes a string. \
            Capture a string before the predicate (`let text = String(letter)`) and pass `text`. \
            A character literal written in the predicate (`contains("a")`) is a string there, \
            and builds. In a file that imports RegexBuilder, a `Character` is also a regex \
            component, so `contains(letter)` builds as a regular-expression match instead \
            (see `regex`); the rule says nothing there.
            """,
        cases: [capturedCharacter],
        triggering: [
            Example("""
            let initial: Character = "K"
            let predicate = #Predicate<Actor> { $0.name.contains(↓initial) }
            """),
            Example("""
            func movies(containing letter: Character) -> Predicate<Movie> {
                #Predicate<Movie> { $0.name.contains(↓letter) }
            }
            """),
        ],
        nonTriggering: [
            Example("""
            let initial = String(Character("K"))
            let predicate = #Predicate<Actor> { $0.name.contains(initial) }
            """),
            Example(#"#Predicate<Actor> { $0.name.contains("K") }"#),
        ])

    public init() {}

    public func check(_ context: RuleContext) -> [Finding] {
        guard !context.fileFacts.importedModules.contains("RegexBuilder") else { return [] }
        return context.facts.references.compactMap { reference in
            let type = CapturedValues.declaredType(of: ExprSyntax(reference), fileScope: context.fileFacts)
            // Parameters of the predicate and its closures have no declared type here: only
            // captured names do.
            guard let type, KeyPathResolution.unwrapped(type) == .named("Character") else { return nil }
            return context.finding(
                self, at: reference.baseName,
                message: "A predicate cannot capture the `Character` `\(reference.baseName.text)` (it is not Codable); "
                    + "capture `let text = String(\(reference.baseName.text))` before the predicate and use `text`")
        }
    }
}
