import Foundation
import PredicateLintCore

/// `predicate-lint explain --query FILE:LINE [--config FILE]`: what each predicate and query key
/// path on that line becomes in SwiftData's store (`QueryExplanation`), checked against the
/// models of the file's whole project and the rules its configuration runs.
enum ExplainQuery {
    static func run(path: String, line: Int, configPath: String?) -> CommandOutput {
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        var workspace: Workspace
        do {
            workspace = try Workspace(roots: [absolute], settings: Workspace.Settings(configurationPath: configPath))
        } catch {
            return CommandOutput(standardError: error.description + "\n", exitCode: 2)
        }
        let scanned = workspace.scan([absolute])
        if let problem = scanned.problems.first { return failure(InputProblem(path: path, message: problem.message)) }
        guard let file = scanned.files.first, case .success(let loaded) = file.loadText() else {
            return failure(InputProblem(path: path, message: "cannot be read; check that it is a Swift file you may read"))
        }
        let source = SourceFile(path: path, text: loaded.text)
        if let problem = source.problem {
            return failure(InputProblem(path: path, message: "was not checked: it \(problem)"))
        }
        if case .failure(let broken) = workspace.configuration(for: absolute) {
            return CommandOutput(standardError: broken.description + "\n", exitCode: 2)
        }
        // The models of the file's whole project, as a lint of the project would see them.
        let project = workspace.project(of: absolute)
        var files = [file]
        if workspace.isMarked(project) {
            let discovery = workspace.swiftFiles(in: [project.folder])
            workspace = workspace.includingWholeProjects([project], listed: discovery)
            files += workspace.scan(discovery.files.filter { $0 != absolute }).files
        }
        workspace = workspace.indexingModels(of: files)
        // A file the configuration excludes is still explained; only its findings are left out.
        let selected = workspace.linter(for: absolute)
        let explanations = QueryExplanation.explanations(
            in: source, models: workspace.models(for: absolute).index(for: absolute),
            linter: selected?.linter ?? Linter(rules: []), at: .line(line))
        guard !explanations.isEmpty else {
            return failure(InputProblem(path: path, line: line, message: "holds no predicate or query key path; "
                + "give the line a #Predicate, a @Query, a FetchDescriptor or a SortDescriptor starts on or spans"))
        }
        let note = selected == nil ? "note: \(path) is excluded by its configuration; no rule was run on it.\n" : ""
        return CommandOutput(standardOutput: note + explanations.map { "\(path):\($0.text)" }.joined(separator: "\n"))
    }

    private static func failure(_ problem: InputProblem) -> CommandOutput {
        CommandOutput(standardError: problem.description + "\n", exitCode: 2)
    }
}
