import PredicateLintCore

/// `explain_query`: what SwiftData's store is asked for by each predicate and query key path of
/// some code, so that an assistant can check a predicate before it writes it into an app. The
/// text is `QueryExplanation.text`, as `explain --query` and the hover show it.
extension MCPTools {
    static let explainQuery = MCPTool(
        name: "explain_query", title: "Show what a SwiftData predicate becomes in the store",
        description: "For each #Predicate and query key path in Swift code (or only those on `line`): the NSPredicate "
            + "SwiftData asks its store for, how the store keeps each property it reads, which parts the store cannot "
            + "run and what to write instead.",
        arguments: codeArguments + [.init(name: "line", kind: .integer,
                                          description: "Only what starts on or spans this 1-based line of the code.")],
        outputSchema: ["type": "object", "properties": ["explanations": ["type": "array", "items": [
            "type": "object",
            "properties": [
                "line": ["type": "integer"], "column": ["type": "integer"], "title": ["type": "string"],
                "nsPredicate": ["type": "string"], "cannotKnow": ["type": "string"],
                "failing": ["type": "array", "items": ["type": "string"]], "text": ["type": "string"],
            ],
            "required": ["line", "column", "title", "failing", "text"],
        ]]], "required": ["explanations"]],
        run: { arguments, context in
            check(arguments, context).map { input in
                let place: QueryExplanation.Place = arguments["line"]?.integer.map { .line($0) } ?? .everywhere
                let explanations = QueryExplanation.explanations(in: input.file, models: input.models, linter: input.linter,
                                                                 at: place, until: context.lanes.deadline)
                let structured = explanations.map { explanation -> JSON in
                    .object([
                        ("line", .integer(explanation.line)), ("column", .integer(explanation.column)),
                        ("title", .string(explanation.title)), ("nsPredicate", explanation.format.map(JSON.string)),
                        ("cannotKnow", explanation.cannotKnow.map(JSON.string)),
                        ("failing", .array(explanation.shapes.filter { $0.limit.verdict == .fails }.map { .string($0.format) })),
                        ("text", .string(explanation.text)),
                    ])
                }
                let text = (input.note.map { $0 + "\n" } ?? "")
                    + (explanations.isEmpty ? "No predicate or query key path found there.\n" : explanations.map(\.text).joined(separator: "\n"))
                return ["content": [["type": "text", "text": .string(text)]],
                        "structuredContent": ["explanations": .array(structured)], "isError": false]
            }
        })
}
