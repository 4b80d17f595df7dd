/// The command line, parsed by hand: the tool takes few options, and a dependency would cost
/// more than these lines.
public enum Invocation: Equatable {
    case lint(LintOptions)
    /// `config --effective [PATH]`: the configuration that governs PATH, defaults filled in.
    case effectiveConfiguration(path: String, configPath: String?)
    case listRules
    case explain(ruleID: String)
    case help
    case version
}

public struct LintOptions: Equatable {
    public var paths: [String] = []
    public var reporter: ReporterKind = .xcode
    /// Opt-in rules too.
    public var enableAllRules = false
    /// Rewrite files with every sound correction, then report what is left.
    public var fix = false
    /// With `fix`: print the diff instead of writing.
    public var dryRun = false
    /// `--config FILE`: used for every file instead of the nearest `.predicate-lint.json`.
    public var configPath: String?
}

public enum ReporterKind: String, CaseIterable, Equatable {
    case xcode
    case json
}

public struct UsageError: Error, Equatable {
    public let message: String
}

public enum ArgumentParser {
    public static func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
        var arguments = arguments[...]
        if arguments.contains("--help") || arguments.contains("-h") { return .help }
        if arguments.contains("--version") { return .version }
        switch arguments.first {
        case "rules":
            guard arguments.count == 1 else { throw UsageError(message: "`rules` takes no arguments") }
            return .listRules
        case "explain":
            guard arguments.count == 2, let id = arguments.last else {
                throw UsageError(message: "`explain` takes one rule id; `predicate-lint rules` lists them")
            }
            return .explain(ruleID: id)
        case "lint":
            arguments = arguments.dropFirst()
        case "help":
            return .help
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
            case "--config":
                guard let value = arguments.popFirst() else { throw UsageError(message: "--config needs a file") }
                options.configPath = value
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
        if options.paths.isEmpty { options.paths = ["."] }
        return .lint(options)
    }

    public static let helpText = """
        OVERVIEW: Find SwiftData predicates that fail to build or crash at runtime.

        USAGE: predicate-lint [lint] [--reporter xcode|json] [--enable-all-rules] [--fix [--dry-run]] [PATH ...]
               predicate-lint config --effective [--config FILE] [PATH]
               predicate-lint rules
               predicate-lint explain RULE

        Lints every *.swift file under each PATH (default: the current directory), skipping
        .build, .git, .swiftpm, DerivedData, Pods and Carthage.

        COMMANDS:
          lint               Check files (the default).
          rules              List every rule with its severity and summary.
          config --effective Print the configuration that governs PATH, defaults filled in.
          explain RULE       Show why a rule exists and how to fix what it finds.

        OPTIONS:
          --reporter NAME    xcode (default): path:line:column: severity: message [rule]
                             json: {"version": 1, "findings": [...]}
          --config FILE      Use FILE for every file, instead of the nearest .predicate-lint.json
                             (searched from each file's folder upwards).
          --enable-all-rules Run opt-in rules too (`predicate-lint rules` marks them).
          --fix              Apply every sound correction, then report what is left.
          --dry-run          With --fix: print the changes as a unified diff; write nothing.
          --version          Print the version.
          -h, --help         Show this help.

        EXIT STATUS:
          0  no error-severity finding
          1  at least one error-severity finding
          2  bad usage, or an input that could not be read (the other files are still checked)

        Silence a finding with a comment: // predicate-lint:disable:next RULE - reason
        """
}
