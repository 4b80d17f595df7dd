import Foundation
import PredicateLintCore
import SwiftSyntax

/// The MCP tools: one table says what each takes and returns, and both the schemas the server
/// advertises and the checking of every call are made from it.
struct MCPTool: Sendable {
    struct Argument: Sendable {
        enum Kind: String, Sendable {
            case string
            case strings
            case integer
        }

        let name: String
        let kind: Kind
        let description: String
        var isRequired = false
    }

    let name: String
    let title: String
    let description: String
    let arguments: [Argument]
    /// The schema of `structuredContent`.
    let outputSchema: JSON
    let run: @Sendable (_ arguments: JSON, _ context: Context) -> Result<JSON, MCPTools.Failure>

    /// What a call runs in: the server's workspace, and the limit on each lint; `keep` hands
    /// the server what a call read about a file's folder (its configuration, target and
    /// linter), for the next call to find.
    struct Context {
        let workspace: Workspace
        let lanes: DocumentLanes
        var keep: @Sendable (Workspace) -> Void = { _ in }
    }

    /// What `tools/list` says about the tool.
    var listing: JSON {
        let properties = arguments.map { argument in
            let schema: JSON = switch argument.kind {
            case .string: ["type": "string", "description": .string(argument.description)]
            case .integer: ["type": "integer", "description": .string(argument.description)]
            case .strings: ["type": "array", "items": ["type": "string"], "description": .string(argument.description)]
            }
            return JSON.Member(key: argument.name, value: schema)
        }
        return [
            "name": .string(name), "title": .string(title), "description": .string(description),
            "inputSchema": [
                "type": "object", "properties": .object(properties),
                "required": .array(arguments.filter(\.isRequired).map { .string($0.name) }), "additionalProperties": false,
            ],
            "outputSchema": outputSchema,
        ]
    }

    /// The tool's result. Arguments the schema does not allow, and failures of the tool
    /// itself, are results with `isError` (the assistant can read and correct them); only a
    /// malformed request is a protocol error.
    func call(_ arguments: JSON, _ context: Context) -> JSON {
        if let problem = problem(with: arguments) { return MCPTools.errorResult(problem) }
        switch run(arguments, context) {
        case .success(let result): return result
        case .failure(let failure): return MCPTools.errorResult(failure.message)
        }
    }

    func problem(with arguments: JSON) -> String? {
        guard let members = arguments.members else { return "\(name) takes an object of arguments" }
        for member in members {
            guard let argument = self.arguments.first(where: { $0.name == member.key }) else {
                return "\(name) takes no argument \"\(member.key)\"; its arguments are "
                    + self.arguments.map { "\"\($0.name)\"" }.joined(separator: ", ")
            }
            switch argument.kind {
            case .string where member.value.string == nil:
                return "\"\(argument.name)\" must be a string"
            case .strings where member.value.array?.allSatisfy({ $0.string != nil }) != true:
                return "\"\(argument.name)\" must be a list of strings"
            case .integer where member.value.integer == nil:
                return "\"\(argument.name)\" must be an integer"
            default:
                continue
            }
        }
        if let missing = self.arguments.first(where: { $0.isRequired && arguments[$0.name] == nil }) {
            return "\(name) needs \"\(missing.name)\": \(missing.description)"
        }
        return nil
    }
}

enum MCPTools {
    struct Failure: Error { let message: String }

    static let instructions = """
        Run lint_swift on any Swift you write that uses SwiftData's #Predicate, @Query(filter:) or \
        FetchDescriptor, with the file's path so that its project's models and configuration apply. \
        Errors are predicates that will not build or will crash at runtime; apply fix_swift, then \
        rewrite what remains by hand (explain_rule tells why each rule exists and what to write instead).
        """

    static let codeArguments: [MCPTool.Argument] = [
        .init(name: "code", kind: .string, description: "The Swift source.", isRequired: true),
        .init(name: "path", kind: .string, description: "The file's path, inside the server's workspace (relative to its "
            + "folder, or absolute): its configuration and its project's models apply, with this code in place of the file."),
        .init(name: "models", kind: .strings, description: "Sources of @Model files and their extensions that are not on disk yet."),
    ]

    /// Columns count UTF-8 bytes, as Swift's tools and the findings' own do; the units other
    /// languages count are given beside them.
    static let columnUnit = "1-based, in UTF-8 bytes"

    /// What the tools' descriptions say of positions, so that a client reads them in its own unit.
    static let unitsNote = "Lines and columns are 1-based; `column` counts UTF-8 bytes, and each fix edit's start and end "
        + "also give `utf16Column` (JavaScript) and `codePointColumn` (Python)."

    /// A place in the code: its line, and its column in each unit a client may count in.
    static let position: [JSON.Member] = [
        .init(key: "line", value: ["type": "integer", "description": "1-based line"]),
        .init(key: "column", value: ["type": "integer", "description": .string("Column, \(columnUnit)")]),
        .init(key: "utf16Column", value: ["type": "integer", "description": "Column, 1-based, in UTF-16 code units (JavaScript, LSP)"]),
        .init(key: "codePointColumn", value: ["type": "integer", "description": "Column, 1-based, in Unicode code points (Python)"]),
    ]

    /// A finding, with the end of the code it names and, when it can be fixed, the edits that
    /// fix it: an assistant applies them without a second call.
    static let finding: JSON = [
        "type": "object",
        "properties": [
            "file": ["type": "string"], "line": ["type": "integer"],
            "column": ["type": "integer", "description": .string("Column, \(columnUnit)")],
            "endLine": ["type": "integer"], "endColumn": ["type": "integer", "description": .string("Column, \(columnUnit)")],
            "severity": ["type": "string", "enum": ["warning", "error"]], "rule": ["type": "string"], "message": ["type": "string"],
            "fixable": ["type": "boolean"],
            "fix": ["type": "object", "properties": [
                "title": ["type": "string"],
                "edits": ["type": "array", "items": ["type": "object", "properties": [
                    "start": ["type": "object", "properties": .object(position)], "end": ["type": "object", "properties": .object(position)],
                    "replacement": ["type": "string"],
                ], "required": ["start", "end", "replacement"]]],
            ], "required": ["title", "edits"]],
        ],
        "required": ["file", "line", "column", "endLine", "endColumn", "severity", "rule", "message", "fixable"],
    ]

    static let all: [MCPTool] = [
        MCPTool(
            name: "lint_swift", title: "Check SwiftData predicates",
            description: "Find SwiftData predicates in Swift code that fail to build or crash at runtime. " + unitsNote,
            arguments: codeArguments,
            outputSchema: ["type": "object", "properties": ["findings": ["type": "array", "items": finding]], "required": ["findings"]],
            run: { arguments, context in
                check(arguments, context).flatMap { input in
                    guard let findings = input.linter.lint(input.file, models: input.models, until: context.lanes.deadline) else {
                        return .failure(Failure(message: context.lanes.refusal))
                    }
                    return .success(result(findings: findings, in: input.file, note: input.note, fixed: nil))
                }
            }),
        MCPTool(
            name: "fix_swift", title: "Fix SwiftData predicates",
            description: "Apply PredicateLint's safe corrections to Swift code; returns the fixed code and what is left. " + unitsNote,
            arguments: codeArguments,
            outputSchema: ["type": "object", "properties": [
                "findings": ["type": "array", "items": finding], "fixedCode": ["type": "string"],
                "fixedCount": ["type": "integer"], "refusal": ["type": "string"],
            ], "required": ["findings", "fixedCode", "fixedCount"]],
            run: { arguments, context in
                check(arguments, context).flatMap { input in
                    // One lint within the limit first: fixing lints again, pass by pass.
                    guard input.linter.lint(input.file, models: input.models, until: context.lanes.deadline) != nil else {
                        return .failure(Failure(message: context.lanes.refusal))
                    }
                    let fixed = Fixer(linter: input.linter).fix(input.file, models: input.models)
                    let remaining = fixed.remaining ?? input.linter.lint(input.file, models: input.models)
                    // What is left is described in the fixed code, where its positions are.
                    return .success(result(findings: remaining, in: fixed.remaining == nil ? input.file : SourceFile(path: input.file.path, text: fixed.text),
                                           note: input.note, fixed: fixed))
                }
            }),
        MCPTool(
            name: "explain_rule", title: "Explain a PredicateLint rule",
            description: "Why a PredicateLint rule exists, how sure we are, and what to write instead.",
            arguments: [.init(name: "rule", kind: .string, description: "A rule id such as has-prefix.", isRequired: true)],
            outputSchema: ["type": "object", "properties": ["rule": ["type": "string"], "explanation": ["type": "string"]],
                           "required": ["rule", "explanation"]],
            run: { arguments, _ in
                let rule = arguments["rule"]?.string ?? ""
                if let retired = ExplainSubcommand.retiredExplanation(of: rule) {
                    return .success(["content": [["type": "text", "text": .string(retired)]],
                                     "structuredContent": ["rule": .string(rule), "explanation": .string(retired)], "isError": false])
                }
                guard let description = RuleRegistry.description(of: rule) else {
                    return .failure(Failure(message: "No rule named \(rule). Rules: "
                        + RuleRegistry.descriptions.map(\.id).joined(separator: ", ")))
                }
                let text = RuleDocumentation.explanation(of: description)
                return .success(["content": [["type": "text", "text": .string(text)]],
                                 "structuredContent": ["rule": .string(rule), "explanation": .string(text)], "isError": false])
            }),
        explainQuery,
    ]

    /// What a lint or fix of the code needs: the file, its rules and its project's models.
    struct Input {
        let file: SourceFile
        let linter: Linter
        let models: ModelIndex
        /// Said in the text result when the configuration leaves the file out.
        let note: String?
    }

    /// The code as the file at `path` (when given): that file's configuration, and the models
    /// of its project as they are on disk, with this code (and any `models` sources) in place.
    static func check(_ arguments: JSON, _ context: MCPTool.Context) -> Result<Input, Failure> {
        let code = arguments["code"]?.string ?? ""
        let shownPath = arguments["path"]?.string ?? "Input.swift"
        let file = SourceFile(path: shownPath, text: code)
        if let problem = file.problem { return .failure(Failure(message: "\(shownPath) was not checked: it \(problem)")) }
        let extraModels = (arguments["models"]?.array ?? []).compactMap(\.string)
        guard arguments["path"] != nil else {
            let models = ModelIndex(files: [file] + extraModels.enumerated().map { SourceFile(path: "Model\($0.offset).swift", text: $0.element) })
            return .success(Input(file: file, linter: Linter(), models: models, note: nil))
        }
        let path: String, root: String, reachNote: String?
        switch MCPReach.resolve(shownPath, in: context.workspace.roots) {
        case .success(let resolved): (path, root, reachNote) = resolved
        case .failure(let failure): return .failure(failure)
        }
        // The configuration as it is on disk now, found once for this path's folder and kept.
        var workspace = context.workspace.reloadedIfChanged() ?? context.workspace
        if !workspace.hasResolved(path) { workspace = workspace.resolving(forFiles: [path]) }
        context.keep(workspace)
        if case .failure(let failure) = workspace.configuration(for: path) { return .failure(Failure(message: failure.description)) }
        guard let selected = workspace.linter(for: path) else {
            return .success(Input(file: file, linter: Linter(rules: []), models: .empty,
                                  note: "\(shownPath) is excluded by its configuration's included/excluded globs; nothing was checked."))
        }
        // The project as it is on disk now: the assistant may have changed other files since.
        let project = workspace.project(of: path)
        let folder = Paths.isWithin(project.folder, folder: root) ? project.folder : Paths.folder(of: path)
        // Each check reads the cache's indexes once and writes what it learned once, as a run does.
        let indexes = CacheIndexes.read(from: workspace.settings.cache, [.contents, .files])
        let scan = workspace.scan(workspace.swiftFiles(in: [folder]).files, indexes: indexes)
        indexes.write(scan.learned, to: workspace.settings.cache)
        var models = workspace.indexingModels(of: scan.files).models(for: path)
        let sources = [(path, code)] + extraModels.enumerated().map { ("\(path)#model\($0.offset)", $0.element) }
        for (sourcePath, text) in sources {
            let contribution = ProjectModels.Contribution(
                contentDigest: SHA256.digest(text), declarations: FileDeclarations(path: sourcePath, text: text))
            models = models.replacing(sourcePath, with: contribution) ?? models
        }
        return .success(Input(file: file, linter: selected.linter, models: models.index(for: path), note: reachNote))
    }
}
