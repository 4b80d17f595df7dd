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
        case .effectiveConfiguration(let path, let configPath):
            do {
                let resolver = try ConfigurationResolver(explicitPath: configPath)
                // For a folder, the configuration a file directly inside it would get.
                var isDirectory: ObjCBool = false
                let probe = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
                    ? URL(fileURLWithPath: path).appendingPathComponent("_.swift").path : path
                switch resolver.configuration(for: probe) {
                case .success(let configuration): return CommandOutput(standardOutput: configuration.effectiveJSON())
                case .failure(let failure): return CommandOutput(standardError: failure.description + "\n", exitCode: 2)
                }
            } catch {
                return CommandOutput(standardError: error.description + "\n", exitCode: 2)
            }
        }
    }

    static func lint(_ options: LintOptions) -> CommandOutput {
        let resolver: ConfigurationResolver
        do {
            resolver = try ConfigurationResolver(explicitPath: options.configPath)
        } catch {
            return CommandOutput(standardError: error.description + "\n", exitCode: 2)
        }
        let discovery = FileDiscovery.swiftFiles(in: options.paths)
        var problems = discovery.problems

        // Each file's configuration decides whether and how it is linted. A file under a
        // broken configuration is not linted: its rules are unknown.
        var linters: [String: Linter] = [:]  // by configuration file
        var linted: Set<String> = []
        var brokenConfigurations: Set<String> = []
        var linterByFile: [String: Linter] = [:]
        for file in discovery.files {
            switch resolver.configuration(for: file) {
            case .success(let configuration):
                guard configuration.covers(file) else { continue }
                let key = configuration.path ?? ""
                let linter = linters[key] ?? configuration.linter(enableAllRules: options.enableAllRules)
                linters[key] = linter
                linterByFile[file] = linter
                linted.insert(file)
            case .failure(let failure):
                if brokenConfigurations.insert(failure.path).inserted {
                    problems.append(InputProblem(path: failure.path, line: failure.line,
                                                 message: failure.message + " (the files it governs were not checked)"))
                }
            }
        }
        let linterOfFile = linterByFile

        // Phase one, a file per thread: read, parse, and note what each file declares. Every
        // file counts for the models, linted or not: an excluded file is still part of the app.
        let loaded = parallelMap(discovery.files, load)
        let models = ModelIndex(loaded.compactMap { $0.file?.declarations })
        var files = loaded.compactMap(\.file).filter { linted.contains($0.source.path) }
        problems += loaded.compactMap(\.problem)

        var output = CommandOutput()
        var fixSummary = ""
        if options.fix {
            let fixing = fix(files, models: models, linters: linterOfFile, dryRun: options.dryRun)
            files = fixing.files
            problems += fixing.problems
            output.standardOutput += fixing.diff
            fixSummary = fixing.summary
        }
        // Phase two (after any fixes): lint each file against the models.
        let findings = parallelMap(files) { file in
            linterOfFile[file.source.path].map { $0.lint(file.source, models: models) } ?? []
        }.flatMap { $0 }

        output.standardOutput += Reporter.report(findings, as: options.reporter)
        output.standardError = problems.map { $0.description + "\n" }.joined() + fixSummary + summary(
            findings: findings, files: files.count, problems: problems.count)
        if !problems.isEmpty {
            output.exitCode = 2
        } else if findings.contains(where: { $0.severity == .error }) {
            output.exitCode = 1
        }
        return output
    }

    struct LoadedFile: Sendable {
        let source: SourceFile
        let declarations: FileDeclarations
        /// Kept so that a fixed file is written back with it.
        let byteOrderMark: Bool
    }

    static func load(_ path: String) -> (file: LoadedFile?, problem: InputProblem?) {
        var data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            return (nil, InputProblem(path: path, message: "cannot be read; check that it exists and its permissions"))
        }
        let byteOrderMark = data.starts(with: [0xEF, 0xBB, 0xBF])
        if byteOrderMark { data.removeFirst(3) }
        guard let text = String(data: data, encoding: .utf8) else {
            return (nil, InputProblem(path: path, message: "is not UTF-8 text; save it as UTF-8, or leave it out of the paths"))
        }
        let source = SourceFile(path: path, text: text)
        return (LoadedFile(source: source, declarations: FileDeclarations(file: source), byteOrderMark: byteOrderMark), nil)
    }

    /// What fixing one file did.
    struct FileFix: Sendable {
        /// The file as it now is (or, for a dry run, would be).
        var file: LoadedFile
        var problem: InputProblem?
        var diff = ""
        var fixedCount = 0
    }

    /// Fixes each file, writes it (or, for a dry run, diffs it), and returns the files as they
    /// now are, for the lint that reports what is left.
    static func fix(_ files: [LoadedFile], models: ModelIndex, linters: [String: Linter], dryRun: Bool)
        -> (files: [LoadedFile], problems: [InputProblem], diff: String, summary: String) {
        let fixes = parallelMap(files) { file in
            fix(file, fixer: Fixer(linter: linters[file.source.path] ?? Linter()), models: models, dryRun: dryRun)
        }
        let fixedCount = fixes.map(\.fixedCount).reduce(0, +)
        let fixedFiles = fixes.filter { $0.fixedCount > 0 }.count
        return (fixes.map(\.file), fixes.compactMap(\.problem), fixes.map(\.diff).joined(),
                "\(dryRun ? "Would fix" : "Fixed") \(count(fixedCount, "finding")) in \(count(fixedFiles, "file"))\n")
    }

    static func fix(_ file: LoadedFile, fixer: Fixer, models: ModelIndex, dryRun: Bool) -> FileFix {
        let path = file.source.path
        let result = fixer.fix(file.source, models: models)
        if let refusal = result.refusal {
            return FileFix(file: file, problem: InputProblem(path: path, message: "was not fixed: \(refusal)"))
        }
        guard result.changed else { return FileFix(file: file) }
        let fixed = LoadedFile(source: SourceFile(path: path, text: result.text),
                               declarations: file.declarations, byteOrderMark: file.byteOrderMark)
        if dryRun {
            return FileFix(file: fixed, diff: UnifiedDiff.make(old: file.source.text, new: result.text, path: path),
                           fixedCount: result.fixedCount)
        }
        do {
            try FileWriter.replaceContents(ofFile: path, with: result.text, byteOrderMark: file.byteOrderMark)
            return FileFix(file: fixed, fixedCount: result.fixedCount)
        } catch {
            return FileFix(file: file, problem: InputProblem(path: path, message: error.message))
        }
    }

    /// `transform` applied to each element on as many threads as there are cores; results keep
    /// the order of `elements`.
    static func parallelMap<Element: Sendable, Result: Sendable>(
        _ elements: [Element], _ transform: @Sendable (Element) -> Result
    ) -> [Result] {
        let results = ResultSlots<Result>(count: elements.count)
        DispatchQueue.concurrentPerform(iterations: elements.count) { index in
            results[index] = transform(elements[index])
        }
        return results.values
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
