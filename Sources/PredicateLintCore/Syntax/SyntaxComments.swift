import SwiftSyntax

/// The comments in a piece of syntax, with where each starts: one walk over its tokens'
/// leading and trailing trivia, for suppression comments and for a fix that must keep them.
enum SyntaxComments {
    static func all(in node: some SyntaxProtocol) -> [(position: AbsolutePosition, text: String)] {
        var comments: [(position: AbsolutePosition, text: String)] = []
        for token in node.tokens(viewMode: .sourceAccurate) {
            for (trivia, start) in [(token.leadingTrivia, token.position), (token.trailingTrivia, token.endPositionBeforeTrailingTrivia)] {
                var position = start
                for piece in trivia {
                    switch piece {
                    case .lineComment(let text), .blockComment(let text), .docLineComment(let text), .docBlockComment(let text):
                        comments.append((position, text))
                    default:
                        break
                    }
                    position += piece.sourceLength
                }
            }
        }
        return comments
    }
}
