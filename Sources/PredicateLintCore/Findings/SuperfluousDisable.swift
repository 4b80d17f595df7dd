/// A `predicate-lint:disable` comment that silences nothing, reported so that suppressions do
/// not outlive the code they were written for. Produced by the `Linter` after all rules ran,
/// so it is not a `PredicateRule`; it is configured like one.
public enum SuperfluousDisable {
    public static let description = RuleDescription(
        id: "superfluous-disable",
        severity: .warning,
        summary: "A `predicate-lint:disable` comment that silences nothing",
        rationale: """
            A suppression comment is a promise that a finding is known and accepted. Once the \
            code it covered is fixed or moved, the comment silences nothing, and later it may \
            hide a new problem nobody has looked at. Remove it, or move it next to the finding. \
            A comment that names a rule that does not exist is reported too.
            Evidence: the same check in SwiftLint (`superfluous_disable_command`), whose users \
            rely on it; checked against the macro: not applicable.
            """,
        failsAt: .runtime,
        triggering: [
            """
            ↓// predicate-lint:disable:next has-prefix - nothing to silence any more
            let predicate = #Predicate<Website> { $0.url.starts(with: "https") }
            """,
        ],
        nonTriggering: [
            """
            // predicate-lint:disable:next has-prefix - migrated next release
            let predicate = #Predicate<Website> { $0.url.hasPrefix("https") }
            """,
        ])

    static func finding(for command: Suppressions.Command, in file: SourceFile, message: String) -> Finding {
        Finding(ruleID: description.id, severity: description.severity, path: file.path,
                line: command.line, column: command.column, offset: command.offset,
                message: message, correction: nil, coveredOffsets: [])
    }
}
