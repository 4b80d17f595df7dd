import Dispatch
import Foundation
import PredicateLintCore

/// `predicate-lint mcp`: the Model Context Protocol over stdio, so a coding assistant can lint
/// and fix the SwiftData code it writes before it hands it over. Requests are handled
/// concurrently: one slow lint does not hold up the next request.
public final class MCPServer: @unchecked Sendable {
    let connection: JSONRPCConnection
    private let work = DispatchQueue(label: "predicate-lint.mcp", attributes: .concurrent)
    private let pending = DispatchGroup()

    public init(input: FileHandle, output: FileHandle) {
        connection = JSONRPCConnection(input: input, output: output, framing: .newlineDelimited)
    }

    /// Serves until the input closes.
    public func run() {
        while true {
            switch connection.receive() {
            case .end:
                pending.wait()
                return
            case .malformed(let text):
                connection.respond(to: nil, error: JSONRPCConnection.ErrorCode.parseError, "Parse error: not a JSON-RPC message: \(text)")
            case .message(let message):
                handle(message)
            }
        }
    }

    private func handle(_ message: [String: Any]) {
        guard let method = message["method"] as? String else {
            if message["id"] != nil {  // a response from the client: nothing asked for it
                return
            }
            connection.respond(to: nil, error: JSONRPCConnection.ErrorCode.invalidRequest, "Invalid request: no method")
            return
        }
        guard let id = message["id"] else { return }  // notifications (initialized, cancelled) need no answer
        // JSON values are only read from here on; the box carries them to the worker.
        let request = Unchecked((id: id, params: message["params"] as? [String: Any] ?? [:]))
        work.async(group: pending) { [connection] in
            let (id, params) = request.value
            switch method {
            case "initialize":
                connection.respond(to: id, result: [
                    "protocolVersion": params["protocolVersion"] as? String ?? "2025-06-18",
                    "capabilities": ["tools": ["listChanged": false]],
                    "serverInfo": ["name": "predicate-lint", "version": Command.version],
                    "instructions": MCPTools.instructions,
                ] as [String: Any])
            case "ping":
                connection.respond(to: id, result: [String: Any]())
            case "tools/list":
                connection.respond(to: id, result: ["tools": MCPTools.descriptions])
            case "tools/call":
                switch MCPTools.call(params) {
                case .success(let result): connection.respond(to: id, result: result)
                case .failure(let failure): connection.respond(to: id, error: JSONRPCConnection.ErrorCode.invalidParams, failure.message)
                }
            default:
                connection.respond(to: id, error: JSONRPCConnection.ErrorCode.methodNotFound, "Method not found: \(method)")
            }
        }
    }
}

/// The tools, over the library's own lint and fix entry points.
enum MCPTools {
    struct Failure: Error { let message: String }

    static let instructions = """
        Run lint_swift on any Swift you write that uses SwiftData's #Predicate, @Query(filter:) or \
        FetchDescriptor, passing the app's @Model files as models. Errors are predicates that will \
        not build or will crash at runtime; apply fix_swift, then rewrite what remains by hand \
        (explain_rule tells why each rule exists and what to write instead).
        """

    static var descriptions: [[String: Any]] { [
        [
            "name": "lint_swift",
            "description": "Find SwiftData predicates in Swift code that fail to build or crash at runtime.",
            "inputSchema": schema([
                "code": ["type": "string", "description": "The Swift source to check."],
                "path": ["type": "string", "description": "File name to report, e.g. Views/MovieList.swift."],
                "models": ["type": "array", "items": ["type": "string"],
                           "description": "Sources of the app's @Model files and their extensions, for the model-aware rules."],
            ], required: ["code"]),
        ],
        [
            "name": "fix_swift",
            "description": "Apply PredicateLint's safe corrections to Swift code; returns the fixed code and what is left.",
            "inputSchema": schema([
                "code": ["type": "string", "description": "The Swift source to fix."],
                "path": ["type": "string", "description": "File name to report."],
                "models": ["type": "array", "items": ["type": "string"], "description": "The app's @Model sources."],
            ], required: ["code"]),
        ],
        [
            "name": "explain_rule",
            "description": "Why a PredicateLint rule exists, how sure we are, and what to write instead.",
            "inputSchema": schema(["rule": ["type": "string", "description": "A rule id such as has-prefix."]], required: ["rule"]),
        ],
    ] }

    static func schema(_ properties: [String: Any], required: [String]) -> [String: Any] {
        ["type": "object", "properties": properties, "required": required, "additionalProperties": false]
    }

    static func call(_ params: [String: Any]) -> Result<[String: Any], Failure> {
        guard let name = params["name"] as? String else { return .failure(Failure(message: "Invalid params: tools/call needs a tool name")) }
        let arguments = params["arguments"] as? [String: Any] ?? [:]
        switch name {
        case "lint_swift", "fix_swift":
            guard let code = arguments["code"] as? String else {
                return .failure(Failure(message: "Invalid params: \(name) needs \"code\", a string of Swift source"))
            }
            let path = arguments["path"] as? String ?? "Input.swift"
            guard let modelSources = (arguments["models"] ?? [String]()) as? [String] else {
                return .failure(Failure(message: "Invalid params: \"models\" must be a list of Swift sources"))
            }
            let file = SourceFile(path: path, text: code)
            let models = ModelIndex(files: [file] + modelSources.enumerated().map { SourceFile(path: "Model\($0.offset).swift", text: $0.element) })
            let linter = Linter()
            if name == "lint_swift" {
                return .success(toolResult(findings: linter.lint(file, models: models), fixed: nil))
            }
            let fixed = Fixer(linter: linter).fix(file, models: models)
            let remaining = fixed.remaining ?? linter.lint(file, models: models)
            return .success(toolResult(findings: remaining, fixed: fixed))
        case "explain_rule":
            guard let rule = arguments["rule"] as? String else {
                return .failure(Failure(message: "Invalid params: explain_rule needs \"rule\", a rule id"))
            }
            guard let description = RuleRegistry.description(of: rule) else {
                return .success(["content": [["type": "text", "text": "No rule named \(rule). Rules: "
                    + RuleRegistry.descriptions.map(\.id).joined(separator: ", ")]], "isError": true])
            }
            return .success(["content": [["type": "text", "text": RuleDocumentation.explanation(of: description)]]])
        default:
            return .failure(Failure(message: "Unknown tool: \(name); the tools are lint_swift, fix_swift and explain_rule"))
        }
    }

    static func toolResult(findings: [Finding], fixed: Fixer.Result?) -> [String: Any] {
        let structured: [[String: Any]] = findings.map {
            ["file": $0.path, "line": $0.line, "column": $0.column, "severity": $0.severity.rawValue, "rule": $0.ruleID, "message": $0.message]
        }
        var text = findings.isEmpty ? "No problems found.\n" : Reporter.xcode(findings)
        var content: [String: Any] = ["findings": structured]
        if let fixed {
            content["fixedCode"] = fixed.text
            content["fixedCount"] = fixed.fixedCount
            if let refusal = fixed.refusal { content["refusal"] = refusal }
            text = "Fixed \(fixed.fixedCount) finding(s).\n\(text)\n\(fixed.text)"
        }
        return ["content": [["type": "text", "text": text]], "structuredContent": content, "isError": false]
    }
}

/// A value handed to another thread that only reads it.
struct Unchecked<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
