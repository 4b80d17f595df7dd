import PredicateLintCore

/// Formats findings for people or programs.
public enum Reporter {
    public static func report(_ findings: [Finding], as kind: ReporterKind) -> String {
        switch kind {
        case .xcode: return xcode(findings)
        case .json: return json(findings)
        }
    }

    /// `path:line:column: error: message [rule-id]`: what swiftc prints, so Xcode and editors
    /// place it in the source.
    static func xcode(_ findings: [Finding]) -> String {
        findings.map { "\($0.path):\($0.line):\($0.column): \($0.severity.rawValue): \($0.message) [\($0.ruleID)]\n" }
            .joined()
    }

    /// `{"version": 1, "findings": [...]}` with keys in a fixed order. The keys and their
    /// meaning are public interface; new keys may be added, none removed or changed.
    static func json(_ findings: [Finding]) -> String {
        let entries = findings.map { finding in
            "{\"file\": \(quoted(finding.path)), \"line\": \(finding.line), \"column\": \(finding.column), "
                + "\"severity\": \(quoted(finding.severity.rawValue)), \"rule\": \(quoted(finding.ruleID)), "
                + "\"message\": \(quoted(finding.message))}"
        }
        let list = entries.isEmpty ? "[]" : "[\n    " + entries.joined(separator: ",\n    ") + "\n  ]"
        return "{\"version\": 1, \"findings\": \(list)}\n"
    }

    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20:
                result += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
                    + String(scalar.value, radix: 16)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
