import Foundation
import PredicateLintCore

/// The models of each project, as the declarations pass indexed them or an editor changed them.
/// A project whose files are all as an earlier run indexed them is deferred: its models' digest
/// is known from the cache, and its declarations are read only when a file must be checked
/// against them.
final class ModelsPerProject: @unchecked Sendable {
    private let pass: DeclarationsPass
    private var known: [Project: ProjectModels] = [:]
    private var deferred: [Project: DeferredModels] = [:]
    private let lock = NSLock()
    /// Held while a deferred project is indexed, so that it is indexed once.
    private let indexingLock = NSLock()

    init(pass: DeclarationsPass) {
        self.pass = pass
    }

    /// A project's models, indexed now if they were deferred.
    func models(of project: Project) -> ProjectModels {
        if let models = lock.withLock({ known[project] }) { return models }
        guard lock.withLock({ deferred[project] }) != nil else { return .empty }
        return indexingLock.withLock {
            // Another thread may have indexed it meanwhile.
            guard let waiting = lock.withLock({ deferred[project] }) else { return lock.withLock { known[project] } ?? .empty }
            let models = pass.run([project: waiting.files], sharing: waiting.shared, linting: []).models[project] ?? .empty
            lock.withLock {
                known[project] = models
                deferred[project] = nil
            }
            return models
        }
    }

    /// The digest of a project's models (`ProjectModels.digest`), without indexing deferred ones.
    func digest(of project: Project) -> String {
        lock.withLock { known[project]?.digest ?? deferred[project]?.digest } ?? ProjectModels.empty.digest
    }

    /// Indexes the projects of `byProject` (or defers those the cache knows), replacing what
    /// was known of them. Returns the files of `linting` the pass parsed as `lint` would.
    func index(_ byProject: [Project: [ScannedFile]], sharing shared: [ScannedFile], linting: Set<String>) -> [String: ParsedForLint] {
        var now: [Project: [ScannedFile]] = [:]
        var snapshots: [Project: String] = [:]
        var waiting: [Project: DeferredModels] = [:]
        if let cache = pass.cache {
            // Each project's snapshot digests every path in it: on all cores.
            let prefilter = pass.prefilter
            let looked = ThreadPool.parallelMap(Array(byProject)) { project, projectFiles in
                let snapshot = DeclarationsPass.snapshot(of: projectFiles, sharing: shared, prefilter: prefilter)
                return (project, projectFiles, snapshot, cache.modelsDigest(snapshot: snapshot))
            }
            for (project, projectFiles, snapshot, digest) in looked {
                if let digest {
                    waiting[project] = DeferredModels(files: projectFiles, shared: shared, digest: digest)
                } else {
                    now[project] = projectFiles
                    snapshots[project] = snapshot
                }
            }
        } else {
            now = byProject
        }
        let (indexed, parsedForLint) = pass.run(now, sharing: shared, linting: linting)
        for (project, models) in indexed {
            if let snapshot = snapshots[project] { pass.cache?.store(modelsDigest: models.digest, snapshot: snapshot) }
        }
        lock.withLock {
            for project in byProject.keys {
                known[project] = indexed[project]
                deferred[project] = waiting[project]
            }
        }
        return parsedForLint
    }

    /// `project`'s models changed by `change` (nil: unchanged); indexed first if they were
    /// deferred. Returns the project if they changed.
    func replace(_ project: Project, _ change: (ProjectModels) -> ProjectModels?) -> Project? {
        _ = models(of: project)
        return lock.withLock {
            guard let updated = change(known[project] ?? .empty) else { return nil }
            known[project] = updated
            return project
        }
    }
}

/// A project whose models are known by their digest only, until a file must be checked
/// against them: what indexing them needs.
struct DeferredModels: Sendable {
    let files: [ScannedFile]
    let shared: [ScannedFile]
    let digest: String
}
