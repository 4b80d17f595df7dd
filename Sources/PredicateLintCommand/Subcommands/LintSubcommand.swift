import PredicateLintCore

/// `predicate-lint [lint] [options] [PATH ...]`: check files (the default subcommand).
enum LintSubcommand {
    static let subcommand = Subcommand(
        name: "lint", usage: "predicate-lint [lint] [options] [PATH ...]", help: "Check files (the default).", argument: .path,
        parse: { arguments throws(UsageError) in .lint(try options(from: arguments[...])) })

    /// The options and paths of a lint (`ArgumentParser.options`), checked for combinations
    /// that mean nothing.
    static func options(from arguments: ArraySlice<String>) throws(UsageError) -> LintOptions {
        var arguments = arguments
        var options = LintOptions()
        let byName = Dictionary(uniqueKeysWithValues: ArgumentParser.options.flatMap { option in option.names.map { ($0, option) } })
        while let argument = arguments.popFirst() {
            if argument == "--" {
                options.paths.append(contentsOf: arguments)
                arguments = []
            } else if let option = byName[argument] {
                var value = ""
                if option.value != .none {
                    guard let next = arguments.popFirst() else {
                        if case .choice(let choices) = option.value {
                            throw UsageError(message: "\(argument) needs a value: \(choices.map(\.value).joined(separator: ", "))")
                        }
                        throw UsageError(message: "\(argument) needs \(option.placeholder == "DIR" ? "a folder" : option.placeholder == "FILE" ? "a file" : "a path")")
                    }
                    value = next
                }
                try option.apply(&options, value)
            } else if argument.hasPrefix("-") && argument.count > 1 {
                throw UsageError(message: "unknown option '\(argument)'; see `predicate-lint --help`")
            } else {
                options.paths.append(argument)
            }
        }
        if options.dryRun && !options.fix {
            throw UsageError(message: "--dry-run goes with --fix: `predicate-lint --fix --dry-run PATH` prints the changes")
        }
        if options.stdinPath != nil && !options.stdin {
            throw UsageError(message: "--stdin-path goes with --stdin")
        }
        if options.stdin && options.dryRun {
            throw UsageError(message: "--stdin --fix prints the fixed text; --dry-run does not apply")
        }
        if options.paths.isEmpty && !options.stdin && options.scriptInputs.isEmpty { options.paths = ["."] }
        return options
    }
}

extension LintOptions {
    /// These options with the run-wide keys of `configuration` (`strict`, `baseline`,
    /// `strict_baseline`) where no flag says otherwise; nil when no configuration could be read
    /// (a broken one is reported on its own). A strict baseline needs a baseline from one or
    /// the other.
    func withRunSettings(of configuration: Configuration?) throws(UsageError) -> LintOptions {
        var options = self
        options.strict = strict || configuration?.strict ?? false
        options.baselinePath = baselinePath ?? configuration?.baselinePath
        options.strictBaseline = strictBaseline || configuration?.strictBaseline ?? false
        if options.strictBaseline && options.baselinePath == nil {
            throw UsageError(message: strictBaseline ? "--strict-baseline goes with --baseline FILE, or a configuration's \"baseline\""
                : "\(configuration?.path ?? "the configuration"): \"strict_baseline\" goes with a baseline (\"baseline\" or --baseline FILE)")
        }
        return options
    }
}
