import Foundation
import Testing
@testable import PredicateLintCommand

/// A full MCP session through pipes, as a coding assistant would hold it.
@Suite struct MCPServerTests {
    final class Client {
        let toServer = Pipe()
        let fromServer = Pipe()
        var buffer = Data()

        init() {
            let server = MCPServer(input: toServer.fileHandleForReading, output: fromServer.fileHandleForWriting)
            Thread { server.run() }.start()
        }

        func send(_ line: String) { toServer.fileHandleForWriting.write(Data((line + "\n").utf8)) }

        func request(_ id: Int, _ method: String, _ params: [String: Any] = [:]) throws -> [String: Any] {
            let body = try JSONSerialization.data(withJSONObject: ["jsonrpc": "2.0", "id": id, "method": method, "params": params])
            send(String(decoding: body, as: UTF8.self))
            return try response(id)
        }

        /// The response with this id (others are kept for later).
        func response(_ id: Int?) throws -> [String: Any] {
            while true {
                while let newline = buffer.firstIndex(of: 0x0A) {
                    let line = buffer[buffer.startIndex..<newline]
                    let object = try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any] ?? [:]
                    let matches = id.map { object["id"] as? Int == $0 } ?? (object["id"] is NSNull)
                    if matches {
                        buffer.removeSubrange(buffer.startIndex...newline)
                        return object
                    }
                    // Not ours yet: look again after more arrives.
                    break
                }
                let chunk = readWithDeadline(fromServer.fileHandleForReading)
                if chunk.isEmpty { return [:] }
                buffer.append(chunk)
            }
        }

        func close() { try? toServer.fileHandleForWriting.close() }
    }

    func result(_ response: [String: Any]) -> [String: Any] { response["result"] as? [String: Any] ?? [:] }
    func structured(_ response: [String: Any]) -> [String: Any] { result(response)["structuredContent"] as? [String: Any] ?? [:] }

    @Test func aWholeSession() throws {
        let client = Client()
        defer { client.close() }

        let initialized = try client.request(1, "initialize", ["protocolVersion": "2025-06-18", "capabilities": [:],
                                                              "clientInfo": ["name": "test", "version": "1"]])
        #expect((result(initialized)["serverInfo"] as? [String: Any])?["name"] as? String == "predicate-lint")
        #expect((result(initialized)["capabilities"] as? [String: Any])?["tools"] != nil)
        client.send(#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#)

        let tools = result(try client.request(2, "tools/list"))["tools"] as? [[String: Any]] ?? []
        #expect(tools.compactMap { $0["name"] as? String } == ["lint_swift", "fix_swift", "explain_rule"])
        #expect(tools.allSatisfy { ($0["inputSchema"] as? [String: Any])?["type"] as? String == "object" })

        // lint_swift sees the models it is given.
        let lint = try client.request(3, "tools/call", ["name": "lint_swift", "arguments": [
            "code": "let p = #Predicate<Song> { $0.loud && $0.title.hasPrefix(\"a\") }",
            "path": "Views/Songs.swift",
            "models": ["@Model final class Song { var title = \"\"\n var loud: Bool { true } }"],
        ]])
        let findings = structured(lint)["findings"] as? [[String: Any]] ?? []
        #expect(findings.compactMap { $0["rule"] as? String } == ["computed-property", "has-prefix"])
        #expect(findings.first?["file"] as? String == "Views/Songs.swift")
        #expect(result(lint)["isError"] as? Bool == false)

        // fix_swift returns the fixed code and what is left.
        let fix = try client.request(4, "tools/call", ["name": "fix_swift", "arguments": [
            "code": "let p = #Predicate<Site> { $0.url.hasPrefix(\"a\") && $0.tags.isEmpty == false }",
        ]])
        #expect(structured(fix)["fixedCode"] as? String == "let p = #Predicate<Site> { $0.url.starts(with: \"a\") && !$0.tags.isEmpty }")
        #expect((structured(fix)["findings"] as? [Any])?.isEmpty == true)

        let explain = try client.request(5, "tools/call", ["name": "explain_rule", "arguments": ["rule": "boolean-comparison"]])
        let text = ((result(explain)["content"] as? [[String: Any]])?.first?["text"] as? String) ?? ""
        #expect(text.contains("!$0.cast.isEmpty"))

        // Errors: unknown tool, bad arguments, unknown rule, unknown method, garbage.
        #expect((try client.request(6, "tools/call", ["name": "format_swift"])["error"] as? [String: Any])?["code"] as? Int == -32602)
        #expect((try client.request(7, "tools/call", ["name": "lint_swift", "arguments": ["code": 42]])["error"] as? [String: Any])?["code"] as? Int == -32602)
        #expect(result(try client.request(8, "tools/call", ["name": "explain_rule", "arguments": ["rule": "nope"]]))["isError"] as? Bool == true)
        #expect((try client.request(9, "resources/list")["error"] as? [String: Any])?["code"] as? Int == -32601)
        client.send("{ not json")
        #expect((try client.response(nil)["error"] as? [String: Any])?["code"] as? Int == -32700)
        #expect(result(try client.request(10, "ping")).isEmpty)
    }
}
