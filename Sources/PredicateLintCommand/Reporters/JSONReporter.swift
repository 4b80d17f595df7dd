import PredicateLintCore

extension Reporter {
    /// `{"version": 1, "findings": [...]}` with keys in a fixed order, one finding per line.
    /// The keys and their meaning are public interface; new keys may be added, none removed or
    /// changed.
    static func json(_ findings: [Finding]) -> String {
        let entries = findings.map { finding -> JSON in
            ["file": .string(finding.path), "line": .integer(finding.line), "column": .integer(finding.column),
             "severity": .string(finding.severity.rawValue), "rule": .string(finding.ruleID), "message": .string(finding.message)]
        }
        let document: JSON = ["version": 1, "findings": .array(entries)]
        return document.serialized(.indented(inlineFrom: 2)) + "\n"
    }
}
