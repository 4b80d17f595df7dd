import Foundation
import PredicateLintCore

/// What the workspace answers about configuration: which configuration governs a file, the
/// broken ones a run reports, the rules and deployment target that apply.
extension Workspace {
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

    /// How many of `files` a broken configuration governs: they are read, never checked.
    /// One question per folder, as configurations belong to folders.
    public func filesUnderBrokenConfigurations(_ files: [String]) -> Int {
        var brokenFolders: [String: Bool] = [:]
        return files.filter { file in
            let folder = Paths.folder(of: file)
            if let broken = brokenFolders[folder] { return broken }
            let broken = if case .failure = configurations.configuration(for: file) { true } else { false }
            brokenFolders[folder] = broken
            return broken
        }.count
    }

    public func configuration(for path: String) -> Result<Configuration, Configuration.Failure> {
        configurations.configuration(for: path)
    }

    /// The path to ask about for what governs `path`: a folder stands for a file directly
    /// inside it.
    func governedFile(_ path: String) -> String {
        isFolder(path) ? URL(fileURLWithPath: path).appendingPathComponent("_.swift").path : path
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

    func deploymentTarget(for path: String, configuration: Configuration) -> AppliedDeploymentTarget {
        if let configured = configuration.deploymentTarget {
            return AppliedDeploymentTarget(target: configured, source: configuration.path ?? "the configuration")
        }
        return deploymentTargets.target(stated: projects.markedFolders(of: path))
    }

    /// For long-lived servers: nil when no configuration, and no project file that states a
    /// deployment target, changed on disk since it was read (a few `stat` calls); else this
    /// workspace with configurations, targets and linters read afresh for the same folders.
    public func reloadedIfChanged() -> Workspace? {
        guard changedOnDisk() else { return nil }
        var reloaded = self
        reloaded.configurations = configurations.reloaded()
        reloaded.linters = linters.forgotten()
        reloaded.deploymentTargets = deploymentTargets.forgotten().reading(deploymentTargets.folders)
        return reloaded
    }

    /// Whether a configuration or project file this snapshot read changed on disk since.
    public func changedOnDisk() -> Bool {
        configurations.changedOnDisk() || deploymentTargets.projectFileChanged()
    }

    /// This snapshot with what `newer` (built from an earlier snapshot of the same roots, on a
    /// worker) read: a reload replaces what this one read, once this one sees the change too;
    /// a resolution fills in what this one does not know. A snapshot of other roots (the
    /// server's were replaced meanwhile) changes nothing.
    public func adopting(_ newer: Workspace) -> Workspace {
        guard newer.roots == roots else { return self }
        return changedOnDisk() ? withConfigurations(of: newer) : fillingIn(from: newer)
    }

    /// This workspace with the configurations, targets and linters of `other` (a reload built
    /// from an earlier snapshot), and its own models and projects: what a server swaps in, so
    /// that a reload never undoes an edit that reached the models meanwhile.
    public func withConfigurations(of other: Workspace) -> Workspace {
        var merged = self
        (merged.configurations, merged.deploymentTargets, merged.linters) = (other.configurations, other.deploymentTargets, other.linters)
        return merged
    }
}
