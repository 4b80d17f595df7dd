import PredicateLintCore

extension Reporter {
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
}
