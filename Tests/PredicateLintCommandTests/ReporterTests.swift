import Foundation
import Testing
@testable import PredicateLintCommand
import PredicateLintCore

/// Each reporter's exact output for the same two findings.
@Suite struct ReporterTests {
    static let code = """
        let a = #Predicate<Website> { $0.url.hasPrefix("a,b") }
        let b = #Predicate<Movie> { $0.subtitle!.starts(with: "x") }

        """

    func run(_ arguments: [String], terminal: Bool = false, variables: [String: String] = [:],
             stdin: String = "") throws -> (output: CommandOutput, tree: TemporaryTree) {
        let tree = try TemporaryTree(["Sources/App.swift": Self.code])
        let environment = CommandEnvironment(standardOutputIsTerminal: terminal, variables: variables,
                                             workingDirectory: tree.path(), readStandardInput: { Data(stdin.utf8) })
        return (Command.run(arguments + [tree.path("Sources")], environment: environment), tree)
    }

    @Test func githubActionsEscapesPropertiesAndMessages() throws {
        let (output, _) = try run(["--reporter", "github-actions"])
        #expect(output.standardOutput == """
            ::error file=Sources/App.swift,line=1,col=38,title=predicate-lint%3A has-prefix::`hasPrefix(_:)` is not supported in a predicate; use `starts(with:)`
            ::warning file=Sources/App.swift,line=2,col=40,title=predicate-lint%3A force-unwrap::SwiftData rejects force unwraps when it runs a predicate; use `?.` with `??`, or `if let`

            """)
        #expect(Reporter.escapedProperty("a:b,c%\nd") == "a%3Ab%2Cc%25%0Ad")
        #expect(Reporter.escapedMessage("50% done\r\nnext: a,b") == "50%25 done%0D%0Anext: a,b")
    }

    /// A file name with a newline cannot make a line of its own in any line-based format (it
    /// could pass for a finding), nor break an XML report.
    @Test(arguments: ["xcode", "pretty", "summary", "github-actions", "checkstyle", "junit", "markdown"])
    func aNewlineInAFileNameStaysInsideItsLine(_ reporter: String) throws {
        let name = "Evil\nSources/Fake.swift:1:1: error: injected [has-prefix]\r.swift"
        let tree = try TemporaryTree(["Sources/\(name)": Self.code])
        let environment = CommandEnvironment(standardOutputIsTerminal: false, variables: [:], workingDirectory: tree.path(),
                                             readStandardInput: { Data() })
        let output = Command.run(["--reporter", reporter, "--no-cache", tree.path("Sources")], environment: environment)
        #expect(output.exitCode == 1)
        let lines = output.standardOutput.split(whereSeparator: \.isNewline)
        #expect(!lines.contains { $0.hasPrefix("Sources/Fake.swift") || $0.hasPrefix(".swift") }, "\(output.standardOutput)")
        #expect(!output.standardOutput.contains("\r"))
    }

    /// Paths with nothing to standardize take a short way; it must answer as the long one,
    /// for relative paths (taken from the working directory, or from a base) as for absolute.
    @Test(arguments: [("/a/b/c.swift", "/a/b"), ("/a/bc.swift", "/a/b"), ("/a/b", "/a/b"), ("/a/b/./c.swift", "/a/b"),
                      ("/a/b/c.swift", "/"), ("/a/é/c.swift", "/a/é"), ("/a/b/../b/c.swift", "/a/b"), ("/a/b/c.swift", "/a/b/"),
                      ("a/b/c.swift", "a/b"), ("c.swift", "a"), ("a/./c.swift", "a"), ("a/../a/c.swift", "a"), ("a//c.swift", "a"),
                      ("a/c.swift", "/"), ("a/c.swift", "/tmp"), ("..", "a"), ("a/b", "/a")])
    func relativePathsAreTheSameEitherWay(_ path: String, _ folder: String) {
        func slow(base: String?) -> String? {
            let baseURL = base.map { URL(fileURLWithPath: $0, isDirectory: true) }
            let absolute = URL(fileURLWithPath: path, relativeTo: baseURL).standardizedFileURL.path
            let root = URL(fileURLWithPath: folder, relativeTo: baseURL).standardizedFileURL.path
            return absolute.hasPrefix(root + "/") ? String(absolute.dropFirst(root.count + 1)) : nil
        }
        #expect(Paths.relative(path, to: folder) == slow(base: nil))
        #expect(Paths.relative(path, to: folder, base: "/x/y") == slow(base: "/x/y"))
        #expect(Paths.relative(path, to: folder, base: "/") == slow(base: "/"))
        #expect(Paths.folder(of: path) == URL(fileURLWithPath: path).standardizedFileURL.deletingLastPathComponent().path)
    }

    /// One file per folder, the first of each in the order given.
    @Test func oneFilePerFolderKeepsTheFirstOfEach() {
        let paths = ["b/x.swift", "a/é/1.swift", "a/é/2.swift", "a/z.swift", "top.swift", "a/é/0.swift", "a/y.swift",
                     "/abs/p.swift", "b/w.swift", "other.swift", "a/é/.swift"]
        #expect(Paths.oneFilePerFolder(paths) == ["b/x.swift", "a/é/1.swift", "a/z.swift", "top.swift", "/abs/p.swift"])
        let fromSorted = Paths.oneFilePerFolder(paths.sorted())
        #expect(fromSorted == fromSorted.sorted())
        #expect(Set(fromSorted.map { ($0 as NSString).deletingLastPathComponent }) == Set(paths.map { ($0 as NSString).deletingLastPathComponent }))
    }

    @Test func pathsOnOneLine() {
        #expect(Paths.onOneLine("a\nb\rc\td\u{1}e") == "a\\nb\\rc\\td\\u{1}e")
        #expect(Paths.onOneLine("Sources/Plain Name.swift") == "Sources/Plain Name.swift")
        #expect(Reporter.xmlEscaped("a\r\nb\u{1}") == "a&#13;&#10;b\u{FFFD}")
    }

    @Test func checkstyleGroupsByFile() throws {
        let (output, _) = try run(["--reporter", "checkstyle"])
        #expect(output.standardOutput == """
            <?xml version="1.0" encoding="UTF-8"?>
            <checkstyle version="4.3">
              <file name="Sources/App.swift">
                <error line="1" column="38" severity="error" message="`hasPrefix(_:)` is not supported in a predicate; use `starts(with:)`" source="predicate-lint.has-prefix"/>
                <error line="2" column="40" severity="warning" message="SwiftData rejects force unwraps when it runs a predicate; use `?.` with `??`, or `if let`" source="predicate-lint.force-unwrap"/>
              </file>
            </checkstyle>

            """)
    }

    @Test func junitHasATestCasePerFinding() throws {
        let (output, _) = try run(["--reporter", "junit"])
        #expect(output.standardOutput.hasPrefix("""
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites name="predicate-lint" tests="2" failures="1">
              <testsuite name="predicate-lint" tests="2" failures="1">
                <testcase classname="Sources/App.swift" name="has-prefix at 1:38">
                  <failure type="error" message="`hasPrefix(_:)` is not supported in a predicate; use `starts(with:)`">Sources/App.swift:1:38:
            """))
        #expect(output.standardOutput.contains("<system-out>warning: Sources/App.swift:2:40: SwiftData rejects force unwraps"))
        #expect(Reporter.junit(ReportInput(findings: [])).contains("<testcase classname=\"predicate-lint\" name=\"no findings\"/>"))
        #expect(Reporter.xmlEscaped("<a & \"b\">") == "&lt;a &amp; &quot;b&quot;&gt;")
    }

    /// A run with warnings only passes (exit 0), and so does its JUnit report; `--strict`
    /// fails both.
    @Test func warningsAreNotJUnitFailuresUnlessStrict() throws {
        let warningOnly = "let b = #Predicate<Movie> { $0.subtitle!.starts(with: \"x\") }\n"
        let tree = try TemporaryTree(["App.swift": warningOnly])
        let relaxed = Command.run(["--reporter", "junit", "--no-cache", tree.path()])
        #expect(relaxed.exitCode == 0)
        #expect(relaxed.standardOutput.contains(#"failures="0""#) && !relaxed.standardOutput.contains("<failure"))
        let strict = Command.run(["--reporter", "junit", "--strict", "--no-cache", tree.path()])
        #expect(strict.exitCode == 1)
        #expect(strict.standardOutput.contains(#"failures="1""#) && strict.standardOutput.contains("<failure"))
    }

    /// GitHub reads SARIF columns as UTF-16 code units: after an emoji (two units, four bytes)
    /// the column differs from swiftc's byte count.
    @Test func sarifColumnsAreUTF16CodeUnits() throws {
        let code = "let p = #Predicate<Website> { $0.url == \"🎬\" && $0.url.hasPrefix(\"a\") }\n"
        let tree = try TemporaryTree(["App.swift": code])
        let environment = CommandEnvironment(standardOutputIsTerminal: false, variables: [:], workingDirectory: tree.path(),
                                             readStandardInput: { Data() })
        let sarif = Command.run(["--reporter", "sarif", "--no-cache", tree.path()], environment: environment).standardOutput
        let xcode = Command.run(["--reporter", "xcode", "--no-cache", tree.path()], environment: environment).standardOutput
        #expect(sarif.contains(#""columnKind": "utf16CodeUnits""#))
        #expect(xcode.contains("App.swift:1:58: error"))
        #expect(sarif.contains(#""startColumn": 56"#), "\(sarif)")
    }

    /// A message that quotes code spanning lines (with CRLF) stays on one line in every
    /// line-based format: build logs, editors and hooks read one finding per line.
    @Test(arguments: ["xcode", "pretty", "github-actions", "summary"])
    func everyFindingIsOneLine(_ reporter: String) throws {
        let code = "let p = #Predicate<Movie> {\r\n    $0.cast\r\n        .isEmpty == false\r\n}\r\n"
        let tree = try TemporaryTree(["App.swift": code])
        let output = Command.run(["--reporter", reporter, "--no-cache", "--color", "never", tree.path()])
        #expect(output.exitCode == 1)
        let findingLines = output.standardOutput.split(whereSeparator: \.isNewline).filter { $0.contains("boolean-comparison") }
        #expect(findingLines.count == 1, "\(output.standardOutput)")
        #expect(findingLines.first?.contains("instead") == true || reporter == "summary", "\(output.standardOutput)")
    }

    @Test func summaryCountsPerRuleAndFile() throws {
        let (output, _) = try run(["--reporter", "summary"])
        #expect(output.standardOutput == """
            rule            errors  warnings     total
            force-unwrap         0         1         1
            has-prefix           1         0         1
            total                1         1         2

            file                 errors  warnings     total
            Sources/App.swift         1         1         2
            total                     1         1         2

            """)
    }

    @Test func prettyShowsTheSourceWithAMarker() throws {
        let (output, tree) = try run(["--reporter", "pretty", "--color", "never"])
        #expect(output.standardOutput.hasPrefix("""
            \(tree.path("Sources/App.swift")):1:38: error: `hasPrefix(_:)` is not supported in a predicate; use `starts(with:)` [has-prefix]
            1 | let a = #Predicate<Website> { $0.url.hasPrefix("a,b") }
              |                                      `- error: `hasPrefix(_:)` is not supported in a predicate; use `starts(with:)`
            """), "\(output.standardOutput)")
        #expect(!output.standardOutput.contains("\u{1B}["))
    }

    @Test func aTerminalGetsPrettyInColourUnlessNoColorIsSet() throws {
        let terminal = try run([], terminal: true).output.standardOutput
        #expect(terminal.contains("\u{1B}[") && terminal.contains("`- "))
        let noColor = try run([], terminal: true, variables: ["NO_COLOR": "1"]).output.standardOutput
        #expect(!noColor.contains("\u{1B}[") && noColor.contains("`- error"))
        let piped = try run([]).output.standardOutput
        #expect(!piped.contains("`- error") && piped.contains(":1:38: error:"))
    }

    @Test func sarifHasWhatTheSchemaAndGitHubRequire() throws {
        let (output, _) = try run(["--reporter", "sarif"])
        let log = try #require(try JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8)) as? [String: Any])
        #expect(log["version"] as? String == "2.1.0")
        let runs = try #require(log["runs"] as? [[String: Any]])
        #expect(runs.count == 1)
        let driver = try #require((runs[0]["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "PredicateLint")
        let rules = try #require(driver["rules"] as? [[String: Any]])
        #expect(rules.map { $0["id"] as? String } == RuleRegistry.descriptions.map(\.id))
        for rule in rules {
            #expect(((rule["help"] as? [String: Any])?["text"] as? String)?.isEmpty == false)
            #expect(((rule["shortDescription"] as? [String: Any])?["text"] as? String)?.isEmpty == false)
        }
        let results = try #require(runs[0]["results"] as? [[String: Any]])
        #expect(results.count == 2)
        for result in results {
            #expect(["none", "note", "warning", "error"].contains(result["level"] as? String ?? ""))
            #expect(((result["message"] as? [String: Any])?["text"] as? String)?.isEmpty == false)
            let location = try #require((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
            #expect((location["artifactLocation"] as? [String: Any])?["uri"] as? String == "Sources/App.swift")
            #expect(((location["region"] as? [String: Any])?["startLine"] as? Int ?? 0) >= 1)
            let ruleIndex = try #require(result["ruleIndex"] as? Int)
            #expect(rules[ruleIndex]["id"] as? String == result["ruleId"] as? String)
            #expect(((result["partialFingerprints"] as? [String: String])?["predicateLint/v1"])?.count == 16)
        }
    }

    /// GitLab's Code Quality format: a JSON array whose issues each have a description,
    /// check name, fingerprint (unique: GitLab shows one issue per fingerprint), a severity of
    /// its scale, and a relative path with a line.
    @Test func codeClimateHasWhatGitLabReads() throws {
        let tree = try TemporaryTree(["Sources/App.swift": Self.code + Self.code])
        let output = Command.run(["--reporter", "codeclimate", tree.path("Sources")],
                                 environment: CommandEnvironment(workingDirectory: tree.path()))
        let issues = try #require(try JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8)) as? [[String: Any]])
        #expect(issues.count == 4)
        for issue in issues {
            #expect(issue["type"] as? String == "issue")
            #expect((issue["description"] as? String)?.isEmpty == false)
            #expect(["has-prefix", "force-unwrap"].contains(issue["check_name"] as? String ?? ""))
            #expect(["info", "minor", "major", "critical", "blocker"].contains(issue["severity"] as? String ?? ""))
            let location = issue["location"] as? [String: Any]
            #expect(location?["path"] as? String == "Sources/App.swift")
            #expect(((location?["lines"] as? [String: Any])?["begin"] as? Int ?? 0) >= 1)
        }
        // The same line twice in a file: still two fingerprints.
        #expect(Set(issues.compactMap { $0["fingerprint"] as? String }).count == 4)
        #expect(issues.map { $0["severity"] as? String } == ["major", "minor", "major", "minor"])
        try tree.write("Clean.swift", Data("let x = 1\n".utf8))
        let none = Command.run(["--reporter", "codeclimate", tree.path("Clean.swift")])
        #expect(none.standardOutput == "[]\n")
    }

    /// A table a pull-request comment renders: a header, a row per finding with five cells, and
    /// messages that cannot end a cell or open an HTML tag.
    @Test func markdownIsATableWithARowPerFinding() throws {
        let (output, _) = try run(["--reporter", "markdown"])
        let lines = output.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first == "**PredicateLint** found 1 error and 1 warning.")
        #expect(lines[2] == "| file | line | severity | rule | message |")
        let rows = lines.dropFirst(4).filter { !$0.isEmpty }
        #expect(rows.count == 2)
        #expect(rows.first?.hasPrefix("| `Sources/App.swift` | 1 | error | [`has-prefix`](") == true, "\(output.standardOutput)")
        #expect(Reporter.markdownCell("a | b <T> && c\nd") == #"a \| b \<T\> \&\& c d"#)
        // Five cells between six pipes that are not escaped (seven pieces).
        for row in rows { #expect(row.split(separator: "|", omittingEmptySubsequences: false).count - row.components(separatedBy: "\\|").count + 1 == 7) }
        #expect(Reporter.report(ReportInput(findings: []), as: .markdown) == "**PredicateLint** found no problems.\n")
    }

    /// Source quoted in a message stays text: outside code spans nothing is Markdown (an image,
    /// a link, emphasis, HTML, an entity, an autolink), inside them nothing is escaped that
    /// would then show as typed (`&lt;`); and a run with files it could not check never says it
    /// found no problems.
    @Test func markdownShowsQuotedSourceAsText() {
        #expect(Reporter.markdownCell("`Array<T>` and `a | b` are fine") == "`Array<T>` and `a \\| b` are fine")
        #expect(Reporter.markdownCell("![i](https://e.test/x.png) **b** [l](u) <img> &amp; www.e.test")
                == #"\!\[i\]\(https\:\/\/e\.test\/x\.png\) \*\*b\*\* \[l\]\(u\) \<img\> \&amp\; www\.e\.test"#)
        #expect(Reporter.markdownCell("``a ` b`` then `one") == "``a ` b`` then \\`one")
        #expect(Reporter.markdownCode("a`b|c") == "``a`b\\|c``")
        let unchecked = Reporter.report(ReportInput(findings: [], uncheckedInputs: 2), as: .markdown)
        #expect(unchecked == "**PredicateLint** found no problems in what it checked. 2 inputs could not be checked; the run's errors say why.\n")
    }

    @Test func sarifFingerprintsSurviveLinesInsertedAbove() throws {
        let tree = try TemporaryTree(["App.swift": Self.code])
        let before = Command.run(["--reporter", "sarif", tree.path()])
        try tree.write("App.swift", Data(("// a new comment\n\n" + Self.code).utf8))
        let after = Command.run(["--reporter", "sarif", tree.path()])
        func fingerprints(_ text: String) -> [String] {
            text.split(separator: "\n").filter { $0.contains("predicateLint/v1") }.map(String.init)
        }
        #expect(!fingerprints(before.standardOutput).isEmpty)
        #expect(fingerprints(before.standardOutput) == fingerprints(after.standardOutput))
    }

    @Test func outputGoesToAFile() throws {
        let tree = try TemporaryTree(["App.swift": Self.code])
        let report = tree.path("report.json")
        let output = Command.run(["--reporter", "json", "--output", report, tree.path()])
        #expect(output.standardOutput.isEmpty)
        #expect(try String(contentsOfFile: report, encoding: .utf8).hasPrefix("{\n  \"version\": 1,"))
        #expect(output.exitCode == 1)
        #expect(Command.run(["--output", tree.path("missing/dir/r.txt"), tree.path()]).exitCode == 2)
    }

    @Test func quietDropsTheTotalStrictPromotesWarnings() throws {
        let tree = try TemporaryTree(["App.swift": "let b = #Predicate<Movie> { $0.subtitle!.starts(with: \"x\") }\n"])
        let plain = Command.run([tree.path()])
        #expect(plain.exitCode == 0 && plain.standardError.contains("Found 0 errors and 1 warning"))
        #expect(Command.run(["--quiet", tree.path()]).standardError.isEmpty)
        let strict = Command.run(["--strict", tree.path()])
        #expect(strict.exitCode == 1 && strict.standardOutput.contains(": error: SwiftData rejects force unwraps"))
    }

    @Test func standardInputIsLintedAsTheGivenPathWithTheProjectsModels() throws {
        let tree = try TemporaryTree([
            "Models.swift": "@Model final class Song { var title = \"\"\n var loud: Bool { true } }\n",
            ".predicate-lint.json": #"{ "severity": { "computed-property": "warning" } }"#,
        ])
        let environment = CommandEnvironment(readStandardInput: { Data("let p = #Predicate<Song> { $0.loud }\n".utf8) })
        let output = Command.run(["--stdin", "--stdin-path", tree.path("Views/Editing.swift"), tree.path()], environment: environment)
        #expect(output.standardOutput == "\(tree.path("Views/Editing.swift")):1:31: warning: "
            + "`loud` is a computed property of `Song`, which the store does not have; the fetch crashes. "
            + "Filter on stored properties, or store `loud` in its own property [computed-property]\n")
    }

    @Test func standardInputWithFixPrintsTheFixedText() {
        let environment = CommandEnvironment(readStandardInput: { Data("let p = #Predicate<Website> { $0.url.hasPrefix(\"a\") }\n".utf8) })
        let output = Command.run(["--stdin", "--fix"], environment: environment)
        #expect(output.standardOutput == "let p = #Predicate<Website> { $0.url.starts(with: \"a\") }\n")
        #expect(output.exitCode == 0)
    }
}
