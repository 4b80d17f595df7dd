import SwiftSyntax

/// `hasPrefix(_:)`, which predicates reject, where `starts(with:)` does the same job.
public struct HasPrefixRule: PredicateRule {
    static let hasPrefix = RuleCase(
        "`hasPrefix(_:)`", failsAt: .build,
        evidence: .checkedAgainstMacro("the macro's own diagnostic offers this fix-it"))

    public static let description = RuleDescription(
        id: "has-prefix",
        severity: .error,
        summary: "Use `starts(with:)` instead of `hasPrefix(_:)` in a predicate",
        rationale: """
            `hasPrefix(_:)` is not one of the calls a predicate can contain, so the macro rejects \
            the build. `starts(with:)` tests the same thing and SwiftData translates it.
            """,
        cases: [hasPrefix],
        triggering: [
            Example(#"#Predicate<Website> { $0.url.↓hasPrefix("https://apple.com") }"#),
            Example(#"#Predicate<Movie> { $0.cast.contains { $0.name.↓hasPrefix("A") } }"#),
            Example("""
            let prefix = "The "
            let predicate = #Predicate<Movie> { movie in movie.year > 2000 && movie.name.↓hasPrefix(prefix) }
            """),
        ],
        nonTriggering: [
            Example(#"#Predicate<Website> { $0.url.starts(with: "https://apple.com") }"#),
            Example("""
            let websites: [Website] = []
            let secure = websites.filter { $0.url.hasPrefix("https") }
            """),
            Example("""
            let prefix = "https://apple.com".hasPrefix("https") ? "https://" : "http://"
            let predicate = #Predicate<Website> { $0.url.starts(with: prefix) }
            """),
        ],
        corrections: [
            (Example(#"#Predicate<Website> { $0.url.↓hasPrefix("https://apple.com") }"#),
             #"#Predicate<Website> { $0.url.starts(with: "https://apple.com") }"#),
            (Example(#"#Predicate<Movie> { $0.cast.contains { $0.name.↓hasPrefix( "A" ) } }"#),
             #"#Predicate<Movie> { $0.cast.contains { $0.name.starts( with: "A" ) } }"#),
        ])

    public init() {}

    public func check(_ context: RuleContext) -> [Finding] {
        context.facts.calls.compactMap { call in
            guard let name = call.calleeToken, name.text == "hasPrefix",
                  call.receiver != nil else { return nil }
            var correction: Correction?
            if call.arguments.count == 1, let argument = call.arguments.first, argument.label == nil,
               call.trailingClosure == nil {
                correction = Correction(title: "Use starts(with:)", edits: [
                    TextEdit(replacing: name, with: "starts"),
                    TextEdit(range: argument.positionAfterSkippingLeadingTrivia.utf8Offset
                                ..< argument.positionAfterSkippingLeadingTrivia.utf8Offset,
                             replacement: "with: "),
                ])
            }
            return context.finding(
                self, at: name,
                message: "`hasPrefix(_:)` is not supported in a predicate; use `starts(with:)`",
                correction: correction)
        }
    }
}
