import SwiftSyntax

/// What Foundation's `#Predicate` macro accepts, written down once for every rule.
///
/// Source: swift-foundation's `PredicateMacro.swift` (`_knownSupportedFunctions` and the
/// operator table), checked against the real macro by the oracle test.
public enum MacroSupport {
    /// A call shape: base name and argument labels, `_` for an unlabeled argument.
    public struct CallShape: Hashable, Sendable, CustomStringConvertible {
        public let name: String
        public let labels: [String]

        public var description: String { "\(name)(\(labels.map { "\($0):" }.joined()))" }
    }

    /// Calls the macro rewrites. The last three exist only in Apple's Foundation; the macro
    /// accepts them everywhere, and Linux then fails to find their `build_` functions.
    public static let supportedCalls: Set<CallShape> = [
        CallShape(name: "contains", labels: ["_"]),
        CallShape(name: "contains", labels: ["where"]),
        CallShape(name: "allSatisfy", labels: ["_"]),
        CallShape(name: "filter", labels: ["_"]),
        CallShape(name: "flatMap", labels: ["_"]),
        CallShape(name: "starts", labels: ["with"]),
        CallShape(name: "min", labels: []),
        CallShape(name: "max", labels: []),
        CallShape(name: "localizedStandardContains", labels: ["_"]),
        CallShape(name: "localizedCompare", labels: ["_"]),
        CallShape(name: "caseInsensitiveCompare", labels: ["_"]),
    ]

    /// `evaluate` takes one unlabeled argument per input of the predicate it calls.
    public static func isSupported(_ call: FunctionCallExprSyntax) -> Bool {
        guard let shapes = shapes(of: call) else { return false }
        if shapes.first?.name == "evaluate" { return shapes.contains { $0.labels.allSatisfy { $0 == "_" } } }
        return shapes.contains(where: supportedCalls.contains)
    }

    /// The shapes a call can match. A trailing closure can stand for any one label, so
    /// `contains { … }` is both `contains(_:)` and `contains(where:)`. Nil when the callee is
    /// not a named member (`$0.f()`) or function (`f()`).
    public static func shapes(of call: FunctionCallExprSyntax) -> [CallShape]? {
        guard let name = calleeName(of: call) else { return nil }
        let labels = call.arguments.map { $0.label?.text ?? "_" }
        let trailingCount = (call.trailingClosure == nil ? 0 : 1) + call.additionalTrailingClosures.count
        if trailingCount == 0 { return [CallShape(name: name, labels: labels)] }
        // Trailing closures fill the last parameters; their labels are unknown, so offer the
        // common ones.
        let trailingLabelChoices = ["_", "where", "by"]
        return trailingLabelChoices.map { CallShape(name: name, labels: labels + Array(repeating: $0, count: trailingCount)) }
    }

    /// The called member's or function's name token: `contains` in `$0.cast.contains(x)`,
    /// `Date` in `Date()`.
    public static func calleeToken(of call: FunctionCallExprSyntax) -> TokenSyntax? {
        var callee = call.calledExpression
        if let specialized = callee.as(GenericSpecializationExprSyntax.self) { callee = specialized.expression }
        if let member = callee.as(MemberAccessExprSyntax.self) { return member.declName.baseName }
        if let reference = callee.as(DeclReferenceExprSyntax.self) { return reference.baseName }
        return nil
    }

    public static func calleeName(of call: FunctionCallExprSyntax) -> String? { calleeToken(of: call)?.text }

    /// The receiver of a method call: `$0.cast` in `$0.cast.contains(x)`. Nil for a global
    /// function or an implicit member (`.init()`).
    public static func receiver(of call: FunctionCallExprSyntax) -> ExprSyntax? {
        call.calledExpression.as(MemberAccessExprSyntax.self)?.base
    }

    /// True for `f(x)` and `Type(x)`: a call to a function or initializer by bare name, which
    /// the macro rejects as a global function.
    public static func isGlobalCall(_ call: FunctionCallExprSyntax) -> Bool {
        var callee = call.calledExpression
        if let specialized = callee.as(GenericSpecializationExprSyntax.self) { callee = specialized.expression }
        return callee.is(DeclReferenceExprSyntax.self)
    }

    /// Binary operators the macro rewrites. Anything else, standard or custom, is rejected.
    public static let supportedInfixOperators: Set<String> = [
        "==", "!=", "<", "<=", ">", ">=", "&&", "||", "+", "-", "*", "/", "%", "??", "...", "..<",
    ]

    /// Prefix operators the macro rewrites.
    public static let supportedPrefixOperators: Set<String> = ["!", "-"]

    /// Calls and members that evaluate to a Boolean sub-predicate, which SwiftData cannot use
    /// as an operand of `==`/`!=` (see `BooleanComparisonRule`).
    public static let booleanCalls: Set<String> = [
        "contains", "allSatisfy", "starts", "localizedStandardContains", "evaluate",
    ]
    public static let booleanMembers: Set<String> = ["isEmpty"]
}
