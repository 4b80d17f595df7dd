import Foundation
import Testing
@testable import PredicateLintCommand
import PredicateLintCore

@Suite struct ConfigurationTests {
    static let hasPrefix = "let p = #Predicate<Website> { $0.url.hasPrefix(\"a\") }\n"
    static let forceUnwrap = "let p = #Predicate<Movie> { $0.subtitle!.starts(with: \"a\") }\n"

    @Test(arguments: [
        ("{\n  \"disabled_rules\": [\"has-prefix\"],\n  \"colour\": true\n}", 3, "unknown key \"colour\""),
        ("{\n  \"disabled_rules\": [\"has-prefx\"]\n}", 2, "\"disabled_rules\": no rule named \"has-prefx\""),
        ("{\n  \"severity\": { \"has-prefix\": \"fatal\" }\n}", 2, "must be \"warning\" or \"error\""),
        ("{\n  \"included\": \"Sources\"\n}", 2, "\"included\": expected a list of strings"),
        ("{\n  \"deployment_target\": \"iOS seventeen\"\n}", 2, "expected a platform and version"),
        ("{\n  \"disabled_rules\": [\"has-prefix\",]\n}", 2, "not valid JSON"),
        ("{\n  \"disabled_rules\": [\"has-prefix\"]\n", 3, "not valid JSON"),
        ("[\"has-prefix\"]", 1, "must be a JSON object"),
    ])
    func badConfigurationNamesFileLineAndKey(_ text: String, _ line: Int, _ message: String) throws {
        let tree = try TemporaryTree([".predicate-lint.json": text, "A.swift": Self.hasPrefix])
        let output = Command.run([tree.path()])
        #expect(output.exitCode == 2)
        #expect(output.standardError.contains("error: \(tree.path(".predicate-lint.json")):\(line): "), "\(output.standardError)")
        #expect(output.standardError.contains(message), "\(output.standardError)")
    }

    /// A configuration nested 60,000 deep, wherever it is found or named, is exit 2 with the
    /// file's name, never a crash.
    @Test func aDeeplyNestedConfigurationIsAClearError() throws {
        let deep = String(repeating: "[", count: 60_000) + String(repeating: "]", count: 60_000)
        let tree = try TemporaryTree([".predicate-lint.json": deep, "App/A.swift": "let a = 1\n", "explicit.json": deep])
        for arguments in [[tree.path("App")], ["--config", tree.path("explicit.json"), tree.path("App")],
                          ["config", "--effective", tree.path("App")]] {
            let output = Command.run(["--no-cache"].filter { _ in arguments.first != "config" } + arguments)
            #expect(output.exitCode == 2, "\(arguments)")
            #expect(output.standardError.contains("nested more than 256 levels deep"), "\(arguments): \(output.standardError)")
        }
    }

    @Test func onlyRulesDoesNotMixWithDisabledRules() {
        #expect(throws: Configuration.Failure.self) {
            try Configuration.parse(#"{"only_rules": ["regex"], "disabled_rules": ["has-prefix"]}"#, path: "c.json")
        }
    }

    @Test func filesUnderABrokenConfigurationAreSkippedOthersAreChecked() throws {
        let tree = try TemporaryTree([
            "Broken/.predicate-lint.json": "{ \"nope\": 1 }",
            "Broken/A.swift": Self.hasPrefix,
            "Fine/B.swift": Self.hasPrefix,
        ])
        let output = Command.run([tree.path()])
        #expect(output.exitCode == 2)
        #expect(output.standardOutput.contains("Fine/B.swift"))
        #expect(!output.standardOutput.contains("Broken/A.swift"))
        #expect(output.standardError.contains("the files it governs were not checked"))
    }

    @Test func aBrokenConfigurationIsReportedEvenWithNothingToCheckUnderIt() throws {
        let tree = try TemporaryTree(["Plain/.predicate-lint.json": "{ \"nope\": 1 }", "Plain/A.swift": "let a = 1\n"])
        let output = Command.run([tree.path()])
        #expect(output.exitCode == 2)
        #expect(output.standardError.contains("\(tree.path("Plain/.predicate-lint.json")):1: unknown key \"nope\""))
    }

    /// Where no folder a run lists holds a configuration, the one above the linted folders is
    /// still found, and reported once, however many folders below share it; one beside a
    /// file named alone is found too.
    @Test func aBrokenConfigurationAboveTheLintedFoldersIsReported() throws {
        let tree = try TemporaryTree([
            ".predicate-lint.json": "{ \"nope\": 1 }",
            "App/Sources/A.swift": Self.hasPrefix,
            "App/Sources/Deep/B.swift": Self.hasPrefix,
            "App/Views/C.swift": Self.hasPrefix,
            "Other/.predicate-lint.json": "{ \"also_nope\": 1 }",
            "Other/D.swift": Self.hasPrefix,
        ])
        let output = Command.run([tree.path("App/Sources"), tree.path("App/Views"), tree.path("Other/D.swift")])
        #expect(output.exitCode == 2)
        #expect(!output.standardOutput.contains("[has-prefix]"))
        let reported = output.standardError.split(separator: "\n").filter { $0.contains("the files it governs were not checked") }
        #expect(reported.count == 2, "\(output.standardError)")
        #expect(output.standardError.contains("\(tree.path(".predicate-lint.json")):1: unknown key \"nope\""))
        #expect(output.standardError.contains("\(tree.path("Other/.predicate-lint.json")):1: unknown key \"also_nope\""))
        #expect(Command.run([tree.path("App/Views")]).standardError.contains("unknown key \"nope\""))
    }

    @Test func theNearestConfigurationWins() throws {
        let tree = try TemporaryTree([
            ".predicate-lint.json": #"{ "only_rules": ["regex"] }"#,
            "A.swift": Self.hasPrefix,
            "Legacy/.predicate-lint.json": #"{ "severity": { "has-prefix": "warning" } }"#,
            "Legacy/B.swift": Self.hasPrefix,
        ])
        let output = Command.run([tree.path()])
        #expect(!output.standardOutput.contains("/A.swift"))
        #expect(output.standardOutput.contains("Legacy/B.swift:1:38: warning:"))
        #expect(output.exitCode == 0, "a warning alone does not fail")
    }

    @Test func disablingASpecificRuleLeavesTheConstructToTheCatchAll() throws {
        // `hasPrefix` is still unsupported; only the more specific advice is switched off.
        let tree = try TemporaryTree([".predicate-lint.json": #"{ "disabled_rules": ["has-prefix"] }"#, "A.swift": Self.hasPrefix])
        let output = Command.run([tree.path()])
        #expect(output.standardOutput.hasSuffix("[unsupported-member]\n"))
    }

    @Test func anExplicitConfigurationGovernsEveryFile() throws {
        let tree = try TemporaryTree([
            "strict.json": #"{ "severity": { "force-unwrap": "error" }, "opt_in_rules": ["unknown-member"] }"#,
            "Legacy/.predicate-lint.json": #"{ "disabled_rules": ["force-unwrap"] }"#,
            "Legacy/A.swift": Self.forceUnwrap,
        ])
        let output = Command.run(["--config", tree.path("strict.json"), tree.path()])
        #expect(output.standardOutput.contains("error: SwiftData rejects force unwraps"))
        #expect(output.exitCode == 1)
        #expect(Command.run(["--config", tree.path("missing.json"), tree.path()]).exitCode == 2)
    }

    @Test func includedAndExcludedSelectFiles() throws {
        let tree = try TemporaryTree([
            ".predicate-lint.json": #"{ "included": ["Sources"], "excluded": ["**/Generated/**", "Sources/Old*.swift"] }"#,
            "Sources/App.swift": Self.hasPrefix,
            "Sources/OldApp.swift": Self.hasPrefix,
            "Sources/Generated/Model.swift": Self.hasPrefix,
            "Tests/AppTests.swift": Self.hasPrefix,
        ])
        let output = Command.run([tree.path()])
        #expect(output.standardOutput.split(separator: "\n").map { $0.split(separator: ":")[0] }
                == [Substring(tree.path("Sources/App.swift"))])
    }

    @Test func excludedFilesStillContributeTheirModels() throws {
        let tree = try TemporaryTree([
            ".predicate-lint.json": #"{ "excluded": ["Generated"] }"#,
            "Generated/Models.swift": "@Model final class Song { var title = \"\"\n var loud: Bool { true } }\n",
            "Views.swift": "let p = #Predicate<Song> { $0.loud }\n",
        ])
        #expect(Command.run([tree.path()]).standardOutput.contains("[computed-property]"))
    }

    @Test func theEffectiveConfigurationFillsInDefaults() throws {
        let tree = try TemporaryTree([
            ".predicate-lint.json": #"{ "disabled_rules": ["regex"], "severity": { "force-unwrap": "error" }, "deployment_target": "iOS 17.4" }"#,
        ])
        let output = Command.run(["config", "--effective", tree.path()])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8)) as? [String: Any])
        let enabled = try #require(json["enabled_rules"] as? [String])
        #expect(!enabled.contains("regex") && enabled.contains("has-prefix") && !enabled.contains("unknown-member"))
        #expect((json["severity"] as? [String: String])?["force-unwrap"] == "error")
        #expect((json["severity"] as? [String: String])?["has-prefix"] == "error")
        #expect(json["deployment_target"] as? String == "iOS 17.4")
        #expect(json["source"] as? String == tree.path(".predicate-lint.json"))
    }

    /// A broken configuration where the run starts, governing none of the files linted (a build
    /// command run from the repository's root over one target): its run-wide keys are lost, and
    /// the run says so rather than passing quietly.
    @Test func aBrokenConfigurationWhereTheRunStartsIsNamed() throws {
        let tree = try TemporaryTree([".predicate-lint.json": "{\"strict\": tru}\n",
                                      "App/.predicate-lint.json": "{}\n", "App/A.swift": "let a = 1\n"])
        let output = Command.run(["--no-cache", tree.path("App")], environment: CommandEnvironment(workingDirectory: tree.path()))
        #expect(output.exitCode == 2, "\(output.standardError)")
        #expect(output.standardError.contains("error: \(tree.path(".predicate-lint.json")):1:"), "\(output.standardError)")
        #expect(output.standardError.contains("run-wide settings, such as `strict`"), "\(output.standardError)")
    }

    /// `--config FILE` with `included`: a file named through a link to the configuration's
    /// folder is matched where it is, not excluded for its spelling.
    @Test func globsMatchAFilesPlaceNotItsSpelling() throws {
        let tree = try TemporaryTree(["repo/.predicate-lint.json": "{\"included\": [\"Sources/**\"]}\n",
                                      "repo/Sources/A.swift": "let p = #Predicate<Website> { $0.url.hasPrefix(\"a\") }\n",
                                      "repo/Other/B.swift": "let p = #Predicate<Website> { $0.url.hasPrefix(\"a\") }\n"])
        try FileManager.default.createSymbolicLink(atPath: tree.path("alias"), withDestinationPath: tree.path("repo"))
        let output = Command.run(["--no-cache", "--config", tree.path("repo/.predicate-lint.json"),
                                  tree.path("alias/Sources/A.swift"), tree.path("alias/Other/B.swift")])
        #expect(output.exitCode == 1, "\(output.standardError)")
        #expect(output.standardOutput.contains("alias/Sources/A.swift:1:"), "\(output.standardOutput)")
        #expect(!output.standardOutput.contains("B.swift"), "still outside `included`")
    }
}
