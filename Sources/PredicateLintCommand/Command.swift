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
        case .completions(let shell): return CompletionsSubcommand.run(shell)
        case .listRules: return CommandOutput(standardOutput: RuleDocumentation.table())
        case .explain(let id): return ExplainSubcommand.run(ruleID: id)
        case .languageServer: return CommandOutput(exitCode: LanguageServer(input: .standardInput, output: .standardOutput).run())
        case .mcpServer:
            MCPServer(input: .standardInput, output: .standardOutput).run()
            return CommandOutput()
        case .generateDocs(let directory, let readme): return GenerateDocsSubcommand.run(directory: directory, readme: readme)
        case .lint(let options): return LintRun(options: options, environment: environment).run()
        case .effectiveConfiguration(let path, let configPath): return ConfigSubcommand.run(path: path, configPath: configPath)
        }
    }
}
