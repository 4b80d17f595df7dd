import PredicateLintCore
import SwiftSyntax

/// Converts between the tool's UTF-8 offsets and the Language Server Protocol's positions
/// (0-based lines, UTF-16 code units), for one version of a document's text.
struct TextPositions {
    let text: String
    /// UTF-8 offset where each line starts. Lines end at LF, CR LF or a lone CR, as in Swift.
    let lineStarts: [Int]

    init(_ text: String) {
        self.text = text
        var starts = [0]
        let bytes = Array(text.utf8)
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x0A || (bytes[index] == 0x0D && (index + 1 == bytes.count || bytes[index + 1] != 0x0A)) {
                starts.append(index + 1)
            }
            index += 1
        }
        lineStarts = starts
    }

    /// UTF-8 offset → (line, UTF-16 character).
    func position(ofOffset offset: Int) -> (line: Int, character: Int) {
        let (line, start, end) = lineAndColumn(ofOffset: offset)
        return (line, text.utf16.distance(from: start, to: end))
    }

    /// UTF-8 offset → its 0-based column in UTF-16 code units (what JavaScript and LSP count)
    /// and in Unicode code points (what Python counts).
    func columns(ofOffset offset: Int) -> (utf16: Int, codePoints: Int) {
        let (_, start, end) = lineAndColumn(ofOffset: offset)
        return (text.utf16.distance(from: start, to: end), text.unicodeScalars.distance(from: start, to: end))
    }

    /// The 0-based line of a UTF-8 offset, and the text from that line's start to the offset.
    private func lineAndColumn(ofOffset offset: Int) -> (line: Int, start: String.Index, end: String.Index) {
        let line = max(0, (lineStarts.lastIndex { $0 <= offset }) ?? 0)
        let utf8 = text.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: lineStarts[line], limitedBy: utf8.endIndex) ?? utf8.endIndex
        let end = utf8.index(utf8.startIndex, offsetBy: min(offset, utf8.count), limitedBy: utf8.endIndex) ?? utf8.endIndex
        return (line, start, end)
    }

    /// (line, UTF-16 character) → UTF-8 offset, clamped to the text: a position before the
    /// start (a negative number from a confused client) is the start.
    func offset(line: Int, character: Int) -> Int {
        let (line, character) = (max(0, line), max(0, character))
        guard line < lineStarts.count else { return text.utf8.count }
        let utf8 = text.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: lineStarts[line])
        let lineEnd = line + 1 < lineStarts.count ? utf8.index(utf8.startIndex, offsetBy: lineStarts[line + 1]) : utf8.endIndex
        let target = text.utf16.index(start, offsetBy: character, limitedBy: lineEnd) ?? lineEnd
        return utf8.distance(from: utf8.startIndex, to: min(target, lineEnd))
    }

    /// An LSP range.
    func range(_ range: Range<Int>) -> JSON {
        let start = position(ofOffset: range.lowerBound)
        let end = position(ofOffset: range.upperBound)
        return ["start": ["line": .integer(start.line), "character": .integer(start.character)],
                "end": ["line": .integer(end.line), "character": .integer(end.character)]]
    }

    /// An LSP range → UTF-8 offsets; nil when it is not one.
    func offsets(of range: JSON) -> Range<Int>? {
        guard let start = range["start"], let end = range["end"],
              let startLine = start["line"]?.integer, let startCharacter = start["character"]?.integer,
              let endLine = end["line"]?.integer, let endCharacter = end["character"]?.integer else { return nil }
        let from = offset(line: startLine, character: startCharacter)
        let to = offset(line: endLine, character: endCharacter)
        return min(from, to)..<max(from, to)
    }
}

extension SourceFile {
    /// The UTF-8 span of the token a finding names: what editors underline, and what MCP
    /// clients get as the finding's end.
    func span(of finding: Finding) -> Range<Int> {
        guard let token = tree.token(at: AbsolutePosition(utf8Offset: finding.offset)) else { return finding.offset..<finding.offset }
        return finding.offset..<max(finding.offset, token.endPositionBeforeTrailingTrivia.utf8Offset)
    }
}
