import PredicateLintCore

/// `predicate-lint explain RULE`: why a rule exists and how to fix what it finds.
enum ExplainSubcommand {
    static let subcommand = Subcommand(
        name: "explain", usage: "predicate-lint explain RULE", help: "Show why a rule exists and how to fix what it finds.",
        argument: .choice(RuleRegistry.descriptions.map { LintOption.Choice($0.id, $0.summary) }),
        parse: { arguments throws(UsageError) in
            guard arguments.count == 1, let id = arguments.first else {
                throw UsageError(message: "`explain` takes one rule id; `predicate-lint rules` lists them")
            }
            return .explain(ruleID: id)
        })

    static func run(ruleID id: String) -> CommandOutput {
        if let retired = retiredExplanation(of: id) { return CommandOutput(standardOutput: retired) }
        guard let description = RuleRegistry.description(of: id) else {
            return CommandOutput(standardError: "error: no rule '\(id)'; `predicate-lint rules` lists them\n", exitCode: 2)
        }
        return CommandOutput(standardOutput: RuleDocumentation.explanation(of: description))
    }

    /// What `explain` says of a rule that no longer exists: that it is gone, and why.
    static func retiredExplanation(of id: String) -> String? {
        RetiredRules.reasons[id].map { reason in
            "\(id) (retired)\n\nThis rule no longer exists: \(reason). Configurations and comments that name it get a note "
                + "and are otherwise ignored; remove it from them.\n"
        }
    }
}
