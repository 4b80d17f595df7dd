import SwiftSyntax

/// Runs rules over every predicate of a file. Pure: a `SourceFile` in, findings out.
public struct Linter: Sendable {
    public let rules: [any PredicateRule]

    /// `rules` in claiming order: see `RuleRegistry`. By default every rule that is not opt-in.
    public init(rules: [any PredicateRule] = RuleRegistry.all.filter { !$0.description.isOptIn }.map { $0.init() }) {
        self.rules = rules
    }

    /// Lints one file against the models of all the files being linted.
    public func lint(_ file: SourceFile, models: ModelIndex) -> [Finding] {
        let suppressions = Suppressions(file: file)
        var findings: [Finding] = []
        for site in PredicateSiteFinder.sites(in: file.tree) {
            let facts = PredicateFacts(site: site)
            let context = RuleContext(
                file: file, site: site, facts: facts, models: models,
                keyPaths: KeyPathResolution(site: site, facts: facts, index: models))
            // One construct, one finding: the first rule to report a token claims it, along
            // with the tokens its finding covers.
            var claimed: Set<Int> = []
            for rule in rules {
                for finding in rule.check(context) where !claimed.contains(finding.offset) {
                    claimed.formUnion(finding.coveredOffsets)
                    findings.append(finding)
                }
            }
        }
        return findings
            .filter { !suppressions.isSuppressed($0) }
            .sorted { ($0.offset, $0.ruleID) < ($1.offset, $1.ruleID) }
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
