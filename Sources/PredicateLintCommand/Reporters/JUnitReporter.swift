import PredicateLintCore

extension Reporter {
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
}
