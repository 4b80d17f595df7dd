import Foundation
import PredicateLintCore

/// Everything a lint needs to know about a tree of files, answered the same way for
/// `predicate-lint lint`, the language server and the MCP server: which files there are, the
/// configuration of each (read again when a configuration file changes), the project each
/// belongs to, that project's models, which rules check a file, and the cache.
///
/// The core library never touches a file; this is where the files are. Safe to use from many
/// threads.
public final class Workspace: @unchecked Sendable {
    public struct Settings: Sendable {
        /// `--no-prefilter` turns it off: every file is parsed (for comparing; results must not change).
        public var prefilter = true
        /// `--enable-all-rules`: opt-in rules too.
        public var enableAllRules = false
        /// `--only-rule ID`: exactly these rules; empty for what each configuration enables.
        public var onlyRules: [String] = []
        /// `--config FILE`: one configuration for every file instead of the nearest.
        public var configurationPath: String?
        public var cache: ResultCache?
        /// Nanoseconds since 1970, for telling whether a folder or project file is settled
        /// (tests move it ahead, so that what they have just written counts as settled).
        public var now: @Sendable () -> Int64
        /// For a server that promises to read only its workspace: the folders it may read. No
        /// configuration above them is looked for, and no link out of them is followed. Nil on
        /// the command line, where the user named what to read.
        public var confinement: [String]?

        public init(prefilter: Bool = true, enableAllRules: Bool = false, onlyRules: [String] = [], configurationPath: String? = nil,
                    cache: ResultCache? = nil, now: @escaping @Sendable () -> Int64 = FileStamp.now, confinement: [String]? = nil) {
            self.prefilter = prefilter
            self.enableAllRules = enableAllRules
            self.onlyRules = onlyRules
            self.configurationPath = configurationPath
            self.cache = cache
            self.now = now
            self.confinement = confinement
        }
    }

    /// The paths linted: folders or files.
    public let roots: [String]
    public let settings: Settings
    let configurations: ConfigurationResolver
    let projects: ProjectLocator
    let declarationsPass: DeclarationsPass
    private let modelsPerProject: ModelsPerProject
    let deploymentTargets: DeploymentTargets
    let linters: LinterSelection

    /// Throws when an explicit configuration is broken: then nothing can be linted.
    /// `indexes`: the cache's indexes as the run read them; only the project files are kept
    /// here (the deployment targets they state are read when first asked for).
    public init(roots: [String], settings: Settings = Settings(), indexes: CacheIndexes = .empty) throws(Configuration.Failure) {
        self.roots = roots
        self.settings = settings
        configurations = try ConfigurationResolver(explicitPath: settings.configurationPath, confinement: settings.confinement)
        projects = ProjectLocator(roots: roots)
        deploymentTargets = DeploymentTargets(cache: settings.cache, knownProjectFiles: indexes.projectFiles, now: settings.now)
        linters = LinterSelection(enableAllRules: settings.enableAllRules, onlyRules: settings.onlyRules)
        let projects = projects
        declarationsPass = DeclarationsPass(cache: settings.cache, prefilter: settings.prefilter, projectOf: { projects.project(of: $0) },
                                            appFoldersOf: { projects.appFolders(in: $0, holding: $1) })
        modelsPerProject = ModelsPerProject(pass: declarationsPass)
    }

    /// A workspace for a long-lived server: the nearest `.predicate-lint.json` decides (there
    /// is no `--config`, so nothing can fail here), and declarations are cached as on the
    /// command line. `confined`: it reads nothing outside `roots` (the MCP server's promise).
    public static func forServer(roots: [String], confined: Bool = false, environment: CommandEnvironment = .current) -> Workspace {
        let cache = ResultCache.defaultDirectory(environment: environment.variables).map { ResultCache(directory: $0) }
        // A server runs for days and never ends a run: the cache is kept bounded when it starts.
        cache?.prune(limit: ResultCache.limit(forRunOver: 0))
        // Without a configuration path the initializer cannot throw.
        return (try? Workspace(roots: roots, settings: Settings(cache: cache, confinement: confined ? roots : nil)))!
    }

    // MARK: Files

    /// Every Swift file under the roots, and the paths that could not be used. A folder whose
    /// stamp is as `indexes` has it (an earlier run's listing) is not listed again; the result's
    /// `freshFolders` are what the folder index should learn.
    /// What the listing learned about each folder is kept: which have no configuration file,
    /// which hold a project's marker.
    public func discoverFiles(indexes: CacheIndexes = .empty) -> FileDiscovery.Result {
        let discovery = FileDiscovery.swiftFiles(in: roots, known: settings.cache == nil ? [:] : indexes.folders, now: settings.now(),
                                                 confinedTo: settings.confinement)
        // Lookups are by absolute path: a run over `.` lists relative ones.
        let listed = discovery.listedFolders.map { (folder: Paths.absolute($0.folder), listing: $0.listing) }
        configurations.noteListed(folders: listed.filter { !$0.listing.hasConfiguration }.map(\.folder))
        projects.noteListed(listed.map { ($0.folder, $0.listing.hasProjectMarker) })
        return discovery
    }

    /// What a scan gave: the files, the paths that could not be used, and what the cache's
    /// indexes should learn from the files it read.
    public struct Scan: Sendable {
        public var files: [ScannedFile]
        public var problems: [InputProblem]
        public var learned: CacheIndexes.Learned
    }

    /// Reads each file once, on all cores. What a content was scanned to before is looked up
    /// in `indexes`, not scanned again; a file whose stamp is as the indexes last saw it is not
    /// read at all.
    /// `now`: nanoseconds since 1970, the workspace's clock (`Settings.now`) unless given (tests
    /// move it ahead, so that files they have just written count as settled).
    public func scan(_ paths: [String], indexes: CacheIndexes = .empty, now: Int64? = nil) -> Scan {
        let now = now ?? settings.now()
        let stamping = settings.cache != nil
        let (known, knownFiles) = stamping ? (indexes.contents, indexes.files) : ([:], [:])
        let results = ThreadPool.parallelMap(paths) { path -> (result: Result<ScannedFile, InputProblem>, stamp: FileStamp?, read: Bool) in
            // A file whose stamp is as the index has it is not read; one that is read is
            // stamped through the descriptor it is read from (`scanStamped`).
            if stamping, let stamp = FileStamp(path: path), let file = knownFiles[stamp.identity], file.stamp == stamp,
               let prefilter = known[file.digest] {
                return (.success(ScannedFile.known(path: path, file, prefilter: prefilter)), stamp, false)
            }
            let (result, stamp) = ScannedFile.scanStamped(path: path, known: known)
            return (result, stamping ? stamp : nil, true)
        }
        // Only a scan that read a file can teach the indexes anything (a warm run over 10,000
        // files skips building both again); only files settled before now are stamped.
        var learned = CacheIndexes.Learned()
        learned.filesScanned = paths.count
        if stamping, results.contains(where: \.read) {
            for scanned in results {
                guard case .success(let file) = scanned.result else { continue }
                if learned.contents[file.contentDigest] == nil { learned.contents[file.contentDigest] = file.prefilter }
                guard let stamp = scanned.stamp, stamp.isSettled(before: now) else { continue }
                learned.files[stamp.identity] = KnownFile(stamp: stamp, digest: file.contentDigest, byteOrderMark: file.byteOrderMark)
            }
        }
        return Scan(files: results.compactMap { try? $0.result.get() },
                    problems: results.compactMap { if case .failure(let problem) = $0.result { problem } else { nil } },
                    learned: learned)
    }

    /// The project files read for deployment targets that the project-file index did not hold.
    public var learnedProjectFiles: [FileIdentity: KnownFile] {
        deploymentTargets.learned
    }

    // MARK: Projects and models

    public func project(of path: String) -> Project {
        projects.project(of: path)
    }

    /// Whether the project's folder holds a package manifest or an Xcode project (else it is
    /// only the folder a search for one ended at).
    public func isMarked(_ project: Project) -> Bool {
        projects.hasMarker(project.folder)
    }

    /// Whole projects whose files count as they would if the projects were linted whole (where
    /// only part of each was named), local packages included; call before asking about files.
    public func includeWholeProjects(_ projects: [Project]) {
        self.projects.addRoots(projects.map(\.folder))
    }

    /// The models of the project `path` belongs to, as `indexModels(of:)` indexed them and
    /// `update` changed them since (a server's; a command-line run's are `RunModels`).
    public func models(for path: String) -> ProjectModels {
        modelsPerProject.models(of: project(of: path))
    }

    /// The declarations pass (`DeclarationsPass`) over `files`, replacing the models of the
    /// projects they belong to: for a server, and `explain`.
    /// `shared`: files whose declarations every one of these projects sees.
    public func indexModels(of files: [ScannedFile], sharing shared: [ScannedFile] = []) {
        modelsPerProject.index(filesByProject(files), sharing: shared)
    }

    /// Replaces what one file declares (an editor's buffer, or a file changed on disk; nil when
    /// it is gone). Returns the project whose models changed, if they did.
    @discardableResult
    public func update(_ path: String, with contribution: ProjectModels.Contribution?) -> Project? {
        modelsPerProject.replace(project(of: path)) { $0.replacing(path, with: contribution) }
    }

    /// Replaces what a package manifest says about modules (an editor's buffer, or the file on
    /// disk; nil when it is gone). Returns the project whose models changed, if they did.
    @discardableResult
    public func updateManifest(_ path: String, text: String?) -> Project? {
        let manifest = text.map { ProjectModels.Manifest(contentDigest: SHA256.digest($0), manifest: PackageManifest(text: $0)) }
        return modelsPerProject.replace(project(of: path)) { $0.replacing(manifest: path, with: manifest) }
    }

    // MARK: Linting one file

    /// What linting one scanned file gave.
    public struct FileResult: Sendable {
        public var findings: [Finding] = []
        /// Retired rules the file's suppression comments name.
        public var retiredRules: Set<String> = []
        /// The parsed file, where the caller asked to keep it and it was parsed.
        public var source: SourceFile?
        public var problem: InputProblem?
    }

    /// What the cache holds for linting `file` with `selected` against models of this digest
    /// (`RunModels.digest`), if anything.
    public func cachedResult(of file: ScannedFile, with selected: SelectedLinter, modelsDigest: String) -> FileResult? {
        let context = "\(selected.configurationDigest)|\(modelsDigest)"
        guard let cached = settings.cache?.lintEntry(path: file.path, digest: file.contentDigest, context: context) else { return nil }
        return FileResult(findings: cached.findings, retiredRules: Set(cached.retiredRules))
    }

    /// Lints one file with its configuration's rules against its project's `models`, and
    /// stores the result in the cache (the caller looked there first: `cachedResult`).
    /// `preparsed`: the file as the declarations pass parsed it for this (`indexModels`).
    /// `parsed` is the text to use instead of the file's (a fixed file, whose result is not
    /// stored); `known` findings for it (the fixer's last lint) are reported as they are.
    public func lint(_ file: ScannedFile, with selected: SelectedLinter, models: ProjectModels, keepingSource: Bool,
                     preparsed kept: ParsedForLint? = nil, parsed: SourceFile? = nil, known: [Finding]? = nil) -> FileResult {
        let context = "\(selected.configurationDigest)|\(models.digest)"
        let cache = parsed == nil ? settings.cache : nil
        return LargeFileTurns.run(bytes: parsed?.text.utf8.count ?? file.byteCount) {
            lintUncached(file, with: selected, models: models, keepingSource: keepingSource, preparsed: kept, parsed: parsed, known: known,
                         context: context, cache: cache)
        }
    }

    /// `lint` itself: the file read, parsed (as its outline) and linted, and the result stored.
    private func lintUncached(_ file: ScannedFile, with selected: SelectedLinter, models: ProjectModels, keepingSource: Bool,
                              preparsed kept: ParsedForLint?, parsed: SourceFile?, known: [Finding]?, context: String,
                              cache: ResultCache?) -> FileResult {
        let loaded: ParsedForLint
        if let parsed {
            loaded = ParsedForLint(source: parsed, original: nil, digest: file.contentDigest)
        } else if let kept {
            loaded = kept
        } else {
            switch file.loadText() {
            case .success(let read): loaded = ParsedForLint(path: file.path, text: read.text, digest: read.digest)
            case .failure(let problem): return FileResult(problem: problem)
            }
        }
        let source = loaded.source
        if let problem = source.problem {
            return FileResult(problem: InputProblem(path: file.path, message: problem.description))
        }
        let findings = known ?? selected.linter.lint(source, models: models.index(for: file.path))
        let retired = file.prefilter.hasSuppression ? RetiredRules.named(in: Suppressions(file: source)) : []
        cache?.store(ResultCache.LintEntry(findings: findings, retiredRules: retired.sorted()),
                     path: file.path, digest: loaded.digest, context: context)
        // Reports quote the file as written, never its outline.
        let reported = keepingSource && !findings.isEmpty ? loaded.original.map { SourceFile(path: file.path, text: $0) } ?? source : nil
        return FileResult(findings: findings, retiredRules: retired, source: reported)
    }
}
