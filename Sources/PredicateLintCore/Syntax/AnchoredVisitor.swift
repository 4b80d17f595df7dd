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
    /// Where each occurrence of an anchor starts, in bytes, in order.
    private let anchors: [Int]

    init(anchors words: [String], in tree: some SyntaxProtocol) {
        var starts: [Int] = []
        let text = tree.syntaxTextBytes
        let base = tree.position.utf8Offset
        text.withUnsafeBufferPointer { bytes in
            for word in words { ByteSearch.forEachOffset(of: word, in: bytes) { starts.append(base + $0) } }
        }
        anchors = starts.sorted()
        super.init(viewMode: .sourceAccurate)
    }

    override func visitAny(_ node: Syntax) -> SyntaxVisitorContinueKind {
        holdsAnchor(node) ? .visitChildren : .skipChildren
    }

    /// Whether an anchor starts within the node's bytes (its trivia included).
    final func holdsAnchor(_ node: Syntax) -> Bool {
        let start = node.position.utf8Offset, end = node.endPosition.utf8Offset
        var low = 0, high = anchors.count
        while low < high {
            let middle = (low + high) / 2
            if anchors[middle] < start { low = middle + 1 } else { high = middle }
        }
        return low < anchors.count && anchors[low] < end
    }
}
