import Foundation
import Testing
@testable import PredicateLintCommand
import PredicateLintCore

/// What SwiftLint users reach for: `--option=value`, `--only-rule`, and the run-wide keys a
/// configuration holds for where no flag can be passed (the build plugins, Xcode Cloud).
@Suite struct AdoptionOptionTests {
    static let hasPrefix = #"let p = #Predicate<Website> { $0.url.hasPrefix("https") }"# + "\n"
    /// An error (has-prefix) and a warning (force-unwrap) in one file.
    static let errorAndWarning = hasPrefix + #"let q = #Predicate<Website> { $0.title! == "a" }"# + "\n"

    @Test func anOptionsValueMayFollowAnEqualsSign() throws {
        let tree = try TemporaryTree(["A.swift": Self.hasPrefix])
        let spaced = Command.run(["--reporter", "json", "--only-rule", "has-prefix", tree.path()])
        let joined = Command.run(["--reporter=json", "--only-rule=has-prefix", tree.path()])
        #expect(joined.exitCode == 1 && joined.standardOutput == spaced.standardOutput, "\(joined.standardError)")
        #expect(try ArgumentParser.splittingEqualsSigns(["--output=a=b", "--", "--reporter=x"]) == ["--output", "a=b", "--", "--reporter=x"])
    }

    @Test(arguments: [
        (["--quiet=yes"], "--quiet takes no value (given '--quiet=yes')"),
        (["--reporter=xml"], "unknown reporter 'xml'"),
        (["--only-rule", "no-such-rule"], "--only-rule no-such-rule: no rule has that id"),
        (["--only-rule", "constant-predicate"], "--only-rule constant-predicate: that rule no longer exists"),
    ])
    func badSpellingsExitTwo(_ arguments: [String], _ message: String) {
        let output = Command.run(arguments)
        #expect(output.exitCode == 2)
        #expect(output.standardError.contains(message), "\(output.standardError)")
    }

    @Test func onlyRuleRunsJustThatRuleAndMayBeRepeated() throws {
        let tree = try TemporaryTree(["A.swift": Self.errorAndWarning,
                                      ".predicate-lint.json": #"{"disabled_rules": ["force-unwrap"]}"#])
        let one = Command.run(["--only-rule", "force-unwrap", tree.path()])
        #expect(one.standardOutput.contains("[force-unwrap]") && !one.standardOutput.contains("[has-prefix]"), "\(one.standardOutput)")
        #expect(one.exitCode == 0)
        let two = Command.run(["--only-rule", "force-unwrap", "--only-rule", "has-prefix", tree.path()])
        #expect(two.standardOutput.contains("[force-unwrap]") && two.standardOutput.contains("[has-prefix]"))
    }

    func run(_ arguments: [String], in tree: TemporaryTree) -> CommandOutput {
        Command.run(arguments, environment: CommandEnvironment(workingDirectory: tree.path()))
    }

    @Test func strictInTheConfigurationMakesWarningsErrors() throws {
        let tree = try TemporaryTree(["A.swift": #"let q = #Predicate<Website> { $0.title! == "a" }"# + "\n",
                                      ".predicate-lint.json": #"{"strict": true}"#])
        let output = run([tree.path()], in: tree)
        #expect(output.standardOutput.contains("error:") && output.exitCode == 1, "\(output.standardOutput)")
        // Started where no configuration governs (a build command may start anywhere), the
        // first path's configuration holds the run-wide keys.
        let elsewhere = Command.run([tree.path()], environment: CommandEnvironment(workingDirectory: "/"))
        #expect(elsewhere.exitCode == 1, "\(elsewhere.standardOutput)")
        // Where the run starts has a configuration of its own: that one decides.
        let other = try TemporaryTree([".predicate-lint.json": "{}"])
        let started = Command.run([tree.path()], environment: CommandEnvironment(workingDirectory: other.path()))
        #expect(started.exitCode == 0, "\(started.standardOutput)")
    }

    @Test func aBaselineInTheConfigurationIsReadRelativeToIt() throws {
        let tree = try TemporaryTree(["Sources/A.swift": Self.hasPrefix])
        try FileManager.default.createDirectory(atPath: tree.path("Tools"), withIntermediateDirectories: true)
        #expect(run(["--write-baseline", tree.path("Tools/baseline.json"), tree.path("Sources")], in: tree).exitCode == 1)
        try tree.write(".predicate-lint.json", Data(#"{"baseline": "Tools/baseline.json", "strict_baseline": true}"#.utf8))
        let quiet = run([tree.path("Sources")], in: tree)
        #expect(quiet.exitCode == 0 && quiet.standardOutput.isEmpty, "\(quiet.standardError)")
        #expect(quiet.standardError.contains("1 finding matched the baseline"))
        // strict_baseline: the baselined finding is fixed, so the baseline must shrink.
        try tree.write("Sources/A.swift", Data("let fixed = 0\n".utf8))
        let shrink = run([tree.path("Sources")], in: tree)
        #expect(shrink.exitCode == 2 && shrink.standardError.contains("no longer occurs"), "\(shrink.standardError)")
    }

    /// `--strict-baseline` may take its baseline from the configuration, and needs one.
    @Test func aStrictBaselineFlagTakesTheConfigurationsBaseline() throws {
        let tree = try TemporaryTree(["A.swift": Self.hasPrefix])
        #expect(run(["--write-baseline", tree.path("b.json"), tree.path()], in: tree).exitCode == 1)
        try tree.write(".predicate-lint.json", Data(#"{"baseline": "b.json"}"#.utf8))
        try tree.write("A.swift", Data("let fixed = 0\n".utf8))
        let shrink = run(["--strict-baseline", tree.path()], in: tree)
        #expect(shrink.exitCode == 2 && shrink.standardError.contains("no longer occurs"), "\(shrink.standardError)")
        let bare = try TemporaryTree(["A.swift": Self.hasPrefix])
        let none = run(["--strict-baseline", bare.path()], in: bare)
        #expect(none.exitCode == 2 && none.standardError.contains("--strict-baseline goes with --baseline FILE"), "\(none.standardError)")
    }

    @Test(arguments: [
        (#"{"strict": "yes"}"#, #""strict": expected true or false"#),
        (#"{"baseline": 3}"#, #""baseline": expected the path of a baseline file"#),
        (#"{"strict_baseline": true}"#, #""strict_baseline" goes with a baseline"#),
    ])
    func badRunWideKeysExitTwo(_ configuration: String, _ message: String) throws {
        let tree = try TemporaryTree(["A.swift": Self.hasPrefix, ".predicate-lint.json": configuration])
        let output = run([tree.path()], in: tree)
        #expect(output.exitCode == 2 && output.standardError.contains(message), "\(output.standardError)")
    }

    @Test func theEffectiveConfigurationShowsRunWideKeys() throws {
        let tree = try TemporaryTree([".predicate-lint.json": #"{"strict": true, "baseline": "b.json"}"#])
        let output = Command.run(["config", "--effective", tree.path()])
        #expect(output.standardOutput.contains(#""strict": true"#))
        #expect(output.standardOutput.contains(#""baseline": "\#(tree.path("b.json"))""#), "\(output.standardOutput)")
    }

    /// Xcode's run-script phase passes its inputs in the environment: files, and file lists.
    @Test func anXcodeRunScriptPhasesInputsAreLinted() throws {
        let tree = try TemporaryTree(["A.swift": Self.hasPrefix, "B.swift": Self.hasPrefix, "C.swift": Self.hasPrefix,
                                      "Info.plist": "<plist/>"])
        try tree.write("inputs.xcfilelist", Data("\(tree.path("B.swift"))\n\n  \(tree.path("Info.plist"))\n".utf8))
        func lint(_ arguments: [String], _ variables: [String: String]) -> CommandOutput {
            Command.run(arguments, environment: CommandEnvironment(variables: variables, workingDirectory: tree.path()))
        }
        let files = lint(["--use-script-input-files"], ["SCRIPT_INPUT_FILE_COUNT": "2", "SCRIPT_INPUT_FILE_0": tree.path("A.swift"),
                                                         "SCRIPT_INPUT_FILE_1": tree.path("Info.plist")])
        #expect(files.exitCode == 1 && files.standardOutput.contains("A.swift:1:") && !files.standardOutput.contains("C.swift"),
                "\(files.standardOutput)\(files.standardError)")
        let lists = lint(["--use-script-input-file-lists"], ["SCRIPT_INPUT_FILE_LIST_COUNT": "1",
                                                              "SCRIPT_INPUT_FILE_LIST_0": tree.path("inputs.xcfilelist")])
        #expect(lists.exitCode == 1 && lists.standardOutput.contains("B.swift:1:") && !lists.standardOutput.contains("A.swift"),
                "\(lists.standardOutput)\(lists.standardError)")
        let outside = lint(["--use-script-input-files"], [:])
        #expect(outside.exitCode == 2 && outside.standardError.contains("SCRIPT_INPUT_FILE_COUNT is not set"))
        let none = lint(["--use-script-input-files"], ["SCRIPT_INPUT_FILE_COUNT": "0"])
        #expect(none.exitCode == 0 && none.standardError.contains("nothing to check"))
        // A count Xcode would never set is named as it is, not called missing.
        for count in ["-1", "99999999999", "two"] {
            let wrong = lint(["--use-script-input-files"], ["SCRIPT_INPUT_FILE_COUNT": count])
            #expect(wrong.exitCode == 2 && wrong.standardError.contains("SCRIPT_INPUT_FILE_COUNT is '\(count)', not the number"),
                    "\(count): \(wrong.standardError)")
        }
    }
}
