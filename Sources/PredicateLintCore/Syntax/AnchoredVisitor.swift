import SwiftSyntax

/// A walk that enters only the nodes whose text holds one of its anchor words: what a
/// collector looks for always spells one (a macro its `#`, a key path its `\`, a type its
/// `struct` or `class`), so a subtree without any cannot hold it. A large view's hundreds of
/// members are then passed over one node each, instead of node by node (five such walks were a
/// quarter of what the language server spent on an edit of one).
///
/// Subclasses override `visit` for the nodes they collect; every other node is entered or
/// skipped here. The order of the nodes visited is the full walk's, less what is skipped.
class AnchoredVisitor: SyntaxAnyVisitor {
    /// Where the anchors occur, by offset in the file.
    private let anchors: WordOccurrences

    init(anchors words: [String], in tree: some SyntaxProtocol) {
        let base = tree.position.utf8Offset
        anchors = tree.syntaxTextBytes.withUnsafeBufferPointer { WordOccurrences(of: words, in: $0, at: base) }
        super.init(viewMode: .sourceAccurate)
    }

    override func visitAny(_ node: Syntax) -> SyntaxVisitorContinueKind {
        holdsAnchor(node) ? .visitChildren : .skipChildren
    }

    /// Whether an anchor lies within the node's bytes (its trivia included): every node that
    /// holds what is collected, and so each of its ancestors, spells one whole.
    final func holdsAnchor(_ node: Syntax) -> Bool {
        anchors.anyWithin(node.position.utf8Offset..<node.endPosition.utf8Offset)
    }
}
