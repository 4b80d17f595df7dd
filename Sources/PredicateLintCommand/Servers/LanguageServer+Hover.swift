import PredicateLintCore

/// The hover over a predicate or a query key path: what SwiftData asks its store for, how the
/// store keeps what it reads, and what fails there (`QueryExplanation`, as `explain --query`
/// prints it). Worked out on a worker from a snapshot, like `+Work`.
extension LanguageServer {
    /// The hover at `position`; `null` where no predicate or key path is, nil when the position
    /// is not one (the request is then answered with an error).
    static func hover(in text: String, uri: String, position: JSON, workspace: Workspace,
                      until deadline: ContinuousClock.Instant) -> JSON? {
        guard let line = position["line"]?.integer, let character = position["character"]?.integer else { return nil }
        let positions = TextPositions(text)
        let file = SourceFile(path: path(of: uri), text: text)
        guard file.problem == nil else { return .null }
        let offset = positions.offset(line: line, character: character)
        let explanations = QueryExplanation.explanations(
            in: file, models: workspace.models(for: file.path).index(for: file.path),
            linter: workspace.linter(for: file.path)?.linter ?? Linter(rules: []), at: .offset(offset), until: deadline)
        guard !explanations.isEmpty else { return .null }
        return ["contents": ["kind": "plaintext", "value": .string(explanations.map(\.text).joined(separator: "\n"))]]
    }
}
