import SwiftSyntax

/// Where a comment that silences one rule on one line can be written without changing what the
/// code means: above the line (`disable:next`) when the line starts in code or whitespace, else at
/// its end (`disable:this`) when the line ends in code. A line that starts and ends inside a
/// multi-line string literal or a block comment has no such place (a comment written there would
/// become part of the string's value, and silence nothing), so none is offered.
public enum SuppressionComment {
    /// Text to insert at a UTF-8 offset of the file.
    public struct Insertion: Equatable, Sendable {
        public let offset: Int
        public let text: String
    }

    public static func insertion(silencing ruleID: String, onLine line: Int, in file: SourceFile) -> Insertion? {
        // Lines as findings count them: the file's own line table.
        guard line >= 1, line <= file.location(of: file.tree.endPosition).line else { return nil }
        let bytes = Array(file.text.utf8)
        let start = file.locationConverter.position(ofLine: line, column: 1).utf8Offset
        if isBetweenTokens(start, in: file.tree, endingALine: false) {
            let indentation = bytes[start...].prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
            let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n")).map { $0 > start && bytes[$0 - 1] == UInt8(ascii: "\r") } == true
                ? "\r\n" : "\n"
            return Insertion(offset: start, text: String(decoding: indentation, as: UTF8.self)
                             + "// predicate-lint:disable:next \(ruleID)" + newline)
        }
        var end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
        if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        guard isBetweenTokens(end, in: file.tree, endingALine: true) else { return nil }
        return Insertion(offset: end, text: " // predicate-lint:disable:this \(ruleID)")
    }

    /// Whether a comment inserted at `offset` is a comment of its own: the offset is in
    /// whitespace or at a token's edge, outside every string literal, not inside a comment; and,
    /// for the end of a line, not after a line comment, which would swallow the new one.
    private static func isBetweenTokens(_ offset: Int, in tree: SourceFileSyntax, endingALine: Bool) -> Bool {
        guard let token = tree.token(at: AbsolutePosition(utf8Offset: offset)) else { return true }
        if isInsideStringLiteral(token) { return false }
        let textStart = token.positionAfterSkippingLeadingTrivia.utf8Offset
        let textEnd = token.endPositionBeforeTrailingTrivia.utf8Offset
        if offset > textStart && offset < textEnd { return false }
        let inLeading = offset <= textStart
        let (trivia, triviaStart) = inLeading ? (token.leadingTrivia, token.position.utf8Offset) : (token.trailingTrivia, textEnd)
        var pieceStart = triviaStart
        var before: TriviaPiece?
        for piece in trivia {
            let pieceEnd = pieceStart + piece.sourceLength.utf8Length
            if offset > pieceStart && offset < pieceEnd { return !isComment(piece) && !isUnexpected(piece) }
            if pieceEnd <= offset, !piece.isWhitespace { before = piece }
            pieceStart = pieceEnd
        }
        guard endingALine else { return true }
        if before == nil, inLeading { before = token.previousToken(viewMode: .sourceAccurate)?.trailingTrivia.pieces.last { !$0.isWhitespace } }
        return !(before.map(isLineComment) ?? false)
    }

    /// A token of a string literal other than its opening delimiter: a line starting there is
    /// inside the string.
    private static func isInsideStringLiteral(_ token: TokenSyntax) -> Bool {
        var node = token.parent
        while let current = node {
            if let literal = current.as(StringLiteralExprSyntax.self) {
                return token.id != literal.openingQuote.id && token.id != literal.openingPounds?.id
            }
            node = current.parent
        }
        return false
    }

    private static func isLineComment(_ piece: TriviaPiece) -> Bool {
        switch piece {
        case .lineComment, .docLineComment: return true
        default: return false
        }
    }

    private static func isComment(_ piece: TriviaPiece) -> Bool {
        switch piece {
        case .lineComment, .docLineComment, .blockComment, .docBlockComment: return true
        default: return false
        }
    }

    private static func isUnexpected(_ piece: TriviaPiece) -> Bool {
        if case .unexpectedText = piece { return true }
        return false
    }
}
