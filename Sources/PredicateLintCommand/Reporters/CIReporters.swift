import PredicateLintCore

extension Reporter {
    /// GitHub Actions workflow commands: annotations on the pull request's diff.
    static func githubActions(_ input: ReportInput) -> String {
        input.findings.map { finding in
            let properties = [
                "file=\(escapedProperty(input.relativePath(finding.path)))",
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

    /// Checkstyle XML, grouped by file, as Jenkins and many code-review tools read it.
    static func checkstyle(_ input: ReportInput) -> String {
        var output = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<checkstyle version=\"4.3\">\n"
        for (path, findings) in groupedByFile(input.findings) {
            output += "  <file name=\"\(xmlEscaped(input.relativePath(path)))\">\n"
            for finding in findings {
                output += "    <error line=\"\(finding.line)\" column=\"\(finding.column)\" severity=\"\(finding.severity.rawValue)\" "
                    + "message=\"\(xmlEscaped(finding.message))\" source=\"predicate-lint.\(finding.ruleID)\"/>\n"
            }
            output += "  </file>\n"
        }
        return output + "</checkstyle>\n"
    }

    /// JUnit XML: a test case per finding. Errors fail; warnings pass with their message in
    /// the case's output, as the exit status has them (with `--strict` they are errors by now).
    /// One passing case when there is nothing.
    static func junit(_ input: ReportInput) -> String {
        let count = input.findings.count
        let failures = input.findings.filter { $0.severity == .error }.count
        var output = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + "<testsuites name=\"predicate-lint\" tests=\"\(max(count, 1))\" failures=\"\(failures)\">\n"
            + "  <testsuite name=\"predicate-lint\" tests=\"\(max(count, 1))\" failures=\"\(failures)\">\n"
        if input.findings.isEmpty {
            output += "    <testcase classname=\"predicate-lint\" name=\"no findings\"/>\n"
        }
        for finding in input.findings {
            let path = input.relativePath(finding.path)
            let text = xmlEscaped("\(path):\(finding.line):\(finding.column): \(finding.message) [\(finding.ruleID)]")
            output += "    <testcase classname=\"\(xmlEscaped(path))\" name=\"\(xmlEscaped("\(finding.ruleID) at \(finding.line):\(finding.column)"))\">\n"
                + (finding.severity == .error
                    ? "      <failure type=\"error\" message=\"\(xmlEscaped(finding.message))\">\(text)</failure>\n"
                    : "      <system-out>warning: \(text)</system-out>\n")
                + "    </testcase>\n"
        }
        return output + "  </testsuite>\n</testsuites>\n"
    }

    /// Counts per rule and per file, for a quick look at where the work is.
    static func summary(_ input: ReportInput) -> String {
        func table(_ title: String, _ rows: [(String, [Finding])]) -> String {
            let width = max(title.count, "total".count, rows.map(\.0.count).max() ?? 0)
            func left(_ text: String) -> String { text + String(repeating: " ", count: width - text.count) }
            func right(_ text: String) -> String { String(repeating: " ", count: max(0, 8 - text.count)) + text }
            func row(_ name: String, _ findings: [Finding]) -> String {
                let errors = findings.filter { $0.severity == .error }.count
                return [left(name), right(String(errors)), right(String(findings.count - errors)), right(String(findings.count))]
                    .joined(separator: "  ")
            }
            let lines = [[left(title), right("errors"), right("warnings"), right("total")].joined(separator: "  ")]
                + rows.map { row($0.0, $0.1) } + [row("total", input.findings)]
            return lines.joined(separator: "\n") + "\n"
        }
        let byRule = Dictionary(grouping: input.findings, by: \.ruleID).sorted { ($1.value.count, $0.key) < ($0.value.count, $1.key) }
        let byFile = groupedByFile(input.findings).map { (Paths.onOneLine(input.relativePath($0.0)), $0.1) }
        return table("rule", byRule.map { ($0.key, $0.value) }) + "\n" + table("file", byFile)
    }

    static func groupedByFile(_ findings: [Finding]) -> [(String, [Finding])] {
        var order: [String] = []
        var groups: [String: [Finding]] = [:]
        for finding in findings {
            if groups[finding.path] == nil { order.append(finding.path) }
            groups[finding.path, default: []].append(finding)
        }
        return order.map { ($0, groups[$0] ?? []) }
    }
}
