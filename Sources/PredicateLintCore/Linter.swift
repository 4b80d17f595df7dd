import SwiftSyntax

/// Runs rules over every predicate of a file. Pure: a `SourceFile` in, findings out.
public struct Linter: Sendable {
    public let rules: [any PredicateRule]
    /// Severities the configuration sets in place of the rules' own.
    public let severities: [String: Severity]
    public let deploymentTarget: DeploymentTarget?
    /// Whether to report `predicate-lint:disable` comments that silence nothing.
    public let reportsSuperfluousDisables: Bool

    /// `rules` in claiming order: see `RuleRegistry`. By default every rule that is not opt-in.
    public init(rules: [any PredicateRule] = RuleRegistry.all.filter { !$0.description.isOptIn }.map { $0.init() },
                severities: [String: Severity] = [:], deploymentTarget: DeploymentTarget? = nil,
                reportsSuperfluousDisables: Bool = true) {
        self.rules = rules
        self.severities = severities
        self.deploymentTarget = deploymentTarget
        self.reportsSuperfluousDisables = reportsSuperfluousDisables
    }

    /// Lints one file against the models of all the files being linted.
    public func lint(_ file: SourceFile, models: ModelIndex) -> [Finding] {
        guard !file.isTooDeep else { return [] }
        let suppressions = Suppressions(file: file)
        var findings: [Finding] = []
        for site in PredicateSiteFinder.sites(in: file.tree) {
            let facts = PredicateFacts(site: site)
            let context = RuleContext(
                file: file, site: site, facts: facts, models: models,
                keyPaths: KeyPathResolution(site: site, facts: facts, index: models),
                deploymentTarget: deploymentTarget)
            // One construct, one finding: the first rule to report a token claims it, along
            // with the tokens its finding covers.
            var claimed: Set<Int> = []
            for rule in rules {
                for finding in rule.check(context) where !claimed.contains(finding.offset) {
                    claimed.formUnion(finding.coveredOffsets)
                    findings.append(severities[finding.ruleID].map(finding.with(severity:)) ?? finding)
                }
            }
        }
        var usedCommands: Set<Int> = []
        var kept: [Finding] = []
        for finding in findings {
            if let command = suppressions.suppressingCommand(of: finding) {
                usedCommands.insert(command)
            } else {
                kept.append(finding)
            }
        }
        if reportsSuperfluousDisables {
            kept += superfluousDisables(in: suppressions, used: usedCommands, file: file)
                .map { severities[$0.ruleID].map($0.with(severity:)) ?? $0 }
        }
        return kept.sorted { ($0.offset, $0.ruleID) < ($1.offset, $1.ruleID) }
    }

    /// Disabling comments that silenced nothing. Rules that are not running cannot be judged,
    /// so a comment naming only those is left alone; a name that is no rule at all is reported.
    private func superfluousDisables(in suppressions: Suppressions, used: Set<Int>, file: SourceFile) -> [Finding] {
        let running = Set(rules.map { type(of: $0).description.id })
        var findings: [Finding] = []
        for (index, command) in suppressions.commands.enumerated() where Suppressions.isDisabling(command) {
            if let unknown = command.rules.first(where: { $0 != "all" && RuleCatalog.description(of: $0) == nil }) {
                findings.append(SuperfluousDisable.finding(
                    for: command, in: file, message: "There is no rule named `\(unknown)`; `predicate-lint rules` lists them"))
            } else if !used.contains(index), command.rules.contains(where: { $0 == "all" || running.contains($0) }) {
                let names = command.rules.joined(separator: " ")
                findings.append(SuperfluousDisable.finding(
                    for: command, in: file,
                    message: "This `\(command.action) \(names)` silences nothing; remove it, or move it to the finding it is for"))
            }
        }
        return findings
    }

    /// Lints files that make up one program: the models of each are known to all.
    public func lint(_ files: [SourceFile]) -> [Finding] {
        let models = ModelIndex(files: files)
        return files.flatMap { lint($0, models: models) }
    }

    /// Convenience for callers holding one file's text: parses, then lints it on its own.
    public func lint(text: String, path: String) -> [Finding] {
        lint([SourceFile(path: path, text: text)])
    }
}
