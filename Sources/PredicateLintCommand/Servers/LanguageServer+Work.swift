import Foundation
import PredicateLintCore

/// What the server works out on a worker from a snapshot (a document's text, a file on disk):
/// nothing here touches the server's state, which lives on its queue.
extension LanguageServer {
    static let initializeResult: JSON = [
        "capabilities": [
            "textDocumentSync": ["openClose": true, "change": 2, "save": ["includeText": false]],
            "codeActionProvider": ["codeActionKinds": ["quickfix"]],
            "hoverProvider": true,
            "positionEncoding": "utf-16",
        ],
        "serverInfo": ["name": "predicate-lint", "version": .string(ToolVersion.current)],
    ]

    /// Asks the client to report Swift sources and configuration files changed on disk.
    static let watcherRegistration = JSONRPCConnection.message([
        ("id", "predicate-lint-watch"), ("method", "client/registerCapability"),
        ("params", ["registrations": [[
            "id": "predicate-lint-files", "method": "workspace/didChangeWatchedFiles",
            "registerOptions": ["watchers": [["globPattern": "**/*.swift"], ["globPattern": .string("**/\(Configuration.fileName)")],
                                              ["globPattern": "**/project.pbxproj"]]],
        ]]]),
    ])

    /// Why a request cannot be served in this phase, if it cannot: before `initialize` only
    /// `initialize` is, after `shutdown` only `exit`.
    static func refusal(of method: String, in phase: Phase) -> (code: Int, reason: String)? {
        switch phase {
        case .waitingForInitialize where method != "initialize":
            (JSONRPCConnection.ErrorCode.serverNotInitialized, "The server is not initialized yet")
        case .shutDown:
            (JSONRPCConnection.ErrorCode.invalidRequest, "The server is shut down; only exit is served")
        default:
            nil
        }
    }

    /// The workspace folders `initialize` names, else its older root fields.
    static func roots(in params: JSON) -> [String] {
        let folders = (params["workspaceFolders"]?.array ?? []).compactMap { $0["uri"]?.string }.map(path(of:))
        if !folders.isEmpty { return folders }
        if let root = params["rootUri"]?.string { return [path(of: root)] }
        return params["rootPath"]?.string.map { [$0] } ?? []
    }

    /// The findings the command line would report for this text at the file's path; nil when
    /// `deadline` passed first.
    static func findings(in file: SourceFile, workspace: Workspace, until deadline: ContinuousClock.Instant) -> [Finding]? {
        guard let selected = workspace.linter(for: file.path) else { return [] }
        return selected.linter.lint(file, models: workspace.models(for: file.path).index(for: file.path), until: deadline)
    }

    /// The diagnostics of one lint: the findings, why the file was not checked, or that it
    /// took too long.
    static func diagnostics(of file: SourceFile, text: String, workspace: Workspace, lanes: DocumentLanes) -> JSON {
        if let problem = file.problem { return [diagnostic(for: problem)] }
        guard let findings = findings(in: file, workspace: workspace, until: lanes.deadline) else { return [lineError(0, lanes.refusal)] }
        return .array(diagnostics(findings, in: file, positions: TextPositions(text)))
    }

    /// The quick fixes for the findings whose span meets `range`; nil when the range is not
    /// one of the text's (none when the lint took too long).
    static func codeActions(in text: String, uri: String, range: JSON, workspace: Workspace, until deadline: ContinuousClock.Instant) -> JSON? {
        let file = SourceFile(path: path(of: uri), text: text)
        let positions = TextPositions(text)
        guard let requested = positions.offsets(of: range) else { return nil }
        return .array((findings(in: file, workspace: workspace, until: deadline) ?? []).filter { file.span(of: $0).meets(requested) }.flatMap { finding in
            codeActions(for: finding, uri: uri, file: file, positions: positions)
        })
    }

    /// A file as it is on disk now: its declarations for the models, and its text (nil when
    /// it is gone or cannot be read).
    static func onDisk(_ path: String) -> (contribution: ProjectModels.Contribution?, text: String?) {
        let loaded = (try? ScannedFile.scan(path: path).get()).flatMap { try? $0.loadText().get() }
        return (loaded.map { ProjectModels.Contribution(contentDigest: $0.digest, declarations: FileDeclarations(path: path, text: $0.text)) },
                loaded?.text)
    }
}
