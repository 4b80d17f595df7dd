import PredicateLintCore

extension Reporter {
    /// A GitHub-flavoured Markdown table for a pull-request comment: a count, then a row per
    /// finding with its place, severity, rule (linked to its page) and message.
    static func markdown(_ input: ReportInput) -> String {
        let errors = input.findings.filter { $0.severity == .error }.count
        let warnings = input.findings.count - errors
        guard !input.findings.isEmpty else { return "**PredicateLint** found no problems.\n" }
        var output = "**PredicateLint** found \(Wording.count(errors, "error")) and \(Wording.count(warnings, "warning")).\n\n"
            + "| file | line | severity | rule | message |\n|---|---:|---|---|---|\n"
        for finding in input.findings {
            let cells = [
                "`" + markdownCell(Paths.onOneLine(input.relativePath(finding.path))).replacingOccurrences(of: "`", with: "'") + "`",
                "\(finding.line)", finding.severity.rawValue,
                "[`\(finding.ruleID)`](\(RuleDocumentation.pageURL(for: finding.ruleID)))", markdownCell(finding.message),
            ]
            output += "| " + cells.joined(separator: " | ") + " |\n"
        }
        return output
    }

    /// Text that stays inside one table cell and is not read as HTML: pipes escaped, angle
    /// brackets and ampersands as entities (a message may quote `Array<T>` or `a && b`), and
    /// line breaks as spaces.
    static func markdownCell(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "|": result += "\\|"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "&": result += "&amp;"
            case "\n", "\r", "\r\n": result += " "
            default: result.append(character)
            }
        }
        return result
    }
}
