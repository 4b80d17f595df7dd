import PredicateLintCore

/// `predicate-lint explain RULE`: why a rule exists and how to fix what it finds.
enum ExplainSubcommand {
    static let subcommand = Subcommand(
        name: "explain", usage: "predicate-lint explain RULE", help: "Show why a rule exists and how to fix what it finds.",
        argument: .choice(RuleRegistry.descriptions.map(\.id)),
        parse: { arguments throws(UsageError) in
            guard arguments.count == 1, let id = arguments.first else {
                throw UsageError(message: "`explain` takes one rule id; `predicate-lint rules` lists them")
            }
            return .explain(ruleID: id)
        })

    static func run(ruleID id: String) -> CommandOutput {
        guard let description = RuleRegistry.description(of: id) else {
            return CommandOutput(standardError: "error: no rule '\(id)'; `predicate-lint rules` lists them\n", exitCode: 2)
        }
        return CommandOutput(standardOutput: RuleDocumentation.explanation(of: description))
    }
}
