import SwiftOperators
import SwiftParser
import SwiftSyntax

/// One Swift file, parsed once, with its operators folded.
///
/// Folding matters: the parser leaves `a == b && c` as a flat sequence, and rules judge
/// operators by their operands, so every rule sees the folded tree. Operators declared in the
/// file itself (`infix operator ≈`) are added to the table first so that they fold too.
public struct SourceFile: Sendable {
    /// The path as the caller wants it shown in findings; never opened by the library.
    public let path: String
    public let text: String
    public let tree: SourceFileSyntax
    public let locationConverter: SourceLocationConverter
    /// The deepest nesting of syntax nodes. SwiftSyntax's visitors (and ours) recurse once per
    /// level, so a file nested beyond `maximumSafeDepth` (a chain of thousands of `.member`s,
    /// which the parser's own nesting limit does not cap) is not checked at all: it is
    /// reported instead of overflowing the stack.
    public let depth: Int

    /// Safe in a debug build on an 8 MB stack, with room to spare.
    public static let maximumSafeDepth = 1_500

    /// Why this file cannot be checked, or nil. Such a file has an empty tree: nothing in it is
    /// reported, and every entry point must say so instead.
    public let problem: Problem?

    public enum Problem: Equatable, Sendable, CustomStringConvertible {
        /// Refused before parsing (`ParseGuard`).
        case refused(ParseGuard.Refusal)
        /// Parsed, but deeper than `maximumSafeDepth`.
        case tooDeep(depth: Int)

        /// Completes "File.swift: …".
        public var description: String {
            switch self {
            case .refused(let refusal): refusal.description
            case .tooDeep(let depth):
                "is nested \(depth) levels deep, more than the \(SourceFile.maximumSafeDepth) that can be checked "
                    + "safely; it was skipped (split the long expression)"
            }
        }

        /// The line it concerns.
        public var line: Int {
            if case .refused(let refusal) = self { return refusal.line }
            return 1
        }
    }

    public var isCheckable: Bool { problem == nil }

    /// The text as written, where `text` is its outline (`PredicateOutline`): what a rule that
    /// must look into blanked bodies reads, parsed only when it asks (`FileFacts.wholeTree`,
    /// `FileFacts.textFieldBindings`).
    public let unoutlined: UnoutlinedParse?
    public var unoutlinedText: String? { unoutlined?.text }

    public init(path: String, text: String, outlining original: String? = nil) {
        let refusal = ParseGuard.refusal(for: text)
        // A refused text is not given to the parser at all.
        self.init(path: path, text: text, outlining: original, refusal: refusal, parsed: Self.parse(refusal == nil ? text : ""),
                  unoutlined: original.map { UnoutlinedParse(text: $0, after: nil) })
    }

    /// `parsed`: the tree of `text` as the parser gave it (of "" where `refusal` is not nil);
    /// `unoutlined`: the text as written, where `text` is its outline.
    init(path: String, text: String, outlining original: String?, refusal: ParseGuard.Refusal?, parsed: SourceFileSyntax,
         unoutlined: UnoutlinedParse?) {
        self.path = path
        self.text = text
        self.unoutlined = unoutlined
        var operators = OperatorTable.standardOperators
        // A malformed operator declaration must not stop the lint: ignore what cannot be added.
        operators.addSourceFile(parsed) { _ in }
        let folded = operators.foldAll(parsed) { _ in }
        self.tree = folded.as(SourceFileSyntax.self) ?? parsed
        self.locationConverter = SourceLocationConverter(fileName: path, tree: self.tree)
        let depth = Self.depth(of: Syntax(self.tree))
        self.depth = depth
        problem = refusal.map { .refused($0) } ?? (depth > Self.maximumSafeDepth ? .tooDeep(depth: depth) : nil)
    }

    /// Every parse of Swift text in the tool, with the parser's nesting limit stated: its
    /// default depends on how swift-syntax was built (`ParseGuard.parserNestingLimit`).
    public static func parse(_ text: String) -> SourceFileSyntax {
        var text = text
        return text.withUTF8 { Parser.parse(source: $0, maximumNestingLevel: ParseGuard.parserNestingLimit) }
    }

    /// Measured with an explicit stack, so measuring cannot overflow either.
    static func depth(of root: Syntax) -> Int {
        var deepest = 0
        var pending: [(Syntax, Int)] = [(root, 1)]
        while let (node, level) = pending.popLast() {
            deepest = max(deepest, level)
            for child in node.children(viewMode: .sourceAccurate) {
                // A token has no children: counted here, never pushed (about half the nodes).
                if child.kind == .token { deepest = max(deepest, level + 1) } else { pending.append((child, level + 1)) }
            }
        }
        return deepest
    }

    /// Line and column (1-based, UTF-8 columns as swiftc prints them) of a position.
    public func location(of position: AbsolutePosition) -> (line: Int, column: Int) {
        let location = locationConverter.location(for: position)
        return (location.line, location.column)
    }
}
