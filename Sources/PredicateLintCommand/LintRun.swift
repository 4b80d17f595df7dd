import Foundation
import PredicateLintCore

/// One `predicate-lint lint`: a short sequence of named stages over a `Workspace`.
///
/// 0. Settle the inputs: run-script inputs join the paths; names that are not UTF-8, and
///    relative paths from a working directory that is gone, are refused.
/// 1. Discover the files under the paths, and any broken configuration.
/// 2. Scan: read each file's bytes once (its `Prefilter`, content digest and encoding).
/// 3. Select: which files are checked, and by which rules.
/// 4. Models: each project's snapshot; the cache looked up for every selected file under its
///    project's models digest; then, in one declarations pass, the projects with a miss (or
///    whose digest is not known) indexed, with the rest of a project the paths name only part
///    of and `--models` sources; a file also checked is parsed once, for both.
/// 5. Fix (`--fix`): rewrite files with every sound correction.
/// 6. Lint: parse each selected file and check it, unless the cache had its findings.
/// 7. Baseline: record, or keep only what the baseline does not hold.
/// 8. Report.
///
/// Every other file is never parsed. Trees are not kept between stages, so memory stays flat;
/// files with findings are read again only when a report needs their text.
struct LintRun {
    let options: LintOptions
    let environment: CommandEnvironment
    /// A broken configuration where the run starts: its run-wide keys (`strict`, `baseline`, …)
    /// could not be applied, which the run must say even when it governs no file linted.
    var startFailure: Configuration.Failure?

    /// What the stages have found so far.
    struct Outcome {
        var problems: [InputProblem] = []
        var findings: [Finding] = []
        /// The text of files with findings, where the report or baseline needs it.
        var sources: [String: SourceFile] = [:]
        var standardOutput = ""
        /// Lines for standard error before the total: what fixing did, what the baseline matched.
        var notes = ""
        /// Swift files read and linted (those with nothing to lint too).
        var filesChecked = 0
        /// Files and other inputs that were not checked: unreadable or unparseable files, files
        /// a broken configuration governs, names discovery could not follow. The run's other
        /// errors (a baseline, a report or a configuration itself) are not counted here.
        var uncheckedInputs = 0
        /// Of `uncheckedInputs`: files governed by a broken configuration (the configuration is
        /// the error listed; they are not).
        var filesUnderBrokenConfigurations = 0
        /// What the cache's indexes learn from the stages, written when the run ends.
        var learned = CacheIndexes.Learned()
    }

    func run() -> CommandOutput {
        // What the paths are, before anything is read: run-script inputs, names that are not
        // UTF-8, relative paths from a folder that is gone (`LintRun+Inputs.swift`).
        if let settled = settlingInputs() { return settled }
        let workspace: Workspace
        let cache = options.useCache && !options.fix ? resultCache() : nil
        // The cache's indexes are read once (the scan's two during discovery) and written once
        // when the run ends.
        let indexes = CacheIndexes.read(from: cache, [.folders, .projectFiles])
        do {
            workspace = try Workspace(roots: options.paths, settings: Workspace.Settings(
                prefilter: options.prefilter, enableAllRules: options.enableAllRules, onlyRules: options.onlyRules,
                configurationPath: options.configPath, cache: cache), indexes: indexes)
        } catch {
            return CommandOutput(standardError: error.description + "\n", exitCode: 2)
        }
        // The run-wide keys (`strict`, `baseline`, …) of the configuration where the run starts,
        // else (none governs that folder: a build command may start anywhere) of the first path's.
        func governing(_ path: String) -> Configuration? { try? workspace.configuration(for: workspace.governedFile(path)).get() }
        let startResult = environment.hasWorkingDirectory ? workspace.configuration(for: workspace.governedFile(environment.workingDirectory)) : nil
        let start = try? startResult?.get()
        let configuration = start?.path == nil ? options.paths.first.flatMap(governing) ?? start : start
        var startFailure: Configuration.Failure?
        if case .failure(let failure)? = startResult { startFailure = failure }
        do {
            return LintRun(options: try options.withRunSettings(of: configuration), environment: environment, startFailure: startFailure)
                .run(in: workspace, indexes: indexes)
        } catch {
            return CommandOutput(standardError: "error: \(error.message)\n", exitCode: 2)
        }
    }

    /// Each stage a function of the last one's output. The workspace grows in phases, each a
    /// new value: what discovery listed, whole projects, the linters of the files to check.
    func run(in workspace: Workspace, indexes folderIndexes: CacheIndexes) -> CommandOutput {
        var outcome = Outcome()
        let (listed, paths, indexes) = discover(workspace, folderIndexes, &outcome)
        guard let files = scan(paths, listed, indexes, &outcome) else {
            return CommandOutput(standardError: outcome.problems.map { $0.description + "\n" }.joined(), exitCode: 2)
        }
        // The rest of a project the paths name only part of, read for its declarations.
        let (whole, projectFiles) = wholeProjects(of: files, listed, indexes, &outcome)
        let indexed = files + projectFiles
        let (resolved, selected) = select(files, whole)
        let plan = resolved.planModels(of: indexed, sharing: modelSources(excluding: Set(indexed.map(\.path)), resolved, indexes, &outcome))
        let cached = cachedResults(of: selected, plan, resolved)
        let (models, preparsed) = indexModels(plan, for: selected, cached: cached, resolved)
        let fixed = options.fix ? fix(selected, models: models, resolved, &outcome) : [:]
        lint(selected, cached: cached, plan: plan, models: models, preparsed: preparsed, fixed: fixed, resolved, &outcome)
        outcome.learned.projectFiles = resolved.learnedProjectFiles
        indexes.write(outcome.learned, to: resolved.settings.cache)
        resolved.settings.cache?.prune(limit: ResultCache.limit(forRunOver: files.count))
        applyBaseline(checking: files.map(\.path), resolved, &outcome)
        let output = report(outcome, resolved)
        if environment.endsAfterCommand { LeftForExit.keep([resolved, files, indexed, selected, plan, models, outcome]) }
        return output
    }

    // MARK: 1. Discover

    var stdinPath: String { options.stdinPath ?? "<stdin>.swift" }

    /// The workspace knowing what discovery listed, the files found, and the indexes with the
    /// scan's two, read meanwhile (discovery is mostly one thread's work).
    func discover(_ workspace: Workspace, _ indexes: CacheIndexes, _ outcome: inout Outcome) -> (Workspace, [String], CacheIndexes) {
        let cache = workspace.settings.cache
        let (discovery, scanIndexes) = ThreadPool.both({ workspace.discoverFiles(indexes: indexes) },
                                                       { CacheIndexes.read(from: cache, [.contents, .files]) })
        let workspace = workspace.knowing(discovery)
        outcome.learned.folders = discovery.freshFolders
        outcome.learned.foldersListed = discovery.listedFolders.count
        outcome.problems += discovery.problems
        outcome.uncheckedInputs += discovery.problems.count
        let configurationProblems = workspace.configurationProblems(for: discovery, also: options.stdin ? [stdinPath] : [])
        outcome.problems += configurationProblems
        // The files a broken configuration governs are read but not checked: asked only when
        // one is broken, once per folder.
        let ungoverned = configurationProblems.isEmpty ? 0
            : workspace.filesUnderBrokenConfigurations(discovery.files + (options.stdin ? [stdinPath] : []))
        if let startFailure, !outcome.problems.contains(where: { $0.path == startFailure.path }) {
            outcome.problems.append(InputProblem(path: startFailure.path, line: startFailure.line, message: startFailure.message
                + " (it governs the folder the run started in: its run-wide settings, such as `strict` and `baseline`, were not applied)"))
        }
        outcome.filesChecked = discovery.files.count + (options.stdin ? 1 : 0) - ungoverned
        outcome.uncheckedInputs += ungoverned
        outcome.filesUnderBrokenConfigurations = ungoverned
        return (workspace, discovery.files, indexes.with(scanIndexes))
    }

    // MARK: 2. Scan

    /// The scanned files, with standard input (as the file it stands for) last. Nil when
    /// standard input cannot be read: then there is nothing to check.
    func scan(_ paths: [String], _ workspace: Workspace, _ indexes: CacheIndexes, _ outcome: inout Outcome) -> [ScannedFile]? {
        let scan = workspace.scan(paths, indexes: indexes)
        let files = scan.files
        outcome.problems += scan.problems
        outcome.filesChecked -= scan.problems.count
        outcome.uncheckedInputs += scan.problems.count
        outcome.learned.add(scan.learned)
        guard options.stdin else { return files }
        let data: Data
        do {
            data = try environment.readStandardInput()
        } catch {
            outcome.problems.append(InputProblem(path: stdinPath, message: (error as? StandardInput.Failure)?.message ?? "\(error)"))
            return nil
        }
        switch ScannedFile.scan(data: data, path: stdinPath, keepText: true) {
        case .success(let input): return files.filter { $0.path != stdinPath } + [input]
        case .failure(let problem): outcome.problems.append(problem); return nil
        }
    }

    // MARK: 3. Select

    /// The files to check, each with its rules: those that hold a predicate or a suppression
    /// comment (with the prefilter on), under a configuration that covers them; and the
    /// workspace with their configurations, deployment targets and linters found. Standard
    /// input is checked whatever the configuration's globs say: the user named it.
    func select(_ files: [ScannedFile], _ workspace: Workspace) -> (Workspace, [(file: ScannedFile, linter: SelectedLinter)]) {
        let candidates = options.stdin ? Array(files.suffix(1))
            : files.filter { !options.prefilter || $0.prefilter.hasQuery || $0.prefilter.hasSuppression }
        let workspace = workspace.resolving(forFiles: candidates.map(\.path))
        return (workspace, candidates.compactMap { file in
            workspace.linter(for: file.path, ignoringExclusion: options.stdin).map { (file, $0) }
        })
    }

    // MARK: 6. Lint

    /// Excerpts, fingerprints and baselines need the text of the files that have findings;
    /// other reports do not, and holding thousands of trees is what would make memory grow.
    var needsSources: Bool {
        [.pretty, .sarif].contains(reporterKind) || options.baselinePath != nil || options.writeBaselinePath != nil
    }

    var reporterKind: ReporterKind {
        options.reporter ?? (environment.standardOutputIsTerminal ? .pretty : .xcode)
    }

    /// A pure map over the selected files: each one's cached result, or its lint against its
    /// project's models (from the file, the tree the declarations pass parsed, or the fixed text).
    func lint(_ selected: [(file: ScannedFile, linter: SelectedLinter)], cached: [Workspace.FileResult?], plan: ModelsPlan,
              models: RunModels, preparsed: PreparsedFiles, fixed: [String: FileFix], _ workspace: Workspace, _ outcome: inout Outcome) {
        let keepSources = needsSources
        let results = ThreadPool.parallelMap(Array(zip(selected, cached).enumerated())) { index, entry -> Workspace.FileResult in
            let ((file, linter), cached) = entry
            if let cached { return cached }
            // Taken whatever happens next, so that it is freed with this file.
            let tree = preparsed.take(at: index)
            let project = workspace.project(of: file.path)
            let models = models.models(of: project)
            // A project indexed only now, whose digest was not known when the cache was asked.
            if plan.cachedDigests[project] == nil, let stored = workspace.cachedResult(of: file, with: linter, modelsDigest: models.digest) {
                return stored
            }
            // A fixed file is reported as it now is, with the fixer's last lint of it.
            let fix = fixed[file.path]
            return workspace.lint(file, with: linter, models: models, keepingSource: keepSources, preparsed: tree,
                                  parsed: fix?.source, known: fix?.remaining)
        }
        let unparsed = results.compactMap(\.problem)
        outcome.problems += unparsed
        outcome.filesChecked -= unparsed.count
        outcome.uncheckedInputs += unparsed.count
        outcome.findings = results.flatMap(\.findings)
        outcome.notes += retiredRuleNotes(
            inComments: zip(selected, results).flatMap { entry, result in result.retiredRules.map { ($0, entry.file.path) } },
            inConfigurations: selected.compactMap { try? workspace.configuration(for: $0.file.path).get() })
        if options.strict { outcome.findings = outcome.findings.map { $0.with(severity: .error) } }
        outcome.sources = Dictionary(results.compactMap { $0.source.map { ($0.path, $0) } }, uniquingKeysWith: { first, _ in first })
        // Files whose findings came from the cache are read again, only where the text is needed.
        guard keepSources else { return }
        let pathsWithFindings = Set(outcome.findings.map(\.path))
        for (file, _) in selected where outcome.sources[file.path] == nil && pathsWithFindings.contains(file.path) {
            outcome.sources[file.path] = try? workspace.load(file).get().source
        }
    }

    /// Once per retired rule, however many comments and configurations name it: that it is
    /// gone, why, and where it is named. The exit status does not change.
    func retiredRuleNotes(inComments comments: [(rule: String, path: String)], inConfigurations configurations: [Configuration]) -> String {
        var places: [String: [String]] = [:]
        for configuration in configurations {
            for rule in configuration.retiredRules {
                let place = configuration.path ?? "the configuration"
                if places[rule]?.contains(place) != true { places[rule, default: []].append(place) }
            }
        }
        for (rule, path) in comments where places[rule]?.contains(path) != true { places[rule, default: []].append(path) }
        return places.keys.sorted().map { rule in
            let named = places[rule]!.map(Paths.onOneLine)
            let where_ = named.count == 1 ? named[0] : "\(named[0]) and \(Wording.count(named.count - 1, "other place"))"
            return "note: `\(rule)` no longer exists: \(RetiredRules.reasons[rule]!). It is named in \(where_); remove it there.\n"
        }.joined()
    }

    func resultCache() -> ResultCache? {
        if let path = options.cachePath { return ResultCache(directory: path) }
        return ResultCache.defaultDirectory(environment: environment.variables).map { ResultCache(directory: $0) }
    }
}

/// What a run built, kept until the process exits (`CommandEnvironment.endsAfterCommand`):
/// the system takes the memory back at once, instead of the run freeing it piece by piece.
private final class LeftForExit {
    let values: [Any]

    private init(_ values: [Any]) { self.values = values }

    static func keep(_ values: [Any]) {
        _ = Unmanaged.passRetained(LeftForExit(values))
    }
}
