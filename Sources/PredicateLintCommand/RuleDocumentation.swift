import PredicateLintCore

/// The text of `predicate-lint rules` and `predicate-lint explain`.
public enum RuleDocumentation {
    public static func table() -> String {
        let descriptions = RuleCatalog.descriptions
        let idWidth = max(4, descriptions.map(\.id.count).max() ?? 0)
        var lines = ["\(pad("rule", idWidth))  severity  fix  opt-in  summary"]
        for description in descriptions {
            lines.append("\(pad(description.id, idWidth))  \(pad(description.severity.rawValue, 8))  "
                + "\(description.isCorrectable ? "yes" : " - ")  \(description.isOptIn ? " yes  " : "  -   ")  \(description.summary)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    public static func explanation(of description: RuleDescription) -> String {
        var text = """
            \(description.id) (\(description.severity.rawValue)\(description.isCorrectable ? ", correctable" : "")\(description.isOptIn ? ", opt-in" : ""))
            \(description.summary)

            \(description.rationale)

            """
        if let example = description.triggering.first {
            text += "\nTriggers:\n\(indent(example.plainCode))\n"
        }
        if let correction = description.corrections.first {
            text += "\nBefore:\n\(indent(correction.before.plainCode))\nAfter:\n\(indent(correction.after))\n"
        } else if let example = description.nonTriggering.first {
            text += "\nInstead:\n\(indent(example.plainCode))\n"
        }
        return text
    }

    private static func indent(_ code: String) -> String {
        code.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n")
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }
}
