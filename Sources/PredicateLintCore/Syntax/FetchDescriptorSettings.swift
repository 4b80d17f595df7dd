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
            return FetchCall.Descriptor(sorts: initializerSorts(call), includePendingChanges: nil)
        }
        guard let reference = expression.as(DeclReferenceExprSyntax.self),
              case .variable(let binding)? = LexicalLookup.binding(of: reference.baseName.text, from: reference),
              let block = localBlock(declaring: binding),
              let initializer = binding.initializer?.value.withoutParentheses.as(FunctionCallExprSyntax.self),
              QueryKeyPathFinder.typeName(calledBy: initializer) == "FetchDescriptor" else { return nil }
        var sorts = initializerSorts(initializer)
        var includePendingChanges: Bool?? = nil
        for assignment in assignments(to: reference.baseName.text, in: block, boundBy: binding) {
            switch assignment.setting {
            case "sortBy": sorts = isNonEmpty(assignment.value)
            case "includePendingChanges":
                let literal = assignment.value.as(BooleanLiteralExprSyntax.self).map { $0.literal.tokenKind == .keyword(.true) }
                // A value set anywhere in view that is not a literal `true` is not SwiftData's default.
                if includePendingChanges == nil || literal != true { includePendingChanges = .some(literal) }
            default: break
            }
        }
        if appendsToSortBy(of: reference.baseName.text, in: block, boundBy: binding) { sorts = true }
        return FetchCall.Descriptor(sorts: sorts, includePendingChanges: includePendingChanges)
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

    private struct Assignment {
        let setting: String
        let value: ExprSyntax
    }

    /// `name.setting = value` anywhere in `block`, where `name` is the variable `binding` declares.
    private static func assignments(to name: String, in block: CodeBlockItemListSyntax,
                                    boundBy binding: PatternBindingSyntax) -> [Assignment] {
        block.tokens(viewMode: .sourceAccurate).compactMap { token -> Assignment? in
            guard token.text == name, let reference = token.parent?.as(DeclReferenceExprSyntax.self),
                  let member = reference.parent?.as(MemberAccessExprSyntax.self),
                  let assignment = member.parent?.as(InfixOperatorExprSyntax.self),
                  assignment.operator.is(AssignmentExprSyntax.self), assignment.leftOperand.id == member.id,
                  refersTo(reference, binding) else { return nil }
            return Assignment(setting: member.declName.baseName.text, value: assignment.rightOperand)
        }
    }

    /// Whether `block` holds `name.sortBy.append(…)` or `.insert(…)`.
    private static func appendsToSortBy(of name: String, in block: CodeBlockItemListSyntax,
                                        boundBy binding: PatternBindingSyntax) -> Bool {
        block.tokens(viewMode: .sourceAccurate).contains { token in
            guard token.text == name, let reference = token.parent?.as(DeclReferenceExprSyntax.self),
                  let sortBy = reference.parent?.as(MemberAccessExprSyntax.self), sortBy.declName.baseName.text == "sortBy",
                  let append = sortBy.parent?.as(MemberAccessExprSyntax.self),
                  ["append", "insert"].contains(append.declName.baseName.text),
                  append.parent?.is(FunctionCallExprSyntax.self) == true else { return false }
            return refersTo(reference, binding)
        }
    }

    private static func refersTo(_ reference: DeclReferenceExprSyntax, _ binding: PatternBindingSyntax) -> Bool {
        guard case .variable(let found)? = LexicalLookup.binding(of: reference.baseName.text, from: reference) else { return false }
        return found.id == binding.id
    }
}
