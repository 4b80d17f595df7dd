import PredicateLintCore

extension Reporter {
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
}
