import Foundation
import SwiftSyntax

/// What a whole file says that rules may ask about from any of its predicates, worked out on
/// first use and then shared: asking again from each of thousands of predicates must not walk
/// the file each time.
public final class FileFacts: @unchecked Sendable {
    private let tree: SourceFileSyntax
    private let lock = NSLock()
    private var guardStatements: [GuardStmtSyntax]?
    private var fileLevel: [String: NameBinding]?

    public init(tree: SourceFileSyntax) {
        self.tree = tree
    }

    /// Every `guard #available(…)` statement (a `guard` with an availability condition).
    public var availabilityGuardStatements: [GuardStmtSyntax] {
        lock.withLock {
            if let guardStatements { return guardStatements }
            let collector = GuardCollector(viewMode: .sourceAccurate)
            collector.walk(tree)
            guardStatements = collector.found
            return collector.found
        }
    }

    /// What each name declared at file level refers to: `LexicalLookup` asks this instead of
    /// scanning every top-level statement for every name.
    public var fileLevelBindings: [String: NameBinding] {
        lock.withLock {
            if let fileLevel { return fileLevel }
            let bindings = LexicalLookup.fileLevelBindings(in: tree)
            fileLevel = bindings
            return bindings
        }
    }

    private final class GuardCollector: SyntaxVisitor {
        var found: [GuardStmtSyntax] = []

        override func visit(_ node: GuardStmtSyntax) -> SyntaxVisitorContinueKind {
            if node.conditions.contains(where: { $0.condition.is(AvailabilityConditionSyntax.self) }) { found.append(node) }
            return .visitChildren
        }
    }
}
