import PredicateLintCore
import SwiftSyntax

/// What the lint and fix tools return: each finding with its end and its fix's edits as
/// structured content, and the same as text; and a tool error an assistant can read.
extension MCPTools {
    static func result(findings: [Finding], in file: SourceFile, note: String?, fixed: Fixer.Result?) -> JSON {
        // Columns in the units each client's language counts, so none has to convert: an edit
        // applied by UTF-16 or code-point columns as if they were bytes would corrupt a line with
        // non-ASCII text.
        let columns = TextPositions(file.unoutlinedText ?? file.text)
        func position(_ offset: Int) -> JSON {
            let (line, column) = file.location(of: AbsolutePosition(utf8Offset: offset))
            let other = columns.columns(ofOffset: offset)
            return ["line": .integer(line), "column": .integer(column), "utf16Column": .integer(other.utf16 + 1),
                    "codePointColumn": .integer(other.codePoints + 1)]
        }
        let structured = findings.map { finding -> JSON in
            let end = file.location(of: AbsolutePosition(utf8Offset: file.span(of: finding).upperBound))
            var members: [(String, JSON?)] = [
                ("file", .string(finding.path)), ("line", .integer(finding.line)), ("column", .integer(finding.column)),
                ("endLine", .integer(end.line)), ("endColumn", .integer(end.column)),
                ("severity", .string(finding.severity.rawValue)), ("rule", .string(finding.ruleID)), ("message", .string(finding.message)),
                ("fixable", .bool(finding.correction != nil)),
            ]
            if let correction = finding.correction {
                members.append(("fix", ["title": .string(correction.title), "edits": .array(correction.edits.map { edit in
                    ["start": position(edit.range.lowerBound), "end": position(edit.range.upperBound), "replacement": .string(edit.replacement)]
                })]))
            }
            return .object(members)
        }
        var text = (note.map { $0 + "\n" } ?? "") + (findings.isEmpty ? "No problems found.\n" : Reporter.xcode(findings))
        var content: [(String, JSON?)] = [("findings", .array(structured))]
        if let fixed {
            content += [("fixedCode", .string(fixed.text)), ("fixedCount", .integer(fixed.fixedCount)),
                        ("refusal", fixed.refusal.map(JSON.string))]
            text = "Fixed \(fixed.fixedCount) finding(s).\n\(text)\n\(fixed.text)"
        }
        return ["content": [["type": "text", "text": .string(text)]], "structuredContent": .object(content), "isError": false]
    }

    static func errorResult(_ message: String) -> JSON {
        ["content": [["type": "text", "text": .string(message)]], "isError": true]
    }
}
