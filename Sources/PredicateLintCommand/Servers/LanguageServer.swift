import Dispatch
import Foundation
import PredicateLintCore
import SwiftSyntax

/// `predicate-lint lsp`: diagnostics and quick fixes while typing, in any editor that speaks
/// the Language Server Protocol. The workspace's models are indexed at start and kept current
/// as documents change, so model-aware rules see the whole app.
public final class LanguageServer: @unchecked Sendable {
    let connection: JSONRPCConnection
    /// Documents, declarations and pending lints are touched on this queue only.
    private let state = DispatchQueue(label: "predicate-lint.lsp.state")
    /// Lints run here, on snapshots, so a slow one holds up nothing.
    private let work = DispatchQueue(label: "predicate-lint.lsp.work", attributes: .concurrent)
    private var documents: [String: (text: String, version: Int)] = [:]
    /// Declarations by file path: the workspace's files, replaced by open documents' text.
    private var declarations: [String: FileDeclarations] = [:]
    private var models = ModelIndex.empty
    private var pendingLints: [String: DispatchWorkItem] = [:]
    private var linter = Linter()
    /// Whether the client lets us ask to be told about files changed on disk.
    private var canWatchFiles = false
    let debounce: DispatchTimeInterval

    public init(input: FileHandle, output: FileHandle, debounce: DispatchTimeInterval = .milliseconds(150)) {
        connection = JSONRPCConnection(input: input, output: output, framing: .contentLength)
        self.debounce = debounce
    }

    /// Serves until `exit` or the end of the input.
    public func run() {
        while true {
            switch connection.receive() {
            case .end:
                return
            case .malformed(let text):
                connection.respond(to: nil, error: JSONRPCConnection.ErrorCode.parseError, "Parse error: \(text)")
            case .message(let message):
                if message["method"] as? String == "exit" { return }
                let request = Unchecked(message)
                state.sync { handle(request.value) }
            }
        }
    }

    // MARK: Messages (on `state`)

    private func handle(_ message: [String: Any]) {
        let id = message["id"]
        let params = message["params"] as? [String: Any] ?? [:]
        guard let method = message["method"] as? String else {
            if id == nil { connection.respond(to: nil, error: JSONRPCConnection.ErrorCode.invalidRequest, "Invalid request: no method") }
            return
        }
        switch method {
        case "initialize":
            let workspace = (params["capabilities"] as? [String: Any])?["workspace"] as? [String: Any]
            canWatchFiles = (workspace?["didChangeWatchedFiles"] as? [String: Any])?["dynamicRegistration"] as? Bool ?? false
            indexWorkspace(params)
            connection.respond(to: id ?? NSNull(), result: [
                "capabilities": [
                    "textDocumentSync": ["openClose": true, "change": 2, "save": ["includeText": false]],
                    "codeActionProvider": ["codeActionKinds": ["quickfix"]],
                    "positionEncoding": "utf-16",
                ],
                "serverInfo": ["name": "predicate-lint", "version": Command.version],
            ] as [String: Any])
        case "shutdown":
            connection.respond(to: id ?? NSNull(), result: NSNull())
        case "textDocument/didOpen":
            guard let document = params["textDocument"] as? [String: Any], let uri = document["uri"] as? String,
                  let text = document["text"] as? String else { return invalid(id, "didOpen needs textDocument.uri and text") }
            documents[uri] = (text, document["version"] as? Int ?? 0)
            scheduleLint(uri, delay: .milliseconds(0))
        case "textDocument/didChange":
            guard let document = params["textDocument"] as? [String: Any], let uri = document["uri"] as? String,
                  let current = documents[uri], let changes = params["contentChanges"] as? [[String: Any]] else {
                return invalid(id, "didChange needs an open textDocument and contentChanges")
            }
            var text = current.text
            for change in changes { text = Self.apply(change, to: text) }
            documents[uri] = (text, document["version"] as? Int ?? current.version + 1)
            scheduleLint(uri, delay: debounce)
        case "textDocument/didSave":
            if let uri = (params["textDocument"] as? [String: Any])?["uri"] as? String { scheduleLint(uri, delay: .milliseconds(0)) }
        case "textDocument/didClose":
            guard let uri = (params["textDocument"] as? [String: Any])?["uri"] as? String else { return }
            documents[uri] = nil
            pendingLints.removeValue(forKey: uri)?.cancel()
            // The file on disk counts for the models again.
            let path = Self.path(of: uri)
            declarations[path] = FileManager.default.contents(atPath: path)
                .map { FileDeclarations(file: SourceFile(path: path, text: String(decoding: $0, as: UTF8.self))) }
            models = ModelIndex(Array(declarations.values))
            connection.send(["method": "textDocument/publishDiagnostics", "params": ["uri": uri, "diagnostics": [Any]()]])
        case "textDocument/codeAction":
            guard let uri = (params["textDocument"] as? [String: Any])?["uri"] as? String, let document = documents[uri],
                  let range = params["range"] as? [String: Any] else { return invalid(id, "codeAction needs an open textDocument and a range") }
            let snapshot = Unchecked((document.text, models, linter, range, id ?? NSNull()))
            work.async { [connection] in
                let (text, models, linter, range, id) = snapshot.value
                connection.respond(to: id, result: Self.codeActions(uri: uri, text: text, range: range, models: models, linter: linter))
            }
        case "initialized":
            // Files changed outside the editor (a checkout, a generator) must reach the models.
            if canWatchFiles {
                connection.send(["id": "predicate-lint-watch", "method": "client/registerCapability", "params": ["registrations": [[
                    "id": "predicate-lint-swift-files", "method": "workspace/didChangeWatchedFiles",
                    "registerOptions": ["watchers": [["globPattern": "**/*.swift"]]],
                ]]]])
            }
        case "workspace/didChangeWatchedFiles":
            filesChangedOnDisk(params["changes"] as? [[String: Any]] ?? [])
        case "$/cancelRequest", "$/setTrace", "workspace/didChangeConfiguration":
            break
        default:
            if id != nil { connection.respond(to: id, error: JSONRPCConnection.ErrorCode.methodNotFound, "Method not found: \(method)") }
        }
    }

    private func invalid(_ id: Any?, _ message: String) {
        if id != nil { connection.respond(to: id, error: JSONRPCConnection.ErrorCode.invalidParams, "Invalid params: \(message)") }
    }

    /// A lint is scheduled after `delay`, replacing one still waiting (typing produces many
    /// changes; only the last needs checking). Parsing happens there, off the message loop.
    private func scheduleLint(_ uri: String, delay: DispatchTimeInterval) {
        guard let document = documents[uri] else { return }
        let path = Self.path(of: uri)
        pendingLints.removeValue(forKey: uri)?.cancel()
        let snapshot = Unchecked((document.text, document.version, linter))
        let item = DispatchWorkItem { [self] in
            let (text, version, linter) = snapshot.value
            // One parse serves the document's declarations, its lint and its diagnostics.
            let file = SourceFile(path: path, text: text)
            let declared = FileDeclarations(file: file)
            guard let models = state.sync(execute: { adopt(declared, of: uri, version: version) }) else { return }
            let findings = linter.lint(file, models: models)
            connection.send(["method": "textDocument/publishDiagnostics", "params": [
                "uri": uri, "version": version, "diagnostics": Self.diagnostics(findings, in: file, positions: TextPositions(text)),
            ] as [String: Any]])
        }
        pendingLints[uri] = item
        work.asyncAfter(deadline: .now() + delay, execute: item)
    }

    /// On `state`: a document's declarations join the models, unless a newer version has
    /// arrived or the document was closed meanwhile (then nil: its own lint is coming, or not
    /// wanted). If the models changed, the other open documents are checked again.
    private func adopt(_ declared: FileDeclarations, of uri: String, version: Int) -> ModelIndex? {
        guard documents[uri]?.version == version else { return nil }
        let path = Self.path(of: uri)
        if declarations[path].flatMap(Self.encoded) != Self.encoded(declared) {
            declarations[path] = declared
            models = ModelIndex(Array(declarations.values))
            for other in documents.keys where other != uri { scheduleLint(other, delay: debounce) }
        }
        return models
    }

    private static func encoded(_ declarations: FileDeclarations) -> Data? { try? JSONEncoder().encode(declarations) }

    /// Files created, changed or deleted on disk: their declarations are read again (open
    /// documents keep their editor text), and open documents are checked again if the models
    /// changed.
    private func filesChangedOnDisk(_ changes: [[String: Any]]) {
        var changed = false
        for change in changes {
            guard let uri = change["uri"] as? String, uri.hasSuffix(".swift"), documents[uri] == nil else { continue }
            let path = Self.path(of: uri)
            let updated = FileManager.default.contents(atPath: path)
                .map { FileDeclarations(file: SourceFile(path: path, text: String(decoding: $0, as: UTF8.self))) }
            if declarations[path].flatMap(Self.encoded) != updated.flatMap(Self.encoded) {
                declarations[path] = updated
                changed = true
            }
        }
        guard changed else { return }
        models = ModelIndex(Array(declarations.values))
        for uri in documents.keys { scheduleLint(uri, delay: .milliseconds(0)) }
    }

    /// Every Swift file under the workspace folders contributes its models, as in a lint run.
    private func indexWorkspace(_ params: [String: Any]) {
        var roots = (params["workspaceFolders"] as? [[String: Any]] ?? []).compactMap { $0["uri"] as? String }.map(Self.path(of:))
        if roots.isEmpty, let root = params["rootUri"] as? String { roots = [Self.path(of: root)] }
        if roots.isEmpty, let root = params["rootPath"] as? String { roots = [root] }
        guard !roots.isEmpty else { return }
        let run = LintRun(options: LintOptions(paths: roots, useCache: false), environment: CommandEnvironment())
        let files = LintRun.parallelMap(FileDiscovery.swiftFiles(in: roots).files) { LintRun.scan(path: $0).file }.compactMap { $0 }
        for (path, fileDeclarations) in run.declarations(of: files) { declarations[path] = fileDeclarations }
        models = ModelIndex(Array(declarations.values))
        if let configuration = try? ConfigurationResolver(explicitPath: nil).configuration(for: roots[0] + "/_.swift").get() {
            linter = configuration.linter()
        }
    }

    // MARK: Conversions

    static func path(of uri: String) -> String {
        URL(string: uri).map { $0.isFileURL ? $0.path : uri } ?? uri
    }

    static func apply(_ change: [String: Any], to text: String) -> String {
        guard let newText = change["text"] as? String else { return text }
        guard let range = change["range"] as? [String: Any],
              let start = range["start"] as? [String: Any], let end = range["end"] as? [String: Any] else { return newText }
        let positions = TextPositions(text)
        let from = positions.offset(line: start["line"] as? Int ?? 0, character: start["character"] as? Int ?? 0)
        let to = positions.offset(line: end["line"] as? Int ?? 0, character: end["character"] as? Int ?? 0)
        return text.applying([TextEdit(range: min(from, to)..<max(from, to), replacement: newText)])
    }

    /// The span of the token a finding names.
    static func span(of finding: Finding, in file: SourceFile) -> Range<Int> {
        guard let token = file.tree.token(at: AbsolutePosition(utf8Offset: finding.offset)) else { return finding.offset..<finding.offset }
        return finding.offset..<max(finding.offset, token.endPositionBeforeTrailingTrivia.utf8Offset)
    }

    static func diagnostics(_ findings: [Finding], in file: SourceFile, positions: TextPositions) -> [[String: Any]] {
        findings.map { finding in
            [
                "range": positions.range(span(of: finding, in: file)),
                "severity": finding.severity == .error ? 1 : 2,
                "code": finding.ruleID,
                "codeDescription": ["href": "https://github.com/predicate-lint/predicate-lint/blob/main/docs/rules/\(finding.ruleID).md"],
                "source": "predicate-lint",
                "message": finding.message,
            ]
        }
    }

    /// Quick fixes for the findings in `range`, and for each, a comment that silences its rule
    /// on that line.
    static func codeActions(uri: String, text: String, range: [String: Any], models: ModelIndex, linter: Linter) -> [[String: Any]] {
        let file = SourceFile(path: Self.path(of: uri), text: text)
        let positions = TextPositions(text)
        let first = (range["start"] as? [String: Any])?["line"] as? Int ?? 0
        let last = (range["end"] as? [String: Any])?["line"] as? Int ?? first
        var actions: [[String: Any]] = []
        for finding in linter.lint(file, models: models) where (first...max(first, last)).contains(finding.line - 1) {
            let diagnostic = diagnostics([finding], in: file, positions: positions)
            if let correction = finding.correction {
                actions.append([
                    "title": "\(correction.title) (\(finding.ruleID))", "kind": "quickfix", "isPreferred": true,
                    "diagnostics": diagnostic,
                    "edit": ["changes": [uri: correction.edits.map { ["range": positions.range($0.range), "newText": $0.replacement] }]],
                ])
            }
            let lineStart = positions.lineStarts[finding.line - 1]
            let indentation = String(text.utf8.dropFirst(lineStart).prefix { $0 == 0x20 || $0 == 0x09 }.map { Character(UnicodeScalar($0)) })
            actions.append([
                "title": "Disable \(finding.ruleID) for this line", "kind": "quickfix", "diagnostics": diagnostic,
                "edit": ["changes": [uri: [["range": positions.range(lineStart..<lineStart),
                                            "newText": "\(indentation)// predicate-lint:disable:next \(finding.ruleID) - \n"]]]],
            ])
        }
        return actions
    }
}
