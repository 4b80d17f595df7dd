import Foundation
import PredicateLintCore

/// What a command-line run knows of each project's models before it lints, decided in two
/// steps so that nothing is indexed during the lint:
///
/// 1. `ModelsPlan`: the files grouped by project and, with a cache, each project's snapshot
///    (`DeclarationsPass.snapshot`) and the models digest the cache holds for it.
/// 2. The run looks up each selected file's findings under that digest; the projects with a
///    miss, and those whose digest the cache does not hold, are indexed in one declarations
///    pass (`Workspace.indexModels(_:projects:linting:)`), which gives `RunModels`.
public struct ModelsPlan: Sendable {
    public let byProject: [Project: [ScannedFile]]
    public let shared: [ScannedFile]
    /// With a cache: each project's snapshot, under which its models digest is stored.
    public let snapshots: [Project: String]
    /// The models digest the cache holds for a project's snapshot, where it holds one.
    public let cachedDigests: [Project: String]
}

/// Each project's models for one run: those indexed, and every project's digest (an unindexed
/// project's from the cache: every selected file of it has its findings cached).
public struct RunModels: Sendable {
    public let indexed: [Project: ProjectModels]
    public let digests: [Project: String]

    public func models(of project: Project) -> ProjectModels {
        indexed[project] ?? .empty
    }
}

extension Workspace {
    // MARK: A server's models

    /// The models of the project `path` belongs to, as `indexingModels` indexed them and
    /// `updating` changed them since (a server's; a command-line run's are `RunModels`).
    public func models(for path: String) -> ProjectModels {
        models[project(of: path)] ?? .empty
    }

    /// This workspace with the models of the projects `files` belong to indexed afresh (the
    /// declarations pass, `DeclarationsPass`): for a server, and `explain`.
    /// `shared`: files whose declarations every one of these projects sees.
    public func indexingModels(of files: [ScannedFile], sharing shared: [ScannedFile] = []) -> Workspace {
        let byProject = filesByProject(files)
        let indexed = declarationsPass.run(byProject, sharing: shared, linting: []).models
        var updated = self
        for project in byProject.keys { updated.models[project] = indexed[project] }
        return updated
    }

    /// The project of `path` indexed on its own: discovered, scanned and its declarations read,
    /// as the whole workspace's index would (a server's project models come from its own files
    /// only, and every Swift file below its folder is its file). For a server that has a
    /// document open in a small app of a large root. Nil where the project is a root or holds
    /// one: then it is the whole index's work.
    public func indexingModels(ofProjectOf path: String) -> (project: Project, workspace: Workspace)? {
        let project = project(of: path)
        guard !projects.roots.contains(where: { Paths.isWithin($0, folder: project.folder) }) else { return nil }
        let discovery = FileDiscovery.swiftFiles(in: [project.folder], now: settings.now(), confinedTo: settings.confinement)
        return (project, knowing(discovery, configurations: false).indexingModels(of: scan(discovery.files).files))
    }

    /// This workspace with `project`'s models as `indexed` has them.
    public func withModels(of project: Project, from indexed: Workspace) -> Workspace {
        var updated = self
        updated.models[project] = indexed.models[project]
        return updated
    }

    /// This workspace with what one file declares replaced (an editor's buffer, or a file
    /// changed on disk; nil when it is gone), and the project whose models changed; nil when
    /// they did not.
    public func updating(_ path: String, with contribution: ProjectModels.Contribution?) -> (workspace: Workspace, project: Project)? {
        changingModels(of: project(of: path)) { $0.replacing(path, with: contribution) }
    }

    /// This workspace with what a package manifest says about modules replaced (an editor's
    /// buffer, or the file on disk; nil when it is gone), and the project whose models changed;
    /// nil when they did not.
    public func updatingManifest(_ path: String, text: String?) -> (workspace: Workspace, project: Project)? {
        let manifest = text.map { ProjectModels.Manifest(contentDigest: SHA256.digest($0), manifest: PackageManifest(text: $0)) }
        return changingModels(of: project(of: path)) { $0.replacing(manifest: path, with: manifest) }
    }

    private func changingModels(of project: Project, _ change: (ProjectModels) -> ProjectModels?) -> (workspace: Workspace, project: Project)? {
        guard let changed = change(models[project] ?? .empty) else { return nil }
        var updated = self
        updated.models[project] = changed
        return (updated, project)
    }

    // MARK: A command-line run's models

    /// Step 1: `files` by project, each project's snapshot, and the models digests the cache
    /// holds for them (looked up on all cores: each snapshot digests every path in a project).
    /// `shared`: files whose declarations every project sees (`--models`).
    public func planModels(of files: [ScannedFile], sharing shared: [ScannedFile]) -> ModelsPlan {
        let byProject = filesByProject(files)
        guard let cache = settings.cache else { return ModelsPlan(byProject: byProject, shared: shared, snapshots: [:], cachedDigests: [:]) }
        let prefilter = settings.prefilter
        let looked = ThreadPool.parallelMap(Array(byProject)) { project, projectFiles in
            let snapshot = DeclarationsPass.snapshot(of: projectFiles, sharing: shared, prefilter: prefilter)
            return (project, snapshot, cache.modelsDigest(snapshot: snapshot))
        }
        return ModelsPlan(byProject: byProject, shared: shared,
                          snapshots: Dictionary(uniqueKeysWithValues: looked.map { ($0.0, $0.1) }),
                          cachedDigests: Dictionary(uniqueKeysWithValues: looked.compactMap { project, _, digest in digest.map { (project, $0) } }))
    }

    /// Step 2: one declarations pass over the projects of `plan` in `needed`, whose models
    /// digests the cache then learns; the other projects are known by their cached digest.
    /// `linting`: the paths the run lints next; one of them that the pass must parse is parsed
    /// once, as the lint would (its outline), and handed forward, so that no file is parsed
    /// twice in a run.
    public func indexModels(_ plan: ModelsPlan, projects needed: Set<Project>, linting: Set<String>)
        -> (RunModels, parsedForLint: [String: ParsedForLint]) {
        let (indexed, parsedForLint) = declarationsPass.run(plan.byProject.filter { needed.contains($0.key) }, sharing: plan.shared,
                                                            linting: linting)
        var digests = plan.cachedDigests
        for (project, models) in indexed {
            digests[project] = models.digest
            if let snapshot = plan.snapshots[project], plan.cachedDigests[project] != models.digest {
                settings.cache?.store(modelsDigest: models.digest, snapshot: snapshot)
            }
        }
        return (RunModels(indexed: indexed, digests: digests), parsedForLint)
    }

    /// Files by the project each belongs to. A file's project is its folder's: asked again only
    /// where the folder changes (files come folder by folder).
    func filesByProject(_ files: [ScannedFile]) -> [Project: [ScannedFile]] {
        var byProject: [Project: [ScannedFile]] = [:]
        var previous: (folder: Substring, project: Project)?
        for file in files {
            let folder = Paths.writtenFolder(of: file.path) ?? ""
            let project = previous?.folder == folder ? previous!.project : project(of: file.path)
            previous = (folder, project)
            byProject[project, default: []].append(file)
        }
        return byProject
    }
}
