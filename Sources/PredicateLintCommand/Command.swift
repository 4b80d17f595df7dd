import Dispatch
import Foundation
import PredicateLintCore

/// What a run printed and how it ended. `main` writes it out; tests read it.
public struct CommandOutput: Equatable {
    public var standardOutput = ""
    public var standardError = ""
    public var exitCode: Int32 = 0

    /// Writes both streams to descriptors 1 and 2 and returns the status to exit with. A report
    /// that cannot be written whole (a full disk, `ulimit -f`, a closed descriptor) is said on
    /// standard error and ends the run with 2, never with a crash: a run whose report was lost
    /// must not pass as clean.
    public func deliver(output: Int32 = 1, error: Int32 = 2) -> Int32 {
        var status = exitCode
        if let failure = OutputFile.writeAll(Data(standardOutput.utf8), to: output) {
            status = 2
            let message = "error: the report could not be written to standard output (\(String(cString: strerror(failure)))); "
                + "free space, raise the file-size limit, or write it with --output FILE\n"
            _ = OutputFile.writeAll(Data((standardError + message).utf8), to: error)
            return status
        }
        if OutputFile.writeAll(Data(standardError.utf8), to: error) != nil, status == 0 { status = 2 }
        return status
    }
}

public enum Command {
    /// For the executable: an interrupted run removes the temporary files it was writing, and
    /// a write past the file-size limit (`ulimit -f`) fails with `EFBIG`, which the writer
    /// reports, instead of ending the process with SIGXFSZ halfway through a cache entry.
    public static func prepareForInterruption() {
        signal(SIGXFSZ, SIG_IGN)
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
        case .explainQuery(let path, let line, let configPath): return ExplainQuery.run(path: path, line: line, configPath: configPath)
        case .languageServer: return CommandOutput(exitCode: LanguageServer(input: .standardInput, output: .standardOutput, environment: environment).run())
        case .mcpServer:
            MCPServer(input: .standardInput, output: .standardOutput, environment: environment).run()
            return CommandOutput()
        case .generateDocs(let directory, let readme): return GenerateDocsSubcommand.run(directory: directory, readme: readme)
        case .lint(let options): return LintRun(options: options, environment: environment).run()
        case .effectiveConfiguration(let path, let configPath): return ConfigSubcommand.run(path: path, configPath: configPath)
        }
    }
}
