import Foundation
import PredicateLintCore

/// The models of each project for a long-lived server (and `explain`): indexed when the server
/// starts or a check asks, then changed by an editor's buffers. A command-line run does not
/// keep models here: it decides before linting which projects to index (`RunModels`).
final class ModelsPerProject: @unchecked Sendable {
    private let pass: DeclarationsPass
    private var known: [Project: ProjectModels] = [:]
    private let lock = NSLock()

    init(pass: DeclarationsPass) {
        self.pass = pass
    }

    /// A project's models; empty for a project never indexed.
    func models(of project: Project) -> ProjectModels {
        lock.withLock { known[project] } ?? .empty
    }

    /// Indexes the projects of `byProject`, replacing what was known of them.
    func index(_ byProject: [Project: [ScannedFile]], sharing shared: [ScannedFile]) {
        let indexed = pass.run(byProject, sharing: shared, linting: []).models
        lock.withLock {
            for project in byProject.keys { known[project] = indexed[project] }
        }
    }

    /// `project`'s models changed by `change` (nil: unchanged). Returns the project if they changed.
    func replace(_ project: Project, _ change: (ProjectModels) -> ProjectModels?) -> Project? {
        lock.withLock {
            guard let updated = change(known[project] ?? .empty) else { return nil }
            known[project] = updated
            return project
        }
    }
}
