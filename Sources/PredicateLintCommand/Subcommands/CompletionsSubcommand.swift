/// `predicate-lint completions bash|zsh|fish`: a shell completion script.
enum CompletionsSubcommand {
    static let subcommand = Subcommand(
        name: "completions", usage: "predicate-lint completions bash|zsh|fish",
        help: "Print a shell completion script (see the README for where it goes).", argument: .choice(Shell.allCases.map(\.rawValue)),
        parse: { arguments throws(UsageError) in
            guard arguments.count == 1, let shell = arguments.first.flatMap(Shell.init(rawValue:)) else {
                throw UsageError(message: "`completions` takes one shell: bash, zsh or fish")
            }
            return .completions(shell)
        })

    static func run(_ shell: Shell) -> CommandOutput {
        CommandOutput(standardOutput: Completions.script(for: shell))
    }
}
