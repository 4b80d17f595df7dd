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
            """
        let (status, output) = try runProgram("/usr/bin/env", ["bash", "-c", check])
        #expect(status == 0, "\(output)")
        #expect(output.contains("complete -o filenames -F _predicate_lint predicate-lint"), "\(output)")
        #expect(output.contains("option: --reporter"), "\(output)")
        #expect(output.contains("value: sarif"), "\(output)")
        #expect(output.contains("rule: has-prefix"), "\(output)")
    }

    @Test func versionIsACommandToo() {
        #expect(Command.run(["version"]).standardOutput == ToolVersion.current + "\n")
        #expect(Command.run(["--version"]).standardOutput == ToolVersion.current + "\n")
        #expect(Command.run(["completions", "tcsh"]).exitCode == 2)
    }
}
