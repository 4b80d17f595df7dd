import SwiftSyntax

/// Runs rules over every predicate of a file. Pure: a `SourceFile` in, findings out.
public struct Linter: Sendable {
    public let rules: [any PredicateRule]

    /// `rules` in claiming order: see `RuleRegistry`.
    public init(rules: [any PredicateRule] = RuleRegistry.all.map { $0.init() }) {
        self.rules = rules
    }

    public func lint(_ file: SourceFile) -> [Finding] {
        let suppressions = Suppressions(file: file)
        var findings: [Finding] = []
        for site in PredicateSiteFinder.sites(in: file.tree) {
            let context = RuleContext(file: file, site: site, facts: PredicateFacts(site: site))
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

    /// Convenience for callers holding text: parses, then lints.
    public func lint(text: String, path: String) -> [Finding] {
        lint(SourceFile(path: path, text: text))
    }
}
