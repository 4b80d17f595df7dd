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
/// Never clean by mistake: nothing is published until the workspace's models are known, and a
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
    /// Every mutable property below is touched on this queue only.
    private let state = DispatchQueue(label: "predicate-lint.lsp.state")
    /// Lints and code actions run here, on snapshots, so a slow one holds up nothing.
    private let workers: DocumentLanes
    private var phase = Phase.waitingForInitialize
    private var workspace: Workspace?
    private var documents: [String: Document] = [:]
    private var pendingLints: [String: DispatchWorkItem] = [:]
    /// Documents being checked now, and those changed meanwhile (checked once more after).
    private var linting: Set<String> = []
    private var changedWhileLinting: Set<String> = []
    /// Whether the workspace's models are indexed: until then diagnostics would lack the model
    /// rules' findings, and look complete.
    private var modelsKnown = false
    /// The broken configurations already announced with `window/showMessage`.
    private var announcedFailures: Set<String> = []
    /// The diagnostics last sent for each document.
    private var published: [String: JSON] = [:]
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

    private func invalid(_ id: JSON?, _ message: String) {
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
            indexes.writing(learned, to: workspace.settings.cache)
            // Configurations are left to each document's first check: only theirs are watched.
            let indexed = workspace.knowing(discovery, configurations: false).indexingModels(of: scan.files)
            state.async { [self] in
                self.workspace = indexed
                modelsKnown = true
                for uri in documents.keys { scheduleLint(uri, delay: .milliseconds(0)) }
                checkDiskLater()
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

    // MARK: Checking documents

    /// A lint is scheduled after `delay`, replacing one still waiting; while the document is
    /// being checked, one more check is noted for when that one ends (typing produces many
    /// changes; only the last needs checking).
    private func scheduleLint(_ uri: String, delay: DispatchTimeInterval) {
        guard documents[uri] != nil, phase == .running, modelsKnown else { return }
        pendingLints.removeValue(forKey: uri)?.cancel()
        let item = DispatchWorkItem { [self] in
            pendingLints[uri] = nil
            guard let document = documents[uri], let workspace else { return }
            guard linting.insert(uri).inserted else {
                changedWhileLinting.insert(uri)
                return
            }
            workers.submit(uri, bytes: document.text.utf8.count) { [self] in
                lint(uri, document, workspace)
                state.async { [self] in
                    linting.remove(uri)
                    if changedWhileLinting.remove(uri) != nil { scheduleLint(uri, delay: .milliseconds(0)) }
                }
            }
        }
        pendingLints[uri] = item
        state.asyncAfter(deadline: .now() + delay, execute: item)
    }

    /// On a worker: one parse serves the document's declarations, its lint and its diagnostics.
    /// `workspace`: the snapshot when the check was scheduled; the check itself uses the one
    /// its declarations were swapped into.
    private func lint(_ uri: String, _ document: Document, _ workspace: Workspace) {
        let path = Self.path(of: uri)
        if let reloaded = workspace.reloadedIfChanged() { state.sync { swapIn(reloaded, except: uri) } }
        if Self.isConfiguration(path) {
            // The editor's text of a configuration: what is wrong with it, where.
            return publish(uri, document, Self.diagnostics(ofConfiguration: document.text, path: path))
        }
        let file = SourceFile(path: path, text: document.text)
        let declarations = FileDeclarations(file: file)
        let contribution = ProjectModels.Contribution(contentDigest: SHA256.digest(document.text), declarations: declarations)
        // The declarations join the models only if this is still the document's text. The
        // document's configuration, target and linter are found once, here (a few `stat` calls),
        // so that later disk checks watch them.
        let snapshot: Workspace? = state.sync {
            guard documents[uri]?.version == document.version, var current = self.workspace else { return nil }
            if !current.hasResolved(path) { current = current.resolving(forFiles: [path]) }
            if let (updated, project) = current.updating(path, with: contribution) {
                current = updated
                recheckOpenDocuments(in: project, except: uri)
            }
            if SourceModules.isManifestPath(path), let (updated, project) = current.updatingManifest(path, text: document.text) {
                current = updated
                recheckOpenDocuments(in: project, except: uri)
            }
            self.workspace = current
            return current
        }
        guard let workspace = snapshot else { return }
        if case .failure(let failure) = workspace.configuration(for: path) {
            return publish(uri, document, [Self.diagnostic(for: failure)], announcing: failure)
        }
        publish(uri, document, Self.diagnostics(of: file, text: document.text, workspace: workspace, lanes: workers))
    }

    /// On `state`: configurations or project files changed on disk; `reloaded` (read afresh
    /// from an earlier snapshot) brings them, and the current snapshot keeps its models.
    private func swapIn(_ reloaded: Workspace, except uri: String) {
        workspace = workspace?.withConfigurations(of: reloaded)
        configurationsChanged(except: uri)
    }

    /// From a worker: sends a document's diagnostics if they are still its text's and new, and
    /// a broken configuration's message once.
    private func publish(_ uri: String, _ document: Document, _ diagnostics: JSON, announcing failure: Configuration.Failure? = nil) {
        state.async { [self] in
            if let failure, announcedFailures.insert(failure.description).inserted {
                connection.notify("window/showMessage", ["type": 1, "message": .string(Self.message(for: failure))])
            }
            guard documents[uri]?.version == document.version, published[uri] != diagnostics else { return }
            published[uri] = diagnostics
            connection.notify("textDocument/publishDiagnostics",
                              ["uri": .string(uri), "version": .integer(document.version), "diagnostics": diagnostics])
        }
    }

    /// On `state`: configurations changed on disk, so every open document (but `uri`, being
    /// checked now) is checked again, and a configuration still broken is announced again.
    private func configurationsChanged(except uri: String) {
        announcedFailures = []
        recheckOpenDocuments(in: nil, except: uri)
    }

    /// On `state`: the open documents of a project (all of them for nil) are checked again.
    private func recheckOpenDocuments(in project: Project?, except uri: String) {
        for other in documents.keys where other != uri {
            if project == nil || workspace?.project(of: Self.path(of: other)) == project { scheduleLint(other, delay: debounce) }
        }
    }

    /// Files created, changed or deleted on disk (and documents closed): their declarations
    /// are read again on a worker (open documents keep their editor text), configuration
    /// changes are picked up, and open documents are checked again where that changed anything.
    private func filesChangedOnDisk(_ uris: [String]) {
        guard let workspace else { return }
        let onDisk = uris.filter { documents[$0] == nil && $0.hasSuffix(".swift") }
        workers.submit { [self] in
            // Read and parsed on the worker; applied on `state`, to the snapshot as it is then.
            let read = onDisk.map { uri in (Self.path(of: uri), Self.onDisk(Self.path(of: uri))) }
            let reloaded = workspace.reloadedIfChanged()
            state.async { [self] in
                var changed: Set<Project> = []
                for (path, (contribution, text)) in read where self.workspace != nil {
                    if let (updated, project) = self.workspace!.updating(path, with: contribution) {
                        self.workspace = updated
                        changed.insert(project)
                    }
                    if SourceModules.isManifestPath(path), let (updated, project) = self.workspace!.updatingManifest(path, text: text) {
                        self.workspace = updated
                        changed.insert(project)
                    }
                }
                if let reloaded { swapIn(reloaded, except: "") }
                for uri in documents.keys where changed.contains(workspace.project(of: Self.path(of: uri))) {
                    scheduleLint(uri, delay: .milliseconds(0))
                }
            }
        }
    }

    /// A request about an open document (quick fixes, a hover), answered on a worker from a
    /// snapshot of its text; `answer` gives nil when the request's `needs` is not one of the text's.
    private func answerAboutDocument(id: JSON, _ params: JSON, needs: String,
                                     _ answer: @escaping @Sendable (String, String, Workspace, ContinuousClock.Instant) -> JSON?) {
        guard let uri = params["textDocument"]?["uri"]?.string, let document = documents[uri], let workspace,
              params[needs] != nil else {
            return invalid(id, "this request needs an open textDocument and a \(needs)")
        }
        workers.submit { [connection, workers] in
            guard let result = answer(document.text, uri, workspace, workers.deadline) else {
                return connection.respond(to: id, error: JSONRPCConnection.ErrorCode.invalidParams, "Invalid params: \(needs)")
            }
            connection.respond(to: id, result: result)
        }
    }
}
