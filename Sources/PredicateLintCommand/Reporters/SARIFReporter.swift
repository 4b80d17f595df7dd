import PredicateLintCore

extension Reporter {
    /// SARIF 2.1.0, one run, as GitHub code scanning wants it: every rule's metadata with help
    /// text, relative URIs under `%SRCROOT%`, and `partialFingerprints` that survive edits
    /// elsewhere in the file.
    static func sarif(_ input: ReportInput) -> String {
        let descriptions = RuleRegistry.descriptions
        let ruleIndex = Dictionary(uniqueKeysWithValues: descriptions.enumerated().map { ($1.id, $0) })
        let rules = descriptions.map { description -> JSON in
            [
                "id": .string(description.id),
                "name": .string(description.id),
                "shortDescription": ["text": .string(description.summary)],
                "fullDescription": ["text": .string(description.rationale + "\n\n" + RuleDocumentation.casesText(description))],
                "help": ["text": .string(description.rationale), "markdown": .string(helpMarkdown(description))],
                "helpUri": .string(RuleDocumentation.pageURL(for: description.id)),
                "defaultConfiguration": ["level": .string(description.severity.rawValue)],
            ]
        }
        let results = zip(input.findings, Fingerprint.perFinding(input)).map { finding, fingerprint -> JSON in
            let path = input.relativePath(finding.path)
            return [
                "ruleId": .string(finding.ruleID),
                "ruleIndex": .integer(ruleIndex[finding.ruleID] ?? 0),
                "level": .string(finding.severity.rawValue),
                "message": ["text": .string(finding.message)],
                "locations": [["physicalLocation": [
                    "artifactLocation": ["uri": .string(uriEscaped(path)), "uriBaseId": "%SRCROOT%"],
                    "region": ["startLine": .integer(finding.line),
                               "startColumn": .integer(utf16Column(of: finding, in: input.sources[finding.path]))],
                ]]],
                "partialFingerprints": ["predicateLint/v1": .string(fingerprint)],
            ]
        }
        let log: JSON = [
            "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
            "version": "2.1.0",
            "runs": [[
                "tool": ["driver": [
                    "name": "PredicateLint",
                    "semanticVersion": .string(ToolVersion.current),
                    "informationUri": .string(RuleDocumentation.repositoryURL),
                    "rules": .array(rules),
                ]],
                "originalUriBaseIds": ["%SRCROOT%": ["uri": .string("file://" + uriEscaped(input.workingDirectory) + "/")]],
                // GitHub counts columns in UTF-16 code units, as editors do.
                "columnKind": "utf16CodeUnits",
                "results": .array(results),
            ]],
        ]
        return log.serialized() + "\n"
    }

    /// The finding's column in UTF-16 code units (findings count UTF-8 bytes, as swiftc does);
    /// the same where the line's text before it is ASCII, or unknown.
    static func utf16Column(of finding: Finding, in source: SourceFile?) -> Int {
        guard let source else { return finding.column }
        let bytes = source.text.utf8
        let lineStart = finding.offset - (finding.column - 1)
        guard lineStart >= 0, finding.offset <= bytes.count,
              let start = bytes.index(bytes.startIndex, offsetBy: lineStart, limitedBy: bytes.endIndex),
              let end = bytes.index(bytes.startIndex, offsetBy: finding.offset, limitedBy: bytes.endIndex) else { return finding.column }
        return String(decoding: bytes[start..<end], as: UTF8.self).utf16.count + 1
    }

    static func helpMarkdown(_ description: RuleDescription) -> String {
        var text = "**\(description.summary)**\n\n\(description.rationale)\n\n\(RuleDocumentation.casesText(description))"
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
