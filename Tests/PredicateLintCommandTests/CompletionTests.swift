import Foundation
import Testing
@testable import PredicateLintCommand

/// Completion scripts come from the same table as the parser and `--help`.
@Suite struct CompletionTests {
    func script(_ shell: String) -> String {
        let output = Command.run(["completions", shell])
        #expect(output.exitCode == 0)
        return output.standardOutput
    }

    /// Every option and command is offered, in every shell's script.
    @Test(arguments: ["bash", "zsh", "fish"])
    func everyOptionAndCommandIsOffered(_ shell: String) {
        let text = script(shell)
        for option in ArgumentParser.options { for name in option.names {
            let spelled = shell == "fish" ? (name.hasPrefix("--") ? "-l \(name.dropFirst(2))" : "-s \(name.dropFirst())") : name
            #expect(text.contains(spelled), "\(shell) misses \(name)")
        } }
        for command in ArgumentParser.subcommands { #expect(text.contains(command.name), "\(shell) misses \(command.name)") }
    }

    /// bash parses the script, registers it, and completes an option, a value and a rule.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/bin/bash") || FileManager.default.isExecutableFile(atPath: "/usr/bin/bash")))
    func bashLoadsAndCompletes() throws {
        let tree = try TemporaryTree(["completion.bash": script("bash")])
        let check = """
            set -e
            bash -n "\(tree.path("completion.bash"))"
            source "\(tree.path("completion.bash"))"
            complete -p predicate-lint
            COMP_WORDS=(predicate-lint --rep); COMP_CWORD=1; _predicate_lint; echo "option: ${COMPREPLY[*]}"
            COMP_WORDS=(predicate-lint --reporter sa); COMP_CWORD=2; _predicate_lint; echo "value: ${COMPREPLY[*]}"
            COMP_WORDS=(predicate-lint explain has-); COMP_CWORD=2; _predicate_lint; echo "rule: ${COMPREPLY[*]}"
            COMP_WORDS=(predicate-lint --reporter = sa); COMP_CWORD=3; _predicate_lint; echo "after equals: ${COMPREPLY[*]}"
            COMP_WORDS=(predicate-lint --reporter =); COMP_CWORD=2; _predicate_lint; echo "at equals: ${COMPREPLY[*]}"
            """
        let (status, output) = try runProgram("/usr/bin/env", ["bash", "-c", check])
        #expect(status == 0, "\(output)")
        #expect(output.contains("complete -o filenames -F _predicate_lint predicate-lint"), "\(output)")
        #expect(output.contains("option: --reporter"), "\(output)")
        #expect(output.contains("value: sarif"), "\(output)")
        #expect(output.contains("rule: has-prefix"), "\(output)")
        // `--reporter=<TAB>`: bash splits the word at `=`; the value is still the option's.
        #expect(output.contains("after equals: sarif"), "\(output)")
        #expect(output.contains("at equals: " + ReporterKind.allCases.map(\.rawValue).joined(separator: " ")), "\(output)")
    }

    /// zsh takes `--reporter=json` as well as `--reporter json` (`--reporter=` in `_arguments`),
    /// and fish shows beside a value its own description or none, never the option's.
    @Test func valuesAfterAnEqualsSignAndTheirDescriptions() {
        let zsh = script("zsh"), fish = script("fish")
        for option in ArgumentParser.options where option.value != .none {
            for name in option.names where name.hasPrefix("--") {
                #expect(["'[", ",", "}"].contains { zsh.contains(name + "=" + $0) }, "zsh: \(name)")
            }
        }
        for option in ArgumentParser.options {
            guard case .choice = option.value, let long = option.names.first(where: { $0.hasPrefix("--") }) else { continue }
            let valueLines = fish.split(separator: "\n").filter { $0.contains(" -l \(long.dropFirst(2)) ") && $0.contains(" -a '") }
            #expect(!valueLines.isEmpty, "fish: \(long)")
            for line in valueLines { #expect(!line.hasSuffix(Completions.fishQuoted(Completions.short(option.help))), "\(line)") }
        }
    }

    /// Descriptions keep their punctuation: read back as the shell reads the quoted word (zsh
    /// and bash share single-quote rules), the text is the help's first sentence.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/bin/bash")))
    func descriptionsKeepTheirPunctuation() throws {
        let zsh = script("zsh")
        for (option, spelled) in [("--write-baseline", "--write-baseline="), ("--enable-all-rules", "--enable-all-rules")] {
            let line = try #require(zsh.split(separator: "\n").first { $0.trimmingCharacters(in: .whitespaces).hasPrefix(spelled + "'[") })
            let word = line.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: #" \"#, with: "")
            let (status, read) = try runProgram("/bin/bash", ["-c", "printf '%s' " + word])
            #expect(status == 0, "\(line)")
            let help = try #require(ArgumentParser.options.first { $0.names.contains(option) }).help
            #expect(read == spelled + "[" + Completions.short(help).replacingOccurrences(of: "[", with: "\\[")
                .replacingOccurrences(of: "]", with: "\\]") + "]" + (option == "--write-baseline" ? ":FILE:_files" : ""), "\(read)")
        }
        #expect(Completions.short("Record today's findings in FILE.") == "Record today's findings in FILE")
        #expect(script("fish").contains(#"-d 'Record today\'s findings in FILE'"#))
        #expect(zsh.contains(#"Run opt-in rules too (`predicate-lint rules` marks them)"#))
    }

    /// Each reporter, and each rule `--only-rule` takes, is offered with its own description.
    @Test func eachValueHasItsOwnDescription() {
        let zsh = script("zsh"), fish = script("fish")
        for reporter in ReporterKind.allCases {
            #expect(zsh.contains(Completions.zshDescribed(reporter.rawValue, reporter.summary)), "zsh: \(reporter)")
            #expect(fish.contains("-l reporter -x -a '\(reporter.rawValue)' -d \(Completions.fishQuoted(Completions.short(reporter.summary)))"),
                    "fish: \(reporter)")
        }
        #expect(zsh.contains(":NAME:_predicate_lint_reporter'"))
        #expect(zsh.contains("'has-prefix:"))
    }

    @Test func versionIsACommandToo() {
        #expect(Command.run(["version"]).standardOutput == ToolVersion.current + "\n")
        #expect(Command.run(["--version"]).standardOutput == ToolVersion.current + "\n")
        #expect(Command.run(["completions", "tcsh"]).exitCode == 2)
    }
}
