import SwiftParser
import SwiftSyntax

/// Applies every sound correction to a file's text, and proves the result still parses.
/// Pure: text in, text out; the command line writes files.
public struct Fixer: Sendable {
    public struct Result: Sendable, Equatable {
        /// The fixed text; the original when nothing applied or the fix was refused.
        public let text: String
        /// Findings whose corrections were applied.
        public let fixedCount: Int
        /// Why the file was left as it was, when it was refused.
        public let refusal: String?
        /// The findings of `text`, from the last pass: what is left after fixing. Nil when the
        /// file was refused.
        public let remaining: [Finding]?

        public var changed: Bool { fixedCount > 0 && refusal == nil }
    }

    public let linter: Linter
    /// Passes before giving up on corrections that keep producing new ones.
    static let maximumPasses = 8

    public init(linter: Linter = Linter()) {
        self.linter = linter
    }

    /// Fixes one file against the models of all files. Corrections that overlap are applied in
    /// later passes, after the file has been linted again, so fixes inside one expression
    /// compose. A file that does not parse cleanly is left alone, and so is any result that
    /// would not.
    public func fix(_ file: SourceFile, models: ModelIndex) -> Result {
        if let problem = file.problem {
            return Result(text: file.text, fixedCount: 0, refusal: "it \(problem)", remaining: nil)
        }
        if file.tree.hasError {
            return Result(text: file.text, fixedCount: 0, refusal: "it has syntax errors; fix those first", remaining: nil)
        }
        let newline = file.text.contains("\r\n") ? "\r\n" : "\n"
        var current = file
        var fixedCount = 0
        var passes = 0
        while true {
            // The lint that finds nothing more to apply is also the report of what is left.
            let findings = linter.lint(current, models: models)
            let edits = Self.nonOverlappingEdits(of: findings, newline: newline)
            guard !edits.edits.isEmpty, passes < Self.maximumPasses else {
                return Result(text: current.text, fixedCount: fixedCount, refusal: nil, remaining: findings)
            }
            passes += 1
            let text = current.text.applying(edits.edits)
            let reparsed = SourceFile(path: file.path, text: text)
            if reparsed.tree.hasError || reparsed.problem != nil {
                return Result(text: file.text, fixedCount: 0,
                              refusal: "the fixed text would not parse; nothing was changed (please report this)", remaining: nil)
            }
            current = reparsed
            fixedCount += edits.findings
        }
    }

    /// The edits of as many corrections as can be applied together: a correction whose edits
    /// overlap one already taken waits for the next pass. Taken in the order of the findings in
    /// the text, whatever rules are enabled, so that constants two fixes declare before one
    /// statement always come in the same order.
    static func nonOverlappingEdits(of findings: [Finding], newline: String) -> (edits: [TextEdit], findings: Int) {
        var taken: [Range<Int>] = []
        var edits: [TextEdit] = []
        var count = 0
        let ordered = findings.enumerated().sorted { ($0.element.offset, $0.offset) < ($1.element.offset, $1.offset) }.map(\.element)
        for correction in ordered.compactMap(\.correction) {
            let ranges = correction.edits.map(\.range)
            let overlaps = ranges.contains { range in taken.contains { conflict($0, range) } }
            guard !overlaps else { continue }
            taken += ranges
            edits += correction.edits.map {
                TextEdit(range: $0.range, replacement: newline == "\n" ? $0.replacement
                         : $0.replacement.replacingNewlines(with: newline))
            }
            count += 1
        }
        return (edits, count)
    }
}

/// Whether two edits touch the same text. An insertion (an empty range) conflicts with a
/// replacement that contains its position, and with another insertion at the same place,
/// because their order would be ambiguous.
func conflict(_ a: Range<Int>, _ b: Range<Int>) -> Bool {
    switch (a.isEmpty, b.isEmpty) {
    case (false, false): a.overlaps(b)
    case (true, true): a.lowerBound == b.lowerBound
    case (true, false): b.lowerBound <= a.lowerBound && a.lowerBound < b.upperBound
    case (false, true): a.lowerBound <= b.lowerBound && b.lowerBound < a.upperBound
    }
}

private extension String {
    func replacingNewlines(with newline: String) -> String {
        split(separator: "\n", omittingEmptySubsequences: false).joined(separator: newline)
    }
}
