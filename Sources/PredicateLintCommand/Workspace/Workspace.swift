import Foundation
import PredicateLintCore

/// Everything a lint needs to know about a tree of files, answered the same way for
/// `predicate-lint lint`, the language server and the MCP server: which files there are, the
/// configuration of each, the project each belongs to, that project's models, which rules
/// check a file, and the cache.
///
/// A value: a snapshot that answers every question the same way whatever was asked before.
/// A run builds it in phases, each a new value (`knowing` what discovery listed, whole
/// projects as roots, the linters of the files to check); a server keeps one and swaps in a
/// new one when a file or configuration changes. The core library never touches a file; this
/// is where the files are. A question about a folder no phase covered is answered from the
/// file system afresh, and not kept.
public struct Workspace: Sendable {
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
    var configurations: ConfigurationMap
    var projects: ProjectMap
    var deploymentTargets: DeploymentTargetMap
    var linters: LinterSelection
    /// A server's (and `explain`'s) models of each project (`indexingModels`, `updating`); a
    /// command-line run's are `RunModels`.
    var models: [Project: ProjectModels] = [:]

    /// Throws when an explicit configuration is broken: then nothing can be linted.
    /// `indexes`: the cache's indexes as the run read them; only the project files are kept
    /// here (the deployment targets they state are read when `resolving(forFiles:)` asks).
    public init(roots: [String], settings: Settings = Settings(), indexes: CacheIndexes = .empty) throws(Configuration.Failure) {
        self.roots = roots
        self.settings = settings
        configurations = try ConfigurationMap(explicitPath: settings.configurationPath, confinement: settings.confinement)
        projects = ProjectMap(roots: roots)
        deploymentTargets = DeploymentTargetMap(cache: settings.cache, knownProjectFiles: indexes.projectFiles, now: settings.now)
        linters = LinterSelection(enableAllRules: settings.enableAllRules, onlyRules: settings.onlyRules)
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

    // MARK: Phases

    /// This workspace knowing what discovery listed: each folder's project (which folders
    /// hold a marker) and, with `configurations`, each folder's configuration (which folders
    /// hold no configuration file are not asked about again). A server leaves configurations
    /// to `resolving(forFiles:)`, so that it watches only those of the files it checks.
    public func knowing(_ discovery: FileDiscovery.Result, configurations: Bool = true) -> Workspace {
        // Lookups are by absolute path: a run over `.` lists relative ones.
        let listed = discovery.listedFolders.map { (folder: Paths.absolute($0.folder), listing: $0.listing) }
        var known = self
        known.projects = projects.knowing(listed.map { ($0.folder, $0.listing.hasProjectMarker) })
        if configurations {
            known.configurations = self.configurations.resolving(listed.map(\.folder),
                                                                 absent: Set(listed.filter { !$0.listing.hasConfiguration }.map(\.folder)))
        }
        return known
    }

    /// This workspace with whole projects as roots too (where only part of each was named),
    /// local packages included: their files then count as they would if the projects were
    /// linted whole. `discovery`: what listing those projects found.
    public func includingWholeProjects(_ projects: [Project], listed discovery: FileDiscovery.Result) -> Workspace {
        var whole = self
        whole.projects = self.projects.addingRoots(projects.map(\.folder))
        return whole.knowing(discovery)
    }

    /// This workspace with the configuration, deployment target and linter of each of `paths`
    /// found now (project files read on all cores), so that checking them asks the file
    /// system nothing more.
    public func resolving(forFiles paths: [String]) -> Workspace {
        var resolved = self
        let folders = Paths.oneFilePerFolder(paths)
        resolved.configurations = configurations.resolving(folders.map { Paths.folder(of: $0) })
        var marked: [String] = []
        var governed: [(path: String, configuration: Configuration)] = []
        for path in folders {
            guard case .success(let configuration) = resolved.configurations.configuration(for: path) else { continue }
            governed.append((path, configuration))
            if configuration.deploymentTarget == nil { marked += resolved.projects.markedFolders(of: path) }
        }
        resolved.deploymentTargets = deploymentTargets.reading(marked)
        resolved.linters = linters.making(governed.map { path, configuration in
            (configuration, resolved.deploymentTarget(for: path, configuration: configuration).target)
        })
        return resolved
    }

    /// This workspace with what `resolved` (`resolving(forFiles:)` on an earlier snapshot of
    /// it, on a worker) found for folders this one does not know; what this one knows stays, so
    /// that a reload swapped in meanwhile is never undone. What a server swaps in.
    public func fillingIn(from resolved: Workspace) -> Workspace {
        var filled = self
        filled.configurations = configurations.fillingIn(from: resolved.configurations)
        filled.deploymentTargets = deploymentTargets.fillingIn(from: resolved.deploymentTargets)
        filled.linters = linters.fillingIn(from: resolved.linters)
        return filled
    }

    /// Whether `resolving(forFiles:)` covered `path`'s folder (a server asks before checking a
    /// document, so that it watches that folder's configuration).
    public func hasResolved(_ path: String) -> Bool {
        configurations.knows(folder: Paths.folder(of: path))
    }

    // MARK: Files

    /// Every Swift file under the roots, and the paths that could not be used. A folder whose
    /// stamp is as `indexes` has it (an earlier run's listing) is not listed again; the result's
    /// `freshFolders` are what the folder index should learn, and `knowing` takes what the
    /// listing showed of each folder.
    public func discoverFiles(indexes: CacheIndexes = .empty) -> FileDiscovery.Result {
        FileDiscovery.swiftFiles(in: roots, known: settings.cache == nil ? [:] : indexes.folders, now: settings.now(),
                                 confinedTo: settings.confinement)
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

    /// The declarations pass over this workspace's projects.
    var declarationsPass: DeclarationsPass {
        let projects = projects
        return DeclarationsPass(cache: settings.cache, prefilter: settings.prefilter, projectOf: { projects.project(of: $0) },
                                appFoldersOf: { projects.appFolders(in: $0, holding: $1) })
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
}
