import SwiftSyntax

/// What one walk over a predicate body saw, sorted by kind of construct.
///
/// Every rule reads these lists instead of walking the body itself, so each predicate is
/// walked once however many rules run. Nested closures (`contains { $0 … }`) are part of the
/// body and their nodes are listed here too.
public struct PredicateFacts {
    /// Every call: `x.contains(y)`, `Date()`, `max(a, b)`.
    public fileprivate(set) var calls: [FunctionCallExprSyntax] = []
    /// Every member access that is not the callee of a call: `$0.cast.isEmpty`, `.active`.
    public fileprivate(set) var memberAccesses: [MemberAccessExprSyntax] = []
    /// Binary operators, after folding: `a == b`, `a &+ b`.
    public fileprivate(set) var infixOperators: [InfixOperatorExprSyntax] = []
    /// Every binary operator token, whether or not folding could place it in an `infixOperators`
    /// entry (an operator declared in another file cannot be folded here).
    public fileprivate(set) var binaryOperators: [BinaryOperatorExprSyntax] = []
    public fileprivate(set) var prefixOperators: [PrefixOperatorExprSyntax] = []
    public fileprivate(set) var postfixOperators: [PostfixOperatorExprSyntax] = []
    public fileprivate(set) var regexLiterals: [RegexLiteralExprSyntax] = []
    /// Bare names: closure parameters (`$0`, `movie`) and captured values (`searchText`).
    public fileprivate(set) var references: [DeclReferenceExprSyntax] = []
    /// `x!`.
    public fileprivate(set) var forceUnwraps: [ForceUnwrapExprSyntax] = []
    /// Closures nested inside the body.
    public fileprivate(set) var nestedClosures: [ClosureExprSyntax] = []

    public init(site: PredicateSite) {
        let walker = FactsWalker()
        walker.walk(site.body)
        self = walker.facts
    }
}

private final class FactsWalker: SyntaxVisitor {
    var facts = PredicateFacts.empty

    init() { super.init(viewMode: .sourceAccurate) }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        facts.calls.append(node)
        return .visitChildren
    }

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        if node.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.id != node.id {
            facts.memberAccesses.append(node)
        }
        return .visitChildren
    }

    override func visit(_ node: InfixOperatorExprSyntax) -> SyntaxVisitorContinueKind {
        facts.infixOperators.append(node)
        return .visitChildren
    }

    override func visit(_ node: BinaryOperatorExprSyntax) -> SyntaxVisitorContinueKind {
        facts.binaryOperators.append(node)
        return .skipChildren
    }

    override func visit(_ node: PrefixOperatorExprSyntax) -> SyntaxVisitorContinueKind {
        facts.prefixOperators.append(node)
        return .visitChildren
    }

    override func visit(_ node: PostfixOperatorExprSyntax) -> SyntaxVisitorContinueKind {
        facts.postfixOperators.append(node)
        return .visitChildren
    }

    override func visit(_ node: RegexLiteralExprSyntax) -> SyntaxVisitorContinueKind {
        facts.regexLiterals.append(node)
        return .skipChildren
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        // The `b` of `a.b` is a member name, not a reference to something in scope.
        if node.parent?.as(MemberAccessExprSyntax.self)?.declName.id != node.id {
            facts.references.append(node)
        }
        return .skipChildren
    }

    override func visit(_ node: ForceUnwrapExprSyntax) -> SyntaxVisitorContinueKind {
        facts.forceUnwraps.append(node)
        return .visitChildren
    }

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
        facts.nestedClosures.append(node)
        return .visitChildren
    }
}

private extension PredicateFacts {
    static var empty: PredicateFacts { PredicateFacts() }
    private init() {}
}
