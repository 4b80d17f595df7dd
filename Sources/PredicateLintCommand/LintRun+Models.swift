import Foundation
import PredicateLintCore

extension LintRun {
    // MARK: 4. Models

    /// The other files of each project a linted file belongs to, where the paths name only part
    /// of it (a file, as a pre-commit hook passes them, or a folder inside the project): their
    /// declarations shape the models the linted files are checked against, as when the whole
    /// project is linted. Read for declarations, never checked; a file among them that cannot
    /// be read is not reported (nobody asked about it). Only folders holding a package
    /// manifest or an Xcode project count: a lone file's folder is not walked.
    /// Returns them with the workspace that has those projects as roots (a phase of its own:
    /// `Workspace.includingWholeProjects`).
    func wholeProjects(of files: [ScannedFile], _ workspace: Workspace, _ indexes: CacheIndexes,
                       _ outcome: inout Outcome) -> (Workspace, [ScannedFile]) {
        let folders = options.paths.filter(workspace.isFolder).map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        // Files of one folder share a project: asked once per folder.
        let partial = Set(Paths.oneFilePerFolder(files.map(\.path)).map { workspace.project(of: $0) }).filter { project in
            !folders.contains { Paths.isWithin(project.folder, folder: $0) } && workspace.isMarked(project)
        }
        guard !partial.isEmpty else { return (workspace, []) }
        let discovery = workspace.swiftFiles(in: partial.map(\.folder).sorted())
        let whole = workspace.includingWholeProjects(partial.sorted(), listed: discovery)
        let linted = Set(files.map { URL(fileURLWithPath: $0.path).standardizedFileURL.path })
        let scan = whole.scan(discovery.files.filter { !linted.contains($0) }, indexes: indexes)
        outcome.learned.add(scan.learned)
        return (whole, scan.files.filter { partial.contains(whole.project(of: $0.path)) })
    }

    /// The findings the cache holds for each selected file, by its index in `selected`: looked
    /// up under its project's models digest where the cache knows it (nil where it does not).
    func cachedResults(of selected: [(file: ScannedFile, linter: SelectedLinter)], _ plan: ModelsPlan,
                       _ workspace: Workspace) -> [Workspace.FileResult?] {
        guard workspace.settings.cache != nil, !plan.cachedDigests.isEmpty else { return selected.map { _ in nil } }
        return ThreadPool.parallelMap(selected) { file, linter in
            plan.cachedDigests[workspace.project(of: file.path)].flatMap {
                workspace.cachedResult(of: file, with: linter, modelsDigest: $0)
            }
        }
    }

    /// Indexes, in one declarations pass, the projects whose models the cache does not know
    /// and those with a selected file whose findings it does not hold; the rest are known by
    /// their digest. A file linted next that the pass parses is parsed once, for both.
    func indexModels(_ plan: ModelsPlan, for selected: [(file: ScannedFile, linter: SelectedLinter)], cached: [Workspace.FileResult?],
                     _ workspace: Workspace) -> (RunModels, PreparsedFiles) {
        var needed = Set(plan.byProject.keys.filter { plan.cachedDigests[$0] == nil })
        var linting: Set<String> = []
        for ((file, _), result) in zip(selected, cached) where result == nil {
            needed.insert(workspace.project(of: file.path))
            linting.insert(file.path)
        }
        let (models, parsed) = workspace.indexModels(plan, projects: needed, linting: options.fix ? [] : linting)
        return (models, PreparsedFiles(parsed, in: selected.map(\.file.path)))
    }

    /// The files named by `--models`: scanned for their declarations, never checked.
    func modelSources(excluding linted: Set<String>, _ workspace: Workspace, _ indexes: CacheIndexes, _ outcome: inout Outcome) -> [ScannedFile] {
        guard !options.modelPaths.isEmpty else { return [] }
        let discovery = workspace.swiftFiles(in: options.modelPaths)
        outcome.problems += discovery.problems
        let scan = workspace.scan(discovery.files.filter { !linted.contains($0) }, indexes: indexes)
        outcome.problems += scan.problems
        outcome.learned.add(scan.learned)
        return scan.files
    }

}
