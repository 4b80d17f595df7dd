import Foundation
import Testing
@testable import PredicateLintCommand
import PredicateLintCore

@Suite struct CommandTests {
    static let hasPrefix = #"let p = #Predicate<Website> { $0.url.hasPrefix("https") }"# + "\n"
    static let clean = #"let p = #Predicate<Website> { $0.url.starts(with: "https") }"# + "\n"

    @Test func reportsInXcodeFormatWithATotalOnStandardError() throws {
        let tree = try TemporaryTree(["Sources/Sites.swift": Self.hasPrefix])
        let output = Command.run([tree.path()])
        #expect(output.standardOutput == "\(tree.path("Sources/Sites.swift")):1:38: error: "
            + "`hasPrefix(_:)` is not supported in a predicate; use `starts(with:)` [has-prefix]\n")
        #expect(output.standardError == "Found 1 error and 0 warnings in 1 file (1 file checked)\n")
        #expect(output.exitCode == 1)
    }

    @Test func jsonReporterPrintsTheDocumentedShape() throws {
        let tree = try TemporaryTree(["A.swift": Self.hasPrefix, "B.swift": Self.clean])
        let output = Command.run(["lint", "--reporter", "json", tree.path()])
        let document = try JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8)) as? [String: Any]
        #expect(document?["version"] as? Int == 1)
        let findings = try #require(document?["findings"] as? [[String: Any]])
        #expect(findings.count == 1)
        #expect(findings.first?["file"] as? String == tree.path("A.swift"))
        #expect(findings.first?["line"] as? Int == 1)
        #expect(findings.first?["column"] as? Int == 38)
        #expect(findings.first?["severity"] as? String == "error")
        #expect(findings.first?["rule"] as? String == "has-prefix")
        #expect((findings.first?["message"] as? String)?.contains("starts(with:)") == true)
        #expect(output.exitCode == 1)
    }

    @Test func jsonWithoutFindingsIsAnEmptyList() throws {
        let tree = try TemporaryTree(["B.swift": Self.clean])
        let output = Command.run(["--reporter", "json", tree.path()])
        #expect(output.standardOutput == "{\n  \"version\": 1,\n  \"findings\": []\n}\n")
        #expect(output.exitCode == 0)
    }

    @Test func jsonEscapesMessagesAndPaths() {
        #expect(JSON.quoted("a \"b\" \\ c\n\u{1}") == #""a \"b\" \\ c\n\u0001""#)
    }

    /// The total says what was checked: files a broken configuration governs were not, and a
    /// baseline that cannot be read is an error, not an input that went unchecked.
    @Test func theTotalSaysWhatWasCheckedAndWhatWasNot() throws {
        let broken = try TemporaryTree([".predicate-lint.json": "{ \"rules\": ", "B.swift": Self.clean])
        let brokenOutput = Command.run([broken.path()])
        #expect(brokenOutput.standardError.hasSuffix("\nNo file was checked; 1 input could not be checked; see the error above\n"),
                "\(brokenOutput.standardError)")
        #expect(brokenOutput.exitCode == 2)

        let nested = try TemporaryTree(["Broken/.predicate-lint.json": "[", "Broken/A.swift": Self.hasPrefix, "B.swift": Self.clean])
        #expect(Command.run([nested.path()]).standardError.hasSuffix(
            "\nNo problems found in 1 file checked; 1 input could not be checked; see the error above\n"))

        let clean = try TemporaryTree(["B.swift": Self.clean])
        let noBaseline = Command.run([clean.path(), "--baseline", clean.path("missing.json")])
        #expect(noBaseline.standardError.hasSuffix("\nNo problems found in 1 file checked; see the error above\n"), "\(noBaseline.standardError)")
        #expect(noBaseline.exitCode == 2)
    }

    @Test func cleanCodeExitsZero() throws {
        let tree = try TemporaryTree(["B.swift": Self.clean])
        let output = Command.run([tree.path()])
        #expect(output.standardOutput.isEmpty)
        #expect(output.standardError == "No problems found in 1 file checked\n")
        #expect(output.exitCode == 0)
    }

    @Test func skipsBuildFoldersAndNonSwiftFiles() throws {
        let tree = try TemporaryTree([
            "App/Good.swift": Self.clean,
            "App/Notes.txt": Self.hasPrefix,
            ".build/checkouts/Dependency.swift": Self.hasPrefix,
            "Pods/Thing/Thing.swift": Self.hasPrefix,
            "DerivedData/X.swift": Self.hasPrefix,
            ".git/hooks/x.swift": Self.hasPrefix,
            "Carthage/Y.swift": Self.hasPrefix,
            ".swiftpm/Z.swift": Self.hasPrefix,
            "App/Assets.xcassets/AppIcon.appiconset/Contents.swift": Self.hasPrefix,
            "App/App.xcodeproj/project.xcworkspace/W.swift": Self.hasPrefix,
            "Model.xcdatamodeld/Model.xcdatamodel/M.swift": Self.hasPrefix,
            "Frameworks/Kit.xcframework/K.swift": Self.hasPrefix,
        ])
        let discovered = FileDiscovery.swiftFiles(in: [tree.path()])
        #expect(discovered.files == [tree.path("App/Good.swift")])
        #expect(Command.run([tree.path()]).exitCode == 0)
    }

    @Test func missingPathExitsTwoAndTheOtherFilesAreStillChecked() throws {
        let tree = try TemporaryTree(["A.swift": Self.hasPrefix])
        let missing = tree.path("Nope.swift")
        let output = Command.run([missing, tree.path()])
        #expect(output.standardError.contains("error: \(missing): no such file or directory"))
        #expect(output.standardOutput.contains("[has-prefix]"))
        #expect(output.exitCode == 2)
    }

    @Test func fileThatIsNotUTF8ExitsTwoNamingItAndTheOthersAreStillChecked() throws {
        let tree = try TemporaryTree(["A.swift": Self.hasPrefix])
        try tree.write("Latin1.swift", Data([0x6C, 0x65, 0x74, 0x20, 0xE9, 0xFF, 0x0A]))
        let output = Command.run([tree.path()])
        #expect(output.standardError.contains("error: \(tree.path("Latin1.swift")): is not UTF-8 text"))
        #expect(output.standardOutput.contains("[has-prefix]"))
        #expect(output.exitCode == 2)
    }

    @Test(arguments: [
        (["--reporter"], "--reporter needs a value"),
        (["--reporter", "xml"], "unknown reporter 'xml'"),
        (["--frobnicate"], "unknown option '--frobnicate'"),
        (["explain"], "`explain` takes one rule id"),
        (["explain", "no-such-rule"], "no rule 'no-such-rule'"),
        (["rules", "extra"], "`rules` takes no arguments"),
    ])
    func badUsageExitsTwoWithAMessage(_ arguments: [String], _ message: String) {
        let output = Command.run(arguments)
        #expect(output.exitCode == 2)
        #expect(output.standardError.contains(message))
        #expect(output.standardOutput.isEmpty)
    }

    @Test func rulesListsEveryRule() {
        let output = Command.run(["rules"])
        for rule in RuleRegistry.all {
            #expect(output.standardOutput.contains(rule.description.id))
        }
        #expect(output.exitCode == 0)
    }

    @Test func explainShowsRationaleAndBeforeAfter() {
        let output = Command.run(["explain", "boolean-comparison"])
        #expect(output.standardOutput.contains("Evidence: grade C"))
        #expect(output.standardOutput.contains("$0.cast.isEmpty == false"))
        #expect(output.standardOutput.contains("!$0.cast.isEmpty"))
        #expect(output.exitCode == 0)
    }

    @Test func helpAndVersion() {
        #expect(Command.run(["--help"]).standardOutput.contains("USAGE: predicate-lint"))
        #expect(Command.run(["lint", "-h"]).exitCode == 0)
        #expect(Command.run(["--version"]).standardOutput == ToolVersion.current + "\n")
    }

    @Test func pathsDefaultToTheCurrentDirectory() throws {
        #expect(try ArgumentParser.parse([]) == .lint(LintOptions(paths: ["."])))
        #expect(try ArgumentParser.parse(["--", "-odd.swift"]) == .lint(LintOptions(paths: ["-odd.swift"])))
        // After `--`, a folder named like the help or version option is a folder to check.
        for name in ["--help", "-h", "--version"] {
            #expect(try ArgumentParser.parse(["lint", "--", name]) == .lint(LintOptions(paths: [name])), "\(name)")
            #expect(try ArgumentParser.parse(["--", name]) == .lint(LintOptions(paths: [name])), "\(name)")
        }
    }
}
