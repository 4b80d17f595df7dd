import Foundation
import Testing
@testable import PredicateLintCommand
import PredicateLintCore

@Suite struct BaselineTests {
    static let old = """
        let a = #Predicate<Website> { $0.url.hasPrefix("a") }
        let b = #Predicate<Website> { $0.url.hasPrefix("b") }

        """

    @Test func onlyNewFindingsAreReportedAfterEditsElsewhere() throws {
        let tree = try TemporaryTree(["Sources/App.swift": Self.old])
        let baseline = tree.path("baseline.json")
        let recorded = Command.run(["--write-baseline", baseline, tree.path("Sources")])
        #expect(recorded.standardOutput.split(separator: "\n").count == 2)

        // Lines inserted above, one baselined line re-indented, and one new problem.
        try tree.write("Sources/App.swift", Data(("import Foundation\n\n// Sites\n" + Self.old
            .replacingOccurrences(of: "let b = ", with: "    let b =  ")
            + "let c = #Predicate<Website> { $0.url.hasPrefix(\"c\") }\n").utf8))
        let output = Command.run(["--baseline", baseline, tree.path("Sources")])
        #expect(output.standardOutput.split(separator: "\n").map { $0.split(separator: ":")[1] } == ["6"])
        #expect(output.standardError.contains("2 findings matched the baseline"))
        #expect(output.exitCode == 1)
    }

    /// A baseline written when a case belonged to another rule still accounts for its findings.
    @Test func anEntryUnderARulesFormerIDStillMatches() throws {
        let models = "import SwiftData\nstruct Money: Codable { var amount = 0 }\n@Model final class Deal { var price = Money() }\n"
        let line = "let p = #Predicate<Deal> { $0.price.amount > 10 }\n"
        let tree = try TemporaryTree(["Models.swift": models, "App.swift": line])
        let baseline = tree.path("baseline.json")
        try tree.write("baseline.json", Data("""
            {"version": 1, "findings": [{"file": "App.swift", "rule": "codable-property",
              "line": "let p = #Predicate<Deal> { $0.price.amount > 10 }", "count": 1}]}
            """.utf8))
        let arguments = ["--enable-all-rules", "--no-cache", tree.path("Models.swift"), tree.path("App.swift")]
        #expect(Command.run(arguments).standardOutput.contains("codable-struct-member"))
        let output = Command.run(["--baseline", baseline] + arguments)
        #expect(output.standardOutput.isEmpty, "\(output.standardOutput)")
        #expect(output.exitCode == 0)
    }

    @Test func aSecondIdenticalProblemIsNew() throws {
        let line = "let a = #Predicate<Website> { $0.url.hasPrefix(\"a\") }\n"
        let tree = try TemporaryTree(["App.swift": line])
        let baseline = tree.path("baseline.json")
        _ = Command.run(["--write-baseline", baseline, tree.path("App.swift")])
        try tree.write("App.swift", Data((line + line).utf8))
        #expect(Command.run(["--baseline", baseline, tree.path("App.swift")]).standardOutput.split(separator: "\n").count == 1)
    }

    @Test func theBaselineWorksFromAnotherFolder() throws {
        let tree = try TemporaryTree(["Sources/App.swift": Self.old])
        let baseline = tree.path("baseline.json")
        _ = Command.run(["--write-baseline", baseline, tree.path("Sources")])
        let text = try String(contentsOfFile: baseline, encoding: .utf8)
        #expect(text.contains("\"file\": \"Sources/App.swift\""), "paths are relative to the baseline")
        #expect(!text.contains(tree.path()))
        #expect(Command.run(["--baseline", baseline, tree.path("Sources/App.swift")]).exitCode == 0)
    }

    @Test func strictBaselineFailsWhenBaselinedFindingsAreFixed() throws {
        let tree = try TemporaryTree(["App.swift": Self.old])
        let baseline = tree.path("baseline.json")
        _ = Command.run(["--write-baseline", baseline, tree.path("App.swift")])
        try tree.write("App.swift", Data("let a = #Predicate<Website> { $0.url.hasPrefix(\"a\") }\n".utf8))
        #expect(Command.run(["--baseline", baseline, tree.path("App.swift")]).exitCode == 0)
        let strict = Command.run(["--baseline", baseline, "--strict-baseline", tree.path("App.swift")])
        #expect(strict.exitCode == 2)
        #expect(strict.standardError.contains("1 baselined finding no longer occurs; rewrite it with --write-baseline"))
    }

    /// A run over one target (as the build plugin runs) has not fixed the findings of the other
    /// targets: only a file that was checked can count as fixed.
    @Test func strictBaselineJudgesOnlyTheFilesChecked() throws {
        let tree = try TemporaryTree(["A/App.swift": Self.old, "B/Widget.swift": Self.old])
        let baseline = tree.path("baseline.json")
        _ = Command.run(["--write-baseline", baseline, tree.path()])
        let partial = Command.run(["--baseline", baseline, "--strict-baseline", tree.path("A")])
        #expect(partial.exitCode == 0, "\(partial.standardError)")
        try tree.write("A/App.swift", Data("let a = 1\n".utf8))
        let fixed = Command.run(["--baseline", baseline, "--strict-baseline", tree.path("A")])
        #expect(fixed.exitCode == 2 && fixed.standardError.contains("2 baselined findings no longer occur"), "\(fixed.standardError)")
    }

    @Test func aBrokenBaselineIsAClearError() throws {
        let tree = try TemporaryTree(["App.swift": Self.old, "baseline.json": "{\"findings\": 3}"])
        let output = Command.run(["--baseline", tree.path("baseline.json"), tree.path("App.swift")])
        #expect(output.exitCode == 2)
        #expect(output.standardError.contains("baseline.json: is not a baseline"))
        #expect(Command.run(["--strict-baseline", tree.path()]).exitCode == 2)
    }

    /// Hostile baselines: deep nesting, counts that are huge, not numbers a count can be, or
    /// add up past the largest integer. Each is exit 2 with a message, never a trap.
    @Test(arguments: [
        String(repeating: "[", count: 60_000) + String(repeating: "]", count: 60_000),
        #"{"version": 1, "findings": [{"file": "App.swift", "rule": "has-prefix", "line": "x", "count": 1e19}]}"#,
        #"{"version": 1, "findings": [{"file": "App.swift", "rule": "has-prefix", "line": "x", "count": 1e999}]}"#,
        #"{"version": 1, "findings": [{"file": "App.swift", "rule": "has-prefix", "line": "x", "count": -1}]}"#,
        #"{"version": 1, "findings": [{"file": "App.swift", "rule": "has-prefix", "line": "x", "count": 9223372036854775807}, {"file": "App.swift", "rule": "has-prefix", "line": "x", "count": 9223372036854775807}]}"#,
    ])
    func aHostileBaselineIsAClearError(_ text: String) throws {
        let tree = try TemporaryTree(["App.swift": Self.old, "baseline.json": text])
        let output = Command.run(["--no-cache", "--baseline", tree.path("baseline.json"), tree.path("App.swift")])
        #expect(output.exitCode == 2)
        #expect(output.standardError.contains("baseline.json: "), "\(output.standardError)")
    }
}
