import SwiftSyntax

// The shapes of expressions that rules and key-path resolution ask about, written once.

extension ExprSyntax {
    /// The expression inside any number of parentheses: `((x))` → `x`.
    public var withoutParentheses: ExprSyntax {
        var expression = self
        while let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1,
              let only = tuple.elements.first, only.label == nil {
            expression = only.expression
        }
        return expression
    }

    /// Whether this is one side of `== nil` or `!= nil` (which only asks whether a value is there).
    public var isComparedWithNil: Bool {
        guard let comparison = parent?.as(InfixOperatorExprSyntax.self),
              ["==", "!="].contains(comparison.operatorText) else { return false }
        return comparison.leftOperand.is(NilLiteralExprSyntax.self) || comparison.rightOperand.is(NilLiteralExprSyntax.self)
    }

    /// Whether the receiver chain has a `?.`, through members, calls, subscripts, `!` and
    /// parentheses; arguments and closures are not part of the chain.
    public var hasOptionalChain: Bool {
        var current: ExprSyntax? = self
        while let node = current {
            if node.is(OptionalChainingExprSyntax.self) { return true }
            if let member = node.as(MemberAccessExprSyntax.self) { current = member.base }
            else if let call = node.as(FunctionCallExprSyntax.self) { current = call.calledExpression }
            else if let unwrap = node.as(ForceUnwrapExprSyntax.self) { current = unwrap.expression }
            else if let subscriptCall = node.as(SubscriptCallExprSyntax.self) { current = subscriptCall.calledExpression }
            else if let tuple = node.as(TupleExprSyntax.self), tuple.elements.count == 1 { current = tuple.elements.first?.expression }
            else { current = nil }
        }
        return false
    }
}

extension MemberAccessExprSyntax {
    /// The member the chain goes on to, through `?.` and `!`: `.rawValue` in
    /// `$0.genre.rawValue`, `$0.kind?.rawValue` or `$0.budget!.amount`; nil where the chain
    /// ends here.
    public var nextMember: MemberAccessExprSyntax? {
        var node = Syntax(self)
        while let parent = node.parent, parent.is(OptionalChainingExprSyntax.self) || parent.is(ForceUnwrapExprSyntax.self) {
            node = parent
        }
        guard let outer = node.parent?.as(MemberAccessExprSyntax.self), outer.base?.id == node.id else { return nil }
        return outer
    }
}

extension InfixOperatorExprSyntax {
    /// `==` in `a == b`; nil for assignments and other non-binary operators.
    public var operatorText: String? { self.operator.as(BinaryOperatorExprSyntax.self)?.operator.text }

    public static let comparisonOperators: Set<String> = ["==", "!=", "<", "<=", ">", ">="]

    /// `a == b`, `a < b`: a comparison, not logic or arithmetic.
    public var isComparison: Bool { operatorText.map(Self.comparisonOperators.contains) ?? false }
}

extension FunctionCallExprSyntax {
    /// The called member's or function's name token: `contains` in `$0.cast.contains(x)`,
    /// `Date` in `Date()`.
    public var calleeToken: TokenSyntax? {
        var callee = calledExpression
        if let specialized = callee.as(GenericSpecializationExprSyntax.self) { callee = specialized.expression }
        if let member = callee.as(MemberAccessExprSyntax.self) { return member.declName.baseName }
        if let reference = callee.as(DeclReferenceExprSyntax.self) { return reference.baseName }
        return nil
    }

    public var calleeName: String? { calleeToken?.text }

    /// The receiver of a method call: `$0.cast` in `$0.cast.contains(x)`. Nil for a global
    /// function or an implicit member (`.init()`).
    public var receiver: ExprSyntax? { calledExpression.as(MemberAccessExprSyntax.self)?.base }

    /// True for `f(x)` and `Type(x)`: a call to a function or initializer by bare name.
    public var isGlobalCall: Bool {
        var callee = calledExpression
        if let specialized = callee.as(GenericSpecializationExprSyntax.self) { callee = specialized.expression }
        return callee.is(DeclReferenceExprSyntax.self)
    }

    /// `x.f(y)` with one unlabeled argument and no trailing closure: the argument.
    public var singleUnlabeledArgument: ExprSyntax? {
        guard arguments.count == 1, let argument = arguments.first, argument.label == nil,
              trailingClosure == nil, additionalTrailingClosures.isEmpty else { return nil }
        return argument.expression
    }

    /// The shapes this call can match. A trailing closure can stand for any one label, so
    /// `contains { … }` is both `contains(_:)` and `contains(where:)`. Nil when the callee is
    /// not a named member (`$0.f()`) or function (`f()`).
    public var callShapes: [CallShape]? {
        guard let name = calleeName else { return nil }
        let labels = arguments.map { $0.label?.text ?? "_" }
        let trailingCount = (trailingClosure == nil ? 0 : 1) + additionalTrailingClosures.count
        if trailingCount == 0 { return [CallShape(name: name, labels: labels)] }
        // Trailing closures fill the last parameters; their labels are unknown, so offer the
        // common ones.
        return ["_", "where", "by"].map { CallShape(name: name, labels: labels + Array(repeating: $0, count: trailingCount)) }
    }
}

/// A call's base name and argument labels, `_` for an unlabeled argument: `starts(with:)`.
public struct CallShape: Hashable, Sendable, CustomStringConvertible {
    public let name: String
    public let labels: [String]

    public init(name: String, labels: [String]) {
        self.name = name
        self.labels = labels
    }

    public var description: String { "\(name)(\(labels.map { "\($0):" }.joined()))" }
}
