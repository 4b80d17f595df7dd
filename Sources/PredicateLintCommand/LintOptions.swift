import PredicateLintCore

/// What `lint` was asked to do, as `ArgumentParser` read it, and the report formats it offers.
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
    /// `--only-rule ID` (repeatable): exactly these rules, whatever the configurations enable.
    public var onlyRules: [String] = []
    /// Where an Xcode run-script phase's input files are read from, besides the paths.
    var scriptInputs: [ScriptInputFiles.Source] = []
    /// Rewrite files with every sound correction, then report what is left.
    public var fix = false
    /// With `fix`: print the diff instead of writing.
    public var dryRun = false
    /// `--config FILE`: used for every file instead of the nearest `.predicate-lint.json`.
    public var configPath: String?
    /// `--models PATH`: files whose declarations join the models without being checked (a
    /// target's dependencies, for the build-tool plugin).
    public var modelPaths: [String] = []
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
    case codeClimate = "codeclimate"
    case markdown

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
        case .codeClimate: "Code Climate JSON, for GitLab's Code Quality report"
        case .markdown: "a Markdown table, for a pull-request comment"
        }
    }
}
