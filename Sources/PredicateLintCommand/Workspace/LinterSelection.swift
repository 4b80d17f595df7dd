import Foundation
import PredicateLintCore

/// The linter for each configuration and deployment target, made once.
final class LinterSelection: @unchecked Sendable {
    private let enableAllRules: Bool
    private let onlyRules: [String]
    private var byConfiguration: [String: SelectedLinter] = [:]
    private let lock = NSLock()

    init(enableAllRules: Bool, onlyRules: [String] = []) {
        self.enableAllRules = enableAllRules
        self.onlyRules = onlyRules
    }

    func linter(for configuration: Configuration, target: DeploymentTarget) -> SelectedLinter {
        let key = "\(configuration.path ?? "")|\(target)"
        if let known = lock.withLock({ byConfiguration[key] }) { return known }
        var configuration = configuration
        if !onlyRules.isEmpty {
            // `--only-rule` replaces the configuration's choice of rules; its severities stay.
            (configuration.onlyRules, configuration.disabledRules, configuration.optInRules) = (onlyRules, [], [])
        }
        let selected = SelectedLinter(configuration: configuration, enableAllRules: enableAllRules, deploymentTarget: target)
        lock.withLock { byConfiguration[key] = selected }
        return selected
    }

    /// Forgets every linter: a configuration changed.
    func forget() {
        lock.withLock { byConfiguration = [:] }
    }
}

/// The rules that check a file, as its configuration chooses them, for its deployment target.
public struct SelectedLinter: Sendable {
    public let linter: Linter
    /// Everything about the configuration and the target that can change a finding, as the
    /// SHA-256 digest every other part of a cache key is: with a 64-bit hash, two crafted
    /// configurations could share their cached findings.
    public let configurationDigest: String

    init(configuration: Configuration, enableAllRules: Bool, deploymentTarget: DeploymentTarget) {
        linter = configuration.linter(enableAllRules: enableAllRules, deploymentTarget: deploymentTarget)
        configurationDigest = SHA256.digest([configuration.effectiveJSON(enableAllRules: enableAllRules), linter.deploymentTarget.description]).description
    }
}
