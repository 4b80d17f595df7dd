import Dispatch
import Foundation
import PredicateLintCore

/// One `predicate-lint lint`: which files, under which configuration; read and parse them
/// (noting their models); fix if asked; lint; report.
struct LintRun: Sendable {
    let options: LintOptions
    let environment: CommandEnvironment

    /// A Swift file read and parsed, with what it declares.
    struct LoadedFile: Sendable {
        let source: SourceFile
        let declarations: FileDeclarations
        /// Kept so that a fixed file is written back with it.
        let byteOrderMark: Bool
    }

    func run() -> CommandOutput {
        let resolver: ConfigurationResolver
        do {
            resolver = try ConfigurationResolver(explicitPath: options.configPath)
        } catch {
            return CommandOutput(standardError: error.description + "\n", exitCode: 2)
        }
        let discovery = FileDiscovery.swiftFiles(in: options.paths)
        var problems = discovery.problems

        // Every file counts for the models, linted or not: an excluded file, or the project
        // around a `--stdin` text, is still part of the app.
        let loaded = Self.parallelMap(discovery.files, Self.load)
        problems += loaded.compactMap(\.problem)
        var files = loaded.compactMap(\.file)
        if options.stdin {
            let path = options.stdinPath ?? "<stdin>.swift"
            let loadedInput = Self.load(data: environment.readStandardInput(), path: path)
            guard let input = loadedInput.file else {
                return CommandOutput(standardError: (loadedInput.problem?.description ?? "") + "\n", exitCode: 2)
            }
            files = files.filter { $0.source.path != path } + [input]
        }
        let models = ModelIndex(files.map(\.declarations))

        let selection = select(options.stdin ? [files.last!.source.path] : files.map(\.source.path), resolver: resolver)
        problems += selection.problems
        var linted = files.filter { selection.linters[$0.source.path] != nil }

        var output = CommandOutput()
        var fixSummary = ""
        if options.fix {
            let fixing = fix(linted, models: models, linters: selection.linters)
            linted = fixing.files
            problems += fixing.problems
            if options.stdin {
                // An editor replaces its buffer with what comes back.
                output.standardOutput = linted.first?.source.text ?? ""
            } else {
                output.standardOutput += fixing.diff
            }
            fixSummary = fixing.summary
        }

        var findings = Self.parallelMap(linted) { file in
            selection.linters[file.source.path].map { $0.lint(file.source, models: models) } ?? []
        }.flatMap { $0 }
        if options.strict { findings = findings.map { $0.with(severity: .error) } }
        let sources = Dictionary(linted.map { ($0.source.path, $0.source) }, uniquingKeysWith: { first, _ in first })
        if let path = options.writeBaselinePath {
            let baseline = Baseline(findings: findings, sources: sources, baselinePath: path)
            do {
                try baseline.serialized().write(toFile: path, atomically: true, encoding: .utf8)
            } catch {
                problems.append(InputProblem(path: path, message: "the baseline could not be written; check the folder exists and is writable"))
            }
        }
        var baselineNote = ""
        if let path = options.baselinePath {
            switch Self.readBaseline(path) {
            case .success(let baseline):
                let (new, fixed) = baseline.filter(findings, sources: sources, baselinePath: path)
                baselineNote = "\(Command.count(findings.count - new.count, "finding")) matched the baseline\n"
                findings = new
                if options.strictBaseline && fixed > 0 {
                    problems.append(InputProblem(path: path, message: "\(Command.count(fixed, "baselined finding")) "
                        + "no longer \(fixed == 1 ? "occurs" : "occur"); rewrite it with --write-baseline so it shrinks"))
                }
            case .failure(let failure):
                problems.append(InputProblem(path: path, message: failure.message))
            }
        }

        if !(options.stdin && options.fix) {
            let kind = options.reporter ?? (environment.standardOutputIsTerminal ? .pretty : .xcode)
            let report = Reporter.report(ReportInput(
                findings: findings, sources: sources, workingDirectory: environment.workingDirectory, colorize: environment.colorize(options.color)), as: kind)
            if let outputPath = options.outputPath {
                do {
                    try report.write(toFile: outputPath, atomically: true, encoding: .utf8)
                } catch {
                    problems.append(InputProblem(path: outputPath, message: "the report could not be written there; check the folder exists and is writable"))
                }
            } else {
                output.standardOutput += report
            }
        }
        if let stamp = options.stampPath, !FileManager.default.createFile(atPath: stamp, contents: Data()) {
            problems.append(InputProblem(path: stamp, message: "the stamp file could not be written"))
        }
        output.standardError = problems.map { $0.description + "\n" }.joined()
        if !options.quiet {
            output.standardError += fixSummary + baselineNote + Command.summary(findings: findings, files: linted.count, problems: problems.count)
        }
        if !problems.isEmpty {
            output.exitCode = 2
        } else if findings.contains(where: { $0.severity == .error }) {
            output.exitCode = 1
        }
        return output
    }

    // MARK: Which files, under which rules

    /// Each file's configuration decides whether and how it is linted. A file under a broken
    /// configuration is not linted: its rules are unknown.
    func select(_ paths: [String], resolver: ConfigurationResolver) -> (linters: [String: Linter], problems: [InputProblem]) {
        var linterOfConfiguration: [String: Linter] = [:]
        var linters: [String: Linter] = [:]
        var problems: [InputProblem] = []
        var reported: Set<String> = []
        for path in paths {
            switch resolver.configuration(for: path) {
            case .success(let configuration):
                guard options.stdin || configuration.covers(path) else { continue }
                let key = configuration.path ?? ""
                let linter = linterOfConfiguration[key] ?? configuration.linter(enableAllRules: options.enableAllRules)
                linterOfConfiguration[key] = linter
                linters[path] = linter
            case .failure(let failure):
                if reported.insert(failure.path).inserted {
                    problems.append(InputProblem(path: failure.path, line: failure.line,
                                                 message: failure.message + " (the files it governs were not checked)"))
                }
            }
        }
        return (linters, problems)
    }

    // MARK: Reading

    static func readBaseline(_ path: String) -> Result<Baseline, Baseline.Failure> {
        guard let data = FileManager.default.contents(atPath: path) else {
            return .failure(Baseline.Failure(message: "cannot be read; write a baseline with --write-baseline first"))
        }
        return Result { () throws(Baseline.Failure) in try Baseline(parsing: String(decoding: data, as: UTF8.self)) }
    }

    static func load(_ path: String) -> (file: LoadedFile?, problem: InputProblem?) {
        do {
            return load(data: try Data(contentsOf: URL(fileURLWithPath: path)), path: path)
        } catch {
            return (nil, InputProblem(path: path, message: "cannot be read; check that it exists and its permissions"))
        }
    }

    static func load(data: Data, path: String) -> (file: LoadedFile?, problem: InputProblem?) {
        var data = data
        let byteOrderMark = data.starts(with: [0xEF, 0xBB, 0xBF])
        if byteOrderMark { data.removeFirst(3) }
        guard let text = String(data: data, encoding: .utf8) else {
            return (nil, InputProblem(path: path, message: "is not UTF-8 text; save it as UTF-8, or leave it out of the paths"))
        }
        let source = SourceFile(path: path, text: text)
        return (LoadedFile(source: source, declarations: FileDeclarations(file: source), byteOrderMark: byteOrderMark), nil)
    }

    // MARK: Fixing

    /// What fixing one file did.
    struct FileFix: Sendable {
        /// The file as it now is (or, for a dry run, would be).
        var file: LoadedFile
        var problem: InputProblem?
        var diff = ""
        var fixedCount = 0
    }

    /// Fixes each file, writes it (or, for a dry run or standard input, only computes it), and
    /// returns the files as they now are, for the lint that reports what is left.
    func fix(_ files: [LoadedFile], models: ModelIndex, linters: [String: Linter])
        -> (files: [LoadedFile], problems: [InputProblem], diff: String, summary: String) {
        let fixes = Self.parallelMap(files) { file in
            fix(file, fixer: Fixer(linter: linters[file.source.path] ?? Linter()), models: models)
        }
        let fixedCount = fixes.map(\.fixedCount).reduce(0, +)
        let fixedFiles = fixes.filter { $0.fixedCount > 0 }.count
        return (fixes.map(\.file), fixes.compactMap(\.problem), fixes.map(\.diff).joined(),
                "\(options.dryRun ? "Would fix" : "Fixed") \(Command.count(fixedCount, "finding")) in \(Command.count(fixedFiles, "file"))\n")
    }

    func fix(_ file: LoadedFile, fixer: Fixer, models: ModelIndex) -> FileFix {
        let path = file.source.path
        let result = fixer.fix(file.source, models: models)
        if let refusal = result.refusal {
            return FileFix(file: file, problem: InputProblem(path: path, message: "was not fixed: \(refusal)"))
        }
        guard result.changed else { return FileFix(file: file) }
        let fixed = LoadedFile(source: SourceFile(path: path, text: result.text),
                               declarations: file.declarations, byteOrderMark: file.byteOrderMark)
        if options.dryRun || options.stdin {
            let diff = options.dryRun ? UnifiedDiff.make(old: file.source.text, new: result.text, path: path) : ""
            return FileFix(file: fixed, diff: diff, fixedCount: result.fixedCount)
        }
        do {
            try FileWriter.replaceContents(ofFile: path, with: result.text, byteOrderMark: file.byteOrderMark)
            return FileFix(file: fixed, fixedCount: result.fixedCount)
        } catch {
            return FileFix(file: file, problem: InputProblem(path: path, message: error.message))
        }
    }

    // MARK: Parallelism

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
