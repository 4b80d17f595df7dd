import SwiftSyntax

/// `x!` inside a predicate.
public struct ForceUnwrapRule: PredicateRule {
    static let forceUnwrap = RuleCase(
        "a force unwrap of a value read from the model", failsAt: .runtime,
        evidence: StoreLimit.limit(.forcedUnwrapOfStoredValue).evidence)

    public static let description = RuleDescription(
        id: "force-unwrap",
        severity: .warning,
        summary: "Unwrap optionals with `?.`, `??` or `if let`, not `!`, in a predicate",
        rationale: """
            A force unwrap of a model's property builds, but the conversion SwiftData hands \
            its store has no translation for `!`, so the fetch throws ("The \
            'Foundation.PredicateExpressions.ForcedUnwrap' operator is not supported"), and \
            under `try?` the result is simply empty. A captured optional unwrapped inside the \
            predicate (`search!`) reads nothing from the store: SwiftData works it out before \
            the query runs, and it is not reported. Use an optional chain with a default \
            (`$0.subtitle?.starts(with: x) ?? false`), or `if let subtitle = $0.subtitle { … } \
            else { false }`.
            """,
        cases: [forceUnwrap],
        triggering: [
            Example(#"#Predicate<Movie> { $0.subtitle↓!.starts(with: "The") }"#),
            Example(#"#Predicate<Movie> { $0.director↓!.name == "Nolan" }"#),
        ],
        nonTriggering: [
            // A plain struct is evaluated in memory, where force unwraps are evaluated as Swift does.
            Example("""
            struct Ticket { var note: String? = "" }
            let predicate = #Predicate<Ticket> { $0.note!.isEmpty }
            """),
            Example(#"#Predicate<Movie> { $0.subtitle?.starts(with: "The") ?? false }"#),
            Example(#"#Predicate<Movie> { if let subtitle = $0.subtitle { subtitle.starts(with: "The") } else { false } }"#),
            Example("#Predicate<Movie> { !$0.isFavorite && $0.year != 2000 }"),
            // A captured value, not a key path into the store: nothing says the store refuses it.
            Example("""
            func movies(matching search: String?) -> Predicate<Movie> {
                #Predicate<Movie> { search == nil || $0.name.localizedStandardContains(search!) }
            }
            """),
        ])

    public init() {}

    public func check(_ context: RuleContext) -> [Finding] {
        guard context.reports(Self.forceUnwrap), context.bodyMentions(["!"]) else { return [] }
        return context.storeTerms(.forcedUnwrapOfStoredValue).compactMap { term in
            guard let unwrap = term.source.as(ForceUnwrapExprSyntax.self) else { return nil }
            return context.finding(
                self, at: unwrap.exclamationMark,
                message: "SwiftData rejects force unwraps when it runs a predicate; use `?.` with `??`, or `if let`")
        }
    }
}
