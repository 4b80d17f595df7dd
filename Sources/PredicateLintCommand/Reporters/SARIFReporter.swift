import PredicateLintCore

extension Reporter {
    /// SARIF 2.1.0, one run, as GitHub code scanning wants it: every rule's metadata with help
    /// text, relative URIs under `%SRCROOT%`, and `partialFingerprints` that survive edits
    /// elsewhere in the file.
    static func sarif(_ input: ReportInput) -> String {
        let descriptions = RuleRegistry.descriptions
        let ruleIndex = Dictionary(uniqueKeysWithValues: descriptions.enumerated().map { ($1.id, $0) })
        let rules = descriptions.map { description in
            """
                    {
                      "id": \(quoted(description.id)),
                      "name": \(quoted(description.id)),
                      "shortDescription": {"text": \(quoted(description.summary))},
                      "fullDescription": {"text": \(quoted(description.rationale))},
                      "help": {"text": \(quoted(description.rationale)), "markdown": \(quoted(helpMarkdown(description)))},
                      "helpUri": \(quoted("https://github.com/predicate-lint/predicate-lint/blob/main/docs/rules/\(description.id).md")),
                      "defaultConfiguration": {"level": \(quoted(description.severity.rawValue))}
                    }
            """
        }
        var occurrences: [String: Int] = [:]
        let results = input.findings.map { finding in
            let path = input.relativePath(finding.path)
            let line = Fingerprint.normalizedLine(of: finding, in: input.sources[finding.path])
            let key = [path, finding.ruleID, line]
            let occurrence = occurrences[key.joined(separator: "\u{1F}"), default: 0]
            occurrences[key.joined(separator: "\u{1F}")] = occurrence + 1
            return """
                    {
                      "ruleId": \(quoted(finding.ruleID)),
                      "ruleIndex": \(ruleIndex[finding.ruleID] ?? 0),
                      "level": \(quoted(finding.severity.rawValue)),
                      "message": {"text": \(quoted(finding.message))},
                      "locations": [{"physicalLocation": {
                        "artifactLocation": {"uri": \(quoted(uriEscaped(path))), "uriBaseId": "%SRCROOT%"},
                        "region": {"startLine": \(finding.line), "startColumn": \(finding.column)}
                      }}],
                      "partialFingerprints": {"predicateLint/v1": \(quoted(Fingerprint.hash(key + [String(occurrence)])))}
                    }
            """
        }
        return """
            {
              "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
              "version": "2.1.0",
              "runs": [
                {
                  "tool": {
                    "driver": {
                      "name": "PredicateLint",
                      "semanticVersion": \(quoted(Command.version)),
                      "informationUri": "https://github.com/predicate-lint/predicate-lint",
                      "rules": [
            \(rules.joined(separator: ",\n"))
                      ]
                    }
                  },
                  "originalUriBaseIds": {"%SRCROOT%": {"uri": \(quoted("file://" + uriEscaped(input.workingDirectory) + "/"))}},
                  "results": [
            \(results.joined(separator: ",\n"))
                  ]
                }
              ]
            }

            """
    }

    static func helpMarkdown(_ description: RuleDescription) -> String {
        var text = "**\(description.summary)**\n\n\(description.rationale)"
        if let correction = description.corrections.first {
            text += "\n\nBefore:\n```swift\n\(correction.before.plainCode)\n```\nAfter:\n```swift\n\(correction.after)\n```"
        } else if let example = description.nonTriggering.first {
            text += "\n\nInstead:\n```swift\n\(example.plainCode)\n```"
        }
        return text
    }

    /// Percent-escapes what a URI path may not hold as is.
    static func uriEscaped(_ path: String) -> String {
        var result = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "/"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "~"), UInt8(ascii: "+"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                result += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        return result
    }
}
