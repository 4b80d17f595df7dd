import Foundation
import PredicateLintCore

/// What `.predicate-lint.json` says, checked against the rules that exist.
public struct Configuration: Sendable, Equatable {
    public static let fileName = ".predicate-lint.json"

    public var disabledRules: [String] = []
    public var optInRules: [String] = []
    public var onlyRules: [String]?
    public var severities: [String: Severity] = [:]
    public var included: [Glob] = []
    public var excluded: [Glob] = []
    public var deploymentTarget: DeploymentTarget?
    /// The file it was read from, whose folder the globs are relative to; nil for the defaults.
    public var path: String?
    /// Retired rules it names (they are left out of the lists above).
    public var retiredRules: Set<String> = []
    /// What a run does with its findings, for where flags cannot be passed (the build plugins,
    /// Xcode Cloud). Read from the run's own configuration only (`LintOptions.withRunSettings`);
    /// flags win.
    public var strict = false
    /// `baseline`, made absolute against the configuration's folder.
    public var baselinePath: String?
    public var strictBaseline = false

    public init() {}

    /// Every key a configuration may hold, with what it does: `--help` and errors list them.
    public static let keys: [(name: String, summary: String)] = [
        ("disabled_rules", "rule ids not to run"),
        ("opt_in_rules", "opt-in rule ids to run too"),
        ("only_rules", "run exactly these rule ids (not with the two above)"),
        ("severity", #"{"rule-id": "warning" or "error"}: override a rule's severity"#),
        ("included", "globs: check only files that match (relative to the file's folder)"),
        ("excluded", "globs: skip files that match; wins over included"),
        ("deployment_target", #"the oldest OS the app supports, e.g. "iOS 17.0" or "macOS 14""#),
        ("strict", "true: warnings count as errors (as --strict)" + runWide),
        ("baseline", "a baseline file, relative to this file's folder (as --baseline)" + runWide),
        ("strict_baseline", "true: also fail when baselined findings were fixed (as --strict-baseline)" + runWide),
    ]

    /// The keys that apply to a whole run are read where the run starts.
    static let runWide = "; read from --config, else the configuration of the folder the run starts in, else the first path's"

    /// A configuration problem, with where it is.
    public struct Failure: Error, Equatable, CustomStringConvertible {
        public let path: String
        public let line: Int?
        public let message: String

        public var description: String { "error: \(path)\(line.map { ":\($0)" } ?? ""): \(message)" }
    }

    public static func parse(_ text: String, path: String) throws(Failure) -> Configuration {
        let json: JSON
        do {
            json = try JSON.parse(text)
        } catch {
            throw Failure(path: path, line: error.line, message: "not valid JSON (\(error.message), column \(error.column))")
        }
        guard case .object(let entries) = json else {
            throw Failure(path: path, line: 1, message: "the configuration must be a JSON object: { \"disabled_rules\": [...], ... }")
        }
        var configuration = Configuration()
        configuration.path = path
        for entry in entries {
            let (key, line, value) = (entry.key, entry.line, entry.value)
            func fail(_ message: String) -> Failure { Failure(path: path, line: line, message: "\"\(key)\": \(message)") }
            switch key {
            case "disabled_rules": configuration.disabledRules = try ruleIDs(value, fail, retired: &configuration.retiredRules)
            case "opt_in_rules": configuration.optInRules = try ruleIDs(value, fail, retired: &configuration.retiredRules)
            case "only_rules": configuration.onlyRules = try ruleIDs(value, fail, retired: &configuration.retiredRules)
            case "included": configuration.included = try strings(value, fail).map(Glob.init)
            case "excluded": configuration.excluded = try strings(value, fail).map(Glob.init)
            case "severity":
                guard case .object(let severities) = value else { throw fail("expected an object of rule ids and \"warning\" or \"error\"") }
                for severity in severities {
                    let (rule, level) = (severity.key, severity.value)
                    if RetiredRules.reasons[rule] != nil {
                        configuration.retiredRules.insert(rule)
                        continue
                    }
                    guard RuleRegistry.description(of: rule) != nil else { throw fail(unknownRule(rule)) }
                    guard case .string(let name) = level, let severity = Severity(rawValue: name) else {
                        throw fail("the severity of \(rule) must be \"warning\" or \"error\"")
                    }
                    configuration.severities[rule] = severity
                }
            case "deployment_target":
                guard case .string(let text) = value, let target = DeploymentTarget(parsing: text) else {
                    throw fail("expected a platform and version such as \"iOS 17.0\" or \"macOS 14\"")
                }
                configuration.deploymentTarget = target
            case "strict", "strict_baseline":
                guard case .bool(let flag) = value else { throw fail("expected true or false") }
                if key == "strict" { configuration.strict = flag } else { configuration.strictBaseline = flag }
            case "baseline":
                guard case .string(let file) = value, !file.isEmpty else { throw fail("expected the path of a baseline file") }
                configuration.baselinePath = URL(fileURLWithPath: file, relativeTo: URL(fileURLWithPath: Paths.folder(of: path), isDirectory: true))
                    .standardizedFileURL.path
            default:
                throw Failure(path: path, line: line, message: "unknown key \"\(key)\"; the keys are \(keys.map(\.name).joined(separator: ", "))")
            }
        }
        if configuration.onlyRules != nil && !(configuration.disabledRules.isEmpty && configuration.optInRules.isEmpty) {
            throw Failure(path: path, line: nil, message: "only_rules cannot be combined with disabled_rules or opt_in_rules")
        }
        return configuration
    }

    private static func strings(_ value: JSON, _ fail: (String) -> Failure) throws(Failure) -> [String] {
        guard case .array(let elements) = value else { throw fail("expected a list of strings") }
        var result: [String] = []
        for element in elements {
            guard case .string(let text) = element else { throw fail("expected a list of strings") }
            result.append(text)
        }
        return result
    }

    /// The rule ids of a list; retired ones are noted apart, unknown ones are an error.
    private static func ruleIDs(_ value: JSON, _ fail: (String) -> Failure, retired: inout Set<String>) throws(Failure) -> [String] {
        let ids = try strings(value, fail)
        retired.formUnion(ids.filter { RetiredRules.reasons[$0] != nil })
        let current = ids.filter { RetiredRules.reasons[$0] == nil }
        if let unknown = current.first(where: { RuleRegistry.description(of: $0) == nil }) { throw fail(unknownRule(unknown)) }
        return current
    }

    private static func unknownRule(_ id: String) -> String {
        "no rule named \"\(id)\"; `predicate-lint rules` lists them"
    }

    // MARK: What it means

    /// The rules that run: every default rule, plus opt-in ones asked for, less disabled ones;
    /// or exactly `only_rules`.
    public func enabledRuleIDs(enableAllRules: Bool = false) -> [String] {
        RuleRegistry.descriptions.map(\.id).filter { id in
            if let only = onlyRules { return only.contains(id) }
            if disabledRules.contains(id) { return false }
            let isOptIn = RuleRegistry.description(of: id)?.isOptIn ?? false
            return !isOptIn || enableAllRules || optInRules.contains(id)
        }
    }

    public func linter(enableAllRules: Bool = false, deploymentTarget: DeploymentTarget = .swiftDataMinimum) -> Linter {
        let enabled = Set(enabledRuleIDs(enableAllRules: enableAllRules))
        return Linter(
            rules: RuleRegistry.all.filter { enabled.contains($0.description.id) }.map { $0.init() },
            severities: severities, deploymentTarget: self.deploymentTarget ?? deploymentTarget)
    }

    /// Whether a file is linted under this configuration: in `included` (when given) and not
    /// in `excluded`. Globs match the file's place, not its spelling: a file named through a
    /// link to the configuration's folder (`--config`) is matched where it really is.
    public func covers(_ file: String) -> Bool {
        guard let path else { return true }
        let folder = Paths.folder(of: path)
        let relative = Paths.relative(file, to: folder)
            ?? Paths.real(file).flatMap { real in Paths.real(folder).flatMap { Paths.relative(real, to: $0) } }
            ?? URL(fileURLWithPath: file).standardizedFileURL.path
        if !included.isEmpty && !included.contains(where: { $0.matches(relative) }) { return false }
        return !excluded.contains { $0.matches(relative) }
    }

    /// Every setting with defaults filled in, and the deployment target that applies with where
    /// it comes from: what `config --effective` prints.
    public func effectiveJSON(enableAllRules: Bool = false, deploymentTarget applied: AppliedDeploymentTarget? = nil) -> String {
        let enabled = enabledRuleIDs(enableAllRules: enableAllRules)
        let severities = enabled.map { id in
            JSON.Member(key: id, value: .string((self.severities[id] ?? RuleRegistry.description(of: id)?.severity ?? .warning).rawValue))
        }
        let document: JSON = [
            "source": path.map(JSON.string) ?? .null,
            "enabled_rules": .array(enabled.map(JSON.string)),
            "severity": .object(severities),
            "included": .array(included.map { .string($0.pattern) }),
            "excluded": .array(excluded.map { .string($0.pattern) }),
            "deployment_target": (applied?.target ?? deploymentTarget).map { .string($0.description) } ?? .null,
            "deployment_target_source": applied.map { .string($0.source) } ?? .null,
            "strict": .bool(strict),
            "baseline": baselinePath.map(JSON.string) ?? .null,
            "strict_baseline": .bool(strictBaseline),
        ]
        return document.serialized() + "\n"
    }
}
