import Foundation

/// `predicate-lint config --effective [--config FILE] [PATH]`: the configuration that governs
/// PATH, defaults filled in, with the deployment target that applies and where it was found.
enum ConfigSubcommand {
    static let subcommand = Subcommand(
        name: "config", usage: "predicate-lint config --effective [--config FILE] [PATH]",
        help: "Print the configuration that governs PATH, defaults filled in.", argument: .choice(["--effective"]),
        parse: { arguments throws(UsageError) in
            var rest = arguments
            guard rest.first == "--effective" else {
                throw UsageError(message: "`config` takes --effective: `predicate-lint config --effective [--config FILE] [PATH]`")
            }
            rest.removeFirst()
            let configPath = try rest.takeValue(of: "--config")
            guard rest.count <= 1 else { throw UsageError(message: "`config --effective` takes one path") }
            return .effectiveConfiguration(path: rest.first ?? ".", configPath: configPath)
        })

    /// For a folder, what governs a file directly inside it.
    static func run(path: String, configPath: String?) -> CommandOutput {
        let workspace: Workspace
        do {
            workspace = try Workspace(roots: [path], settings: Workspace.Settings(configurationPath: configPath))
        } catch {
            return CommandOutput(standardError: error.description + "\n", exitCode: 2)
        }
        let probe = workspace.governedFile(path)
        switch workspace.configuration(for: probe) {
        case .success(let configuration):
            return CommandOutput(standardOutput: configuration.effectiveJSON(deploymentTarget: workspace.deploymentTarget(for: probe)))
        case .failure(let failure):
            return CommandOutput(standardError: failure.description + "\n", exitCode: 2)
        }
    }
}
