import Foundation
import Testing
@testable import PredicateLintCommand
import PredicateLintCore

/// Editor sessions through pipes, read with Foundation's own JSON parser: open, type, see
/// diagnostics come and go, apply a quick fix, change the configuration, and then silence.
@Suite struct LanguageServerTests {
    final class Editor {
        let toServer = Pipe()
        let fromServer = Pipe()
        var buffer = Data()
        var nextID = 1
        /// The server's exit status, once `run` returns.
        let exitStatus = ExitStatus()

        final class ExitStatus: @unchecked Sendable {
            private var value: Int32?
            private let lock = NSLock()
            func set(_ status: Int32) { lock.withLock { value = status } }
            var current: Int32? { lock.withLock { value } }
        }

        init(timeLimit: Duration = DocumentLanes.standardTimeLimit, diskCheckInterval: DispatchTimeInterval = .seconds(1)) {
            let server = LanguageServer(input: toServer.fileHandleForReading, output: fromServer.fileHandleForWriting,
                                        timeLimit: timeLimit, diskCheckInterval: diskCheckInterval, environment: .testing)
            let status = exitStatus
            Thread { status.set(server.run()) }.start()
        }

        deinit { try? toServer.fileHandleForWriting.close() }

        func write(_ raw: String) { toServer.fileHandleForWriting.write(Data(raw.utf8)) }

        func send(_ message: [String: Any]) throws {
            let body = try JSONSerialization.data(withJSONObject: message.merging(["jsonrpc": "2.0"]) { first, _ in first })
            write("Content-Length: \(body.count)\r\n\r\n" + String(decoding: body, as: UTF8.self))
        }

        func notify(_ method: String, _ params: [String: Any]) throws {
            try send(["method": method, "params": params])
        }

        func request(_ method: String, _ params: [String: Any] = [:]) throws -> [String: Any] {
            let id = nextID
            nextID += 1
            try send(["id": id, "method": method, "params": params])
            return try next { $0["id"] as? Int == id }
        }

        func initialize(_ root: String, watchesFiles: Bool = true) throws {
            _ = try request("initialize", ["rootUri": URL(fileURLWithPath: root).absoluteString,
                "capabilities": ["workspace": ["didChangeWatchedFiles": ["dynamicRegistration": watchesFiles]]]])
            try notify("initialized", [:])
        }

        /// Messages received and not yet asked for.
        var unread: [[String: Any]] = []

        /// The first message from the server that `matches`, within `seconds`; others are kept
        /// for later questions. An empty message when none came.
        func next(within seconds: Double = 10, _ matches: ([String: Any]) -> Bool) throws -> [String: Any] {
            let deadline = Date().addingTimeInterval(seconds)
            while true {
                while let message = try takeMessage() { unread.append(message) }
                if let index = unread.firstIndex(where: matches) { return unread.remove(at: index) }
                let remaining = deadline.timeIntervalSinceNow
                guard remaining > 0 else { return [:] }
                let chunk = readWithDeadline(fromServer.fileHandleForReading, milliseconds: Int32(remaining * 1000))
                if chunk.isEmpty { return [:] }
                buffer.append(chunk)
            }
        }

        /// Every message the server sends within `seconds`, with those not yet asked for.
        func everythingSent(within seconds: Double) throws -> [[String: Any]] {
            let deadline = Date().addingTimeInterval(seconds)
            while deadline.timeIntervalSinceNow > 0 {
                let chunk = readWithDeadline(fromServer.fileHandleForReading, milliseconds: Int32(deadline.timeIntervalSinceNow * 1000))
                if chunk.isEmpty { break }
                buffer.append(chunk)
            }
            while let message = try takeMessage() { unread.append(message) }
            defer { unread = [] }
            return unread
        }

        /// Whatever the server sends within `seconds`, after forgetting what came before.
        func anythingSent(within seconds: Double) throws -> [String: Any] {
            while let message = try takeMessage() { unread.append(message) }
            unread = []
            return try next(within: seconds) { _ in true }
        }

        private func takeMessage() throws -> [String: Any]? {
            guard let headerEnd = buffer.range(of: Data("\r\n\r\n".utf8)) else { return nil }
            let header = String(decoding: buffer[buffer.startIndex..<headerEnd.lowerBound], as: UTF8.self)
            let length = Int(header.replacingOccurrences(of: "Content-Length: ", with: "")) ?? 0
            guard buffer.count - (headerEnd.upperBound - buffer.startIndex) >= length else { return nil }
            let body = buffer[headerEnd.upperBound..<headerEnd.upperBound + length]
            buffer.removeSubrange(buffer.startIndex..<headerEnd.upperBound + length)
            return try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any] ?? [:]
        }

        /// The diagnostics published for a document at a version, waiting (models are indexed in
        /// the background) until their rule codes are `codes`; the last ones seen otherwise.
        func diagnostics(for uri: String, version: Int, codes: [String]? = nil) throws -> [[String: Any]] {
            var last: [[String: Any]] = []
            let deadline = Date().addingTimeInterval(10)
            while deadline.timeIntervalSinceNow > 0 {
                let message = try next(within: deadline.timeIntervalSinceNow) {
                    let params = $0["params"] as? [String: Any]
                    return $0["method"] as? String == "textDocument/publishDiagnostics" && params?["uri"] as? String == uri
                        && params?["version"] as? Int == version
                }
                guard let params = message["params"] as? [String: Any] else { break }
                last = params["diagnostics"] as? [[String: Any]] ?? []
                if codes == nil || Self.codes(last) == codes { break }
            }
            return last
        }

        static func codes(_ diagnostics: [[String: Any]]) -> [String] { diagnostics.compactMap { $0["code"] as? String } }
    }

    static func start(_ diagnostic: [String: Any]) -> (Int, Int) {
        let start = (diagnostic["range"] as? [String: Any])?["start"] as? [String: Any]
        return (start?["line"] as? Int ?? -1, start?["character"] as? Int ?? -1)
    }

    static func uri(_ path: String) -> String { URL(fileURLWithPath: path).absoluteString }

    @Test func aWholeSession() throws {
        let tree = try TemporaryTree(["Models/Song.swift": "@Model final class Song {\n var title = \"\"\n var loud: Bool { true }\n}\n"])
        let editor = Editor()
        let initialized = try editor.request("initialize", ["rootUri": Self.uri(tree.path()),
            "capabilities": ["workspace": ["didChangeWatchedFiles": ["dynamicRegistration": true]]]])
        let capabilities = (initialized["result"] as? [String: Any])?["capabilities"] as? [String: Any]
        #expect((capabilities?["textDocumentSync"] as? [String: Any])?["change"] as? Int == 2)
        try editor.notify("initialized", [:])
        let registration = try editor.next { $0["method"] as? String == "client/registerCapability" }
        let watchers = (((registration["params"] as? [String: Any])?["registrations"] as? [[String: Any]])?.first?["registerOptions"]
            as? [String: Any])?["watchers"] as? [[String: Any]]
        #expect(watchers?.compactMap { $0["globPattern"] as? String } == ["**/*.swift", "**/.predicate-lint.json", "**/project.pbxproj"])

        // The workspace's models are known: `loud` is computed in a file that is not open.
        let uri = Self.uri(tree.path("Views/List.swift"))
        var text = "let p = #Predicate<Song> { /* 🎵 */ $0.title.hasPrefix(\"a\") && $0.loud }\n"
        try editor.notify("textDocument/didOpen", ["textDocument": ["uri": uri, "languageId": "swift", "version": 1, "text": text]])
        var diagnostics = try editor.diagnostics(for: uri, version: 1, codes: ["has-prefix", "computed-property"])
        #expect(Editor.codes(diagnostics) == ["has-prefix", "computed-property"])
        // UTF-16 positions: the emoji is two code units (four UTF-8 bytes).
        #expect(Self.start(diagnostics[0]) == (0, 45))
        #expect(diagnostics[0]["severity"] as? Int == 1)
        #expect(((diagnostics[0]["codeDescription"] as? [String: Any])?["href"] as? String)?.hasSuffix("docs/rules/has-prefix.md") == true)

        // A quick fix, applied as an editor would, and a way to silence the rule.
        let actions = try editor.request("textDocument/codeAction", [
            "textDocument": ["uri": uri], "range": diagnostics[0]["range"] as Any, "context": ["diagnostics": [diagnostics[0]]],
        ])["result"] as? [[String: Any]] ?? []
        // Only for the finding in the range asked about, not `loud` on the same line.
        #expect(actions.compactMap { $0["title"] as? String } == ["Use starts(with:) (has-prefix)", "Disable has-prefix for this line"])
        let disable = ((actions[1]["edit"] as? [String: Any])?["changes"] as? [String: Any])?[uri] as? [[String: Any]]
        #expect(disable?.first?["newText"] as? String == "// predicate-lint:disable:next has-prefix\n")
        let edits = ((actions[0]["edit"] as? [String: Any])?["changes"] as? [String: Any])?[uri] as? [[String: Any]] ?? []
        let positions = TextPositions(text)
        text = text.applying(edits.map { edit in
            let range = edit["range"] as? [String: Any] ?? [:]
            let start = range["start"] as? [String: Int] ?? [:], end = range["end"] as? [String: Int] ?? [:]
            return .init(range: positions.offset(line: start["line"] ?? 0, character: start["character"] ?? 0)
                            ..< positions.offset(line: end["line"] ?? 0, character: end["character"] ?? 0),
                         replacement: edit["newText"] as? String ?? "")
        })
        #expect(text == "let p = #Predicate<Song> { /* 🎵 */ $0.title.starts(with: \"a\") && $0.loud }\n")
        try editor.notify("textDocument/didChange", ["textDocument": ["uri": uri, "version": 2], "contentChanges": [["text": text]]])
        diagnostics = try editor.diagnostics(for: uri, version: 2)
        #expect(Editor.codes(diagnostics) == ["computed-property"])

        // A model file changed on disk (a checkout, say): `loud` is stored now, so the open
        // document is checked again and the finding goes.
        try tree.write("Models/Song.swift", Data("@Model final class Song {\n var title = \"\"\n var loud = true\n}\n".utf8))
        try editor.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": Self.uri(tree.path("Models/Song.swift")), "type": 2]]])
        #expect(try editor.diagnostics(for: uri, version: 2).isEmpty)
        try tree.write("Models/Song.swift", Data("@Model final class Song {\n var title = \"\"\n var loud: Bool { true }\n}\n".utf8))
        try editor.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": Self.uri(tree.path("Models/Song.swift")), "type": 2]]])
        #expect(Editor.codes(try editor.diagnostics(for: uri, version: 2)) == ["computed-property"])

        // A hover over the predicate shows what the store is asked for and how `loud` is kept;
        // away from any predicate there is nothing to show.
        #expect(capabilities?["hoverProvider"] as? Bool == true)
        let hover = try editor.request("textDocument/hover", ["textDocument": ["uri": uri], "position": ["line": 0, "character": 40]])
        let shown = ((hover["result"] as? [String: Any])?["contents"] as? [String: Any])?["value"] as? String ?? ""
        #expect(shown.contains("predicate over Song"), "\(hover)")
        #expect(shown.contains("Song.loud: not stored"))
        #expect(shown.contains("[computed-property]"))
        #expect(try editor.request("textDocument/hover", ["textDocument": ["uri": uri], "position": ["line": 0, "character": 2]])["result"] is NSNull)
        #expect((try editor.request("textDocument/hover", ["textDocument": ["uri": uri]])["error"] as? [String: Any])?["code"] as? Int == -32602)

        // An incremental edit removes the last problem: ` && $0.loud`, in UTF-16 positions.
        try editor.notify("textDocument/didChange", ["textDocument": ["uri": uri, "version": 3], "contentChanges": [[
            "range": ["start": ["line": 0, "character": 62], "end": ["line": 0, "character": 73]], "text": "",
        ]]])
        #expect(try editor.diagnostics(for: uri, version: 3).isEmpty)
        // The edit left the predicate whole: the hover reads it.
        let edited = try editor.request("textDocument/hover", ["textDocument": ["uri": uri], "position": ["line": 0, "character": 40]])
        #expect((((edited["result"] as? [String: Any])?["contents"] as? [String: Any])?["value"] as? String)?
            .contains(#"title BEGINSWITH "a""#) == true)

        // Malformed input is answered, not fatal; the session goes on.
        editor.write("Content-Length: 10\r\n\r\n{ broken }")
        #expect(((try editor.next { $0["error"] != nil })["error"] as? [String: Any])?["code"] as? Int == -32700)
        // A message whose length is wrong leaves a stray byte before the next header; the next
        // request is still found and answered.
        editor.write("Content-Length: 9\r\n\r\n{ broken }")
        #expect((try editor.request("workspace/symbol", ["query": ""])["error"] as? [String: Any])?["code"] as? Int == -32601)
        #expect(try editor.request("shutdown")["result"] is NSNull)
        try editor.notify("exit", [:])
    }

    /// Two open documents are checked once each, then nothing is sent while nothing changes;
    /// a changed configuration file is noticed and the diagnostics follow it.
    @Test func staysQuietWhenIdleAndFollowsTheConfiguration() throws {
        let tree = try TemporaryTree([
            "Package.swift": "// swift-tools-version: 6.0\n",
            "Models/Song.swift": "@Model final class Song {\n var title = \"\"\n var loud: Bool { true }\n}\n",
        ])
        let editor = Editor()
        try editor.initialize(tree.path())
        let first = Self.uri(tree.path("Views/A.swift")), second = Self.uri(tree.path("Views/B.swift"))
        try editor.notify("textDocument/didOpen", ["textDocument": ["uri": first, "version": 1,
            "text": "let p = #Predicate<Song> { $0.loud }\nstruct Local { var x = 1 }\n"]])
        try editor.notify("textDocument/didOpen", ["textDocument": ["uri": second, "version": 1,
            "text": "let q = #Predicate<Song> { $0.title.hasPrefix(\"a\") }\n"]])
        #expect(Editor.codes(try editor.diagnostics(for: first, version: 1, codes: ["computed-property"])) == ["computed-property"])
        #expect(Editor.codes(try editor.diagnostics(for: second, version: 1, codes: ["has-prefix"])) == ["has-prefix"])

        let chatter = try editor.anythingSent(within: 3)
        #expect(chatter.isEmpty, "sent while idle: \(chatter)")

        // The configuration is edited outside the editor; the watcher reports it. Only the
        // document whose diagnostics changed gets new ones, and then all is quiet again.
        try tree.write(".predicate-lint.json", Data(#"{ "severity": { "has-prefix": "warning" } }"#.utf8))
        try editor.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": Self.uri(tree.path(".predicate-lint.json")), "type": 1]]])
        let sent = try editor.everythingSent(within: 2)
        #expect(sent.count == 1, "\(sent)")
        let params = sent.first?["params"] as? [String: Any]
        #expect(params?["uri"] as? String == second)
        #expect((params?["diagnostics"] as? [[String: Any]])?.first?["severity"] as? Int == 2)
    }

    /// A broken configuration never leaves its files looking clean: each open file it governs
    /// says so on its first line, a message names the configuration and line once, and the
    /// configuration itself, when open, shows the problem on its line.
    @Test func aBrokenConfigurationIsShownNotHidden() throws {
        let tree = try TemporaryTree([".predicate-lint.json": "{\n  \"disabled_rules\": 3\n}\n"])
        let editor = Editor()
        try editor.initialize(tree.path())
        let uri = Self.uri(tree.path("A.swift"))
        try editor.notify("textDocument/didOpen", ["textDocument": ["uri": uri, "version": 1,
            "text": "let q = #Predicate<Song> { $0.title.hasPrefix(\"a\") }\n"]])
        let diagnostics = try editor.diagnostics(for: uri, version: 1)
        #expect(diagnostics.count == 1 && diagnostics.first?["severity"] as? Int == 1, "\(diagnostics)")
        let said = diagnostics.first?["message"] as? String ?? ""
        #expect(said.contains(tree.path(".predicate-lint.json") + ":2") && said.contains("not checked"), "\(said)")
        let shown = try editor.next { $0["method"] as? String == "window/showMessage" }
        let message = (shown["params"] as? [String: Any])?["message"] as? String ?? ""
        #expect(message.contains(tree.path(".predicate-lint.json") + ":2"), "\(shown)")

        let configuration = Self.uri(tree.path(".predicate-lint.json"))
        try editor.notify("textDocument/didOpen", ["textDocument": ["uri": configuration, "languageId": "json", "version": 1,
            "text": "{\n  \"disabled_rules\": 3\n}\n"]])
        let own = try editor.diagnostics(for: configuration, version: 1)
        #expect(own.count == 1 && Self.start(own[0]) == (1, 0), "\(own)")
        // Fixed on disk: the file is checked, and the message is not repeated.
        try tree.write(".predicate-lint.json", Data("{}\n".utf8))
        try editor.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": configuration, "type": 2]]])
        #expect(Editor.codes(try editor.diagnostics(for: uri, version: 1, codes: ["has-prefix"])) == ["has-prefix"])
    }

    /// The codes of the first diagnostics published for `opened` (a file holding
    /// `#Predicate<Song> { $0.loud }`), in a root of `files` plus `fillers` filler files in
    /// `fillerFolder`: enough that indexing them takes longer than checking one small document.
    func firstDiagnosticCodes(_ files: [String: String], fillers: Int, in fillerFolder: String, opening opened: String) throws -> [String] {
        var files = files
        for index in 0..<fillers {
            files["\(fillerFolder)/View\(index).swift"] = "struct View\(index) { var x = \(index) }\n" + String(repeating: "// filler\n", count: 40)
        }
        let tree = try TemporaryTree(files)
        let editor = Editor()
        try editor.initialize(tree.path())
        try editor.notify("textDocument/didOpen", ["textDocument": ["uri": Self.uri(tree.path(opened)), "version": 1,
            "text": "let p = #Predicate<Song> { $0.loud }\n"]])
        let first = try editor.next(within: 30) { $0["method"] as? String == "textDocument/publishDiagnostics" }
        return Editor.codes((first["params"] as? [String: Any])?["diagnostics"] as? [[String: Any]] ?? [])
    }

    static let song = "@Model final class Song {\n var title = \"\"\n var loud: Bool { true }\n}\n"

    /// With a cold cache, the first diagnostics already hold the model rules' findings: the
    /// server says nothing until the workspace's models are known.
    @Test func theFirstDiagnosticsKnowTheModels() throws {
        #expect(try firstDiagnosticCodes(["Models/Song.swift": Self.song], fillers: 400, in: "Views", opening: "Views/List.swift")
            == ["computed-property"])
    }

    /// A document in a small app of a large root is checked with its app's models, which are
    /// indexed before the rest of the root's.
    @Test func aSmallAppInALargeRootKnowsItsModelsFirst() throws {
        let app = ["App/Package.swift": "let package = Package(name: \"App\")\n", "App/Sources/App/Song.swift": Self.song]
        #expect(try firstDiagnosticCodes(app, fillers: 600, in: "Other", opening: "App/Sources/App/List.swift") == ["computed-property"])
    }

    /// A client that cannot watch files (Neovim on Linux) still sees configuration and Xcode
    /// project changes: the server checks their stamps itself.
    @Test func changesOnDiskAreNoticedWithoutAWatcher() throws {
        let project = { (ios: String, macos: String) in
            DeploymentTargetTests.xcodeProject(project: "IPHONEOS_DEPLOYMENT_TARGET = \(ios); MACOSX_DEPLOYMENT_TARGET = \(macos);",
                                               targets: [("application", "")])
        }
        let tree = try TemporaryTree(["App.xcodeproj/project.pbxproj": project("17.0", "14.0")])
        let editor = Editor(diskCheckInterval: .milliseconds(200))
        try editor.initialize(tree.path(), watchesFiles: false)
        let uri = Self.uri(tree.path("App/Query.swift"))
        try editor.notify("textDocument/didOpen", ["textDocument": ["uri": uri, "version": 1,
            "text": "let e = #Expression<Movie, Int> { $0.year }\nlet q = #Predicate<Movie> { $0.title.hasPrefix(\"a\") }\n"]])
        #expect(Editor.codes(try editor.diagnostics(for: uri, version: 1, codes: ["availability", "has-prefix"])) == ["availability", "has-prefix"])
        // The project now supports only systems that have `#Expression`.
        try tree.write("App.xcodeproj/project.pbxproj", Data(project("18.0", "15.0").utf8))
        #expect(Editor.codes(try editor.diagnostics(for: uri, version: 1, codes: ["has-prefix"])) == ["has-prefix"])
        // And a configuration appears.
        try tree.write(".predicate-lint.json", Data(#"{ "disabled_rules": ["has-prefix"] }"#.utf8))
        let after = try editor.diagnostics(for: uri, version: 1, codes: ["unsupported-member"])
        #expect(Editor.codes(after) == ["unsupported-member"], "\(after)")
    }

    @Test func theProtocolsRulesAreKept() throws {
        let tree = try TemporaryTree()
        let early = Editor()
        // Before `initialize`, requests are refused with the protocol's own code.
        #expect((try early.request("textDocument/codeAction")["error"] as? [String: Any])?["code"] as? Int == -32002)
        // An id without a method is answered, not left waiting.
        try early.send(["id": 99])
        #expect(((try early.next { $0["id"] as? Int == 99 })["error"] as? [String: Any])?["code"] as? Int == -32600)
        // A batch is not part of the protocol.
        early.write("Content-Length: 2\r\n\r\n[]")
        #expect(((try early.next { $0["error"] != nil })["error"] as? [String: Any])?["code"] as? Int == -32600)
        try early.initialize(tree.path(), watchesFiles: false)

        // A negative position is clamped, not a crash.
        let uri = Self.uri(tree.path("A.swift"))
        try early.notify("textDocument/didOpen", ["textDocument": ["uri": uri, "version": 1, "text": "let a = 1\n"]])
        try early.notify("textDocument/didChange", ["textDocument": ["uri": uri, "version": 2], "contentChanges": [[
            "range": ["start": ["line": -1, "character": -1], "end": ["line": -1, "character": -5]],
            "text": "let p = #Predicate<Website> { $0.url.hasPrefix(\"a\") }\n",
        ]]])
        #expect(Editor.codes(try early.diagnostics(for: uri, version: 2)) == ["has-prefix"])

        // After `shutdown`, only `exit` is served, and it ends the server with status 0.
        #expect(try early.request("shutdown")["result"] is NSNull)
        #expect((try early.request("textDocument/codeAction")["error"] as? [String: Any])?["code"] as? Int == -32600)
        try early.notify("exit", [:])
        #expect(Self.waitForExit(early) == 0)

        // `exit` without `shutdown` ends it with 1.
        let abrupt = Editor()
        try abrupt.notify("exit", [:])
        #expect(Self.waitForExit(abrupt) == 1)
    }

    /// A workspace holding files the parser would hang or overflow on: `initialize` answers at
    /// once, such a document gets one diagnostic saying it was not checked, and other
    /// documents are checked as usual.
    @Test func hostileDocumentsBlockNothing() throws {
        let tree = try TemporaryTree([
            "Brackets.swift": "let v = " + String(repeating: "[", count: 50_000) + "\n",
            "Members.swift": "let v = a" + String(repeating: ".b", count: 50_000) + "\n",
            "Slow.swift": "let v = " + String(repeating: "[", count: 25) + "1" + String(repeating: "]", count: 25) + "\n",
        ])
        let editor = Editor()
        let start = Date()
        try editor.initialize(tree.path(), watchesFiles: false)
        #expect(Date().timeIntervalSince(start) < 10)
        for name in ["Brackets.swift", "Members.swift", "Slow.swift"] {
            let uri = Self.uri(tree.path(name))
            let text = try String(contentsOfFile: tree.path(name), encoding: .utf8)
            try editor.notify("textDocument/didOpen", ["textDocument": ["uri": uri, "version": 1, "text": text]])
            let diagnostics = try editor.diagnostics(for: uri, version: 1)
            #expect(diagnostics.count == 1, "\(name)")
            #expect((diagnostics.first?["message"] as? String)?.contains("did not check this file") == true, "\(name)")
        }
        let uri = Self.uri(tree.path("Good.swift"))
        try editor.notify("textDocument/didOpen", ["textDocument": ["uri": uri, "version": 1,
            "text": "let p = #Predicate<Website> { $0.url.hasPrefix(\"a\") }\n"]])
        #expect(Editor.codes(try editor.diagnostics(for: uri, version: 1)) == ["has-prefix"])
        #expect(Date().timeIntervalSince(start) < 30)
    }

    /// A document that takes longer than the limit gets one diagnostic saying so, and the
    /// server goes on answering: here the limit is zero, so every document with a predicate
    /// is past it, and one without is still checked. Before, a lint had no limit, and a
    /// hostile document per core starved every other.
    @Test func aDocumentPastTheTimeLimitIsSaidToBe() throws {
        let tree = try TemporaryTree()
        let editor = Editor(timeLimit: .zero)
        try editor.initialize(tree.path(), watchesFiles: false)
        let many = Self.uri(tree.path("Many.swift"))
        let text = String(repeating: "let p = #Predicate<Website> { $0.url.hasPrefix(\"a\") }\n", count: 2_000)
        try editor.notify("textDocument/didOpen", ["textDocument": ["uri": many, "version": 1, "text": text]])
        let diagnostics = try editor.diagnostics(for: many, version: 1)
        #expect(diagnostics.count == 1)
        #expect((diagnostics.first?["message"] as? String)?.contains("stopped checking this file after 0 seconds, its limit") == true)
        let plain = Self.uri(tree.path("Plain.swift"))
        try editor.notify("textDocument/didOpen", ["textDocument": ["uri": plain, "version": 1, "text": "let a = 1\n"]])
        #expect(try editor.diagnostics(for: plain, version: 1).isEmpty)
    }

    static func waitForExit(_ editor: Editor) -> Int32? {
        let deadline = Date().addingTimeInterval(5)
        while editor.exitStatus.current == nil && deadline.timeIntervalSinceNow > 0 { Thread.sleep(forTimeInterval: 0.01) }
        return editor.exitStatus.current
    }

    /// "Disable RULE for this line" on the line that closes a multi-line string: the comment goes
    /// after the code at the end of that line, never into the string (which would change its value
    /// and silence nothing); on a line with no place for a comment, the action is not offered.
    @Test func aSuppressionCommentNeverLandsInsideAString() throws {
        let closing = "let p = #Predicate<Website> { $0.type == \"\"\"\n    blog\n    \"\"\" && $0.url.hasPrefix(\"a\") }"
        for (text, expected) in [(closing + "\n", " // predicate-lint:disable:this has-prefix"), (closing + " // checked\n", nil)] {
            let file = SourceFile(path: "/p/A.swift", text: text)
            let finding = try #require(Linter().lint([file]).first { $0.ruleID == "has-prefix" })
            #expect(finding.line == 3)
            let actions = LanguageServer.codeActions(for: finding, uri: "file:///p/A.swift", file: file, positions: TextPositions(text))
            let disable = actions.first { $0["title"]?.string == "Disable has-prefix for this line" }
            guard let expected else {
                #expect(disable == nil, "no place for a comment: no action")
                continue
            }
            let edit = disable?["edit"]?["changes"]?["file:///p/A.swift"]?.array?.first
            #expect(edit?["newText"]?.string == expected)
            #expect(edit?["range"]?["start"]?["line"]?.integer == 2)
            #expect(edit?["range"]?["start"]?["character"]?.integer == 34, "after the code that ends the line")
        }
    }

    /// A fix that adds a constant before the statement is offered as one quick fix with both
    /// edits, which applied give the text `--fix` writes.
    @Test func aHoistingFixIsOneQuickFix() throws {
        let text = "func recent() -> Predicate<Website> {\n    #Predicate<Website> { $0.url < URL.homeDirectory.path() }\n}\n"
        let file = SourceFile(path: "/p/A.swift", text: text)
        let finding = try #require(Linter().lint([file]).first { $0.ruleID == "static-member" })
        let positions = TextPositions(text)
        let actions = LanguageServer.codeActions(for: finding, uri: "file:///p/A.swift", file: file, positions: positions)
        let fix = try #require(actions.first { $0["title"]?.string == "Capture the value before the predicate (static-member)" })
        let edits = fix["edit"]?["changes"]?["file:///p/A.swift"]?.array ?? []
        #expect(edits.count == 2)
        let applied = text.applying(edits.compactMap { edit -> TextEdit? in
            guard let range = edit["range"], let offsets = positions.offsets(of: range), let replacement = edit["newText"]?.string else { return nil }
            return TextEdit(range: offsets, replacement: replacement)
        })
        #expect(applied == Fixer().fix(file, models: .empty).text, "\(applied)")
        #expect(applied.contains("let path = URL.homeDirectory.path()\n    return #Predicate<Website> { $0.url < path }"), "\(applied)")
    }

    @Test func positionsConvertBetweenUTF8AndUTF16() {
        let positions = TextPositions("a🎵b\r\nc\rd")
        #expect(positions.lineStarts == [0, 8, 10])
        #expect(positions.position(ofOffset: 5) == (0, 3))
        #expect(positions.offset(line: 0, character: 3) == 5)
        #expect(positions.position(ofOffset: 9) == (1, 1))
        #expect(positions.offset(line: 2, character: 1) == 11)
        #expect(positions.offset(line: 9, character: 0) == 11)
        #expect(positions.offset(line: -3, character: -1) == 0)
    }
}

/// Waits up to `milliseconds` for something to read, so that a test whose answer never comes
/// fails instead of hanging the suite.
func readWithDeadline(_ handle: FileHandle, milliseconds: Int32 = 10_000) -> Data {
    var descriptor = pollfd(fd: handle.fileDescriptor, events: Int16(POLLIN), revents: 0)
    guard poll(&descriptor, 1, max(1, milliseconds)) > 0 else { return Data() }
    return handle.availableData
}
