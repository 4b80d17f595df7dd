import SwiftSyntax

/// Runs rules over every predicate of a file, and over what its queries hand SwiftData beside them. Pure: a `SourceFile` in, findings out.
public struct Linter: Sendable {
    public let rules: [any Rule]
    /// Severities the configuration sets in place of the rules' own.
    public let severities: [String: Severity]
    /// The app's oldest systems; SwiftData's oldest when the project says nothing.
    public let deploymentTarget: DeploymentTarget

    /// `rules` in claiming order: see `RuleRegistry`. By default every rule that is not opt-in.
    public init(rules: [any Rule] = RuleRegistry.all.filter { !$0.description.isOptIn }.map { $0.init() },
                severities: [String: Severity] = [:], deploymentTarget: DeploymentTarget = .swiftDataMinimum) {
        self.rules = rules
        self.severities = severities
        self.deploymentTarget = deploymentTarget
    }

    /// Lints one file against the models of all the files being linted.
    public func lint(_ file: SourceFile, models: ModelIndex) -> [Finding] {
        lint(file, models: models, until: nil) ?? []
    }

    /// Lints one file, giving up once `deadline` has passed: nil then. Checked before each
    /// predicate and query site, so a file of thousands of predicates stops within one of
    /// them (parsing the file is not interrupted; `ParseGuard` bounds it). For the servers,
    /// which must answer other documents while a hostile one is open.
    public func lint(_ file: SourceFile, models: ModelIndex, until deadline: ContinuousClock.Instant?) -> [Finding]? {
        guard file.isCheckable else { return [] }
        func pastDeadline() -> Bool { deadline.map { ContinuousClock.now >= $0 } ?? false }
        let predicateRules = rules.compactMap { $0 as? any PredicateRule }
        var findings: [Finding] = []
        let fileFacts = FileFacts(file: file)
        for site in PredicateSiteFinder.sites(in: file.tree) {
            if pastDeadline() { return nil }
            let facts = PredicateFacts(site: site)
            let context = RuleContext(
                file: file, site: site, facts: facts, models: models,
                keyPaths: KeyPathResolution(site: site, facts: facts, index: models, fileScope: fileFacts),
                deploymentTarget: deploymentTarget, fileFacts: fileFacts)
            findings += Self.oneFindingPerConstruct(predicateRules.map { rule in { rule.check(context) } })
        }
        let keyPathRules = rules.compactMap { $0 as? any KeyPathRule }
        let fetchRules = rules.compactMap { $0 as? any FetchCallRule }
        let querySites = keyPathRules.isEmpty && fetchRules.isEmpty ? (keyPaths: [], fetchCalls: []) : QueryKeyPathFinder.sites(in: file.tree)
        for keyPath in querySites.keyPaths {
            if pastDeadline() { return nil }
            let context = KeyPathContext(file: file, keyPath: keyPath, models: models,
                                         resolution: QueryKeyPathResolution(keyPath: keyPath, index: models),
                                         deploymentTarget: deploymentTarget)
            findings += Self.oneFindingPerConstruct(keyPathRules.map { rule in { rule.check(context) } })
        }
        for fetch in querySites.fetchCalls {
            if pastDeadline() { return nil }
            let context = FetchCallContext(file: file, fetch: fetch, deploymentTarget: deploymentTarget)
            findings += Self.oneFindingPerConstruct(fetchRules.map { rule in { rule.check(context) } })
        }
        let suppressions = Suppressions(file: file)
        let (unsuppressed, used) = suppressions.removingSuppressed(findings)
        var kept = unsuppressed
        // Suppression rules judge the comments once they have done their work; a comment can
        // silence their findings too.
        let context = SuppressionContext(file: file, suppressions: suppressions, usedCommands: used,
                                         runningRuleIDs: Set(rules.map { type(of: $0).description.id }))
        for rule in rules.compactMap({ $0 as? any SuppressionRule }) {
            kept += suppressions.removingSuppressed(rule.check(context)).kept
        }
        return kept.map { severities[$0.ruleID].map($0.with(severity:)) ?? $0 }
            .sorted { ($0.offset, $0.ruleID) < ($1.offset, $1.ruleID) }
    }

    /// One construct, one finding: the first rule to report a token claims it, along with the
    /// tokens its finding covers. `checks` run in the registry's order.
    static func oneFindingPerConstruct(_ checks: [() -> [Finding]]) -> [Finding] {
        var claimed: Set<Int> = []
        var kept: [Finding] = []
        for check in checks {
            for finding in check() where !claimed.contains(finding.offset) {
                claimed.formUnion(finding.coveredOffsets)
                kept.append(finding)
            }
        }
        return kept
    }

    /// Lints files that make up one program: the models of each are known to all.
    public func lint(_ files: [SourceFile]) -> [Finding] {
        // Each file against what its SwiftPM module sees, where the files hold manifests.
        let indexes = ModuleScopedIndexes(files: files.map { (path: $0.path, declarations: FileDeclarations(file: $0)) },
                                          modules: SourceModules(files: files))
        return files.flatMap { lint($0, models: indexes.index(for: $0.path)) }
    }

    /// Convenience for callers holding one file's text: parses, then lints it on its own.
    public func lint(text: String, path: String) -> [Finding] {
        lint([SourceFile(path: path, text: text)])
    }
}
