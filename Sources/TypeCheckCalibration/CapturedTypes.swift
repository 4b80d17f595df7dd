import PredicateLintCore
import SwiftSyntax

/// The type of a value a predicate captures, for its stand-in parameter. `CapturedValues`
/// answers where the declaration states it (`let c: Character`, `var text = ""`, a parameter);
/// apps mostly write `let id = trip.id` or `guard let start = startDate(…)`, so this follows
/// the value a little further: members of typed values (models through the `ModelIndex`, the
/// app's structs through `AppTypes`), functions of the file with a declared result, and a few
/// Foundation calls whose result type is plain. Anything else stays unknown, and the predicate
/// is skipped rather than measured with a guessed type.
struct CapturedTypes {
    let context: RuleContext
    let types: AppTypes
    var index: ModelIndex { context.models }

    /// Members of Foundation's and the standard library's types that apps compute captured
    /// values with, by type: properties, and methods by name (their results do not depend on
    /// the arguments apps pass).
    static let properties: [String: [String: WrittenType]] = [
        "Calendar": ["current": .named("Calendar")],
        "UserDefaults": ["standard": .named("UserDefaults")],
        "Date": ["now": .named("Date"), "distantPast": .named("Date"), "distantFuture": .named("Date"),
                 "timeIntervalSince1970": .named("Double"), "timeIntervalSinceReferenceDate": .named("Double")],
        "String": ["count": .named("Int"), "isEmpty": .named("Bool"), "localizedLowercase": .named("String")],
        "UUID": ["uuidString": .named("String")],
        "URL": ["absoluteString": .named("String"), "path": .named("String")],
    ]
    static let methods: [String: [String: WrittenType]] = [
        "Calendar": ["startOfDay": .named("Date"), "date": .optional(.named("Date"))],
        "Date": ["addingTimeInterval": .named("Date"), "advanced": .named("Date")],
        "UserDefaults": ["string": .optional(.named("String")), "integer": .named("Int"), "bool": .named("Bool"),
                         "double": .named("Double")],
        "String": ["lowercased": .named("String"), "uppercased": .named("String"), "trimmingCharacters": .named("String"),
                   "replacingOccurrences": .named("String")],
    ]

    /// The type of the value named `name` where `node` reads it.
    func type(ofName name: String, from node: some SyntaxProtocol, depth: Int = 0) -> WrittenType? {
        guard depth < 8 else { return nil }
        switch LexicalLookup.binding(of: name, from: node, fileScope: context.fileFacts) {
        case .variable(let binding)?:
            if let annotation = binding.typeAnnotation?.type { return resolved(WrittenType(annotation), at: binding) }
            return binding.initializer.flatMap { type(of: $0.value, depth: depth + 1) }
        case .functionParameter(let parameter)?:
            return resolved(WrittenType(parameter.type), at: parameter)
        case .optionalBinding(let binding)?:
            let bound = binding.initializer.map { type(of: $0.value, depth: depth + 1) }
                ?? type(ofName: name, from: binding, depth: depth + 1)
            return bound.map(KeyPathResolution.unwrapped)
        case .closureParameter?, nil:
            return nil
        }
    }

    /// The type of an expression, where the code makes it plain.
    func type(of expression: ExprSyntax, depth: Int = 0) -> WrittenType? {
        guard depth < 8 else { return nil }
        let expression = expression.withoutParentheses
        if let access = expression.as(MemberAccessExprSyntax.self) {
            // Before `WrittenType(inferredFrom:)`, which takes `Level.full` for a case: it may
            // be a static property of another type.
            return type(ofMember: access, isCalled: false, depth: depth)
        }
        if let literal = WrittenType(inferredFrom: expression), !isAppTypeCall(expression) { return resolved(literal, at: expression) }
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            if reference.baseName.tokenKind == .keyword(.self) {
                return index.qualifiedName(ofScope: EnclosingDeclarations.scope(of: reference)).map { .named($0) }
            }
            return type(ofName: reference.baseName.text, from: reference, depth: depth + 1)
        }
        if let tried = expression.as(TryExprSyntax.self) { return type(of: tried.expression, depth: depth + 1) }
        if let awaited = expression.as(AwaitExprSyntax.self) { return type(of: awaited.expression, depth: depth + 1) }
        if let unwrap = expression.as(ForceUnwrapExprSyntax.self) {
            return type(of: unwrap.expression, depth: depth + 1).map(KeyPathResolution.unwrapped)
        }
        if let cast = expression.as(AsExprSyntax.self), cast.questionOrExclamationMark == nil {
            return resolved(WrittenType(cast.type), at: cast)
        }
        if let ternary = expression.as(TernaryExprSyntax.self) {
            return type(of: ternary.thenExpression, depth: depth + 1) ?? type(of: ternary.elseExpression, depth: depth + 1)
        }
        if let infix = expression.as(InfixOperatorExprSyntax.self), infix.operator.trimmedDescription == "??" {
            return type(of: infix.rightOperand, depth: depth + 1)
                ?? type(of: infix.leftOperand, depth: depth + 1).map(KeyPathResolution.unwrapped)
        }
        if let call = expression.as(FunctionCallExprSyntax.self) {
            if let access = call.calledExpression.as(MemberAccessExprSyntax.self) {
                return type(ofMember: access, isCalled: true, depth: depth)
            }
            if let callee = call.calledExpression.as(DeclReferenceExprSyntax.self) {
                return type(ofCalled: callee, depth: depth)
            }
        }
        return nil
    }

    /// `Trip(…)`, a type of the app's made: `WrittenType(inferredFrom:)` says so too, but the
    /// name must be looked up from the place it is written.
    func isAppTypeCall(_ expression: ExprSyntax) -> Bool {
        guard let callee = expression.as(FunctionCallExprSyntax.self)?.calledExpression.as(DeclReferenceExprSyntax.self) else { return false }
        return !StandIn.knownTypes.contains(callee.baseName.text)
    }

    /// `startDate(now:calendar:)`, a function of the file with a declared result, or `Trip(…)`.
    func type(ofCalled callee: DeclReferenceExprSyntax, depth: Int) -> WrittenType? {
        let name = callee.baseName.text
        if StandIn.knownTypes.contains(name), !["Int", "Double", "Float", "Int32", "Int64", "Int16"].contains(name) {
            // `Int("3")` is optional and `Int(3.5)` is not: numeric conversions stay unknown.
            return .named(name)
        }
        if case .type(let type) = index.lookup(name, in: context.keyPaths.scope) { return type }
        let functions = context.fileFacts.wholeTree.tokens(viewMode: .sourceAccurate)
            .filter { $0.tokenKind == .identifier(name) }
            .compactMap { $0.parent?.as(FunctionDeclSyntax.self) }
        guard functions.count == 1, let result = functions[0].signature.returnClause?.type else { return nil }
        return resolved(WrittenType(result), at: functions[0])
    }

    /// `trip.id`, `trip.destination?.name`, `Date.now`, `calendar.startOfDay(for: day)`.
    func type(ofMember access: MemberAccessExprSyntax, isCalled: Bool, depth: Int) -> WrittenType? {
        let name = access.declName.baseName.text
        guard let base = access.base else { return nil }
        var baseExpression = base
        var throughChain = false
        if let chain = base.as(OptionalChainingExprSyntax.self) {
            (baseExpression, throughChain) = (chain.expression, true)
        }
        let baseType: WrittenType?
        if let typeName = typeName(baseExpression) {
            // `Date.now`, `Status.active`, `Calendar.current`, `Constants.Level.full`: a member of a type.
            if let known = (isCalled ? Self.methods : Self.properties)[typeName]?[name] { return known }
            guard !isCalled else { return nil }
            let qualified = if case .type(.named(let qualified)) = index.lookup(typeName, in: context.keyPaths.scope) { qualified } else { typeName }
            if types.declaration(qualified)?.cases.contains(name) == true { return .named(qualified) }
            return types.staticProperties[qualified]?[name].map { index.resolve($0, in: qualified) }
        } else {
            baseType = type(of: baseExpression, depth: depth + 1)
        }
        guard let baseType else { return nil }
        let optional = throughChain || { if case .optional = baseType { return true } else { return false } }()
        let unwrapped = KeyPathResolution.unwrapped(baseType)
        let member: WrittenType?
        if isCalled {
            guard case .named(let typeName) = unwrapped else { return nil }
            member = Self.methods[typeName]?[name]
        } else {
            member = type(ofMember: name, of: unwrapped)
        }
        guard let member else { return nil }
        if optional, case .optional = member { return member }
        return optional ? .optional(member) : member
    }

    /// `Status`, `Constants.Level`: a name written as a type (capitalized, no value of that
    /// name in scope), as written.
    func typeName(_ expression: ExprSyntax) -> String? {
        var parts: [String] = []
        var current: ExprSyntax? = expression
        while let part = current {
            if let access = part.as(MemberAccessExprSyntax.self) {
                parts.insert(access.declName.baseName.text, at: 0)
                current = access.base
            } else if let reference = part.as(DeclReferenceExprSyntax.self) {
                parts.insert(reference.baseName.text, at: 0)
                guard LexicalLookup.binding(of: reference.baseName.text, from: reference, fileScope: context.fileFacts) == nil else { return nil }
                current = nil
            } else {
                return nil
            }
        }
        return parts.allSatisfy({ $0.first?.isUppercase == true }) ? parts.joined(separator: ".") : nil
    }

    /// A stored or computed property's declared type, or a Foundation member's.
    func type(ofMember name: String, of base: WrittenType) -> WrittenType? {
        switch base {
        case .named(let qualified):
            if index.isModel(qualified) {
                if name == "id" || name == "persistentModelID",
                   index.member(name, of: qualified) == nil { return .named("PersistentIdentifier") }
                guard let member = index.member(name, of: qualified), [.stored, .computed, .transient].contains(member.kind) else { return nil }
                return member.type
            }
            if let declaration = types.declaration(qualified) {
                if name == "rawValue", let raw = declaration.inheritance.first, StandIn.rawValueTypes.contains(raw) { return .named(raw) }
                return declaration.storedProperties.first { $0.name == name }?.type.map { index.resolve($0, in: qualified) }
            }
            return Self.properties[qualified]?[name]
        case .array(let element), .set(let element):
            return KeyPathResolution.memberType(name, ofCollectionOf: element)
        default:
            return nil
        }
    }

    /// A type as written at `node`, with the app's names resolved from the scope it is written in.
    func resolved(_ type: WrittenType, at node: some SyntaxProtocol) -> WrittenType {
        index.resolve(type, in: index.qualifiedName(ofScope: EnclosingDeclarations.scope(of: node)))
    }
}
