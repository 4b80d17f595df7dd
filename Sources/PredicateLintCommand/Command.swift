import Dispatch
import Foundation
import PredicateLintCore

/// What a run printed and how it ended. `main` writes it out; tests read it.
public struct CommandOutput: Equatable {
    public var standardOutput = ""
    public var standardError = ""
    public var exitCode: Int32 = 0
}

public enum Command {
    /// For the executable: an interrupted run removes the temporary files it was writing.
    public static func prepareForInterruption() {
        InFlightFiles.installSignalHandlers()
    }

    public static func run(_ arguments: [String], environment: CommandEnvironment = CommandEnvironment()) -> CommandOutput {
        let invocation: Invocation
        do {
            invocation = try ArgumentParser.parse(arguments)
        } catch {
            return CommandOutput(standardError: "error: \(error.message)\n", exitCode: 2)
        }
        switch invocation {
        case .help: return CommandOutput(standardOutput: ArgumentParser.helpText + "\n")
        case .version: return CommandOutput(standardOutput: ToolVersion.current + "\n")
        case .completions(let shell): return CommandOutput(standardOutput: Completions.script(for: shell))
        case .listRules: return CommandOutput(standardOutput: RuleDocumentation.table())
        case .explain(let id):
            guard let description = RuleRegistry.description(of: id) else {
                return CommandOutput(
                    standardError: "error: no rule '\(id)'; `predicate-lint rules` lists them\n", exitCode: 2)
            }
            return CommandOutput(standardOutput: RuleDocumentation.explanation(of: description))
        case .languageServer:
            return CommandOutput(exitCode: LanguageServer(input: .standardInput, output: .standardOutput).run())
        case .mcpServer:
            MCPServer(input: .standardInput, output: .standardOutput).run()
            return CommandOutput()
        case .generateDocs(let directory, let readme):
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
                let pages = RuleDocumentation.markdownPages()
                for (name, text) in pages {
                    try text.write(toFile: "\(directory)/\(name)", atomically: true, encoding: .utf8)
                }
            } catch {
                return CommandOutput(standardError: "error: \(directory): the pages could not be written there; check it is a writable folder\n", exitCode: 2)
            }
            var written = "Wrote \(Wording.count(RuleRegistry.descriptions.count + 1, "page")) to \(directory)\n"
            if let readme {
                guard let text = try? String(contentsOfFile: readme, encoding: .utf8),
                      let updated = RuleDocumentation.updatingRuleTable(in: text) else {
                    return CommandOutput(standardError: "error: \(readme): cannot be read, or has no rule-table markers "
                        + "(\(RuleDocumentation.readmeTableStart) … \(RuleDocumentation.readmeTableEnd))\n", exitCode: 2)
                }
                do {
                    try updated.write(toFile: readme, atomically: true, encoding: .utf8)
                } catch {
                    return CommandOutput(standardError: "error: \(readme): could not be written\n", exitCode: 2)
                }
                written += "Updated the rule table in \(readme)\n"
            }
            return CommandOutput(standardError: written)
        case .lint(let options):
            return LintRun(options: options, environment: environment).run()
        case .effectiveConfiguration(let path, let configPath):
            return effectiveConfiguration(at: path, configPath: configPath)
        }
    }

    /// The configuration that governs `path` (for a folder, a file directly inside it), with
    /// the deployment target that applies and where it was found.
    static func effectiveConfiguration(at path: String, configPath: String?) -> CommandOutput {
        let workspace: Workspace
        do {
            workspace = try Workspace(roots: [path], settings: Workspace.Settings(configurationPath: configPath))
        } catch {
            return CommandOutput(standardError: error.description + "\n", exitCode: 2)
        }
        var isDirectory: ObjCBool = false
        let probe = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
            ? URL(fileURLWithPath: path).appendingPathComponent("_.swift").path : path
        switch workspace.configuration(for: probe) {
        case .success(let configuration):
            return CommandOutput(standardOutput: configuration.effectiveJSON(deploymentTarget: workspace.deploymentTarget(for: probe)))
        case .failure(let failure):
            return CommandOutput(standardError: failure.description + "\n", exitCode: 2)
        }
    }
}
