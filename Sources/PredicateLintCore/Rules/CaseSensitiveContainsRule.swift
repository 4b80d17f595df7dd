import SwiftSyntax

/// `contains(_:)` on a String property of a model, where the guide asks for
/// `localizedStandardContains(_:)`.
public struct CaseSensitiveContainsRule: PredicateRule {
    static let caseSensitiveMatch = RuleCase(
        "`contains` on a model's text", failsAt: .runtime,
        evidence: .graded(.c, "the predicate guide; "
            + "Foundation's open NSPredicate converter gives `contains` on strings none of the case options it gives `localizedStandardContains`"))

    public static let description = RuleDescription(
        id: "case-sensitive-contains",
        severity: .warning,
        summary: "Match text with `localizedStandardContains(_:)`, not case-sensitive `contains(_:)`",
        rationale: """
            `contains(_:)` on a string property matches case and diacritics exactly, so a search \
            for "heat" misses "Heat" and "résumé" misses "resume". For matching what people \
            type, the guide's rule is to use `localizedStandardContains(_:)`, which SwiftData \
            translates to a case- and diacritic-insensitive query.
            """,
        cases: [caseSensitiveMatch],
        triggering: [
            Example(#"#Predicate<Movie> { $0.name.↓contains("heat") }"#),
            Example(#"#Predicate<Movie> { $0.subtitle?.↓contains("Part") == true }"#),
            Example(#"#Predicate<Movie> { $0.cast.contains { $0.name.↓contains("Kate") } }"#),
        ],
        nonTriggering: [
            Example(#"#Predicate<Movie> { $0.tags.contains("classic") }"#),
            Example(#"#Predicate<Movie> { $0.name.localizedStandardContains("heat") }"#),
            Example("""
            struct Ticket {
                var title = ""
            }
            let predicate = #Predicate<Ticket> { $0.title.contains("Heat") }
            """),
        ],
        corrections: [
            (Example(#"#Predicate<Movie> { $0.name.↓contains("heat") }"#),
             #"#Predicate<Movie> { $0.name.localizedStandardContains("heat") }"#),
            (Example(#"#Predicate<Movie> { $0.subtitle?.↓contains("Part") == true }"#),
             #"#Predicate<Movie> { $0.subtitle?.localizedStandardContains("Part") == true }"#),
        ])

    public init() {}

    public func check(_ context: RuleContext) -> [Finding] {
        guard context.reports(Self.caseSensitiveMatch) else { return [] }
        return context.facts.calls.compactMap { call in
            guard let name = call.calleeToken, name.text == "contains",
                  let argument = call.singleUnlabeledArgument, !context.isRegexValue(argument),
                  let receiver = call.receiver, Self.isModelStringProperty(receiver, context)
            else { return nil }
            return context.finding(
                self, at: name,
                message: "`contains(_:)` matches case and diacritics exactly; "
                    + "use `localizedStandardContains(_:)` to match text the way people type it",
                correction: Correction(title: "Use localizedStandardContains(_:)",
                                       edits: [TextEdit(replacing: name, with: "localizedStandardContains")]))
        }
    }

    /// `$0.name`, `$0.subtitle?`: a String property of a model.
    static func isModelStringProperty(_ receiver: ExprSyntax, _ context: RuleContext) -> Bool {
        var property = receiver
        while let inner = property.as(OptionalChainingExprSyntax.self)?.expression ?? property.as(ForceUnwrapExprSyntax.self)?.expression {
            property = inner
        }
        guard let access = property.as(MemberAccessExprSyntax.self), let base = access.base,
              context.keyPaths.isModel(base),
              let type = context.keyPaths.type(of: property) else { return false }
        return KeyPathResolution.unwrapped(type) == .named("String")
    }
}
