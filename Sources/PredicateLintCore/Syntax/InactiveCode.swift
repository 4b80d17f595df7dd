import SwiftSyntax

// Code in a `#if` branch that no build can compile (`#if false`, the `#else` of `#if true`)
// is not part of the app: its predicates are not reported and its declarations are not
// models. A branch whose condition depends on the platform, the compiler or a flag may be
// compiled somewhere, so it is treated as code like any other.

extension IfConfigClauseSyntax {
    /// Whether some build may compile this branch: false only where the conditions are
    /// constants (`false`, `0`, `!true`, `false && FLAG`) that rule it out.
    public var mayBeActive: Bool {
        guard let clauses = parent?.as(IfConfigClauseListSyntax.self) else { return true }
        for clause in clauses {
            if clause.id == id {
                guard let condition else { return true }  // `#else`, no earlier branch always taken
                return IfConfigCondition.constantValue(of: condition) != false
            }
            // An earlier branch that is always taken leaves none of the later ones.
            if let condition = clause.condition, IfConfigCondition.constantValue(of: condition) == true { return false }
        }
        return true
    }
}

enum IfConfigCondition {
    /// The value of a condition made only of constants; nil when any part depends on the
    /// build (`os(iOS)`, `DEBUG`, `canImport(X)`, `swift(>=6)`).
    static func constantValue(of condition: ExprSyntax) -> Bool? {
        let condition = condition.withoutParentheses
        if let literal = condition.as(BooleanLiteralExprSyntax.self) { return literal.literal.tokenKind == .keyword(.true) }
        if let integer = condition.as(IntegerLiteralExprSyntax.self) { return Int(integer.literal.text).map { $0 != 0 } }
        if let negation = condition.as(PrefixOperatorExprSyntax.self), negation.operator.text == "!" {
            return constantValue(of: negation.expression).map { !$0 }
        }
        if let infix = condition.as(InfixOperatorExprSyntax.self), let operatorText = infix.operatorText {
            return combine(operatorText, constantValue(of: infix.leftOperand), constantValue(of: infix.rightOperand))
        }
        // An unfolded `a && b || c` (the declarations pass does not fold): only one operator kind.
        if let sequence = condition.as(SequenceExprSyntax.self) {
            let elements = Array(sequence.elements)
            let operators = Set(stride(from: 1, to: elements.count, by: 2).compactMap {
                elements[$0].as(BinaryOperatorExprSyntax.self)?.operator.text
            })
            guard operators.count == 1, let operatorText = operators.first, elements.count % 2 == 1 else { return nil }
            var value = constantValue(of: elements[0])
            for index in stride(from: 2, to: elements.count, by: 2) {
                value = combine(operatorText, value, constantValue(of: elements[index]))
            }
            return value
        }
        return nil
    }

    /// `false && anything` is false and `true || anything` true, whatever the other side.
    private static func combine(_ operatorText: String, _ left: Bool?, _ right: Bool?) -> Bool? {
        switch operatorText {
        case "&&": if left == false || right == false { return false }; return left == true && right == true ? true : nil
        case "||": if left == true || right == true { return true }; return left == false && right == false ? false : nil
        default: return nil
        }
    }
}
