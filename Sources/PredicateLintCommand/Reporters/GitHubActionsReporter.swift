import PredicateLintCore

extension Reporter {
    /// GitHub Actions workflow commands: annotations on the pull request's diff.
    static func githubActions(_ input: ReportInput) -> String {
        input.findings.map { finding in
            let properties = [
                "file=\(escapedProperty(Paths.onOneLine(input.relativePath(finding.path))))",
                "line=\(finding.line)", "col=\(finding.column)",
                "title=\(escapedProperty("predicate-lint: \(finding.ruleID)"))",
            ].joined(separator: ",")
            return "::\(finding.severity.rawValue) \(properties)::\(escapedMessage(finding.message))\n"
        }.joined()
    }

    /// The escaping of actions/toolkit's `command.ts`: messages escape `%`, CR and LF.
    static func escapedMessage(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// …and property values also `:` and `,`.
    static func escapedProperty(_ text: String) -> String {
        escapedMessage(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
