import Foundation
import Testing
@testable import PredicateLintCommand

/// The command line, the language server and the MCP server ask one `Workspace`, so for the
/// same tree and configuration they report the same findings.
@Suite struct EntryPointAgreementTests {
    static let files: [String: String] = [
        "Package.swift": "// swift-tools-version: 6.0\n",
        ".predicate-lint.json": #"{ "severity": { "has-prefix": "warning" }, "disabled_rules": ["force-unwrap"], "opt_in_rules": ["unknown-member"] }"#,
        "Sources/Models/Song.swift": "@Model final class Song {\n  var title = \"\"\n  var subtitle: String? = nil\n  var plays = 0\n}\n",
        "Sources/Models/Song+Derived.swift": "extension Song {\n  var isLoud: Bool { plays > 100 }\n}\n",
        "Sources/Views/List.swift": """
            let a = #Predicate<Song> { $0.title.hasPrefix("a") && $0.isLoud }
            let b = #Predicate<Song> { $0.subtitle!.isEmpty == false || $0.rating > 2 }

            """,
        "Sources/Views/Search.swift": """
            // predicate-lint:disable:next regex
            let c = #Predicate<Song> { $0.title.lowercased().contains("x") }

            """,
    ]

    /// A finding as every entry point can say it: file (relative), line, column, rule, severity, message.
    struct Reported: Hashable, CustomStringConvertible {
        let file: String, line: Int, column: Int, rule: String, severity: String, message: String
        var description: String { "\(file):\(line):\(column) \(severity) [\(rule)] \(message)" }
    }

    @Test func cliLanguageServerAndMCPAgree() throws {
        let tree = try TemporaryTree(Self.files)
        let views = ["Sources/Views/List.swift", "Sources/Views/Search.swift"]

        let cli = try Self.fromCommandLine(tree)
        #expect(Set(cli.map(\.rule)) == ["has-prefix", "computed-property", "boolean-comparison", "unknown-member",
                                          "case-folded-contains", "superfluous-disable"], "\(cli)")
        let lsp = try Self.fromLanguageServer(tree, views: views, expected: cli)
        let mcp = try Self.fromMCP(tree, views: views)
        #expect(lsp == cli)
        #expect(mcp == cli)
    }

    /// A file named alone (as a pre-commit hook names changed files), a folder inside the
    /// project, and a path written with `..` are checked against the whole project's models,
    /// as when the project is linted: the same findings for those files, never doubled
    /// declarations (which would make a model ambiguous and its findings vanish).
    @Test func partOfAProjectIsCheckedAgainstTheWholeProjectsModels() throws {
        let tree = try TemporaryTree(Self.files)
        let whole = try Self.fromCommandLine(tree)
        for (paths, shown) in [(["Sources/Views/List.swift"], ["Sources/Views/List.swift"]),
                               (["Sources/Views"], ["Sources/Views/List.swift", "Sources/Views/Search.swift"]),
                               (["Sources/Views/../Models/Song.swift", "Sources/Views/List.swift"], ["Sources/Views/List.swift"])] {
            let part = try Self.fromCommandLine(tree, paths: paths.map { tree.path($0) })
            #expect(part == whole.filter { shown.contains($0.file) }, "\(paths)")
            #expect(part.contains { $0.rule == "computed-property" }, "\(paths)")
        }
    }

    /// A local package's models belong to the app that holds it, whether the app is linted
    /// whole or one of its files alone (found on a real app: Apple's Backyard Birds keeps its
    /// models in a local package).
    @Test func aFileAloneSeesTheModelsOfItsAppsLocalPackages() throws {
        let tree = try TemporaryTree([
            "App.xcodeproj/project.pbxproj": "// !$*UTF8*$!\n{ objects = { }; }\n",
            "Data/Package.swift": "// swift-tools-version: 6.0\n",
            "Data/Sources/Data/Song.swift": "@Model final class Song {\n  var plays = 0\n  var isLoud: Bool { plays > 100 }\n}\n",
            "App/Views/List.swift": "let a = #Predicate<Song> { $0.isLoud }\n",
        ])
        let whole = try Self.fromCommandLine(tree)
        #expect(whole.map(\.rule) == ["computed-property"])
        #expect(try Self.fromCommandLine(tree, paths: [tree.path("App/Views/List.swift")]) == whole)
    }

    static func fromCommandLine(_ tree: TemporaryTree, paths: [String]? = nil) throws -> Set<Reported> {
        let output = Command.run(["--reporter", "json", "--no-cache"] + (paths ?? [tree.path()]))
        let document = try JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8)) as? [String: Any]
        return Set((document?["findings"] as? [[String: Any]] ?? []).map { finding in
            Reported(file: String((finding["file"] as? String ?? "").dropFirst(tree.path().count + 1)),
                     line: finding["line"] as? Int ?? 0, column: finding["column"] as? Int ?? 0,
                     rule: finding["rule"] as? String ?? "", severity: finding["severity"] as? String ?? "",
                     message: finding["message"] as? String ?? "")
        })
    }

    static func fromLanguageServer(_ tree: TemporaryTree, views: [String], expected: Set<Reported>) throws -> Set<Reported> {
        let editor = LanguageServerTests.Editor()
        try editor.initialize(tree.path())
        var reported: Set<Reported> = []
        for view in views {
            let uri = LanguageServerTests.uri(tree.path(view))
            try editor.notify("textDocument/didOpen", ["textDocument": [
                "uri": uri, "version": 1, "text": try String(contentsOfFile: tree.path(view), encoding: .utf8)]])
            // Models are indexed in the background: wait for the diagnostics the models decide.
            let codes = expected.filter { $0.file == view }.sorted { ($0.line, $0.column) < ($1.line, $1.column) }.map(\.rule)
            for diagnostic in try editor.diagnostics(for: uri, version: 1, codes: codes) {
                let (line, character) = LanguageServerTests.start(diagnostic)
                // ASCII text: a UTF-16 character is a UTF-8 column.
                reported.insert(Reported(file: view, line: line + 1, column: character + 1, rule: diagnostic["code"] as? String ?? "",
                                         severity: diagnostic["severity"] as? Int == 1 ? "error" : "warning",
                                         message: diagnostic["message"] as? String ?? ""))
            }
        }
        return reported
    }

    static func fromMCP(_ tree: TemporaryTree, views: [String]) throws -> Set<Reported> {
        let client = MCPServerTests.Client(root: tree.path())
        _ = try client.initialize()
        var reported: Set<Reported> = []
        for view in views {
            let response = try client.call("lint_swift", ["code": try String(contentsOfFile: tree.path(view), encoding: .utf8), "path": view])
            let findings = ((response["result"] as? [String: Any])?["structuredContent"] as? [String: Any])?["findings"] as? [[String: Any]]
            for finding in findings ?? [] {
                reported.insert(Reported(file: finding["file"] as? String ?? "", line: finding["line"] as? Int ?? 0,
                                         column: finding["column"] as? Int ?? 0, rule: finding["rule"] as? String ?? "",
                                         severity: finding["severity"] as? String ?? "", message: finding["message"] as? String ?? ""))
            }
        }
        return reported
    }
}
