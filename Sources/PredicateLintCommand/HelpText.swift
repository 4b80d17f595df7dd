import PredicateLintCore

/// `predicate-lint --help`, made from the tables of subcommands, options and configuration keys,
/// so that it cannot name what the parser does not take.
extension ArgumentParser {
    /// `text` wrapped to `width` columns, every line after the first indented by `indent`.
    static func wrapped(_ text: String, width: Int, indent: Int) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { paragraph in
            var lines: [String] = []
            var line = ""
            for word in paragraph.split(separator: " ") {
                if !line.isEmpty && line.count + 1 + word.count > width {
                    lines.append(line)
                    line = String(word)
                } else {
                    line += (line.isEmpty ? "" : " ") + word
                }
            }
            lines.append(line)
            return lines.joined(separator: "\n" + String(repeating: " ", count: indent))
        }.joined(separator: "\n" + String(repeating: " ", count: indent))
    }

    /// Two columns: the name at `indent`, the text from column `indent + 19`, wrapped at 96.
    static func row(_ name: String, _ text: String) -> String {
        let column = 21
        let label = "  " + name
        let first = label.count < column - 1 ? label.padding(toLength: column, withPad: " ", startingAt: 0) : label + "\n" + String(repeating: " ", count: column)
        return first + wrapped(text, width: 96 - column, indent: column)
    }

    public static var helpText: String {
        let usages = subcommands.filter { !["version", "help"].contains($0.name) }.map(\.usage)
        return """
            OVERVIEW: Find SwiftData predicates that fail to build or crash at runtime.

            USAGE: \(usages.joined(separator: "\n       "))
                   predicate-lint --stdin --stdin-path PATH [options] [MODEL-PATH ...]

            Lints every *.swift file under each PATH (default: the current directory), skipping
            \(FileDiscovery.skippedDirectories.joined(separator: ", ")) and Xcode's data bundles
            (\(FileDiscovery.skippedBundleExtensions.map { "*." + $0 }.joined(separator: ", "))).

            COMMANDS:
            \(subcommands.map { row($0.name, $0.help) }.joined(separator: "\n"))

            OPTIONS:
            \(options.map { row($0.spelled, $0.help) }.joined(separator: "\n"))

            CONFIGURATION (.predicate-lint.json, the nearest above each file):
            \(Configuration.keys.map { row($0.name, $0.summary) }.joined(separator: "\n"))

            EXIT STATUS:
              0  no error-severity finding
              1  at least one error-severity finding
              2  bad usage, or an input that could not be read (the other files are still checked)

            Silence a finding with a comment: // predicate-lint:disable:next RULE - reason
            """
    }
}
