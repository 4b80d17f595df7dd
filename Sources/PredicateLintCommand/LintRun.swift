import Dispatch
import Foundation
import PredicateLintCore

/// One `predicate-lint lint`. Files travel in three steps, each on all cores:
///
/// 1. Scan: read each file's bytes once (its `Prefilter`, content hash and encoding).
/// 2. Declarations: parse the files that can shape the models (model files first, then files
///    declaring a type a model stores or extending a model, until nothing new turns up) and
///    merge them into the `ModelIndex`.
/// 3. Lint: parse each file that holds a predicate or a suppression comment and check it,
///    unless the cache already has its findings for this content, configuration and models.
///
/// Every other file is never parsed. Trees are not kept between steps, so memory stays flat.
struct LintRun: Sendable {
    let options: LintOptions
    let environment: CommandEnvironment

    /// What the scan learned about one file.
    struct ScannedFile: Sendable {
        let path: String
        let prefilter: Prefilter
        let contentHash: UInt64
        let byteOrderMark: Bool
        /// Set for standard input, which cannot be read again.
        let text: String?
    }

    /// A file read and parsed, for fixing.
    struct LoadedFile: Sendable {
        let source: SourceFile
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
        // A broken configuration is reported even where none of its files needs checking.
        // Configurations belong to folders, so one file per folder is enough to ask about.
        var brokenConfigurations: Set<String> = []
        var folders: [Substring: String] = [:]
        for path in discovery.files + (options.stdin ? [options.stdinPath ?? "<stdin>.swift"] : []) {
            let folder = path.lastIndex(of: "/").map { path[..<$0] } ?? "."
            if folders[folder] == nil { folders[folder] = path }
        }
        for path in folders.values.sorted() {
            if case .failure(let failure) = resolver.configuration(for: path), brokenConfigurations.insert(failure.path).inserted {
                problems.append(InputProblem(path: failure.path, line: failure.line,
                                             message: failure.message + " (the files it governs were not checked)"))
            }
        }

        // 1. Scan (what a content was scanned to before is looked up, not scanned again).
        let cache = options.useCache && !options.fix ? resultCache() : nil
        let knownScans = cache?.scanIndex() ?? [:]
        let scans = Self.parallelMap(discovery.files) { Self.scan(path: $0, known: knownScans) }
        problems += scans.compactMap(\.problem)
        var files = scans.compactMap(\.file)
        if options.stdin {
            let path = options.stdinPath ?? "<stdin>.swift"
            let scanned = Self.scan(data: environment.readStandardInput(), path: path, keepText: true)
            guard let input = scanned.file else {
                return CommandOutput(standardError: (scanned.problem?.description ?? "") + "\n", exitCode: 2)
            }
            files = files.filter { $0.path != path } + [input]
        }
        if let cache {
            let seen = Dictionary(files.map { ($0.contentHash, $0.prefilter) }, uniquingKeysWith: { first, _ in first })
            if seen.count != knownScans.count || seen.keys.contains(where: { knownScans[$0] == nil }) {
                cache.storeScanIndex(seen)
            }
        }

        // 2. Declarations.
        let (models, modelDigest) = modelIndex(of: files, cache: cache)

        // 3. Lint.
        let candidates = options.stdin ? [files.last!]
            : files.filter { !options.prefilter || $0.prefilter.hasPredicate || $0.prefilter.hasSuppression }
        let linters = select(candidates.map(\.path), resolver: resolver)
        let linted = candidates.filter { linters[$0.path] != nil }

        var output = CommandOutput()
        let fixing = options.fix ? fix(linted, models: models, linters: linters) : nil
        if let fixing {
            problems += fixing.problems
            // An editor gives standard input and replaces its buffer with what comes back.
            output.standardOutput = options.stdin ? fixing.files.first?.source.text ?? "" : fixing.diff
        }
        // The fixed text, where the files were fixed, and the fixer's last lint of it: what is
        // left to report.
        let fixedSources = Dictionary((fixing?.files ?? []).map { ($0.source.path, $0.source) }, uniquingKeysWith: { first, _ in first })
        let remainingAfterFix = fixing?.remaining ?? [:]

        // Excerpts, fingerprints and baselines need the text of the files that have findings;
        // other reports do not, and holding thousands of trees is what would make memory grow.
        let kind = options.reporter ?? (environment.standardOutputIsTerminal ? .pretty : .xcode)
        let needsSources = [.pretty, .sarif].contains(kind) || options.baselinePath != nil || options.writeBaselinePath != nil
        let results = Self.parallelMap(linted) { file -> (findings: [Finding], source: SourceFile?, problem: InputProblem?) in
            guard let selected = linters[file.path] else { return ([], nil, nil) }
            let context = "\(selected.configurationDigest)|\(modelDigest)"
            if let cached = cache?.findings(path: file.path, contentHash: file.contentHash, context: context) {
                return (cached, nil, nil)
            }
            guard let source = fixedSources[file.path] ?? load(file)?.source else { return ([], nil, nil) }
            if source.isTooDeep {
                return ([], nil, InputProblem(path: file.path, message: "is nested \(source.depth) levels deep, more than the "
                    + "\(SourceFile.maximumSafeDepth) that can be checked safely; it was skipped (split the long expression)"))
            }
            let findings = remainingAfterFix[file.path] ?? selected.linter.lint(source, models: models)
            if fixedSources[file.path] == nil {
                cache?.store(findings, path: file.path, contentHash: file.contentHash, context: context)
            }
            return (findings, findings.isEmpty || !needsSources ? nil : source, nil)
        }
        problems += results.compactMap(\.problem)
        var findings = results.flatMap(\.findings)
        if options.strict { findings = findings.map { $0.with(severity: .error) } }

        // Files whose findings came from the cache are read again, only where the text is needed.
        var sources = Dictionary(results.compactMap { $0.source.map { ($0.path, $0) } }, uniquingKeysWith: { first, _ in first })
        if needsSources {
            let pathsWithFindings = Set(findings.map(\.path))
            for file in linted where sources[file.path] == nil && pathsWithFindings.contains(file.path) {
                sources[file.path] = fixedSources[file.path] ?? load(file)?.source
            }
        }

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
            let report = Reporter.report(ReportInput(
                findings: findings, sources: sources, workingDirectory: environment.workingDirectory,
                colorize: environment.colorize(options.color)), as: kind)
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
            output.standardError += (fixing?.summary ?? "") + baselineNote
                + Command.summary(findings: findings, files: discovery.files.count + (options.stdin ? 1 : 0), problems: problems.count)
        }
        if !problems.isEmpty {
            output.exitCode = 2
        } else if findings.contains(where: { $0.severity == .error }) {
            output.exitCode = 1
        }
        return output
    }

    // MARK: 1. Scan

    static func scan(path: String, known: [UInt64: Prefilter] = [:]) -> (file: ScannedFile?, problem: InputProblem?) {
        guard let data = FileManager.default.contents(atPath: path) else {
            return (nil, InputProblem(path: path, message: "cannot be read; check that it exists and its permissions"))
        }
        return scan(data: data, path: path, keepText: false, known: known)
    }

    static func scan(data: Data, path: String, keepText: Bool, known: [UInt64: Prefilter] = [:])
        -> (file: ScannedFile?, problem: InputProblem?) {
        let byteOrderMark = data.starts(with: [0xEF, 0xBB, 0xBF])
        let body = byteOrderMark ? data.dropFirst(3) : data[...]
        return body.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            let (hash, isASCII) = ResultCache.hashAndCheckASCII(raw)
            guard isASCII || Self.isValidUTF8(bytes) else {
                return (nil, InputProblem(path: path, message: "is not UTF-8 text; save it as UTF-8, or leave it out of the paths"))
            }
            return (ScannedFile(path: path, prefilter: known[hash] ?? Prefilter(bytes: bytes), contentHash: hash,
                                byteOrderMark: byteOrderMark, text: keepText ? String(decoding: bytes, as: UTF8.self) : nil), nil)
        }
    }

    /// Whether bytes are well-formed UTF-8, without building a string from them.
    static func isValidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }

    /// The file's text and tree, read again (or from standard input).
    func load(_ file: ScannedFile) -> LoadedFile? {
        let text: String
        if let kept = file.text {
            text = kept
        } else {
            guard var data = FileManager.default.contents(atPath: file.path) else { return nil }
            if file.byteOrderMark { data.removeFirst(min(3, data.count)) }
            guard let decoded = String(data: data, encoding: .utf8) else { return nil }
            text = decoded
        }
        return LoadedFile(source: SourceFile(path: file.path, text: text), byteOrderMark: file.byteOrderMark)
    }

    // MARK: 2. Declarations

    /// The models of every file that can shape them, and a digest of which files those were
    /// and what they held, so cached findings are tied to the models they were checked against.
    func modelIndex(of files: [ScannedFile], cache: ResultCache?) -> (ModelIndex, String) {
        let declarations = self.declarations(of: files, cache: cache)
        let digestParts = files.filter { declarations[$0.path] != nil }.map { "\($0.path):\($0.contentHash)" }.sorted()
        return (ModelIndex(declarations.keys.sorted().compactMap { declarations[$0] }), String(ResultCache.hash(digestParts), radix: 16))
    }

    /// The declarations of the files that can shape the models, by path.
    func declarations(of files: [ScannedFile], cache: ResultCache? = nil) -> [String: FileDeclarations] {
        var declarations: [String: FileDeclarations] = [:]
        var pending = options.prefilter ? files.filter(\.prefilter.hasModel) : files
        var names: Set<String> = []
        var models: Set<String> = []
        while !pending.isEmpty {
            let parsed = Self.parallelMap(pending) { file -> (String, FileDeclarations?) in
                if let cached = cache?.declarations(contentHash: file.contentHash) { return (file.path, cached) }
                guard let loaded = load(file) else { return (file.path, nil) }
                let result = FileDeclarations(file: loaded.source)
                cache?.store(result, contentHash: file.contentHash)
                return (file.path, result)
            }
            for case let (path, fileDeclarations?) in parsed {
                declarations[path] = fileDeclarations
                names.formUnion(fileDeclarations.referencedTypeNames)
                models.formUnion(fileDeclarations.models.map(\.name))
            }
            // Files that may declare a type a model stores, or extend a model, and are not read yet.
            pending = files.filter { declarations[$0.path] == nil && $0.prefilter.declaresAnything(about: names, models: models) }
        }
        return declarations
    }

    func resultCache() -> ResultCache? {
        if let path = options.cachePath { return ResultCache(directory: path) }
        return ResultCache.defaultDirectory(environment: environment.variables).map(ResultCache.init(directory:))
    }

    // MARK: 3. Which files, under which rules

    struct SelectedLinter: Sendable {
        let linter: Linter
        /// Everything about the configuration that can change a finding.
        let configurationDigest: String
    }

    /// Each file's configuration decides whether and how it is linted. A file under a broken
    /// configuration (reported by `run`) is not linted: its rules are unknown.
    func select(_ paths: [String], resolver: ConfigurationResolver) -> [String: SelectedLinter] {
        var byConfiguration: [String: SelectedLinter] = [:]
        var linters: [String: SelectedLinter] = [:]
        for path in paths {
            guard case .success(let configuration) = resolver.configuration(for: path),
                  options.stdin || configuration.covers(path) else { continue }
            let key = configuration.path ?? ""
            let selected = byConfiguration[key] ?? SelectedLinter(
                linter: configuration.linter(enableAllRules: options.enableAllRules),
                configurationDigest: String(ResultCache.hash([configuration.effectiveJSON(enableAllRules: options.enableAllRules)]), radix: 16))
            byConfiguration[key] = selected
            linters[path] = selected
        }
        return linters
    }

    static func readBaseline(_ path: String) -> Result<Baseline, Baseline.Failure> {
        guard let data = FileManager.default.contents(atPath: path) else {
            return .failure(Baseline.Failure(message: "cannot be read; write a baseline with --write-baseline first"))
        }
        return Result { () throws(Baseline.Failure) in try Baseline(parsing: String(decoding: data, as: UTF8.self)) }
    }

    // MARK: Fixing

    /// What fixing one file did.
    struct FileFix: Sendable {
        /// The file as it now is (or, for a dry run, would be).
        var file: LoadedFile
        var problem: InputProblem?
        var diff = ""
        var fixedCount = 0
        /// The fixer's findings for the text as it now is; nil where it refused the file.
        var remaining: [Finding]?
    }

    /// Fixes each file, writes it (or, for a dry run or standard input, only computes it), and
    /// returns the files as they now are, for the lint that reports what is left.
    func fix(_ files: [ScannedFile], models: ModelIndex, linters: [String: SelectedLinter])
        -> (files: [LoadedFile], problems: [InputProblem], diff: String, summary: String, remaining: [String: [Finding]]) {
        let fixes = Self.parallelMap(files) { file -> FileFix? in
            guard let loaded = load(file) else {
                return nil
            }
            return fix(loaded, fixer: Fixer(linter: linters[file.path]?.linter ?? Linter()), models: models)
        }.compactMap { $0 }
        let fixedCount = fixes.map(\.fixedCount).reduce(0, +)
        let fixedFiles = fixes.filter { $0.fixedCount > 0 }.count
        let remaining = Dictionary(fixes.compactMap { fix in fix.remaining.map { (fix.file.source.path, $0) } },
                                   uniquingKeysWith: { first, _ in first })
        return (fixes.map(\.file), fixes.compactMap(\.problem), fixes.map(\.diff).joined(),
                "\(options.dryRun ? "Would fix" : "Fixed") \(Command.count(fixedCount, "finding")) in \(Command.count(fixedFiles, "file"))\n",
                remaining)
    }

    func fix(_ file: LoadedFile, fixer: Fixer, models: ModelIndex) -> FileFix {
        let path = file.source.path
        let result = fixer.fix(file.source, models: models)
        if let refusal = result.refusal {
            return FileFix(file: file, problem: InputProblem(path: path, message: "was not fixed: \(refusal)"))
        }
        guard result.changed else { return FileFix(file: file, remaining: result.remaining) }
        let fixed = LoadedFile(source: SourceFile(path: path, text: result.text), byteOrderMark: file.byteOrderMark)
        if options.dryRun || options.stdin {
            let diff = options.dryRun ? UnifiedDiff.make(old: file.source.text, new: result.text, path: path) : ""
            return FileFix(file: fixed, diff: diff, fixedCount: result.fixedCount, remaining: result.remaining)
        }
        do {
            try FileWriter.replaceContents(ofFile: path, with: result.text, byteOrderMark: file.byteOrderMark)
            return FileFix(file: fixed, fixedCount: result.fixedCount, remaining: result.remaining)
        } catch {
            return FileFix(file: file, problem: InputProblem(path: path, message: error.message))
        }
    }

    // MARK: Parallelism

    /// `transform` applied to each element on as many threads as there are cores; results keep
    /// the order of `elements`. The threads are our own, with 64 MB stacks: syntax trees are
    /// walked recursively, and a deeply nested file must not overflow a worker's small stack.
    static func parallelMap<Element: Sendable, Result: Sendable>(
        _ elements: [Element], _ transform: @escaping @Sendable (Element) -> Result
    ) -> [Result] {
        let results = ResultSlots<Result>(count: elements.count)
        let next = WorkCounter()
        let workers = max(1, min(ProcessInfo.processInfo.activeProcessorCount, elements.count))
        let finished = DispatchSemaphore(value: 0)
        for _ in 0..<workers {
            let thread = Thread {
                while let index = next.take(below: elements.count) { results[index] = transform(elements[index]) }
                finished.signal()
            }
            thread.stackSize = 64 << 20
            thread.start()
        }
        for _ in 0..<workers { finished.wait() }
        return results.values
    }
}

/// Hands out indexes to workers, each once.
final class WorkCounter: @unchecked Sendable {
    private var value = 0
    private let lock = NSLock()

    func take(below limit: Int) -> Int? {
        lock.withLock {
            guard value < limit else { return nil }
            defer { value += 1 }
            return value
        }
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
