import Dispatch
import Foundation
import PredicateLintCore
import SwiftSyntax

/// `predicate-lint lsp`: diagnostics and quick fixes while typing, in any editor that speaks
/// the Language Server Protocol. The editor's workspace folders are a `Workspace`: each open
/// document is checked with the configuration and the project models the command line would
/// use, with the document's text in place of the file on disk.
///
/// Quiet when idle: a document is checked again only when its text, its configuration or its
/// project's models change, and diagnostics are sent only when they differ from the last ones.
/// Never clean by mistake: nothing is published until the document's project's models are known
/// (a document opened while the workspace is being indexed has its project indexed first), and a
/// broken configuration is shown on the files it governs and in a message.
public final class LanguageServer: @unchecked Sendable {
    struct Document {
        var text: String
        var version: Int
    }

    enum Phase {
        case waitingForInitialize, running, shutDown
    }

    let connection: JSONRPCConnection
    let debounce: DispatchTimeInterval
    /// Every mutable property below is touched on this queue only (here and in
    /// `LanguageServer+Checking.swift`, which checks documents).
    let state = DispatchQueue(label: "predicate-lint.lsp.state")
    /// Lints and code actions run here, on snapshots, so a slow one holds up nothing.
    let workers: DocumentLanes
    var phase = Phase.waitingForInitialize
    var workspace: Workspace?
    var documents: [String: Document] = [:]
    var pendingLints: [String: DispatchWorkItem] = [:]
    /// Documents being checked now, and those changed meanwhile (checked once more after).
    var linting: Set<String> = []
    var changedWhileLinting: Set<String> = []
    /// Whether the workspace's models are indexed: until then diagnostics would lack the model
    /// rules' findings, and look complete.
    var modelsKnown = false
    /// Projects indexed on their own while the whole workspace is being indexed, for a
    /// document opened in them: their documents are checked without waiting for the rest
    /// (`indexProjectFirst`).
    var projectsIndexedFirst: Set<Project> = []
    /// The broken configurations already announced with `window/showMessage`.
    var announcedFailures: Set<String> = []
    /// The diagnostics last sent for each document.
    var published: [String: JSON] = [:]
    /// Each open document's last parse, which its next check reuses.
    var reusableParses: [String: ReusableParse] = [:]
    /// Whether the client lets us ask to be told about files changed on disk.
    private var canWatchFiles = false

    /// How often configuration and project files are checked on disk (a few `stat` calls), for
    /// clients that cannot watch files and for the files no client is asked to watch.
    let diskCheckInterval: DispatchTimeInterval
    let environment: CommandEnvironment

    /// `debounce`: how long after a change its check starts. None by default: a change made
    /// while its document is being checked waits for that check and is checked once after it,
    /// so typing is coalesced without adding a delay to every change.
    /// `environment`: where the cache is (`XDG_CACHE_HOME`, `HOME`), as for the command line.
    public init(input: FileHandle, output: FileHandle, debounce: DispatchTimeInterval = .milliseconds(0),
                timeLimit: Duration = DocumentLanes.standardTimeLimit, diskCheckInterval: DispatchTimeInterval = .seconds(1),
                environment: CommandEnvironment = .current) {
        self.environment = environment
        connection = JSONRPCConnection(input: input, output: output, framing: .contentLength)
        self.debounce = debounce
        self.diskCheckInterval = diskCheckInterval
        workers = DocumentLanes(timeLimit: timeLimit)
    }

    /// Serves until `exit` or the end of the input; returns the exit status: 0 after
    /// `shutdown`, 1 otherwise (as the protocol asks).
    public func run() -> Int32 {
        while true {
            switch connection.receive() {
            case .end:
                return state.sync { phase == .shutDown ? 0 : 1 }
            case .malformed(let reason):
                connection.respond(to: nil, error: JSONRPCConnection.ErrorCode.parseError, "Parse error: \(reason)")
            case .message(let json):
                guard let message = IncomingMessage(json) else {
                    connection.respond(to: nil, error: JSONRPCConnection.ErrorCode.invalidRequest,
                                       "Invalid request: expected a JSON-RPC object (this server takes no batches)")
                    continue
                }
                if message.method == "exit" { return state.sync { phase == .shutDown ? 0 : 1 } }
                state.sync { handle(message) }
            }
        }
    }

    /// Waits until the checks scheduled so far have run: for tests and the fuzz target, which
    /// end a session and want nothing of it left running.
    public func waitUntilIdle() {
        for _ in 0..<3 {
            state.sync {}
            workers.waitUntilIdle()
            usleep(5_000)
        }
    }

    // MARK: Messages (on `state`)

    private func handle(_ message: IncomingMessage) {
        if message.isResponse { return }  // to our registration request
        guard let method = message.method else {
            return connection.respond(to: message.id, error: JSONRPCConnection.ErrorCode.invalidRequest, "Invalid request: no method")
        }
        if let (code, reason) = Self.refusal(of: method, in: phase) {
            if let id = message.id { connection.respond(to: id, error: code, reason) }
            return
        }
        let params = message.params
        switch method {
        case "initialize":
            initialize(id: message.id ?? .null, params)
        case "initialized":
            registerWatchers()
        case "shutdown":
            phase = .shutDown
            pendingLints.values.forEach { $0.cancel() }
            connection.respond(to: message.id ?? .null, result: .null)
        case "textDocument/didOpen":
            guard let document = params["textDocument"], let uri = document["uri"]?.string,
                  let text = document["text"]?.string else { return invalid(message.id, "didOpen needs textDocument.uri and text") }
            documents[uri] = Document(text: text, version: document["version"]?.integer ?? 0)
            if !modelsKnown { indexProjectFirst(of: uri) }
            scheduleLint(uri, delay: .milliseconds(0))
        case "textDocument/didChange":
            guard let document = params["textDocument"], let uri = document["uri"]?.string, var current = documents[uri],
                  let changes = params["contentChanges"]?.array else {
                return invalid(message.id, "didChange needs an open textDocument and contentChanges")
            }
            for change in changes { current.text = Self.apply(change, to: current.text) }
            current.version = document["version"]?.integer ?? current.version + 1
            documents[uri] = current
            scheduleLint(uri, delay: debounce)
        case "textDocument/didSave":
            if let uri = params["textDocument"]?["uri"]?.string { scheduleLint(uri, delay: .milliseconds(0)) }
        case "textDocument/didClose":
            guard let uri = params["textDocument"]?["uri"]?.string else { return }
            documents[uri] = nil
            pendingLints.removeValue(forKey: uri)?.cancel()
            changedWhileLinting.remove(uri)
            published[uri] = nil
            reusableParses[uri] = nil
            connection.notify("textDocument/publishDiagnostics", ["uri": .string(uri), "diagnostics": []])
            // The file on disk counts for the models again.
            filesChangedOnDisk([uri])
        case "textDocument/codeAction":
            answerAboutDocument(id: message.id ?? .null, params, needs: "range") { text, uri, workspace, deadline in
                params["range"].flatMap { Self.codeActions(in: text, uri: uri, range: $0, workspace: workspace, until: deadline) }
            }
        case "textDocument/hover":
            answerAboutDocument(id: message.id ?? .null, params, needs: "position") { text, uri, workspace, deadline in
                params["position"].flatMap { Self.hover(in: text, uri: uri, position: $0, workspace: workspace, until: deadline) }
            }
        case "workspace/didChangeWatchedFiles":
            filesChangedOnDisk((params["changes"]?.array ?? []).compactMap { $0["uri"]?.string })
        case "$/cancelRequest", "$/setTrace", "workspace/didChangeConfiguration":
            break
        default:
            if let id = message.id {
                connection.respond(to: id, error: JSONRPCConnection.ErrorCode.methodNotFound, "Method not found: \(method)")
            }
        }
    }

    func invalid(_ id: JSON?, _ message: String) {
        if let id { connection.respond(to: id, error: JSONRPCConnection.ErrorCode.invalidParams, "Invalid params: \(message)") }
    }

    /// Answers at once; the workspace's models are indexed in the background, and open
    /// documents are checked again when they are ready.
    private func initialize(id: JSON, _ params: JSON) {
        canWatchFiles = params["capabilities"]?["workspace"]?["didChangeWatchedFiles"]?["dynamicRegistration"]?.bool ?? false
        let workspace = Workspace.forServer(roots: Self.roots(in: params), environment: environment)
        self.workspace = workspace
        phase = .running
        connection.respond(to: id, result: Self.initializeResult)
        workers.submit { [self] in
            // The cache's indexes are read once and written once, as a command-line run does.
            let indexes = CacheIndexes.read(from: workspace.settings.cache)
            let discovery = workspace.discoverFiles(indexes: indexes)
            let scan = workspace.scan(discovery.files, indexes: indexes)
            var learned = scan.learned
            (learned.folders, learned.foldersListed) = (discovery.freshFolders, discovery.listedFolders.count)
            indexes.write(learned, to: workspace.settings.cache)
            // Configurations are left to each document's first check: only theirs are watched.
            let indexed = workspace.knowing(discovery, configurations: false).indexingModels(of: scan.files)
            state.async { [self] in
                self.workspace = indexed
                modelsKnown = true
                projectsIndexedFirst = []
                for uri in documents.keys { scheduleLint(uri, delay: .milliseconds(0)) }
                checkDiskLater()
            }
        }
    }

    /// On `state`, while the whole workspace is being indexed: the project of a document just
    /// opened is indexed on its own first, so that a small app's file in a large root is
    /// checked in the time its own files take (its models are the ones the whole index gives).
    private func indexProjectFirst(of uri: String) {
        guard let workspace, !projectsIndexedFirst.contains(workspace.project(of: Self.path(of: uri))) else { return }
        workers.submit { [self] in
            guard let (project, indexed) = workspace.indexingModels(ofProjectOf: Self.path(of: uri)) else { return }
            state.async { [self] in
                guard !modelsKnown, let current = self.workspace, projectsIndexedFirst.insert(project).inserted else { return }
                self.workspace = current.withModels(of: project, from: indexed)
                for open in documents.keys where current.project(of: Self.path(of: open)) == project { scheduleLint(open, delay: .milliseconds(0)) }
            }
        }
    }

    /// On `state`: configuration and project files are checked on disk every
    /// `diskCheckInterval`; where one changed, the open documents are checked again.
    private func checkDiskLater() {
        state.asyncAfter(deadline: .now() + diskCheckInterval) { [self] in
            guard phase == .running, let workspace else { return }
            workers.submit { [self] in
                let reloaded = workspace.reloadedIfChanged()
                state.async { [self] in
                    if let reloaded { swapIn(reloaded, except: "") }
                    checkDiskLater()
                }
            }
        }
    }

    /// Files changed outside the editor (a checkout, a generator, a configuration edited
    /// elsewhere) must reach the models and the diagnostics.
    private func registerWatchers() {
        guard canWatchFiles else { return }
        connection.send(Self.watcherRegistration)
    }
}
