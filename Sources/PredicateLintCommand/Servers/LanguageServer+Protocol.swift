import Dispatch
import Foundation
import PredicateLintCore
import SwiftSyntax

/// What findings and documents look like in the protocol: diagnostics, quick fixes, ranges in
/// UTF-16 positions, file URIs, incremental edits.
extension LanguageServer {
    static func codeActions(for finding: Finding, uri: String, file: SourceFile, positions: TextPositions) -> [JSON] {
        let diagnostic = JSON.array(diagnostics([finding], in: file, positions: positions))
        var actions: [JSON] = []
        if let correction = finding.correction {
            actions.append([
                "title": .string("\(correction.title) (\(finding.ruleID))"), "kind": "quickfix", "isPreferred": true,
                "diagnostics": diagnostic,
                "edit": ["changes": .object([JSON.Member(key: uri, value: .array(correction.edits.map {
                    ["range": positions.range($0.range), "newText": .string($0.replacement)]
                }))])],
            ])
        }
        // Only where the comment is a comment: not inside a multi-line string or block comment.
        if let insertion = SuppressionComment.insertion(silencing: finding.ruleID, onLine: finding.line, in: file) {
            actions.append([
                "title": .string("Disable \(finding.ruleID) for this line"), "kind": "quickfix", "diagnostics": diagnostic,
                "edit": ["changes": .object([JSON.Member(key: uri, value: [[
                    "range": positions.range(insertion.offset..<insertion.offset), "newText": .string(insertion.text),
                ]])])],
            ])
        }
        return actions
    }

    static func path(of uri: String) -> String {
        URL(string: uri).map { $0.isFileURL ? $0.path : uri } ?? uri
    }

    static func apply(_ change: JSON, to text: String) -> String {
        guard let newText = change["text"]?.string else { return text }
        guard let range = change["range"] else { return newText }
        let positions = TextPositions(text)
        guard let offsets = positions.offsets(of: range) else { return text }
        return text.applying([TextEdit(range: offsets, replacement: newText)])
    }

    /// An error at the start of a line (0-based), on no token: what stopped a document, or a
    /// configuration, from being checked.
    static func lineError(_ line: Int, _ message: String) -> JSON {
        let position: JSON = ["line": .integer(line), "character": 0]
        return ["range": ["start": position, "end": position], "severity": 1, "source": "predicate-lint", "message": .string(message)]
    }

    /// A document that cannot be checked says so where the trouble is, rather than looking clean.
    static func diagnostic(for problem: SourceFile.Problem) -> JSON {
        lineError(problem.line - 1, "PredicateLint did not check this file: it \(problem)")
    }

    /// A file under a broken configuration was not checked: said on its first line.
    static func diagnostic(for failure: Configuration.Failure) -> JSON {
        lineError(0, "PredicateLint did not check this file: \(message(for: failure))")
    }

    /// What is wrong with a configuration, naming it and the line.
    static func message(for failure: Configuration.Failure) -> String {
        "the configuration \(failure.path)\(failure.line.map { ":\($0)" } ?? "") is broken: \(failure.message); "
            + "the files it governs are not checked until it is fixed"
    }

    static func isConfiguration(_ path: String) -> Bool {
        path.hasSuffix("/" + Configuration.fileName) || path == Configuration.fileName
    }

    /// An open configuration's problem, on its line.
    static func diagnostics(ofConfiguration text: String, path: String) -> JSON {
        do {
            _ = try Configuration.parse(text, path: path)
            return []
        } catch {
            return [lineError(max(0, (error.line ?? 1) - 1), error.message)]
        }
    }

    static func diagnostics(_ findings: [Finding], in file: SourceFile, positions: TextPositions) -> [JSON] {
        findings.map { finding in
            [
                "range": positions.range(file.span(of: finding)),
                "severity": finding.severity == .error ? 1 : 2,
                "code": .string(finding.ruleID),
                "codeDescription": ["href": .string(RuleDocumentation.pageURL(for: finding.ruleID))],
                "source": "predicate-lint",
                "message": .string(finding.message),
            ]
        }
    }
}

extension Range where Bound == Int {
    /// Whether a finding's span is in a requested range: they overlap, or the request is a
    /// cursor inside the span or at one of its ends.
    func meets(_ requested: Range<Int>) -> Bool {
        requested.isEmpty ? lowerBound <= requested.lowerBound && requested.lowerBound <= upperBound
            : lowerBound < requested.upperBound && requested.lowerBound < upperBound
    }
}
