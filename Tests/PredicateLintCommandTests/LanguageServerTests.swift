import Foundation
import Testing
@testable import PredicateLintCommand

/// A whole editor session through pipes: open, type, see diagnostics come and go, apply a
/// quick fix.
@Suite struct LanguageServerTests {
    final class Editor {
        let toServer = Pipe()
        let fromServer = Pipe()
        var buffer = Data()
        var nextID = 1

        init() {
            let server = LanguageServer(input: toServer.fileHandleForReading, output: fromServer.fileHandleForWriting,
                                        debounce: .milliseconds(20))
            Thread { server.run() }.start()
        }

        func write(_ raw: String) { toServer.fileHandleForWriting.write(Data(raw.utf8)) }

        func notify(_ method: String, _ params: [String: Any]) throws {
            let body = try JSONSerialization.data(withJSONObject: ["jsonrpc": "2.0", "method": method, "params": params])
            write("Content-Length: \(body.count)\r\n\r\n" + String(decoding: body, as: UTF8.self))
        }

        func request(_ method: String, _ params: [String: Any] = [:]) throws -> [String: Any] {
            let id = nextID
            nextID += 1
            let body = try JSONSerialization.data(withJSONObject: ["jsonrpc": "2.0", "id": id, "method": method, "params": params])
            write("Content-Length: \(body.count)\r\n\r\n" + String(decoding: body, as: UTF8.self))
            return try next { $0["id"] as? Int == id }
        }

        /// The next message from the server that `matches`; earlier ones are dropped.
        func next(_ matches: ([String: Any]) -> Bool) throws -> [String: Any] {
            while true {
                if let headerEnd = buffer.range(of: Data("\r\n\r\n".utf8)) {
                    let header = String(decoding: buffer[buffer.startIndex..<headerEnd.lowerBound], as: UTF8.self)
                    let length = Int(header.replacingOccurrences(of: "Content-Length: ", with: "")) ?? 0
                    if buffer.count - (headerEnd.upperBound - buffer.startIndex) >= length {
                        let body = buffer[headerEnd.upperBound..<headerEnd.upperBound + length]
                        buffer.removeSubrange(buffer.startIndex..<headerEnd.upperBound + length)
                        let message = try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any] ?? [:]
                        if matches(message) { return message }
                        continue
                    }
                }
                let chunk = readWithDeadline(fromServer.fileHandleForReading)
                if chunk.isEmpty { return [:] }
                buffer.append(chunk)
            }
        }

        func diagnostics(for uri: String, version: Int) throws -> [[String: Any]] {
            let message = try next {
                let params = $0["params"] as? [String: Any]
                return $0["method"] as? String == "textDocument/publishDiagnostics" && params?["uri"] as? String == uri
                    && params?["version"] as? Int == version
            }
            return (message["params"] as? [String: Any])?["diagnostics"] as? [[String: Any]] ?? []
        }
    }

    static func start(_ diagnostic: [String: Any]) -> (Int, Int) {
        let start = (diagnostic["range"] as? [String: Any])?["start"] as? [String: Any]
        return (start?["line"] as? Int ?? -1, start?["character"] as? Int ?? -1)
    }

    @Test func aWholeSession() throws {
        let tree = try TemporaryTree(["Models/Song.swift": "@Model final class Song {\n var title = \"\"\n var loud: Bool { true }\n}\n"])
        let editor = Editor()
        defer { try? editor.toServer.fileHandleForWriting.close() }
        let initialized = try editor.request("initialize", ["rootUri": URL(fileURLWithPath: tree.path()).absoluteString,
            "capabilities": ["workspace": ["didChangeWatchedFiles": ["dynamicRegistration": true]]]])
        let capabilities = (initialized["result"] as? [String: Any])?["capabilities"] as? [String: Any]
        #expect((capabilities?["textDocumentSync"] as? [String: Any])?["change"] as? Int == 2)
        try editor.notify("initialized", [:])
        let registration = try editor.next { $0["method"] as? String == "client/registerCapability" }
        #expect(((registration["params"] as? [String: Any])?["registrations"] as? [[String: Any]])?.first?["method"] as? String
                == "workspace/didChangeWatchedFiles")

        // The workspace's models are known: `loud` is computed in a file that is not open.
        let uri = URL(fileURLWithPath: tree.path("Views/List.swift")).absoluteString
        var text = "let p = #Predicate<Song> { /* 🎵 */ $0.title.hasPrefix(\"a\") && $0.loud }\n"
        try editor.notify("textDocument/didOpen", ["textDocument": ["uri": uri, "languageId": "swift", "version": 1, "text": text]])
        var diagnostics = try editor.diagnostics(for: uri, version: 1)
        #expect(diagnostics.compactMap { $0["code"] as? String } == ["has-prefix", "computed-property"])
        // UTF-16 positions: the emoji is two code units (four UTF-8 bytes).
        #expect(Self.start(diagnostics[0]) == (0, 45))
        #expect(diagnostics[0]["severity"] as? Int == 1)
        #expect(((diagnostics[0]["codeDescription"] as? [String: Any])?["href"] as? String)?.hasSuffix("docs/rules/has-prefix.md") == true)

        // A quick fix, applied as an editor would, and a way to silence the rule.
        let actions = try editor.request("textDocument/codeAction", [
            "textDocument": ["uri": uri], "range": diagnostics[0]["range"] as Any, "context": ["diagnostics": [diagnostics[0]]],
        ])["result"] as? [[String: Any]] ?? []
        #expect(actions.compactMap { $0["title"] as? String }.contains("Disable has-prefix for this line"))
        let fix = try #require(actions.first { ($0["title"] as? String)?.hasPrefix("Use starts(with:)") == true })
        let edits = ((fix["edit"] as? [String: Any])?["changes"] as? [String: Any])?[uri] as? [[String: Any]] ?? []
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
        #expect(diagnostics.compactMap { $0["code"] as? String } == ["computed-property"])

        // A model file changed on disk (a checkout, say): `loud` is stored now, so the open
        // document is checked again and the finding goes.
        try tree.write("Models/Song.swift", Data("@Model final class Song {\n var title = \"\"\n var loud = true\n}\n".utf8))
        try editor.notify("workspace/didChangeWatchedFiles", ["changes": [[
            "uri": URL(fileURLWithPath: tree.path("Models/Song.swift")).absoluteString, "type": 2,
        ]]])
        #expect(try editor.diagnostics(for: uri, version: 2).isEmpty)
        try tree.write("Models/Song.swift", Data("@Model final class Song {\n var title = \"\"\n var loud: Bool { true }\n}\n".utf8))
        try editor.notify("workspace/didChangeWatchedFiles", ["changes": [[
            "uri": URL(fileURLWithPath: tree.path("Models/Song.swift")).absoluteString, "type": 2,
        ]]])
        #expect(try editor.diagnostics(for: uri, version: 2).compactMap { $0["code"] as? String } == ["computed-property"])

        // An incremental edit removes the last problem: ` && $0.loud`, in UTF-16 positions.
        try editor.notify("textDocument/didChange", ["textDocument": ["uri": uri, "version": 3], "contentChanges": [[
            "range": ["start": ["line": 0, "character": 60], "end": ["line": 0, "character": 71]], "text": "",
        ]]])
        #expect(try editor.diagnostics(for: uri, version: 3).isEmpty)

        // Malformed input is answered, not fatal; the session goes on.
        editor.write("Content-Length: 10\r\n\r\n{ broken }")
        let error = try editor.next { $0["error"] != nil }
        #expect((error["error"] as? [String: Any])?["code"] as? Int == -32700)
        // A message whose length is wrong leaves a stray byte before the next header; the next
        // request is still found and answered.
        editor.write("Content-Length: 9\r\n\r\n{ broken }")
        #expect((try editor.request("workspace/symbol", ["query": ""])["error"] as? [String: Any])?["code"] as? Int == -32601)
        #expect(try editor.request("shutdown")["result"] is NSNull)
        try editor.notify("exit", [:])
    }

    @Test func positionsConvertBetweenUTF8AndUTF16() {
        let positions = TextPositions("a🎵b\r\nc\rd")
        #expect(positions.lineStarts == [0, 8, 10])
        #expect(positions.position(ofOffset: 5) == (0, 3))
        #expect(positions.offset(line: 0, character: 3) == 5)
        #expect(positions.position(ofOffset: 9) == (1, 1))
        #expect(positions.offset(line: 2, character: 1) == 11)
        #expect(positions.offset(line: 9, character: 0) == 11)
    }
}

/// Waits up to `seconds` for something to read, so that a test whose answer never comes fails
/// instead of hanging the suite.
func readWithDeadline(_ handle: FileHandle, seconds: Int32 = 10) -> Data {
    var descriptor = pollfd(fd: handle.fileDescriptor, events: Int16(POLLIN), revents: 0)
    guard poll(&descriptor, 1, seconds * 1000) > 0 else { return Data() }
    return handle.availableData
}
