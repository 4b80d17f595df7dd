/// A `predicate-lint:disable` comment that silences nothing, or that names no rule, reported so
/// that suppressions do not outlive the code they were written for.
public struct SuperfluousDisableRule: SuppressionRule {
    static let unusedSuppression = RuleCase(
        "a suppression that silences nothing", failsAt: .never,
        evidence: .notAClaim("SwiftLint has the same check (`superfluous_disable_command`), and its users rely on it"))

    public static let description = RuleDescription(
        id: "superfluous-disable",
        severity: .warning,
        summary: "A `predicate-lint:disable` comment that silences nothing",
        rationale: """
            A suppression comment is a promise that a finding is known and accepted. Once the \
            code it covered is fixed or moved, the comment silences nothing, and later it may \
            hide a new problem nobody has looked at. Remove it, or move it next to the finding. \
            A comment that names a rule that does not exist is reported too. A comment that \
            names only rules that are not running cannot be judged, and is left alone.
            """,
        cases: [unusedSuppression],
        scope: .suppressionComments,
        triggering: [
            Example("""
            ↓// predicate-lint:disable:next boolean-comparison - nothing to silence any more
            let predicate = #Predicate<Movie> { !$0.cast.isEmpty }
            """),
            Example("""
            ↓// predicate-lint:disable:next has-prefx
            let predicate = #Predicate<Website> { $0.url.starts(with: "https") }
            """),
        ],
        nonTriggering: [
            Example("""
            // predicate-lint:disable:next boolean-comparison - fetched in memory, see #42
            let predicate = #Predicate<Movie> { $0.cast.isEmpty == false }
            """),
        ])

    public init() {}

    public func check(_ context: SuppressionContext) -> [Finding] {
        var findings: [Finding] = []
        for (index, command) in context.suppressions.commands.enumerated() where command.isDisabling {
            // A comment that silences this rule is not judged by it.
            guard !command.rules.contains(Self.description.id) else { continue }
            // A retired rule is said once by the command line, not reported on every comment.
            let named = command.rules.filter { RetiredRules.reasons[$0] == nil }
            guard !named.isEmpty else { continue }
            if let unknown = named.first(where: { $0 != "all" && RuleRegistry.rule(withID: $0) == nil }) {
                findings.append(context.finding(
                    self, at: command, message: "There is no rule named `\(unknown)`; `predicate-lint rules` lists them"))
            } else if !context.usedCommands.contains(index),
                      named.contains(where: { $0 == "all" || context.runningRuleIDs.contains($0) }) {
                findings.append(context.finding(
                    self, at: command,
                    message: "This `\(command.action) \(command.rules.joined(separator: " "))` silences nothing; "
                        + "remove it, or move it to the finding it is for"))
            }
        }
        return findings
    }
}
