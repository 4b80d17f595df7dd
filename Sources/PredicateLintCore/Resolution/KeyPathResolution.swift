import SwiftSyntax

/// What the member chains of one predicate reach: for each `base.member` whose base is a model,
/// which member of which model it names; and, on request, the type of any expression in the
/// body. Types come from the predicate's stated input types (looked up where the predicate is
/// written, as Swift would), the `ModelIndex`, and the closures, optionals and `if let`s in
/// between. Types here are resolved: a model is named by its qualified name. A name that is
/// not a parameter of the predicate or of a closure inside it is a captured value: its type is
/// unknown, and rules say nothing about it.
public final class KeyPathResolution {
    /// A member of a model used in the predicate.
    public struct MemberUse {
        /// The `base.member` expression.
        public let access: MemberAccessExprSyntax
        /// The model that `base` is.
        public let model: String
        /// What the model declares under that name; nil when it declares nothing.
        public let member: ModelMember?

        public var nameToken: TokenSyntax { access.declName.baseName }
    }

    public let index: ModelIndex
    public let site: PredicateSite
    /// What the predicate's input is: a model, a type evaluated in memory, a generic parameter…
    public let root: PredicateRoot
    /// The qualified name of where the predicate is written.
    public let scope: String?
    /// Every member access whose base resolves to a model, in source order.
    public private(set) var memberUses: [MemberUse] = []
    private var types: [SyntaxIdentifier: WrittenType?] = [:]
    /// The file's declarations, indexed once for all its predicates.
    private let fileScope: FileFacts?

    public init(site: PredicateSite, facts: PredicateFacts, index: ModelIndex, fileScope: FileFacts? = nil) {
        self.index = index
        self.fileScope = fileScope
        self.site = site
        scope = index.qualifiedName(ofScope: site.scope)
        root = site.rootType.map { PredicateRoot.of($0, at: site, index: index) } ?? .unknown
        // Callees (`$0.summary()`) are calls, judged by the call rules.
        for access in facts.memberAccesses {
            guard let base = access.base, case .named(let model)? = type(of: base).map(Self.unwrapped),
                  index.isModel(model) else { continue }
            memberUses.append(MemberUse(
                access: access, model: model,
                member: index.member(access.declName.baseName.text, of: model)))
        }
    }

    /// The type of an expression in the predicate body, resolved; nil when unknown.
    public func type(of expression: ExprSyntax) -> WrittenType? {
        if let known = types[expression.id] { return known }
        let type = computeType(of: expression)
        types[expression.id] = type
        return type
    }

    /// Whether an expression is a model: a relationship, or a predicate input.
    public func isModel(_ expression: ExprSyntax) -> Bool {
        guard case .named(let name)? = type(of: expression).map(Self.unwrapped) else { return false }
        return index.isModel(name)
    }

    public static func unwrapped(_ type: WrittenType) -> WrittenType {
        if case .optional(let wrapped) = type { return unwrapped(wrapped) }
        return type
    }

    private func computeType(of expression: ExprSyntax) -> WrittenType? {
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            return typeOfName(reference)
        }
        if let member = expression.as(MemberAccessExprSyntax.self) {
            return typeOfMember(member)
        }
        if let chain = expression.as(OptionalChainingExprSyntax.self) {
            return type(of: chain.expression).map(Self.unwrapped)
        }
        if let unwrap = expression.as(ForceUnwrapExprSyntax.self) {
            return type(of: unwrap.expression).map(Self.unwrapped)
        }
        if expression.withoutParentheses.id != expression.id {
            return type(of: expression.withoutParentheses)
        }
        if let infix = expression.as(InfixOperatorExprSyntax.self), infix.operatorText == "??" {
            return type(of: infix.leftOperand).map(Self.unwrapped)
        }
        if let call = expression.as(FunctionCallExprSyntax.self), call.calleeName == "filter",
           let receiver = call.receiver {
            return type(of: receiver)
        }
        if let subscriptCall = expression.as(SubscriptCallExprSyntax.self),
           let collection = type(of: subscriptCall.calledExpression).map(Self.unwrapped) {
            return Self.element(of: collection)
        }
        return nil
    }

    private func typeOfMember(_ member: MemberAccessExprSyntax) -> WrittenType? {
        guard let base = member.base, let baseType = type(of: base) else { return nil }
        let name = member.declName.baseName.text
        switch Self.unwrapped(baseType) {
        case .named(let model) where index.isModel(model):
            if name == "persistentModelID" { return .named("PersistentIdentifier") }
            return index.member(name, of: model)?.type
        case .named("String"):
            return ["count": .named("Int"), "isEmpty": .named("Bool")][name]
        case .array(let element), .set(let element):
            return Self.memberType(name, ofCollectionOf: element)
        default:
            return nil
        }
    }

    /// `tags.count`, `tags.first`: the members of an array or set a predicate can read.
    public static func memberType(_ name: String, ofCollectionOf element: WrittenType) -> WrittenType? {
        switch name {
        case "count": .named("Int")
        case "isEmpty": .named("Bool")
        case "first", "last": .optional(element)
        default: nil
        }
    }

    /// A parameter's type: the predicate's own inputs, the element of the collection a nested
    /// closure iterates, the value an `if let` unwraps.
    private func typeOfName(_ reference: DeclReferenceExprSyntax) -> WrittenType? {
        let name = reference.baseName.text
        switch LexicalLookup.binding(of: name, from: reference, fileScope: fileScope) {
        case .closureParameter(let closure)?:
            if closure.id == site.closure.id {
                let position = name.hasPrefix("$") ? Int(name.dropFirst()) : site.parameterNames.firstIndex(of: name)
                guard let position, position < site.inputTypes.count else { return nil }
                return inputType(site.inputTypes[position])
            }
            return typeOfClosureParameter(closure)
        case .optionalBinding(let binding)?:
            guard let value = binding.initializer?.value, binding.isInside(site.closure) else { return nil }
            return type(of: value).map(Self.unwrapped)
        default:
            return nil
        }
    }

    /// `$0` in `$0.cast.contains { $0.name … }` is an element of `cast`; in
    /// `$0.director.flatMap { $0.name … }` it is the unwrapped director.
    private func typeOfClosureParameter(_ closure: ClosureExprSyntax) -> WrittenType? {
        let call = closure.parent?.as(FunctionCallExprSyntax.self)
            ?? closure.parent?.parent?.parent?.as(FunctionCallExprSyntax.self)
        guard let call, let receiver = call.receiver,
              let receiverType = type(of: receiver).map(Self.unwrapped) else { return nil }
        switch call.calleeName {
        case "contains", "allSatisfy", "filter": return Self.element(of: receiverType)
        case "flatMap": return Self.element(of: receiverType) == nil ? receiverType : nil
        default: return nil
        }
    }

    private static func element(of collection: WrittenType) -> WrittenType? {
        switch collection {
        case .array(let element), .set(let element): return element
        default: return nil
        }
    }

    /// A stated input type (`Movie`, `SchemaV2.Trip`), resolved; nil for a generic parameter
    /// or a name that could mean two types.
    private func inputType(_ text: String) -> WrittenType? {
        switch PredicateRoot.of(text, at: site, index: index) {
        case .model(let name), .inMemory(let name): .named(name)
        default: nil
        }
    }
}
