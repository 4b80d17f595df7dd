import Foundation
import SwiftSyntax

public enum Severity: String, Sendable, Codable, Comparable {
    case warning
    case error

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs == .warning && rhs == .error }
}

/// A replacement of one span of the original text. Offsets are UTF-8 byte offsets.
public struct TextEdit: Sendable, Equatable, Codable {
    public let range: Range<Int>
    public let replacement: String

    public init(range: Range<Int>, replacement: String) {
        self.range = range
        self.replacement = replacement
    }

    /// Replaces `node` (without its surrounding trivia) with `replacement`.
    public init(replacing node: some SyntaxProtocol, with replacement: String) {
        self.init(
            range: node.positionAfterSkippingLeadingTrivia.utf8Offset..<node.endPositionBeforeTrailingTrivia.utf8Offset,
            replacement: replacement)
    }
}

/// A rewrite that resolves one finding: a title for humans and the edits that carry it out.
public struct Correction: Sendable, Equatable, Codable {
    public let title: String
    public let edits: [TextEdit]

    public init(title: String, edits: [TextEdit]) {
        self.title = title
        self.edits = edits
    }
}

/// One problem found in one predicate.
public struct Finding: Sendable, Equatable, Codable {
    public let ruleID: String
    public let severity: Severity
    public let path: String
    /// 1-based line and UTF-8 column of the token that names the problem, as swiftc reports it.
    public let line: Int
    public let column: Int
    /// UTF-8 offset of that token, for ordering and for matching suppressions.
    public let offset: Int
    /// One line, always: build logs, editors and hooks read one finding per line, and a rule
    /// that quotes code may quote several lines (each line break, with the indentation around
    /// it, becomes one space).
    public let message: String
    public let correction: Correction?
    /// Offsets of the tokens this finding accounts for. A finding from a less specific rule
    /// at any of these offsets is the same construct, and is dropped (see `Linter`).
    let coveredOffsets: Set<Int>

    init(ruleID: String, severity: Severity, path: String, line: Int, column: Int, offset: Int,
         message: String, correction: Correction?, coveredOffsets: Set<Int>) {
        self.ruleID = ruleID
        self.severity = severity
        self.path = path
        self.line = line
        self.column = column
        self.offset = offset
        self.message = Self.onOneLine(message).escapingControlCharacters
        self.correction = correction
        self.coveredOffsets = coveredOffsets.union([offset])
    }

    static func onOneLine(_ message: String) -> String {
        guard message.contains(where: \.isNewline) else { return message }
        return message.split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
            .joined(separator: " ")
    }

    /// C0 and C1 control characters and DEL: what terminals act on rather than show.
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// The same finding at another severity, as a configuration may set it.
    public func with(severity: Severity) -> Finding {
        Finding(ruleID: ruleID, severity: severity, path: path, line: line, column: column, offset: offset,
                message: message, correction: correction, coveredOffsets: coveredOffsets)
    }
}

extension String {
    /// This text with each control character written as an escape (`\n`, `\r`, `\t`, else
    /// `\u{1b}`): what every output shows of text it did not write itself. A message can quote
    /// source (a raw identifier, a string literal) and a file name can hold anything, and a
    /// control character printed as itself would set a terminal's title, clear its screen or
    /// start a line that passes for a finding of its own.
    public var escapingControlCharacters: String {
        guard unicodeScalars.contains(where: Finding.isControl) else { return self }
        var shown = ""
        for scalar in unicodeScalars {
            switch scalar {
            case "\n": shown += "\\n"
            case "\r": shown += "\\r"
            case "\t": shown += "\\t"
            case _ where Finding.isControl(scalar): shown += "\\u{\(String(scalar.value, radix: 16))}"
            default: shown.unicodeScalars.append(scalar)
            }
        }
        return shown
    }

    /// Applies non-overlapping edits given in UTF-8 offsets. Overlapping edits after the first
    /// are skipped: the caller re-lints and applies them in a later pass.
    public func applying(_ edits: [TextEdit]) -> String {
        var bytes = Array(utf8)
        var lowerBoundOfApplied = Int.max
        for edit in edits.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
            guard edit.range.upperBound <= lowerBoundOfApplied, edit.range.upperBound <= bytes.count else { continue }
            bytes.replaceSubrange(edit.range, with: Array(edit.replacement.utf8))
            lowerBoundOfApplied = edit.range.lowerBound
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
