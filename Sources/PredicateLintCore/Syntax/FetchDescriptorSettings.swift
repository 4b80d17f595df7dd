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
            return FetchCall.Descriptor(changes: initializerChanges(call))
        }
        guard let reference = expression.as(DeclReferenceExprSyntax.self),
              case .variable(let binding)? = LexicalLookup.binding(of: reference.baseName.text, from: reference),
              let block = localBlock(declaring: binding),
              let initializer = binding.initializer?.value.withoutParentheses.as(FunctionCallExprSyntax.self),
              QueryKeyPathFinder.typeName(calledBy: initializer) == "FetchDescriptor" else { return nil }
        return FetchCall.Descriptor(changes: initializerChanges(initializer) + changes(to: reference.baseName.text, in: block, boundBy: binding))
    }

    /// `FetchDescriptor(predicate: p, sortBy: [SortDescriptor(\.name)])`: each labeled argument.
    private static func initializerChanges(_ call: FunctionCallExprSyntax) -> [FetchCall.Descriptor.Change] {
        call.arguments.compactMap { argument in
            argument.label.map { FetchCall.Descriptor.Change(setting: $0.text, value: argument.expression) }
        }
    }

    /// The statements of the function or closure body a local variable is declared in; nil for
    /// a property or a global.
    private static func localBlock(declaring binding: PatternBindingSyntax) -> CodeBlockItemListSyntax? {
        guard let items = binding.parent?.parent?.parent?.parent?.as(CodeBlockItemListSyntax.self),
              !(items.parent?.is(SourceFileSyntax.self) ?? true) else { return nil }
        return items
    }

    /// Each change `block` makes to the variable `binding` declares (`name`): one walk over the
    /// block's tokens. `name.setting = value`, or `name.setting.append(…)` / `.insert(…)`.
    private static func changes(to name: String, in block: CodeBlockItemListSyntax,
                                boundBy binding: PatternBindingSyntax) -> [FetchCall.Descriptor.Change] {
        block.tokens(viewMode: .sourceAccurate).compactMap { token -> FetchCall.Descriptor.Change? in
            guard token.text == name, let reference = token.parent?.as(DeclReferenceExprSyntax.self),
                  let member = reference.parent?.as(MemberAccessExprSyntax.self) else { return nil }
            let change: FetchCall.Descriptor.Change
            if let assignment = member.parent?.as(InfixOperatorExprSyntax.self), assignment.operator.is(AssignmentExprSyntax.self),
               assignment.leftOperand.id == member.id {
                change = .init(setting: member.declName.baseName.text, value: assignment.rightOperand)
            } else if let append = member.parent?.as(MemberAccessExprSyntax.self),
                      ["append", "insert"].contains(append.declName.baseName.text), append.parent?.is(FunctionCallExprSyntax.self) == true {
                change = .init(setting: member.declName.baseName.text, value: nil)
            } else {
                return nil
            }
            return refersTo(reference, binding) ? change : nil
        }
    }

    private static func refersTo(_ reference: DeclReferenceExprSyntax, _ binding: PatternBindingSyntax) -> Bool {
        guard case .variable(let found)? = LexicalLookup.binding(of: reference.baseName.text, from: reference) else { return false }
        return found.id == binding.id
    }
}
