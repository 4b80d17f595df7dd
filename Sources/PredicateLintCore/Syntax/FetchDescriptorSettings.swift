import SwiftSyntax

/// What the code in view says about a fetch descriptor's settings: the initializer that builds
/// it, and the assignments to it in the function that holds it.
enum FetchDescriptorSettings {
    /// The descriptor given to a fetch as `expression`: built right there
    /// (`fetchIdentifiers(FetchDescriptor<Trip>(sortBy: …))`), or a local variable initialized
    /// with a `FetchDescriptor` in the same function. Nil for anything else (a parameter, a
    /// property, a function's result): its settings are not in view.
    static func descriptor(passedAs expression: ExprSyntax) -> FetchCall.Descriptor? {
        let expression = expression.withoutParentheses
        if let call = expression.as(FunctionCallExprSyntax.self) {
            guard QueryKeyPathFinder.typeName(calledBy: call) == "FetchDescriptor" else { return nil }
            return FetchCall.Descriptor(sorts: initializerSorts(call), includesPendingChanges: true)
        }
        guard let reference = expression.as(DeclReferenceExprSyntax.self),
              case .variable(let binding)? = LexicalLookup.binding(of: reference.baseName.text, from: reference),
              let block = localBlock(declaring: binding),
              let initializer = binding.initializer?.value.withoutParentheses.as(FunctionCallExprSyntax.self),
              QueryKeyPathFinder.typeName(calledBy: initializer) == "FetchDescriptor" else { return nil }
        var sorts = initializerSorts(initializer)
        var includesPendingChanges = true
        for use in uses(of: reference.baseName.text, in: block, boundBy: binding) {
            switch use {
            case .assigned("sortBy", let value): sorts = isNonEmpty(value)
            case .assigned("includePendingChanges", let value):
                if value.as(BooleanLiteralExprSyntax.self)?.literal.tokenKind != .keyword(.true) { includesPendingChanges = false }
            case .appendedToSortBy: sorts = true
            case .assigned: break
            }
        }
        return FetchCall.Descriptor(sorts: sorts, includesPendingChanges: includesPendingChanges)
    }

    /// `FetchDescriptor(sortBy: [SortDescriptor(\.name)])`: whether the initializer sorts.
    private static func initializerSorts(_ call: FunctionCallExprSyntax) -> Bool {
        call.arguments.first { $0.label?.text == "sortBy" }.map { isNonEmpty($0.expression) } ?? false
    }

    /// Anything but the literal `[]`: a variable holding sort descriptors is taken to hold some.
    private static func isNonEmpty(_ expression: ExprSyntax) -> Bool {
        guard let array = expression.withoutParentheses.as(ArrayExprSyntax.self) else { return true }
        return !array.elements.isEmpty
    }

    /// The statements of the function or closure body a local variable is declared in; nil for
    /// a property or a global.
    private static func localBlock(declaring binding: PatternBindingSyntax) -> CodeBlockItemListSyntax? {
        guard let items = binding.parent?.parent?.parent?.parent?.as(CodeBlockItemListSyntax.self),
              !(items.parent?.is(SourceFileSyntax.self) ?? true) else { return nil }
        return items
    }

    /// What a statement does with the descriptor variable.
    private enum Use {
        /// `name.setting = value`
        case assigned(String, ExprSyntax)
        /// `name.sortBy.append(…)` or `.insert(…)`
        case appendedToSortBy
    }

    /// Each use of `name` in `block`, where `name` is the variable `binding` declares: one walk
    /// over the block's tokens.
    private static func uses(of name: String, in block: CodeBlockItemListSyntax, boundBy binding: PatternBindingSyntax) -> [Use] {
        block.tokens(viewMode: .sourceAccurate).compactMap { token -> Use? in
            guard token.text == name, let reference = token.parent?.as(DeclReferenceExprSyntax.self),
                  let member = reference.parent?.as(MemberAccessExprSyntax.self) else { return nil }
            let use: Use
            if let assignment = member.parent?.as(InfixOperatorExprSyntax.self), assignment.operator.is(AssignmentExprSyntax.self),
               assignment.leftOperand.id == member.id {
                use = .assigned(member.declName.baseName.text, assignment.rightOperand)
            } else if member.declName.baseName.text == "sortBy", let append = member.parent?.as(MemberAccessExprSyntax.self),
                      ["append", "insert"].contains(append.declName.baseName.text), append.parent?.is(FunctionCallExprSyntax.self) == true {
                use = .appendedToSortBy
            } else {
                return nil
            }
            return refersTo(reference, binding) ? use : nil
        }
    }

    private static func refersTo(_ reference: DeclReferenceExprSyntax, _ binding: PatternBindingSyntax) -> Bool {
        guard case .variable(let found)? = LexicalLookup.binding(of: reference.baseName.text, from: reference) else { return false }
        return found.id == binding.id
    }
}
