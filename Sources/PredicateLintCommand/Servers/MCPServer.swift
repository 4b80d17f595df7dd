import Dispatch
import Foundation
import PredicateLintCore

/// `predicate-lint mcp`: the Model Context Protocol over stdio, so a coding assistant can lint
/// and fix the SwiftData code it writes before it hands it over. A tool call that names a
/// `path` is checked the way the command line would check that file: its configuration, and
/// the models of its project read from disk, with the code sent in place of the file.
///
/// Requests run on workers, so one slow lint does not hold up the next; when the input closes
/// (the protocol's shutdown) the server answers what it already received, then stops.
public final class MCPServer: @unchecked Sendable {
    /// Newest first. A client asking for another version is answered with the newest.
    public static let supportedProtocolVersions = ["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"]
    /// The one version whose clients may send JSON-RPC batches (added in it, removed after).
    static let batchingProtocolVersion = "2025-03-26"

    let connection: JSONRPCConnection
    private let workers: DocumentLanes
    private var protocolVersion: String?
    /// The workspace of the folders the server may read (`MCPReach`), replaced when the
    /// client's roots arrive or change.
    private var currentWorkspace: Workspace
    /// Whether the client answers `roots/list`, and the id of the one we await.
    private var clientHasRoots = false
    private var pendingRootsRequest: JSON?
    private var rootsRequests = 0
    /// From the client's `initialized` (or `roots/list_changed`) until its roots are answered:
    /// a tool call waits for them (at most `rootsWait`), or it would read the wrong folders.
    private var awaitingRoots = false
    /// A condition, so that a call can wait for the roots; as a lock it guards the fields above.
    private let lock = NSCondition()
    /// How long a tool call waits for roots the client has not sent yet.
    static let rootsWait: Duration = .seconds(2)

    private let environment: CommandEnvironment

    /// `root`: the folder the tools may read, where relative `path`s start. By default the
    /// folder the server was started in when that is a project (`MCPReach.startingFolder`),
    /// until the client sends its roots.
    /// `environment`: where the cache is (`XDG_CACHE_HOME`, `HOME`), as for the command line.
    public init(input: FileHandle, output: FileHandle, root: String? = nil,
                startedIn directory: String = FileManager.default.currentDirectoryPath,
                timeLimit: Duration = DocumentLanes.standardTimeLimit, environment: CommandEnvironment = .current) {
        connection = JSONRPCConnection(input: input, output: output, framing: .newlineDelimited)
        workers = DocumentLanes(timeLimit: timeLimit)
        self.environment = environment
        let folder = root ?? MCPReach.startingFolder(directory, home: environment.variables["HOME"])
        currentWorkspace = Workspace.forServer(roots: folder.map { [Paths.absolute($0)] } ?? [], confined: true, environment: environment)
    }

    /// Asks the client for its roots (after `initialized`, and whenever it says they changed).
    private func requestRoots() {
        let id: JSON = lock.withLock {
            rootsRequests += 1
            let id = JSON.string("predicate-lint-roots-\(rootsRequests)")
            pendingRootsRequest = id
            return id
        }
        connection.send(JSONRPCConnection.message([("id", id), ("method", "roots/list")]))
    }

    /// Whether `id` is the `roots/list` request we await; it is awaited no more.
    private func takePendingRootsRequest(_ id: JSON) -> Bool {
        lock.withLock {
            guard pendingRootsRequest == id else { return false }
            pendingRootsRequest = nil
            return true
        }
    }

    /// Roots will be asked for: set on the reading thread as the notification is read, before
    /// any request after it is, so that no call can slip in before the question is sent.
    private func expectRoots() {
        lock.withLock { if clientHasRoots { awaitingRoots = true } }
    }

    /// The workspace once the client's roots have arrived, or `rootsWait` has passed (a client
    /// that never answers still gets an answer, from the folders known).
    private func workspaceAfterRoots() -> Workspace {
        let deadline = Date().addingTimeInterval(Double(Self.rootsWait.components.seconds))
        lock.lock()
        defer { lock.unlock() }
        while awaitingRoots && lock.wait(until: deadline) {}
        return currentWorkspace
    }

    /// The client's answer to `roots/list`: its folders become the workspace. An error, or no
    /// folder at all, leaves the workspace as it was.
    private func receiveRoots(_ message: JSON) {
        let folders = message["result"].map(MCPReach.folders(fromRoots:)) ?? []
        let workspace = folders.isEmpty ? nil : Workspace.forServer(roots: folders, confined: true, environment: environment)
        lock.withLock {
            if let workspace { currentWorkspace = workspace }
            awaitingRoots = false
            lock.broadcast()
        }
    }

    /// Serves until the input closes and every request received is answered.
    public func run() {
        while true {
            switch connection.receive() {
            case .end:
                // What was received is answered; a lint still running past its limit (parsing
                // cannot be interrupted) does not keep the process alive for long.
                _ = workers.waitUntilIdle(timeout: workers.timeLimit + .seconds(5))
                return
            case .malformed(let reason):
                connection.respond(to: nil, error: JSONRPCConnection.ErrorCode.parseError, "Parse error: \(reason)")
            case .message(let json):
                if let batch = json.array {
                    receiveBatch(batch)
                } else if IncomingMessage(json)?.isResponse == true {
                    // On this thread: a client's roots apply to every request it sends after them.
                    _ = respond(to: json)
                } else {
                    if ["notifications/initialized", "notifications/roots/list_changed"].contains(json["method"]?.string) { expectRoots() }
                    let size = json["params"]?["arguments"]?["code"]?.string?.utf8.count ?? 0
                    workers.submit(nil, bytes: size) { [self] in if let response = respond(to: json) { connection.send(response) } }
                }
            }
        }
    }

    /// A batch is answered with one array, in the protocol version that allows batches; in
    /// the others it is an invalid request.
    private func receiveBatch(_ batch: [JSON]) {
        guard lock.withLock({ protocolVersion }) == Self.batchingProtocolVersion else {
            return connection.respond(to: nil, error: JSONRPCConnection.ErrorCode.invalidRequest,
                                      "Invalid request: batches are not part of the negotiated protocol version")
        }
        guard !batch.isEmpty else {
            return connection.respond(to: nil, error: JSONRPCConnection.ErrorCode.invalidRequest, "Invalid request: an empty batch")
        }
        workers.submit { [self] in
            let responses = batch.compactMap(respond(to:))
            if !responses.isEmpty { connection.send(.array(responses)) }
        }
    }

    /// The response to one message; nil for notifications and responses.
    func respond(to json: JSON) -> JSON? {
        guard let message = IncomingMessage(json) else {
            return JSONRPCConnection.errorResponse(to: nil, code: JSONRPCConnection.ErrorCode.invalidRequest,
                                                   "Invalid request: expected a JSON-RPC object")
        }
        if message.isResponse {
            if let id = message.id, takePendingRootsRequest(id) { receiveRoots(json) }
            return nil
        }
        guard let method = message.method else {
            return JSONRPCConnection.errorResponse(to: message.id, code: JSONRPCConnection.ErrorCode.invalidRequest,
                                                   "Invalid request: no method")
        }
        guard let id = message.id else {
            // Notifications need no answer; two of them mean the client's roots can be asked for.
            if ["notifications/initialized", "notifications/roots/list_changed"].contains(method), lock.withLock({ clientHasRoots }) {
                requestRoots()
            }
            return nil
        }
        func result(_ value: JSON) -> JSON { JSONRPCConnection.message([("id", id), ("result", value)]) }
        func error(_ code: Int, _ text: String) -> JSON { JSONRPCConnection.errorResponse(to: id, code: code, text) }
        switch method {
        case "initialize":
            let asked = message.params["protocolVersion"]?.string ?? ""
            let version = Self.supportedProtocolVersions.contains(asked) ? asked : Self.supportedProtocolVersions[0]
            let hasRoots = message.params["capabilities"]?["roots"] != nil
            lock.withLock { (protocolVersion, clientHasRoots) = (version, hasRoots) }
            return result([
                "protocolVersion": .string(version),
                "capabilities": ["tools": ["listChanged": false]],
                "serverInfo": ["name": "predicate-lint", "version": .string(ToolVersion.current)],
                "instructions": .string(MCPTools.instructions),
            ])
        case "ping":
            return result([:])
        case "tools/list":
            return result(["tools": .array(MCPTools.all.map(\.listing))])
        case "tools/call":
            guard let name = message.params["name"]?.string else {
                return error(JSONRPCConnection.ErrorCode.invalidParams, "Invalid params: tools/call needs a tool name")
            }
            guard let tool = MCPTools.all.first(where: { $0.name == name }) else {
                return error(JSONRPCConnection.ErrorCode.invalidParams,
                             "Unknown tool: \(name); the tools are \(MCPTools.all.map(\.name).joined(separator: ", "))")
            }
            let keep: @Sendable (Workspace) -> Void = { [self] newer in lock.withLock { currentWorkspace = currentWorkspace.adopting(newer) } }
            return result(tool.call(message.params["arguments"] ?? [:], MCPTool.Context(workspace: workspaceAfterRoots(), lanes: workers, keep: keep)))
        default:
            return error(JSONRPCConnection.ErrorCode.methodNotFound, "Method not found: \(method)")
        }
    }
}
