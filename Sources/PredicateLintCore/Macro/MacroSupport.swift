import SwiftSyntax

/// What Foundation's `#Predicate` macro accepts, written down once: rules check against these
/// tables, and their messages and rationales quote them.
///
/// Source: swift-foundation's `PredicateMacro.swift` (`_knownSupportedFunctions` and the
/// operator table), checked against the real macro by the oracle test.
public enum MacroSupport {
    /// Calls the macro rewrites, in the order messages list them. The last three exist only in
    /// Apple's Foundation; the macro accepts them everywhere, and Linux then fails to find
    /// their `build_` functions. `evaluate` is listed apart: see `isSupported`.
    public static let supportedCalls: [CallShape] = [
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
    public static let evaluate = "evaluate"

    public static func isSupported(_ call: FunctionCallExprSyntax) -> Bool {
        guard let shapes = call.callShapes else { return false }
        if shapes.first?.name == evaluate { return shapes.contains { $0.labels.allSatisfy { $0 == "_" } } }
        return shapes.contains(where: supportedCalls.contains)
    }

    /// Binary operators the macro rewrites, in the order messages list them. Anything else,
    /// standard or custom, is rejected.
    public static let supportedInfixOperators: [String] = [
        "==", "!=", "<", "<=", ">", ">=", "&&", "||", "+", "-", "*", "/", "%", "??", "...", "..<",
    ]

    /// Prefix operators the macro rewrites.
    public static let supportedPrefixOperators: [String] = ["!", "-"]

    /// Calls and members that evaluate to a Boolean sub-predicate, which SwiftData cannot use
    /// as an operand of `==`/`!=` (see `BooleanComparisonRule`).
    public static let booleanCalls: Set<String> = [
        "contains", "allSatisfy", "starts", "localizedStandardContains", evaluate,
    ]
    public static let booleanMembers: Set<String> = ["isEmpty"]

    // MARK: Quoted in messages, rationales and the README

    /// "`contains(_:)`, `contains(where:)`, … and `evaluate`".
    public static var supportedCallsList: String {
        list(supportedCalls.map { "`\($0)`" } + ["`\(evaluate)`"])
    }

    /// "`==` `!=` `<` … `..<`".
    public static var supportedOperatorsList: String {
        (supportedInfixOperators + supportedPrefixOperators.filter { !supportedInfixOperators.contains($0) })
            .map { "`\($0)`" }.joined(separator: " ")
    }

    static func list(_ items: [String]) -> String {
        items.count < 2 ? items.joined() : items.dropLast().joined(separator: ", ") + " and " + items[items.count - 1]
    }
}
