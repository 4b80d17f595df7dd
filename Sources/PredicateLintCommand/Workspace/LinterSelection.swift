import Foundation
import PredicateLintCore

/// The linter for each configuration and deployment target, as a value: made once for the
/// pairs a run knows it will need (`making`); one it does not know is made afresh.
struct LinterSelection: Sendable {
    private let enableAllRules: Bool
    private let onlyRules: [String]
    private var byConfiguration: [String: SelectedLinter] = [:]

    init(enableAllRules: Bool, onlyRules: [String] = []) {
        self.enableAllRules = enableAllRules
        self.onlyRules = onlyRules
    }

    func linter(for configuration: Configuration, target: DeploymentTarget) -> SelectedLinter {
        byConfiguration[Self.key(configuration, target)] ?? make(configuration, target)
    }

    /// This selection with a linter for each of `pairs`.
    func making(_ pairs: [(configuration: Configuration, target: DeploymentTarget)]) -> LinterSelection {
        var selection = self
        for (configuration, target) in pairs where selection.byConfiguration[Self.key(configuration, target)] == nil {
            selection.byConfiguration[Self.key(configuration, target)] = make(configuration, target)
        }
        return selection
    }

    /// This selection with the linters `other` made that this one has not.
    func fillingIn(from other: LinterSelection) -> LinterSelection {
        var filled = self
        filled.byConfiguration.merge(other.byConfiguration) { mine, _ in mine }
        return filled
    }

    /// This selection with no linter made: a configuration changed.
    func forgotten() -> LinterSelection {
        LinterSelection(enableAllRules: enableAllRules, onlyRules: onlyRules)
    }

    private static func key(_ configuration: Configuration, _ target: DeploymentTarget) -> String {
        "\(configuration.path ?? "")|\(target)"
    }

    private func make(_ configuration: Configuration, _ target: DeploymentTarget) -> SelectedLinter {
        var configuration = configuration
        if !onlyRules.isEmpty {
            // `--only-rule` replaces the configuration's choice of rules; its severities stay.
            (configuration.onlyRules, configuration.disabledRules, configuration.optInRules) = (onlyRules, [], [])
        }
        return SelectedLinter(configuration: configuration, enableAllRules: enableAllRules, deploymentTarget: target)
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
