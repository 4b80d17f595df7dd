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

    public init(path: String, text: String) {
        self.path = path
        self.text = text
        let parsed = Parser.parse(source: text)
        var operators = OperatorTable.standardOperators
        // A malformed operator declaration must not stop the lint: ignore what cannot be added.
        operators.addSourceFile(parsed) { _ in }
        let folded = operators.foldAll(parsed) { _ in }
        self.tree = folded.as(SourceFileSyntax.self) ?? parsed
        self.locationConverter = SourceLocationConverter(fileName: path, tree: self.tree)
    }

    /// Line and column (1-based, UTF-8 columns as swiftc prints them) of a position.
    public func location(of position: AbsolutePosition) -> (line: Int, column: Int) {
        let location = locationConverter.location(for: position)
        return (location.line, location.column)
    }
}
