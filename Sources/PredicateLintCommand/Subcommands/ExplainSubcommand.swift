import PredicateLintCore

/// `predicate-lint explain RULE`: why a rule exists and how to fix what it finds.
enum ExplainSubcommand {
    static let subcommand = Subcommand(
        name: "explain", usage: "predicate-lint explain RULE | --query FILE:LINE [--config FILE]",
        help: "Show why a rule exists and how to fix what it finds; with --query, what the predicates on a line become in SwiftData's store.",
        argument: .choice(RuleRegistry.descriptions.map { LintOption.Choice($0.id, $0.summary) }
            + [LintOption.Choice("--query", "what the predicates and query key paths at FILE:LINE become in the store")]),
        parse: { arguments throws(UsageError) in
            if arguments.first == "--query" { return try parseQuery(Array(arguments.dropFirst())) }
            guard arguments.count == 1, let id = arguments.first else {
                throw UsageError(message: "`explain` takes one rule id (`predicate-lint rules` lists them), or --query FILE:LINE")
            }
            return .explain(ruleID: id)
        })

    /// `FILE:LINE [--config FILE]`; the file's name may itself hold colons.
    static func parseQuery(_ arguments: [String]) throws(UsageError) -> Invocation {
        var rest = arguments
        let configPath = try rest.takeValue(of: "--config")
        guard rest.count == 1, let place = rest.first, let colon = place.lastIndex(of: ":"),
              let line = Int(place[place.index(after: colon)...]), line > 0, colon != place.startIndex else {
            throw UsageError(message: "`explain --query` takes one FILE:LINE, such as Sources/Store.swift:42")
        }
        return .explainQuery(path: String(place[..<colon]), line: line, configPath: configPath)
    }

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
