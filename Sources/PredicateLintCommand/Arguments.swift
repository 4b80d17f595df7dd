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
    case help
    case version
}

public struct LintOptions: Equatable, Sendable {
    public var paths: [String] = []
    /// Nil: `pretty` on a terminal, `xcode` otherwise.
    public var reporter: ReporterKind?
    /// `--output FILE`: the report goes there instead of standard output.
    public var outputPath: String?
    /// No total line on standard error.
    public var quiet = false
    /// Warnings count as errors.
    public var strict = false
    /// `--stdin`: lint standard input as if it were the file at `stdinPath`; the paths only
    /// contribute their models.
    public var stdin = false
    public var stdinPath: String?
    public var color: ColorChoice = .auto
    /// `--baseline FILE`: report only findings the baseline does not hold.
    public var baselinePath: String?
    /// `--write-baseline FILE`: record today's findings there.
    public var writeBaselinePath: String?
    /// With a baseline: also fail when baselined findings are gone, so the baseline shrinks.
    public var strictBaseline = false
    /// `--stamp FILE`: touched after linting, for build systems that want an output file.
    public var stampPath: String?
    /// Results are cached unless `--no-cache`; `--cache-path DIR` puts them somewhere else.
    public var useCache = true
    public var cachePath: String?
    /// `--no-prefilter`: parse every file (for comparing; results must not change).
    public var prefilter = true
    /// Opt-in rules too.
    public var enableAllRules = false
    /// Rewrite files with every sound correction, then report what is left.
    public var fix = false
    /// With `fix`: print the diff instead of writing.
    public var dryRun = false
    /// `--config FILE`: used for every file instead of the nearest `.predicate-lint.json`.
    public var configPath: String?
}

public enum ColorChoice: String, CaseIterable, Equatable, Sendable {
    case auto, always, never
}

public enum ReporterKind: String, CaseIterable, Equatable, Sendable {
    case xcode
    case pretty
    case json
    case sarif
    case githubActions = "github-actions"
    case checkstyle
    case junit
    case summary

    /// One line for `--help` and the README.
    public var summary: String {
        switch self {
        case .xcode: "path:line:column: severity: message [rule] (the default when not on a terminal)"
        case .pretty: "source excerpts with a marker under each finding (the default on a terminal)"
        case .json: #"{"version": 1, "findings": [...]}, one finding per line"#
        case .sarif: "SARIF 2.1.0, for GitHub code scanning"
        case .githubActions: "workflow commands: annotations on a pull request"
        case .checkstyle: "Checkstyle XML"
        case .junit: "JUnit XML, a test case per finding"
        case .summary: "counts per rule and per file"
        }
    }
}

public struct UsageError: Error, Equatable {
    public let message: String
}

public enum ArgumentParser {
    /// Subcommands that take nothing after them.
    static let argumentlessCommands: [String: Invocation] = ["rules": .listRules, "lsp": .languageServer, "mcp": .mcpServer]

    public static func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
        var arguments = arguments[...]
        if arguments.contains("--help") || arguments.contains("-h") { return .help }
        if arguments.contains("--version") { return .version }
        if let command = arguments.first, let invocation = argumentlessCommands[command] {
            guard arguments.count == 1 else { throw UsageError(message: "`\(command)` takes no arguments") }
            return invocation
        }
        switch arguments.first {
        case "explain":
            guard arguments.count == 2, let id = arguments.last else {
                throw UsageError(message: "`explain` takes one rule id; `predicate-lint rules` lists them")
            }
            return .explain(ruleID: id)
        case "lint":
            arguments = arguments.dropFirst()
        case "help":
            return .help
        case "generate-docs":
            var rest = Array(arguments.dropFirst())
            var readme: String?
            if let index = rest.firstIndex(of: "--readme") {
                guard index + 1 < rest.count else { throw UsageError(message: "--readme needs a file") }
                readme = rest[index + 1]
                rest.removeSubrange(index...(index + 1))
            }
            guard rest.count == 1, let directory = rest.first else {
                throw UsageError(message: "`generate-docs` takes one folder: `predicate-lint generate-docs docs/rules [--readme README.md]`")
            }
            return .generateDocs(directory: directory, readme: readme)
        case "config":
            var rest = Array(arguments.dropFirst())
            guard rest.first == "--effective" else {
                throw UsageError(message: "`config` takes --effective: `predicate-lint config --effective [--config FILE] [PATH]`")
            }
            rest.removeFirst()
            var configPath: String?
            if let index = rest.firstIndex(of: "--config") {
                guard index + 1 < rest.count else { throw UsageError(message: "--config needs a file") }
                configPath = rest[index + 1]
                rest.removeSubrange(index...(index + 1))
            }
            guard rest.count <= 1 else { throw UsageError(message: "`config --effective` takes one path") }
            return .effectiveConfiguration(path: rest.first ?? ".", configPath: configPath)
        default:
            break
        }
        var options = LintOptions()
        /// The value after an option, or a message saying the option needs one.
        func value(of option: String, _ what: String) throws(UsageError) -> String {
            guard let value = arguments.popFirst() else { throw UsageError(message: "\(option) needs \(what)") }
            return value
        }
        while let argument = arguments.popFirst() {
            switch argument {
            case "--reporter":
                guard let value = arguments.popFirst() else {
                    throw UsageError(message: "--reporter needs a value: \(ReporterKind.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                guard let reporter = ReporterKind(rawValue: value) else {
                    throw UsageError(message: "unknown reporter '\(value)'; choose one of \(ReporterKind.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                options.reporter = reporter
            case "--enable-all-rules":
                options.enableAllRules = true
            case "--output", "-o":
                options.outputPath = try value(of: argument, "a file")
            case "--quiet", "-q":
                options.quiet = true
            case "--strict":
                options.strict = true
            case "--stdin":
                options.stdin = true
            case "--stdin-path":
                options.stdinPath = try value(of: argument, "a path")
            case "--color":
                guard let value = arguments.popFirst(), let color = ColorChoice(rawValue: value) else {
                    throw UsageError(message: "--color takes auto, always or never")
                }
                options.color = color
            case "--baseline":
                options.baselinePath = try value(of: argument, "a file")
            case "--write-baseline":
                options.writeBaselinePath = try value(of: argument, "a file")
            case "--strict-baseline":
                options.strictBaseline = true
            case "--no-cache":
                options.useCache = false
            case "--cache-path":
                options.cachePath = try value(of: argument, "a folder")
            case "--no-prefilter":
                options.prefilter = false
            case "--stamp":
                options.stampPath = try value(of: argument, "a file")
            case "--config":
                options.configPath = try value(of: argument, "a file")
            case "--fix", "--autocorrect":
                options.fix = true
            case "--dry-run":
                options.dryRun = true
            case "--":
                options.paths.append(contentsOf: arguments)
                arguments = []
            case let option where option.hasPrefix("-") && option.count > 1:
                throw UsageError(message: "unknown option '\(option)'; see `predicate-lint --help`")
            default:
                options.paths.append(argument)
            }
        }
        if options.dryRun && !options.fix {
            throw UsageError(message: "--dry-run goes with --fix: `predicate-lint --fix --dry-run PATH` prints the changes")
        }
        if options.strictBaseline && options.baselinePath == nil {
            throw UsageError(message: "--strict-baseline goes with --baseline FILE")
        }
        if options.stdinPath != nil && !options.stdin {
            throw UsageError(message: "--stdin-path goes with --stdin")
        }
        if options.stdin && options.dryRun {
            throw UsageError(message: "--stdin --fix prints the fixed text; --dry-run does not apply")
        }
        if options.paths.isEmpty && !options.stdin { options.paths = ["."] }
        return .lint(options)
    }

    public static var helpText: String { """
        OVERVIEW: Find SwiftData predicates that fail to build or crash at runtime.

        USAGE: predicate-lint [lint] [options] [PATH ...]
               predicate-lint --stdin --stdin-path PATH [options] [MODEL-PATH ...]
               predicate-lint config --effective [--config FILE] [PATH]
               predicate-lint generate-docs DIR [--readme FILE]
               predicate-lint lsp | mcp
               predicate-lint rules
               predicate-lint explain RULE

        Lints every *.swift file under each PATH (default: the current directory), skipping
        \(FileDiscovery.skippedDirectories.joined(separator: ", ")).

        COMMANDS:
          lint               Check files (the default).
          rules              List every rule with its severity and summary.
          config --effective Print the configuration that governs PATH, defaults filled in.
          generate-docs DIR  Write one Markdown page per rule, and an index, into DIR; with
                             --readme FILE, also the rule table between FILE's markers.
          lsp                Serve the Language Server Protocol on stdin/stdout (for editors).
          mcp                Serve the Model Context Protocol on stdin/stdout (for coding assistants).
          explain RULE       Show why a rule exists and how to fix what it finds.

        OPTIONS:
          --reporter NAME    \(ReporterKind.allCases.map { "\($0.rawValue): \($0.summary)" }.joined(separator: "\n" + String(repeating: " ", count: 21)))
          -o, --output FILE  Write the report to FILE instead of standard output.
          -q, --quiet        No total line on standard error.
          --strict           Warnings count as errors, in the report and the exit status.
          --color WHEN       auto (default; off when NO_COLOR is set), always, never.
          --stamp FILE       Touch FILE after linting (the build-tool plugin's output).
          --no-cache         Do not read or write the result cache.
          --cache-path DIR   Keep the cache in DIR (default: $XDG_CACHE_HOME or ~/.cache).
          --no-prefilter     Parse every file, not only those that can matter (slower; for checking).
          --write-baseline F Record today's findings in F.
          --baseline F       Report only findings F does not hold (matched by file, rule and
                             the line's text, so edits elsewhere do not disturb it).
          --strict-baseline  With --baseline: also fail when baselined findings were fixed, so
                             that the baseline is rewritten smaller.
          --stdin            Lint standard input as the file named by --stdin-path (for editors
                             and coding assistants); PATHs only contribute their models. With
                             --fix, prints the fixed text instead.
          --config FILE      Use FILE for every file, instead of the nearest .predicate-lint.json
                             (searched from each file's folder upwards).
          --enable-all-rules Run opt-in rules too (`predicate-lint rules` marks them).
          --fix              Apply every sound correction, then report what is left.
          --dry-run          With --fix: print the changes as a unified diff; write nothing.
          --version          Print the version.
          -h, --help         Show this help.

        CONFIGURATION (.predicate-lint.json, the nearest above each file):
          \(Configuration.keys.map { "\($0.name.padding(toLength: 18, withPad: " ", startingAt: 0)) \($0.summary)" }.joined(separator: "\n  "))

        EXIT STATUS:
          0  no error-severity finding
          1  at least one error-severity finding
          2  bad usage, or an input that could not be read (the other files are still checked)

        Silence a finding with a comment: // predicate-lint:disable:next RULE - reason
        """ }
}
