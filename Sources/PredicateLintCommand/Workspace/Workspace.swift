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
        /// `--config FILE`: one configuration for every file instead of the nearest.
        public var configurationPath: String?
        public var cache: ResultCache?
        /// Nanoseconds since 1970, for telling whether a folder or project file is settled
        /// (tests move it ahead, so that what they have just written counts as settled).
        public var now: @Sendable () -> Int64

        public init(prefilter: Bool = true, enableAllRules: Bool = false, configurationPath: String? = nil,
                    cache: ResultCache? = nil, now: @escaping @Sendable () -> Int64 = FileStamp.now) {
            self.prefilter = prefilter
            self.enableAllRules = enableAllRules
            self.configurationPath = configurationPath
            self.cache = cache
            self.now = now
        }
    }

    /// The paths linted: folders or files.
    public let roots: [String]
    public let settings: Settings
    let configurations: ConfigurationResolver
    private let projects: ProjectLocator
    private var modelsByProject: [Project: ProjectModels] = [:]
    /// Projects whose files are all as a run already indexed them: their models' digest is
    /// known from the cache, and their declarations are read only if a file must be checked
    /// against them (`models(for:)`).
    private var deferredModels: [Project: DeferredModels] = [:]
    /// Held while a deferred project is indexed, so that it is indexed once.
    private let indexingLock = NSLock()
    private let deploymentTargets: DeploymentTargets
    private let linters: LinterSelection
    private let scanIndexes: ScanIndexes
    /// Files the declarations pass parsed for linting as well, until `lint` takes them.
    private var parsedForLint: [String: ParsedForLint] = [:]
    private let lock = NSLock()

    /// Throws when an explicit configuration is broken: then nothing can be linted.
    public init(roots: [String], settings: Settings = Settings()) throws(Configuration.Failure) {
        self.roots = roots
        self.settings = settings
        configurations = try ConfigurationResolver(explicitPath: settings.configurationPath)
        projects = ProjectLocator(roots: roots)
        deploymentTargets = DeploymentTargets(cache: settings.cache, now: settings.now)
        linters = LinterSelection(enableAllRules: settings.enableAllRules)
        scanIndexes = ScanIndexes(cache: settings.cache)
    }

    /// A workspace for a long-lived server: the nearest `.predicate-lint.json` decides (there
    /// is no `--config`, so nothing can fail here), and declarations are cached as on the
    /// command line.
    public static func forServer(roots: [String], environment: CommandEnvironment = .current) -> Workspace {
        let cache = ResultCache.defaultDirectory(environment: environment.variables).map(ResultCache.init(directory:))
        // Without a configuration path the initializer cannot throw.
        return (try? Workspace(roots: roots, settings: Settings(cache: cache)))!
    }

    // MARK: Files

    /// Every Swift file under the roots, and the paths that could not be used.
    /// What the listing learned about each folder is kept: which have no configuration file,
    /// which hold a project's marker.
    public func discoverFiles() -> FileDiscovery.Result {
        // With a cache, folders whose stamp is as an earlier run saw them are not listed again.
        let known = settings.cache?.folderIndex() ?? [:]
        let discovery = FileDiscovery.swiftFiles(in: roots, known: known, now: settings.now())
        if let cache = settings.cache, discovery.freshFolders.contains(where: { known[$0.key] != $0.value }) {
            cache.storeFolderIndex(ResultCache.index(known, learning: discovery.freshFolders, limit: max(20_000, 2 * discovery.listedFolders.count)))
        }
        // Lookups are by absolute path: a run over `.` lists relative ones.
        let listed = discovery.listedFolders.map { (folder: Paths.absolute($0.folder), listing: $0.listing) }
        configurations.noteListed(folders: listed.filter { !$0.listing.hasConfiguration }.map(\.folder))
        projects.noteListed(listed.map { ($0.folder, $0.listing.hasProjectMarker) })
        return discovery
    }

    /// Reads each file once, on all cores. What a content was scanned to before is looked up
    /// in the cache, not scanned again; a file whose stamp is as the cache last saw it is not
    /// read at all.
    /// `now`: nanoseconds since 1970 (tests move it ahead, so that files they have just
    /// written count as settled).
    public func scan(_ paths: [String], now: Int64 = FileStamp.now())
        -> (files: [ScannedFile], problems: [InputProblem]) {
        let stamping = settings.cache != nil
        let (known, knownFiles) = scanIndexes.known()
        let results = ThreadPool.parallelMap(paths) { path -> ScanIndexes.Scanned in
            // Stamped before reading: a write during the read then changes the stamp, and the
            // next run reads the file again.
            let stamp = stamping ? FileStamp(path: path) : nil
            if let stamp, let file = knownFiles[stamp.identity], file.stamp == stamp, let prefilter = known[file.digest] {
                return ScanIndexes.Scanned(result: .success(ScannedFile.known(path: path, file, prefilter: prefilter)), stamp: stamp, read: false)
            }
            return ScanIndexes.Scanned(result: ScannedFile.scan(path: path, known: known), stamp: stamp, read: true)
        }
        scanIndexes.learn(from: results, now: now)
        return (results.compactMap { try? $0.result.get() },
                results.compactMap { if case .failure(let problem) = $0.result { problem } else { nil } })
    }

    /// Starts reading the cache's scan and file indexes on a thread of their own: much of
    /// discovering files is one thread's work, and the indexes are read meanwhile. `scan` waits for them.
    public func startReadingIndexes() {
        scanIndexes.startReading()
    }

    // MARK: Configuration

    /// The broken configurations governing what `discovery` found (and `others`). Where no
    /// folder it listed holds a configuration file, each file it found under a folder it walked
    /// is governed by what governs that folder (the walk listed every folder in between), so
    /// those folders are asked about instead of every folder below them.
    public func configurationProblems(for discovery: FileDiscovery.Result, also others: [String] = []) -> [InputProblem] {
        let anyListed = discovery.listedFolders.contains { $0.listing.hasConfiguration }
        let asked = anyListed ? discovery.files
            : discovery.walkedFolders.map { "\($0)/\(Configuration.fileName)" } + discovery.namedFiles
        return configurationProblems(for: asked + others)
    }

    /// A broken configuration, reported once, even where none of its files needs checking.
    /// Configurations belong to folders, so one file per folder is enough to ask about.
    public func configurationProblems(for paths: [String]) -> [InputProblem] {
        var problems: [InputProblem] = []
        var reported: Set<String> = []
        for path in Paths.oneFilePerFolder(paths) {
            if case .failure(let failure) = configurations.configuration(for: path), reported.insert(failure.path).inserted {
                problems.append(InputProblem(path: failure.path, line: failure.line,
                                             message: failure.message + " (the files it governs were not checked)"))
            }
        }
        return problems
    }

    public func configuration(for path: String) -> Result<Configuration, Configuration.Failure> {
        configurations.configuration(for: path)
    }

    /// The rules that check `path`, or nil when its configuration excludes it or is broken
    /// (then its rules are unknown). `ignoringExclusion` is for a file named on purpose, such
    /// as standard input.
    public func linter(for path: String, ignoringExclusion: Bool = false) -> SelectedLinter? {
        guard case .success(let configuration) = configurations.configuration(for: path),
              ignoringExclusion || configuration.covers(path) else { return nil }
        return linters.linter(for: configuration, target: deploymentTarget(for: path, configuration: configuration).target)
    }

    /// The deployment target that applies to a file, and where it comes from: the
    /// configuration's `deployment_target`, else what the nearest package manifest or Xcode
    /// project at or above the file (within its project) states, else SwiftData's oldest
    /// systems.
    public func deploymentTarget(for path: String) -> AppliedDeploymentTarget? {
        guard case .success(let configuration) = configurations.configuration(for: path) else { return nil }
        return deploymentTarget(for: path, configuration: configuration)
    }

    private func deploymentTarget(for path: String, configuration: Configuration) -> AppliedDeploymentTarget {
        if let configured = configuration.deploymentTarget {
            return AppliedDeploymentTarget(target: configured, source: configuration.path ?? "the configuration")
        }
        return deploymentTargets.target(stated: projects.markedFolders(of: path))
    }

    /// For long-lived servers: whether any configuration changed on disk since it was read;
    /// if so, linters are chosen afresh.
    @discardableResult
    public func reloadConfigurationIfChanged() -> Bool {
        guard configurations.reloadIfChanged() else { return false }
        linters.forget()
        deploymentTargets.forget()
        return true
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

    /// The models of the project `path` belongs to (indexed now if they were deferred).
    public func models(for path: String) -> ProjectModels {
        let project = project(of: path)
        if let known = lock.withLock({ modelsByProject[project] }) { return known }
        guard lock.withLock({ deferredModels[project] }) != nil else { return .empty }
        return indexingLock.withLock {
            // Another thread may have indexed it meanwhile.
            guard let deferred = lock.withLock({ deferredModels[project] }) else { return lock.withLock { modelsByProject[project] } ?? .empty }
            let models = index([project: deferred.files], sharing: deferred.shared, linting: [])[project] ?? .empty
            lock.withLock {
                modelsByProject[project] = models
                deferredModels[project] = nil
            }
            return models
        }
    }

    /// The digest of those models (`ProjectModels.digest`), without indexing deferred ones.
    public func modelsDigest(for path: String) -> String {
        let project = project(of: path)
        return lock.withLock { modelsByProject[project]?.digest ?? deferredModels[project]?.digest } ?? ProjectModels.empty.digest
    }

    /// The declarations pass: parses, on all cores, the files that can shape each project's
    /// models (model files, files declaring a predicate's root or a regex constant first; then
    /// files declaring a type a model stores or adopts, or extending a model or what it adopts,
    /// until nothing new turns up; with the prefilter off, every file), and replaces the models
    /// of the projects these files belong to. A project's names never pull in another project's
    /// files.
    /// `shared`: files whose declarations every one of these projects sees (`--models`: a
    /// target's dependencies, wherever they are). `linting`: the paths the caller lints next;
    /// one of them that this pass must parse is parsed once, as `lint` would (its outline), and
    /// its tree kept for `lint`, so that no file is parsed twice in a run.
    public func indexModels(of files: [ScannedFile], sharing shared: [ScannedFile] = [], linting: Set<String> = []) {
        // A file's project is its folder's: asked again only where the folder changes (files
        // come folder by folder).
        var byProject: [Project: [ScannedFile]] = [:]
        var previous: (folder: Substring, project: Project)?
        for file in files {
            let folder = Paths.writtenFolder(of: file.path) ?? ""
            let project = previous?.folder == folder ? previous!.project : project(of: file.path)
            previous = (folder, project)
            byProject[project, default: []].append(file)
        }
        var now: [Project: [ScannedFile]] = [:]
        var snapshots: [Project: String] = [:]
        var deferred: [Project: DeferredModels] = [:]
        if let cache = settings.cache {
            // Each project's snapshot digests every path in it: on all cores.
            let prefilter = settings.prefilter
            let looked = ThreadPool.parallelMap(Array(byProject)) { project, projectFiles in
                let snapshot = Self.snapshot(of: projectFiles, sharing: shared, prefilter: prefilter)
                return (project, projectFiles, snapshot, cache.modelsDigest(snapshot: snapshot))
            }
            for (project, projectFiles, snapshot, digest) in looked {
                if let digest {
                    deferred[project] = DeferredModels(files: projectFiles, shared: shared, digest: digest)
                } else {
                    now[project] = projectFiles
                    snapshots[project] = snapshot
                }
            }
        } else {
            now = byProject
        }
        let indexed = index(now, sharing: shared, linting: linting)
        for (project, models) in indexed {
            if let snapshot = snapshots[project] { settings.cache?.store(modelsDigest: models.digest, snapshot: snapshot) }
        }
        lock.withLock {
            for project in byProject.keys {
                modelsByProject[project] = indexed[project]
                deferredModels[project] = deferred[project]
            }
        }
    }

    /// What decides a project's models: the path and content of each of its files and of the
    /// shared ones, and whether the prefilter chose what was parsed (the cache's entry names
    /// add the tool's version). Equal snapshots index to equal models.
    static func snapshot(of files: [ScannedFile], sharing shared: [ScannedFile], prefilter: Bool) -> String {
        // Asked of every file on every warm run: the bytes are laid out directly and digested
        // once. A folder is written where it changes, then each file's name and digest: half
        // the bytes of every full path.
        var bytes: [UInt8] = []
        func append(_ text: some StringProtocol) {
            bytes.append(contentsOf: "\(text.utf8.count):".utf8)
            bytes.append(contentsOf: text.utf8)
        }
        append(prefilter ? "prefiltered" : "every file")
        for (marker, list) in [("files", files), ("shared", shared)] {
            append(marker)
            var isFirst = true
            var folder: Substring?
            for (path, digest) in list.map({ ($0.path, $0.contentDigest) }).sorted(by: { $0.0 < $1.0 }) {
                // Folders are marked `/` and their path; a path without `/`, `.` alone.
                let written = Paths.writtenFolder(of: path)
                if isFirst || written != folder {
                    if let written {
                        bytes.append(UInt8(ascii: "/"))
                        append(written)
                    } else {
                        bytes.append(UInt8(ascii: "."))
                    }
                    (folder, isFirst) = (written, false)
                }
                append(written.map { path[path.utf8.index(after: $0.endIndex)...] } ?? path[...])
                for word in [digest.word0, digest.word1, digest.word2, digest.word3] {
                    for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: word >> UInt64(shift))) }
                }
            }
        }
        return bytes.withUnsafeBytes { SHA256.digest($0) }.description
    }

    /// The declarations pass over `byProject`: their models, by project.
    private func index(_ byProject: [Project: [ScannedFile]], sharing shared: [ScannedFile], linting: Set<String>) -> [Project: ProjectModels] {
        guard !byProject.isEmpty else { return [:] }
        let files = byProject.values.flatMap { $0 }
        let cache = settings.cache
        var contributions: [Project: [String: ProjectModels.Contribution]] = [:]
        let sharedContributions = ThreadPool.parallelMap(shared) { file -> (String, ProjectModels.Contribution)? in
            if let cached = cache?.declarations(digest: file.contentDigest) {
                return (file.path, .init(contentDigest: file.contentDigest, declarations: cached))
            }
            guard case .success(let loaded) = file.loadText() else { return nil }
            let declarations = FileDeclarations(path: file.path, text: loaded.text)
            cache?.store(declarations, digest: loaded.digest)
            return (file.path, .init(contentDigest: loaded.digest, declarations: declarations))
        }.compactMap { $0 }
        for project in byProject.keys {
            for (path, contribution) in sharedContributions { contributions[project, default: [:]][path] = contribution }
        }
        // What each project's models and predicates are about: the predicates' roots first.
        var names = byProject.mapValues { files in files.reduce(into: Set<String>()) { $0.formUnion($1.prefilter.rootNames) } }
        var extendable: [Project: Set<String>] = [:]
        for project in byProject.keys {
            for (_, contribution) in sharedContributions {
                names[project, default: []].formUnion(contribution.declarations.referencedTypeNames)
                extendable[project, default: []].formUnion(contribution.declarations.extendableTypeNames)
            }
        }
        var pending = files.filter {
            !settings.prefilter || $0.prefilter.declaresAnything(about: names[project(of: $0.path)] ?? [], extending: [])
        }
        while !pending.isEmpty {
            let parsed = ThreadPool.parallelMap(pending) { file -> (ScannedFile, (ContentDigest, FileDeclarations)?) in
                if let cached = cache?.declarations(digest: file.contentDigest) { return (file, (file.contentDigest, cached)) }
                // Unreadable now: the lint of the same file reports it.
                guard case .success(let loaded) = file.loadText() else { return (file, nil) }
                let declarations: FileDeclarations
                if linting.contains(file.path) {
                    let parsed = ParsedForLint(path: file.path, text: loaded.text, digest: loaded.digest)
                    declarations = FileDeclarations(file: parsed.source)
                    self.lock.withLock { self.parsedForLint[file.path] = parsed }
                } else {
                    declarations = FileDeclarations(path: file.path, text: loaded.text)
                }
                cache?.store(declarations, digest: loaded.digest)
                return (file, (loaded.digest, declarations))
            }
            for case let (file, (digest, declarations)?) in parsed {
                let project = project(of: file.path)
                contributions[project, default: [:]][file.path] = .init(contentDigest: digest, declarations: declarations)
                names[project, default: []].formUnion(declarations.referencedTypeNames)
                extendable[project, default: []].formUnion(declarations.extendableTypeNames)
            }
            // Files that may declare what a model of their project stores or adopts, a root, or
            // a constant, or extend a model, and are not read yet.
            pending = byProject.flatMap { project, files in
                files.filter { file in
                    contributions[project]?[file.path] == nil
                        && file.prefilter.declaresAnything(about: names[project] ?? [], extending: extendable[project] ?? [])
                }
            }
        }
        // Which module each file is in, for projects holding SwiftPM packages.
        let manifests = ThreadPool.parallelMap(files.filter { SourceModules.isManifestPath($0.path) }) { file in
            (file.path, file.loadText().map { ProjectModels.Manifest(contentDigest: $0.digest, manifest: PackageManifest(text: $0.text)) })
        }
        var manifestsByProject: [Project: [String: ProjectModels.Manifest]] = [:]
        for case let (path, .success(manifest)) in manifests { manifestsByProject[project(of: path), default: [:]][path] = manifest }
        let sharedPaths = Set(shared.map(\.path))
        return Dictionary(uniqueKeysWithValues: byProject.keys.map {
            ($0, ProjectModels(contributions: contributions[$0] ?? [:], manifests: manifestsByProject[$0] ?? [:], seenByAll: sharedPaths))
        })
    }

    /// Replaces what one file declares (an editor's buffer, or a file changed on disk; nil when
    /// it is gone). Returns the project whose models changed, if they did.
    @discardableResult
    public func update(_ path: String, with contribution: ProjectModels.Contribution?) -> Project? {
        replaceModels(of: path) { $0.replacing(path, with: contribution) }
    }

    /// Replaces what a package manifest says about modules (an editor's buffer, or the file on
    /// disk; nil when it is gone). Returns the project whose models changed, if they did.
    @discardableResult
    public func updateManifest(_ path: String, text: String?) -> Project? {
        let manifest = text.map { ProjectModels.Manifest(contentDigest: SHA256.digest($0), manifest: PackageManifest(text: $0)) }
        return replaceModels(of: path) { $0.replacing(manifest: path, with: manifest) }
    }

    /// The models of `path`'s project changed by `change` (nil: unchanged); indexed first if
    /// they were deferred.
    private func replaceModels(of path: String, _ change: (ProjectModels) -> ProjectModels?) -> Project? {
        let project = project(of: path)
        _ = models(for: path)
        return lock.withLock {
            guard let updated = change(modelsByProject[project] ?? .empty) else { return nil }
            modelsByProject[project] = updated
            return project
        }
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

    /// Lints one file with its configuration's rules against its project's models, or takes
    /// the findings from the cache when this content was checked with this configuration
    /// and these models before. `parsed` is the text to use instead of the file's (a fixed
    /// file); `known` findings for it (the fixer's last lint) are reported as they are.
    public func lint(_ file: ScannedFile, with selected: SelectedLinter, keepingSource: Bool,
                     parsed: SourceFile? = nil, known: [Finding]? = nil) -> FileResult {
        let context = "\(selected.configurationDigest)|\(modelsDigest(for: file.path))"
        let cache = parsed == nil ? settings.cache : nil
        let kept = lock.withLock { parsedForLint.removeValue(forKey: file.path) }
        if let cached = cache?.lintEntry(path: file.path, digest: file.contentDigest, context: context) {
            return FileResult(findings: cached.findings, retiredRules: Set(cached.retiredRules))
        }
        let models = models(for: file.path)
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

/// A project whose models are known by their digest only, until a file must be checked
/// against them: what indexing them needs.
struct DeferredModels: Sendable {
    let files: [ScannedFile]
    let shared: [ScannedFile]
    let digest: String
}

/// A file parsed for linting: its outline where it has one (the same findings, from the bodies
/// that can hold a predicate), else its text; a file the parse guard refuses is not outlined.
struct ParsedForLint: Sendable {
    let source: SourceFile
    /// The text as written, where `source` is its outline: reports quote this.
    let original: String?
    /// Of the bytes read: the findings are cached under it.
    let digest: ContentDigest

    init(source: SourceFile, original: String?, digest: ContentDigest) {
        (self.source, self.original, self.digest) = (source, original, digest)
    }

    init(path: String, text: String, digest: ContentDigest) {
        let outline = ParseGuard.refusal(for: text) == nil ? PredicateOutline(text: text) : nil
        self.init(source: SourceFile(path: path, text: outline?.text ?? text), original: outline == nil ? nil : text, digest: digest)
    }
}
