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
    public static let version = "0.1.0"

    public static func run(_ arguments: [String]) -> CommandOutput {
        let invocation: Invocation
        do {
            invocation = try ArgumentParser.parse(arguments)
        } catch {
            return CommandOutput(standardError: "error: \(error.message)\n", exitCode: 2)
        }
        switch invocation {
        case .help: return CommandOutput(standardOutput: ArgumentParser.helpText + "\n")
        case .version: return CommandOutput(standardOutput: version + "\n")
        case .listRules: return CommandOutput(standardOutput: RuleDocumentation.table())
        case .explain(let id):
            guard let rule = RuleRegistry.rule(withID: id) else {
                return CommandOutput(
                    standardError: "error: no rule '\(id)'; `predicate-lint rules` lists them\n", exitCode: 2)
            }
            return CommandOutput(standardOutput: RuleDocumentation.explanation(of: rule.description))
        case .lint(let options):
            return lint(options)
        }
    }

    static func lint(_ options: LintOptions) -> CommandOutput {
        let discovery = FileDiscovery.swiftFiles(in: options.paths)
        let results = lintInParallel(discovery.files)
        let findings = results.flatMap(\.findings)
        let problems = discovery.problems + results.compactMap(\.problem)

        var output = CommandOutput()
        output.standardOutput = Reporter.report(findings, as: options.reporter)
        output.standardError = problems.map { $0.description + "\n" }.joined() + summary(
            findings: findings, files: discovery.files.count, problems: problems.count)
        if !problems.isEmpty {
            output.exitCode = 2
        } else if findings.contains(where: { $0.severity == .error }) {
            output.exitCode = 1
        }
        return output
    }

    struct FileResult: Sendable {
        var findings: [Finding] = []
        var problem: InputProblem?
    }

    /// Lints each file on its own thread; results keep the order of `paths`.
    static func lintInParallel(_ paths: [String]) -> [FileResult] {
        let linter = Linter()
        let results = ResultSlots<FileResult>(count: paths.count)
        DispatchQueue.concurrentPerform(iterations: paths.count) { index in
            results[index] = lintFile(paths[index], linter: linter)
        }
        return results.values
    }

    static func lintFile(_ path: String, linter: Linter) -> FileResult {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            return FileResult(problem: InputProblem(path: path, message: "cannot be read; check that it exists and its permissions"))
        }
        guard let text = String(data: data, encoding: .utf8) else {
            return FileResult(problem: InputProblem(path: path, message: "is not UTF-8 text; save it as UTF-8, or leave it out of the paths"))
        }
        return FileResult(findings: linter.lint(text: text, path: path))
    }

    static func summary(findings: [Finding], files: Int, problems: Int) -> String {
        let errors = findings.filter { $0.severity == .error }.count
        let warnings = findings.count - errors
        let fileWord = files == 1 ? "file" : "files"
        var line = findings.isEmpty
            ? "No problems found in \(files) \(fileWord)"
            : "Found \(count(errors, "error")) and \(count(warnings, "warning")) in \(files) \(fileWord)"
        if problems > 0 { line += "; \(count(problems, "input")) could not be checked" }
        return line + "\n"
    }

    private static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
}

/// Fixed-size storage that concurrent workers fill, one slot each.
final class ResultSlots<Value: Sendable>: @unchecked Sendable {
    private var storage: [Value?]
    private let lock = NSLock()

    init(count: Int) { storage = Array(repeating: nil, count: count) }

    subscript(index: Int) -> Value? {
        get { lock.withLock { storage[index] } }
        set { lock.withLock { storage[index] = newValue } }
    }

    var values: [Value] { lock.withLock { storage.compactMap { $0 } } }
}
