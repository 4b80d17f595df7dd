import Foundation
import Testing
@testable import PredicateLintCommand

/// MCP sessions through pipes, as a coding assistant holds them, read with Foundation's parser.
@Suite struct MCPServerTests {
    final class Client {
        let toServer = Pipe()
        let fromServer = Pipe()
        var buffer = Data()
        var nextID = 1

        init(root: String? = FileManager.default.currentDirectoryPath, startedIn directory: String = "/",
             timeLimit: Duration = DocumentLanes.standardTimeLimit, environment: CommandEnvironment = .testing) {
            let server = MCPServer(input: toServer.fileHandleForReading, output: fromServer.fileHandleForWriting, root: root,
                                   startedIn: directory, timeLimit: timeLimit, environment: environment)
            Thread { server.run() }.start()
        }

        deinit { try? toServer.fileHandleForWriting.close() }

        func send(_ line: String) { toServer.fileHandleForWriting.write(Data((line + "\n").utf8)) }

        func request(_ method: String, _ params: [String: Any] = [:]) throws -> [String: Any] {
            let id = nextID
            nextID += 1
            let body = try JSONSerialization.data(withJSONObject: ["jsonrpc": "2.0", "id": id, "method": method, "params": params])
            send(String(decoding: body, as: UTF8.self))
            return try next { ($0 as? [String: Any])?["id"] as? Int == id } as? [String: Any] ?? [:]
        }

        func initialize(_ version: String = "2025-06-18") throws -> [String: Any] {
            let response = try request("initialize", ["protocolVersion": version, "capabilities": [:],
                                                      "clientInfo": ["name": "test", "version": "1"]])
            send(#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#)
            return response["result"] as? [String: Any] ?? [:]
        }

        func call(_ tool: String, _ arguments: [String: Any]) throws -> [String: Any] {
            try request("tools/call", ["name": tool, "arguments": arguments])
        }

        /// The next line the server sends that `matches` (others are dropped); nil when none came.
        func next(_ matches: (Any) -> Bool) throws -> Any? {
            while true {
                while let newline = buffer.firstIndex(of: 0x0A) {
                    let line = buffer[buffer.startIndex..<newline]
                    buffer.removeSubrange(buffer.startIndex...newline)
                    let object = try JSONSerialization.jsonObject(with: Data(line))
                    if matches(object) { return object }
                }
                let chunk = readWithDeadline(fromServer.fileHandleForReading)
                if chunk.isEmpty { return nil }
                buffer.append(chunk)
            }
        }
    }

    func result(_ response: [String: Any]) -> [String: Any] { response["result"] as? [String: Any] ?? [:] }
    func structured(_ response: [String: Any]) -> [String: Any] { result(response)["structuredContent"] as? [String: Any] ?? [:] }
    func errorCode(_ response: [String: Any]) -> Int? { (response["error"] as? [String: Any])?["code"] as? Int }
    func text(_ response: [String: Any]) -> String { (result(response)["content"] as? [[String: Any]])?.first?["text"] as? String ?? "" }

    @Test func aWholeSession() throws {
        let client = Client()
        let initialized = try client.initialize()
        #expect((initialized["serverInfo"] as? [String: Any])?["name"] as? String == "predicate-lint")
        #expect((initialized["capabilities"] as? [String: Any])?["tools"] != nil)

        let tools = result(try client.request("tools/list"))["tools"] as? [[String: Any]] ?? []
        #expect(tools.compactMap { $0["name"] as? String } == ["lint_swift", "fix_swift", "explain_rule", "explain_query"])
        #expect(tools.allSatisfy { ($0["inputSchema"] as? [String: Any])?["type"] as? String == "object" })
        #expect(tools.allSatisfy { ($0["outputSchema"] as? [String: Any])?["type"] as? String == "object" })

        // lint_swift sees the models it is given.
        let lint = try client.call("lint_swift", [
            "code": "let p = #Predicate<Song> { $0.loud && $0.title.hasPrefix(\"a\") }", "path": "Views/Songs.swift",
            "models": ["@Model final class Song { var title = \"\"\n var loud: Bool { true } }"],
        ])
        let findings = structured(lint)["findings"] as? [[String: Any]] ?? []
        #expect(findings.compactMap { $0["rule"] as? String } == ["computed-property", "has-prefix"])
        #expect(findings.first?["file"] as? String == "Views/Songs.swift")
        #expect(result(lint)["isError"] as? Bool == false)

        // fix_swift returns the fixed code and what is left.
        let fix = try client.call("fix_swift", ["code": "let p = #Predicate<Site> { $0.url.hasPrefix(\"a\") && $0.tags.isEmpty == false }"])
        #expect(structured(fix)["fixedCode"] as? String == "let p = #Predicate<Site> { $0.url.starts(with: \"a\") && !$0.tags.isEmpty }")
        #expect((structured(fix)["findings"] as? [Any])?.isEmpty == true)

        let explain = try client.call("explain_rule", ["rule": "boolean-comparison"])
        #expect(text(explain).contains("!$0.cast.isEmpty"))
        #expect(structured(explain)["rule"] as? String == "boolean-comparison")

        // explain_query shows what the store is asked for, and what it cannot run.
        let query = try client.call("explain_query", [
            "code": "let a = #Predicate<Song> { $0.year > 2000 }\nlet b = #Predicate<Song> { ids.contains($0.rank ?? -1) }",
            "models": ["@Model final class Song { var year = 0\n var rank: Int? = nil }"], "line": 2,
        ])
        let explanations = structured(query)["explanations"] as? [[String: Any]] ?? []
        #expect(explanations.compactMap { $0["nsPredicate"] as? String } == ["TERNARY(rank != nil, rank, 1 * -1) IN $ids"])
        #expect(explanations.first?["failing"] as? [String] == ["TERNARY(rank != nil, rank, 1 * -1) IN $ids"])
        #expect(text(query).contains("Song.rank: `Int?`, one column"))
        #expect(text(query).contains("[coalesce-in-contains]"))

        // Protocol errors: an unknown tool, a call without a name, an unknown method, garbage.
        #expect(errorCode(try client.request("tools/call", ["name": "format_swift"])) == -32602)
        #expect(errorCode(try client.request("tools/call", [:])) == -32602)
        #expect(errorCode(try client.request("resources/list")) == -32601)
        client.send("{ not json")
        #expect(errorCode(try client.next { ($0 as? [String: Any])?["id"] is NSNull } as? [String: Any] ?? [:]) == -32700)
        client.send("42")
        #expect(errorCode(try client.next { ($0 as? [String: Any])?["id"] is NSNull } as? [String: Any] ?? [:]) == -32600)
        client.send(#"{"jsonrpc":"2.0","id":77}"#)
        #expect(errorCode(try client.next { ($0 as? [String: Any])?["id"] as? Int == 77 } as? [String: Any] ?? [:]) == -32600)
        #expect(result(try client.request("ping")).isEmpty)
    }

    /// Each finding says where it ends, whether it can be fixed, and the edits that fix it:
    /// applied as an assistant would (1-based lines, UTF-8 columns), they give what fix_swift
    /// gives.
    @Test func findingsCarryTheirFix() throws {
        let client = Client()
        _ = try client.initialize()
        let code = "let p = #Predicate<Song> { /* é */ $0.title.hasPrefix(\"a\") && $0.loud }"
        let lint = try client.call("lint_swift", ["code": code, "models": ["@Model final class Song { var title = \"\"\n var loud: Bool { true } }"]])
        let findings = structured(lint)["findings"] as? [[String: Any]] ?? []
        let prefix = try #require(findings.first { $0["rule"] as? String == "has-prefix" })
        let computed = try #require(findings.first { $0["rule"] as? String == "computed-property" })
        #expect(prefix["fixable"] as? Bool == true && computed["fixable"] as? Bool == false && computed["fix"] == nil)
        // `hasPrefix` spans columns 46 to 55 (the é is two UTF-8 bytes).
        #expect(prefix["line"] as? Int == 1 && prefix["column"] as? Int == 46 && prefix["endLine"] as? Int == 1 && prefix["endColumn"] as? Int == 55,
                "\(prefix)")
        let edits = ((prefix["fix"] as? [String: Any])?["edits"] as? [[String: Any]]) ?? []
        #expect(!edits.isEmpty)
        var bytes = Array(code.utf8)
        // Applied from the last edit backwards, so that earlier positions stay put.
        for edit in edits.reversed() {
            func offset(_ position: Any?) -> Int { ((position as? [String: Any])?["column"] as? Int ?? 1) - 1 }
            bytes.replaceSubrange(offset(edit["start"])..<offset(edit["end"]), with: Array((edit["replacement"] as? String ?? "").utf8))
        }
        let fix = try client.call("fix_swift", ["code": code, "models": ["@Model final class Song { var title = \"\"\n var loud: Bool { true } }"]])
        #expect(String(decoding: bytes, as: UTF8.self) == structured(fix)["fixedCode"] as? String)
        // Applied as JavaScript would (UTF-16 columns) and as Python would (code points), the
        // same edits give the same code.
        for (unit, view) in [("utf16Column", Array(code.utf16).map(Int.init)), ("codePointColumn", code.unicodeScalars.map { Int($0.value) })] {
            var units = view
            for edit in edits.reversed() {
                func offset(_ position: Any?) -> Int { ((position as? [String: Any])?[unit] as? Int ?? 1) - 1 }
                let replacement = edit["replacement"] as? String ?? ""
                units.replaceSubrange(offset(edit["start"])..<offset(edit["end"]),
                                      with: unit == "utf16Column" ? Array(replacement.utf16).map(Int.init) : replacement.unicodeScalars.map { Int($0.value) })
            }
            let text = unit == "utf16Column" ? String(decoding: units.map(UInt16.init), as: UTF16.self)
                : String(String.UnicodeScalarView(units.compactMap { Unicode.Scalar(UInt32($0)) }))
            #expect(text == structured(fix)["fixedCode"] as? String, "\(unit)")
        }
        // The tools say which unit `column` counts.
        let listing = try client.request("tools/list")
        let descriptions = ((listing["result"] as? [String: Any])?["tools"] as? [[String: Any]] ?? []).compactMap { $0["description"] as? String }
        #expect(descriptions.filter { $0.contains("counts UTF-8 bytes") }.count == 2)
        // What is left after fixing is placed in the fixed code.
        let left = (structured(fix)["findings"] as? [[String: Any]])?.first
        #expect(left?["rule"] as? String == "computed-property" && left?["column"] as? Int == 70, "\(String(describing: left))")
    }

    /// A fix that adds a constant before the statement (a static member, an implicit member,
    /// an initializer) reaches the assistant as the command line applies it: `fix_swift` gives
    /// the same text as `--fix`.
    @Test func hoistingFixesReachTheAssistant() throws {
        let client = Client()
        _ = try client.initialize()
        let models = ["enum Mood: String, Codable { case calm, loud }\n@Model final class Song { var added = Date.now\n var mood = Mood.calm }"]
        let code = """
            func recent() -> Predicate<Song> {
                #Predicate<Song> { $0.added > Date.now.addingTimeInterval(-60) && $0.added > .distantPast && $0.added < Date() }
            }
            """
        let lint = structured(try client.call("lint_swift", ["code": code, "models": models]))
        let rules = (lint["findings"] as? [[String: Any]] ?? []).filter { $0["fixable"] as? Bool == true }.compactMap { $0["rule"] as? String }
        #expect(rules.sorted() == ["implicit-member", "static-member", "unsupported-member"], "\(lint)")
        let fixed = structured(try client.call("fix_swift", ["code": code, "models": models]))["fixedCode"] as? String
        let tree = try TemporaryTree(["Song.swift": "import Foundation\n" + models[0] + "\n", "Recent.swift": code + "\n"])
        _ = Command.run(["--fix", "--no-cache", tree.path()])
        #expect(fixed.map { $0 + "\n" } == (try String(contentsOfFile: tree.path("Recent.swift"), encoding: .utf8)), "\(String(describing: fixed))")
        #expect(fixed?.contains("let distantPast = Date.distantPast") == true, "\(String(describing: fixed))")
    }

    /// Arguments the schema does not allow, and a tool's own failures, are results the
    /// assistant reads (`isError`), not protocol errors.
    @Test(arguments: [
        ("lint_swift", #"{"code": 42}"#, "\"code\" must be a string"),
        ("lint_swift", #"{"code": "let a = 1", "colour": "red"}"#, "takes no argument \"colour\""),
        ("lint_swift", #"{"path": "A.swift"}"#, "needs \"code\""),
        ("fix_swift", #"{"code": "let a = 1", "models": [1, 2]}"#, "\"models\" must be a list of strings"),
        ("explain_rule", #"{"rule": "nope"}"#, "No rule named nope"),
        ("explain_query", #"{"code": "let a = 1", "line": "two"}"#, "\"line\" must be an integer"),
    ])
    func badArgumentsAreToolErrors(_ tool: String, _ arguments: String, _ message: String) throws {
        let client = Client()
        _ = try client.initialize()
        let parsed = try JSONSerialization.jsonObject(with: Data(arguments.utf8)) as? [String: Any] ?? [:]
        let response = try client.call(tool, parsed)
        #expect(result(response)["isError"] as? Bool == true)
        #expect(text(response).contains(message), "\(text(response))")
    }

    /// Code the parser would hang or overflow on is a tool error that says so, quickly, and
    /// the server carries on.
    @Test(arguments: ["[", ".member", "a ? b : "])
    func hostileCodeIsAToolError(_ unit: String) throws {
        let client = Client()
        _ = try client.initialize()
        let start = Date()
        let hostile = try client.call("lint_swift", ["code": "let v = x" + String(repeating: unit, count: 50_000)])
        #expect(Date().timeIntervalSince(start) < 20)
        #expect(result(hostile)["isError"] as? Bool == true)
        #expect(text(hostile).contains("was not checked"), "\(text(hostile))")
        let next = try client.call("lint_swift", ["code": "let p = #Predicate<Website> { $0.url.hasPrefix(\"a\") }"])
        #expect(text(next).contains("has-prefix"))
    }

    @Test func theProtocolVersionIsNegotiated() throws {
        #expect(try Client().initialize("2025-03-26")["protocolVersion"] as? String == "2025-03-26")
        #expect(try Client().initialize("2099-01-01")["protocolVersion"] as? String == MCPServer.supportedProtocolVersions[0])
    }

    /// Batches were part of protocol 2025-03-26 only: answered with one array there, refused after.
    @Test func batchesFollowTheNegotiatedVersion() throws {
        let batch = #"[{"jsonrpc":"2.0","id":"a","method":"ping"},{"jsonrpc":"2.0","method":"notifications/cancelled"},"#
            + #"{"jsonrpc":"2.0","id":"b","method":"nope"}]"#
        let old = Client()
        _ = try old.initialize("2025-03-26")
        old.send(batch)
        let answers = try old.next { $0 is [Any] } as? [[String: Any]] ?? []
        #expect(answers.compactMap { $0["id"] as? String }.sorted() == ["a", "b"])
        #expect(answers.first { $0["id"] as? String == "b" }.flatMap(errorCode) == -32601)

        let current = Client()
        _ = try current.initialize("2025-11-25")
        current.send(batch)
        #expect(errorCode(try current.next { ($0 as? [String: Any])?["error"] != nil } as? [String: Any] ?? [:]) == -32600)
    }

    /// A `path` brings its configuration and its project's models from disk; another app's
    /// model of the same name does not count.
    @Test func aPathBringsItsConfigurationAndProject() throws {
        let tree = try TemporaryTree([
            "Shop/Package.swift": "// swift-tools-version: 6.0\n",
            "Shop/.predicate-lint.json": #"{ "severity": { "has-prefix": "warning" } }"#,
            "Shop/Sources/Models/Item.swift": "@Model final class Item {\n var name = \"\"\n var isCheap: Bool { true }\n}\n",
            "Blog/Package.swift": "// swift-tools-version: 6.0\n",
            "Blog/Sources/Item.swift": "@Model final class Item {\n var name = \"\"\n var isCheap = false\n}\n",
        ])
        let client = Client(root: tree.path())
        _ = try client.initialize()
        let code = "let p = #Predicate<Item> { $0.isCheap && $0.name.hasPrefix(\"a\") }\n"
        let shop = structured(try client.call("lint_swift", ["code": code, "path": "Shop/Sources/Views/List.swift"]))
        let findings = shop["findings"] as? [[String: Any]] ?? []
        #expect(findings.compactMap { $0["rule"] as? String } == ["computed-property", "has-prefix"])
        #expect(findings.last?["severity"] as? String == "warning")
        let blog = structured(try client.call("lint_swift", ["code": code, "path": "Blog/Sources/List.swift"]))
        #expect((blog["findings"] as? [[String: Any]])?.compactMap { $0["rule"] as? String } == ["has-prefix"])
        // What a call read about a folder is kept for the next, and a configuration edited
        // between calls is followed: the snapshot watches what it read.
        try tree.write("Shop/.predicate-lint.json", Data(#"{ "severity": { "has-prefix": "error" }, "disabled_rules": ["computed-property"] }"#.utf8))
        let again = structured(try client.call("lint_swift", ["code": code, "path": "Shop/Sources/Views/List.swift"]))
        let edited = again["findings"] as? [[String: Any]] ?? []
        #expect(edited.compactMap { $0["rule"] as? String } == ["has-prefix"])
        #expect(edited.first?["severity"] as? String == "error")
    }

    /// A `path` reaches no further than the workspace: not up and out (`../`), not to an
    /// absolute path elsewhere, not through a symbolic link that leads out. Before, each was
    /// linted with the models of the folder it named, which its findings revealed.
    @Test func aPathOutsideTheWorkspaceIsRefused() throws {
        let tree = try TemporaryTree([
            "App/Package.swift": "// swift-tools-version: 6.0\n",
            "Other/Secret.swift": "@Model final class Item {\n var isCheap: Bool { true }\n}\n",
        ])
        try FileManager.default.createSymbolicLink(atPath: tree.path("App/Linked"), withDestinationPath: tree.path("Other"))
        let client = Client(root: tree.path("App"))
        _ = try client.initialize()
        let code = "let p = #Predicate<Item> { $0.isCheap }\n"
        for path in ["../Other/q.swift", tree.path("Other/q.swift"), "Linked/q.swift", "/"] {
            let response = try client.call("lint_swift", ["code": code, "path": path])
            #expect(result(response)["isError"] as? Bool == true, "\(path)")
            #expect(text(response).contains("is outside this server's workspace (\(tree.path("App")))"), "\(path): \(text(response))")
        }
        // A file that does not exist yet is checked, and said to be new.
        let new = try client.call("lint_swift", ["code": code, "path": "Sources/New.swift"])
        #expect(result(new)["isError"] as? Bool == false)
        #expect(text(new).contains("Sources/New.swift does not exist (yet)"))
    }

    /// The workspace is all the server reads: not a model through a folder link inside it that
    /// leads out, and not a configuration in a folder above it (whose bad key it quoted back).
    @Test func nothingOutsideTheWorkspaceIsRead() throws {
        let tree = try TemporaryTree([
            "Outer/App/Package.swift": "// swift-tools-version: 6.0\n",
            "Outer/App/Sources/Item.swift": "@Model final class Item {\n var name = \"\"\n}\n",
            "Other/Secret.swift": "@Model final class Vault {\n var isOpen: Bool { true }\n}\n",
        ])
        try FileManager.default.createSymbolicLink(atPath: tree.path("Outer/App/Sources/Vendor"), withDestinationPath: tree.path("Other"))
        let client = Client(root: tree.path("Outer/App"))
        _ = try client.initialize()
        let code = "let p = #Predicate<Vault> { $0.isOpen }\nlet q = #Predicate<Item> { $0.name.hasPrefix(\"a\") }\n"
        for configurationAbove in [false, true] {
            if configurationAbove { try tree.write("Outer/.predicate-lint.json", Data("{\"secret_key_above\": 1}\n".utf8)) }
            let response = try client.call("lint_swift", ["code": code, "path": "Sources/View.swift"])
            #expect(result(response)["isError"] as? Bool == false, "\(text(response))")
            #expect(!text(response).contains("secret_key_above"), "the configuration above the workspace is not read")
            let rules = (structured(response)["findings"] as? [[String: Any]])?.compactMap { $0["rule"] as? String }
            #expect(rules == ["has-prefix"], "nothing is known of the model behind the link")
        }
    }

    /// The server keeps its cache where the environment says (as the command line does), not
    /// in the user's folder whatever it is told: tests, and users with `XDG_CACHE_HOME`, rely on it.
    @Test func theServerKeepsItsCacheWhereTheEnvironmentSays() throws {
        let tree = try TemporaryTree(["App/Package.swift": "// swift-tools-version: 6.0\n",
                                      "App/Sources/Item.swift": "@Model final class Item {\n var name = \"\"\n}\n"])
        let cacheHome = try TemporaryTree()
        let client = Client(root: tree.path("App"), environment: CommandEnvironment(variables: ["XDG_CACHE_HOME": cacheHome.path()]))
        _ = try client.initialize()
        _ = try client.call("lint_swift", ["code": "let p = #Predicate<Item> { $0.name == \"a\" }\n", "path": "Sources/View.swift"])
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: cacheHome.path("predicate-lint"))) ?? []
        #expect(!entries.isEmpty, "the declarations read were cached under XDG_CACHE_HOME")
    }

    /// Started at `/` (as desktop clients start servers) the server reads nothing until the
    /// client's roots arrive; it asks for them, and then a path inside them is checked.
    @Test func withoutAProjectTheServerAsksForTheClientsRoots() throws {
        let tree = try TemporaryTree([
            "App/Package.swift": "// swift-tools-version: 6.0\n",
            "App/Item.swift": "@Model final class Item {\n var isCheap: Bool { true }\n}\n",
        ])
        #expect(MCPReach.startingFolder("/", home: nil) == nil)
        #expect(MCPReach.startingFolder(tree.path(), home: tree.path()) == nil)
        #expect(MCPReach.startingFolder(tree.path("App"), home: nil) == tree.path("App"))
        #expect(MCPReach.startingFolder(tree.path(), home: nil) == nil, "no project, configuration or repository there")

        let client = Client(root: nil, startedIn: "/")
        let code = "let p = #Predicate<Item> { $0.isCheap }\n"
        _ = try client.request("initialize", ["protocolVersion": "2025-06-18", "capabilities": ["roots": ["listChanged": true]],
                                              "clientInfo": ["name": "test", "version": "1"]])
        let refused = try client.call("lint_swift", ["code": code, "path": "/App/View.swift"])
        #expect(text(refused).contains("this server has no workspace folder"))
        client.send(#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#)
        let ask = try #require(try client.next { ($0 as? [String: Any])?["method"] as? String == "roots/list" } as? [String: Any])
        let answer = try JSONSerialization.data(withJSONObject: [
            "jsonrpc": "2.0", "id": ask["id"] as Any,
            "result": ["roots": [["uri": URL(fileURLWithPath: tree.path("App")).absoluteString, "name": "App"]]],
        ])
        client.send(String(decoding: answer, as: UTF8.self))
        // The answer is taken before the next request is: both travel the same pipe, in order.
        let checked = structured(try client.call("lint_swift", ["code": code, "path": tree.path("App/View.swift")]))
        #expect((checked["findings"] as? [[String: Any]])?.compactMap { $0["rule"] as? String } == ["computed-property"])
    }

    /// A client that sends a call right after `initialized` (before it has answered the
    /// server's `roots/list`) gets an answer about its roots, not "no workspace folder": the
    /// call waits for them. Before, 7 calls in 10 failed so with a real client.
    @Test func aCallRightAfterStartUpWaitsForTheClientsRoots() throws {
        let tree = try TemporaryTree([
            "App/Package.swift": "// swift-tools-version: 6.0\n",
            "App/Item.swift": "@Model final class Item {\n var isCheap: Bool { true }\n}\n",
        ])
        let client = Client(root: nil, startedIn: "/")
        _ = try client.request("initialize", ["protocolVersion": "2025-06-18", "capabilities": ["roots": ["listChanged": true]],
                                              "clientInfo": ["name": "test", "version": "1"]])
        client.send(#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#)
        let call = try JSONSerialization.data(withJSONObject: [
            "jsonrpc": "2.0", "id": 99, "method": "tools/call",
            "params": ["name": "lint_swift", "arguments": ["code": "let p = #Predicate<Item> { $0.isCheap }\n",
                                                           "path": tree.path("App/View.swift")]],
        ])
        client.send(String(decoding: call, as: UTF8.self))
        let ask = try #require(try client.next { ($0 as? [String: Any])?["method"] as? String == "roots/list" } as? [String: Any])
        Thread.sleep(forTimeInterval: 0.3)
        let answer = try JSONSerialization.data(withJSONObject: [
            "jsonrpc": "2.0", "id": ask["id"] as Any,
            "result": ["roots": [["uri": URL(fileURLWithPath: tree.path("App")).absoluteString, "name": "App"]]],
        ])
        client.send(String(decoding: answer, as: UTF8.self))
        let response = try #require(try client.next { ($0 as? [String: Any])?["id"] as? Int == 99 } as? [String: Any])
        #expect((structured(response)["findings"] as? [[String: Any]])?.compactMap { $0["rule"] as? String } == ["computed-property"],
                "\(text(response))")
    }

    /// Code that takes longer than the limit to check is a tool error naming the limit, for
    /// both tools (the limit is zero here, so any predicate is past it).
    @Test func codePastTheTimeLimitIsAToolError() throws {
        let client = Client(timeLimit: .zero)
        _ = try client.initialize()
        let code = "let p = #Predicate<Website> { $0.url.hasPrefix(\"a\") }\n"
        for tool in ["lint_swift", "fix_swift"] {
            let response = try client.call(tool, ["code": code])
            #expect(result(response)["isError"] as? Bool == true, "\(tool)")
            #expect(text(response).contains("stopped checking this file after 0 seconds"), "\(tool)")
        }
    }

    @Test func theServerStopsWhenItsInputCloses() throws {
        let toServer = Pipe(), fromServer = Pipe()
        let server = MCPServer(input: toServer.fileHandleForReading, output: fromServer.fileHandleForWriting, environment: .testing)
        let stopped = DispatchSemaphore(value: 0)
        Thread { server.run(); stopped.signal() }.start()
        try toServer.fileHandleForWriting.close()
        #expect(stopped.wait(timeout: .now() + 5) == .success)
    }

    /// Requests sent just before the input closes are still answered.
    @Test func requestsInFlightAreAnsweredBeforeItStops() throws {
        let toServer = Pipe(), fromServer = Pipe()
        let server = MCPServer(input: toServer.fileHandleForReading, output: fromServer.fileHandleForWriting, environment: .testing)
        let stopped = DispatchSemaphore(value: 0)
        Thread { server.run(); try? fromServer.fileHandleForWriting.close(); stopped.signal() }.start()
        let code = "let p = #Predicate<Website> { $0.url.hasPrefix(\"a\") }"
        for id in 1...3 {
            let body = try JSONSerialization.data(withJSONObject: ["jsonrpc": "2.0", "id": id, "method": "tools/call",
                                                                   "params": ["name": "lint_swift", "arguments": ["code": code]]])
            toServer.fileHandleForWriting.write(body + Data("\n".utf8))
        }
        try toServer.fileHandleForWriting.close()
        #expect(stopped.wait(timeout: .now() + 20) == .success)
        let answers = String(decoding: fromServer.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(answers.split(separator: "\n").count == 3)
        #expect(answers.components(separatedBy: "has-prefix").count > 3)
    }
}
