import PredicateLintCore

/// The command line, parsed by hand: the tool takes few options, and a dependency would cost
/// more than these lines.
public enum Invocation: Equatable, Sendable {
    case lint(LintOptions)
    /// `config --effective [PATH]`: the configuration that governs PATH, defaults filled in.
    case effectiveConfiguration(path: String, configPath: String?)
    case listRules
    /// `mcp`: serve the Model Context Protocol on standard input and output.
    case mcpServer
    /// `lsp`: serve the Language Server Protocol on standard input and output.
    case languageServer
    /// `generate-docs DIR [--readme FILE]`: one Markdown page per rule, and the README's rule table.
    case generateDocs(directory: String, readme: String?)
    case explain(ruleID: String)
    /// `explain --query FILE:LINE`: what the predicates on that line become in the store.
    case explainQuery(path: String, line: Int, configPath: String?)
    /// `completions SHELL`: a completion script for bash, zsh or fish.
    case completions(Shell)
    case help
    case version
}

public struct UsageError: Error, Equatable {
    public let message: String
}

/// One option of `lint`: its spellings, its value, what it does, and how it sets `LintOptions`.
/// The parser, `--help` and the shell completions all read `ArgumentParser.options`.
public struct LintOption: Sendable {
    public enum Value: Sendable, Equatable {
        case none
        case file
        case folder
        case path
        case choice([Choice])

        /// Values without descriptions of their own.
        static func choice(_ values: [String]) -> Value { .choice(values.map { Choice($0) }) }
    }

    /// One value an option or subcommand takes, with what it means (for the completions).
    public struct Choice: Sendable, Equatable {
        public let value: String
        public let help: String

        init(_ value: String, _ help: String = "") {
            self.value = value
            self.help = help
        }
    }

    public let names: [String]
    public let value: Value
    /// `FILE` in `--output FILE`.
    public let placeholder: String
    public let help: String
    let apply: @Sendable (inout LintOptions, String) throws(UsageError) -> Void

    /// An option with a value.
    init(_ names: [String], _ value: Value, _ placeholder: String, _ help: String,
         apply: @escaping @Sendable (inout LintOptions, String) throws(UsageError) -> Void) {
        self.names = names
        self.value = value
        self.placeholder = placeholder
        self.help = help
        self.apply = apply
    }

    /// A flag.
    init(_ names: [String], _ help: String, apply: @escaping @Sendable (inout LintOptions) -> Void) {
        self.init(names, .none, "", help) { options, _ in apply(&options) }
    }

    /// `-o, --output FILE`.
    var spelled: String {
        names.sorted { $0.count < $1.count }.joined(separator: ", ") + (placeholder.isEmpty ? "" : " \(placeholder)")
    }
}

/// One subcommand: its name, usage and help, what follows it (for the completions), and how
/// its arguments (those after its name) are read. Each is declared in `Subcommands/`.
public struct Subcommand: Sendable {
    public let name: String
    public let usage: String
    public let help: String
    /// What follows it, for the completions.
    public let argument: LintOption.Value
    let parse: @Sendable ([String]) throws(UsageError) -> Invocation
}

extension Array where Element == String {
    /// Removes `option` and the value after it from a subcommand's arguments, and returns the
    /// value; nil when the option is absent.
    mutating func takeValue(of option: String) throws(UsageError) -> String? {
        guard let index = firstIndex(of: option) else { return nil }
        guard index + 1 < count else { throw UsageError(message: "\(option) needs a file") }
        defer { removeSubrange(index...(index + 1)) }
        return self[index + 1]
    }
}

public enum Shell: String, CaseIterable, Sendable {
    case bash, zsh, fish
}

public enum ArgumentParser {
    /// Every subcommand, in the order `--help` lists them.
    public static let subcommands: [Subcommand] = [
        LintSubcommand.subcommand, ArgumentlessSubcommands.rules, ExplainSubcommand.subcommand, ConfigSubcommand.subcommand,
        GenerateDocsSubcommand.subcommand, ArgumentlessSubcommands.lsp, ArgumentlessSubcommands.mcp, CompletionsSubcommand.subcommand,
        ArgumentlessSubcommands.version, ArgumentlessSubcommands.help,
    ]

    public static let options: [LintOption] = [
        LintOption(["--reporter"], .choice(ReporterKind.allCases.map { LintOption.Choice($0.rawValue, $0.summary) }), "NAME",
                   "The report's format, one of the REPORTERS above.") { options, value throws(UsageError) in
            guard let reporter = ReporterKind(rawValue: value) else {
                throw UsageError(message: "unknown reporter '\(value)'; choose one of \(ReporterKind.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            options.reporter = reporter
        },
        LintOption(["--output", "-o"], .file, "FILE", "Write the report to FILE instead of standard output.") { $0.outputPath = $1 },
        LintOption(["--quiet", "-q"], "No total line on standard error.") { $0.quiet = true },
        LintOption(["--strict"], "Warnings count as errors, in the report and the exit status.") { $0.strict = true },
        LintOption(["--color"], .choice(ColorChoice.allCases.map(\.rawValue)), "WHEN",
                   "auto (default; off when NO_COLOR is set), always, never.") { options, value throws(UsageError) in
            guard let color = ColorChoice(rawValue: value) else { throw UsageError(message: "--color takes auto, always or never") }
            options.color = color
        },
        LintOption(["--config"], .file, "FILE",
                   "Use FILE for every file, instead of the nearest .predicate-lint.json (searched from each file's folder upwards).") {
            $0.configPath = $1
        },
        LintOption(["--enable-all-rules"], "Run opt-in rules too (`predicate-lint rules` marks them).") { $0.enableAllRules = true },
        LintOption(["--only-rule"], .choice(RuleRegistry.descriptions.map { LintOption.Choice($0.id, $0.summary) }), "ID",
                   "Run only rule ID, whatever the configurations enable; repeatable.") { options, id throws(UsageError) in
            if let reason = RetiredRules.reasons[id] { throw UsageError(message: "--only-rule \(id): that rule no longer exists: \(reason)") }
            guard RuleRegistry.description(of: id) != nil else {
                throw UsageError(message: "--only-rule \(id): no rule has that id; `predicate-lint rules` lists them")
            }
            options.onlyRules.append(id)
        },
        LintOption(["--fix", "--autocorrect"], "Apply every sound correction, then report what is left.") { $0.fix = true },
        LintOption(["--dry-run"], "With --fix: print the changes as a unified diff; write nothing.") { $0.dryRun = true },
        LintOption(["--write-baseline"], .file, "FILE", "Record today's findings in FILE.") { $0.writeBaselinePath = $1 },
        LintOption(["--baseline"], .file, "FILE",
                   "Report only findings FILE does not hold (matched by file, rule and the line's text, so edits elsewhere do not disturb it).") {
            $0.baselinePath = $1
        },
        LintOption(["--strict-baseline"], "With --baseline: also fail when baselined findings were fixed, so that the baseline is rewritten smaller.") {
            $0.strictBaseline = true
        },
        LintOption(["--stdin"], "Lint standard input as the file named by --stdin-path (for editors and coding assistants); PATHs only contribute their models. With --fix, prints the fixed text instead.") {
            $0.stdin = true
        },
        LintOption(["--stdin-path"], .path, "PATH", "The file standard input stands for: its configuration and project apply.") { $0.stdinPath = $1 },
        LintOption(["--models"], .path, "PATH",
                   "Read model declarations from PATH (a file or folder) without checking it; repeatable. The build-tool plugin passes a target's dependencies.") {
            $0.modelPaths.append($1)
        },
        LintOption([ScriptInputFiles.Source.files.rawValue],
                   "In an Xcode run-script phase: lint the Swift files among its input files (SCRIPT_INPUT_FILE_n).") {
            $0.scriptInputs.append(.files)
        },
        LintOption([ScriptInputFiles.Source.fileLists.rawValue],
                   "In an Xcode run-script phase: lint the Swift files its input file lists name (SCRIPT_INPUT_FILE_LIST_n).") {
            $0.scriptInputs.append(.fileLists)
        },
        LintOption(["--stamp"], .file, "FILE", "Touch FILE after linting (the build-tool plugin's output).") { $0.stampPath = $1 },
        LintOption(["--no-cache"], "Do not read or write the result cache.") { $0.useCache = false },
        LintOption(["--cache-path"], .folder, "DIR", "Keep the cache in DIR (default: under $XDG_CACHE_HOME, else ~/Library/Caches on macOS, ~/.cache elsewhere).") { $0.cachePath = $1 },
        LintOption(["--no-prefilter"], "Parse every file, not only those that can matter (slower; for checking).") { $0.prefilter = false },
        LintOption(["--version"], "Print the version.") { _ in },
        LintOption(["--help", "-h"], "Show this help.") { _ in },
    ]

    public static func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
        let arguments = try splittingEqualsSigns(arguments)
        // After `--` every argument is a path, even one spelled like an option.
        let options = arguments.prefix { $0 != "--" }
        if options.contains("--help") || options.contains("-h") { return .help }
        if options.contains("--version") { return .version }
        if let name = arguments.first, let subcommand = subcommands.first(where: { $0.name == name }) {
            return try subcommand.parse(Array(arguments.dropFirst()))
        }
        return .lint(try LintSubcommand.options(from: arguments[...]))
    }

    /// Options that take a value, in any subcommand: `--reporter=json` means `--reporter json`.
    static let optionsWithValues: Set<String> = Set(options.filter { $0.value != .none }.flatMap(\.names) + ["--readme"])

    /// `--name=value` as `--name value`, for options that take a value; a flag given a value is
    /// an error rather than a path. Nothing after `--` is touched.
    static func splittingEqualsSigns(_ arguments: [String]) throws(UsageError) -> [String] {
        var result: [String] = []
        for (index, argument) in arguments.enumerated() {
            if argument == "--" { return result + arguments[index...] }
            guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else {
                result.append(argument)
                continue
            }
            let name = String(argument[..<equals])
            if optionsWithValues.contains(name) {
                result += [name, String(argument[argument.index(after: equals)...])]
            } else if options.contains(where: { $0.names.contains(name) }) || ["--effective"].contains(name) {
                throw UsageError(message: "\(name) takes no value (given '\(argument)')")
            } else {
                result.append(argument)
            }
        }
        return result
    }
}
