import SwiftSyntax

// What is a regular expression in a predicate, written once: `regex` reports these, and
// `case-sensitive-contains` leaves them to it.

extension ExprSyntax {
    /// A regex of any kind: a literal, a call to anything named `Regex` (qualified too), or a
    /// captured regex constant.
    public var isRegexValue: Bool {
        if self.is(RegexLiteralExprSyntax.self) { return true }
        if let call = self.as(FunctionCallExprSyntax.self), call.calleeName == "Regex" { return true }
        if let reference = self.as(DeclReferenceExprSyntax.self) { return reference.isCapturedRegex }
        return false
    }
}

extension FunctionCallExprSyntax {
    /// `Regex(…)` or `Regex { … }`.
    public var isRegexInitializer: Bool { isGlobalCall && calleeName == "Regex" }
}

extension DeclReferenceExprSyntax {
    /// A name that refers to a constant declared with a regex literal, `Regex(…)` or a `Regex` type.
    public var isCapturedRegex: Bool { isCapturedRegex(fileScope: nil) }

    public func isCapturedRegex(fileScope: FileFacts?) -> Bool {
        guard case .variable(let binding)? = LexicalLookup.binding(of: baseName.text, from: self, fileScope: fileScope) else {
            return false
        }
        if let type = binding.typeAnnotation?.type,
           type.unwrappingOptional.as(IdentifierTypeSyntax.self)?.name.text == "Regex" {
            return true
        }
        guard var value = binding.initializer?.value else { return false }
        if let tryExpression = value.as(TryExprSyntax.self) { value = tryExpression.expression }
        if value.is(RegexLiteralExprSyntax.self) { return true }
        if let call = value.as(FunctionCallExprSyntax.self) { return call.isRegexInitializer }
        return false
    }
}
