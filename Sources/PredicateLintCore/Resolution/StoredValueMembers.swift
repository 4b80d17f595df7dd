import SwiftSyntax

/// Key paths that go from a stored attribute whose value the store keeps whole (a `UUID`, a
/// `URL`, a `Date`) on into a member of that value: `$0.id.uuidString`, `\.homepage?.host`.
/// `value-type-member` and `date-url-member` report them for different types.
public enum StoredValueMembers {
    /// One such path: the attribute, its value type and the member the path goes on to.
    public struct Use {
        public let property: TokenSyntax
        public let type: String
        public let member: TokenSyntax
    }

    /// In a predicate. `skippingCalls`: a member that is called (`$0.date.formatted()`) is left
    /// out, since the macro's own rules judge calls.
    public static func uses(in context: RuleContext, ofTypes types: Set<String>, skippingCalls: Bool = false) -> [Use] {
        context.keyPaths.memberUses.compactMap { use in
            guard let type = storedValueType(use.member, among: types), let descendant = use.access.nextMember else { return nil }
            if skippingCalls, descendant.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.id == descendant.id { return nil }
            return Use(property: use.nameToken, type: type, member: descendant.declName.baseName)
        }
    }

    /// In a sort or section key path, which SwiftData validates the same way.
    public static func uses(in context: KeyPathContext, ofTypes types: Set<String>) -> [Use] {
        guard [.sort, .section].contains(context.role) else { return [] }
        return context.steps.compactMap { step in
            guard let type = storedValueType(step.member, among: types), let member = step.next else { return nil }
            return Use(property: step.nameToken, type: type, member: member)
        }
    }

    private static func storedValueType(_ member: ModelMember?, among types: Set<String>) -> String? {
        guard let member, member.kind == .stored, let type = member.type,
              case .named(let name) = KeyPathResolution.unwrapped(type), types.contains(name) else { return nil }
        return name
    }
}
