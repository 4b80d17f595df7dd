import SwiftSyntax

/// One walk of a file for what it declares, each declaration with the types it is nested in.
final class DeclarationCollector: SyntaxVisitor {
    var declarations = FileDeclarations()
    /// The enclosing declarations, outermost first.
    private var scope: [String] = []

    // MARK: Types

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        let isModel = node.attributes.contains { attribute in
            let name = attribute.as(AttributeSyntax.self)?.attributeName.trimmedDescription
            return name == "Model" || name == "SwiftData.Model"
        }
        addType(node.name.text, isModel ? .model : .class, node.inheritanceClause,
                members: isModel ? Self.members(of: node.memberBlock) : [])
        return .visitChildren
    }
    override func visitPost(_ node: ClassDeclSyntax) { scope.removeLast() }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        addType(node.name.text, .struct, node.inheritanceClause)
        return .visitChildren
    }
    override func visitPost(_ node: StructDeclSyntax) { scope.removeLast() }

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        addType(node.name.text, .enum, node.inheritanceClause)
        return .visitChildren
    }
    override func visitPost(_ node: EnumDeclSyntax) { scope.removeLast() }

    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
        addType(node.name.text, .actor, node.inheritanceClause)
        return .visitChildren
    }
    override func visitPost(_ node: ActorDeclSyntax) { scope.removeLast() }

    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        addType(node.name.text, .protocol, node.inheritanceClause)
        return .visitChildren
    }
    override func visitPost(_ node: ProtocolDeclSyntax) { scope.removeLast() }

    private func addType(_ name: String, _ kind: DeclaredType.Kind, _ inheritance: InheritanceClauseSyntax?,
                         members: [ModelMember] = []) {
        declarations.types.append(DeclaredType(
            scope: scope, name: name, kind: kind,
            inheritance: inheritance?.inheritedTypes.map { $0.type.trimmedDescription } ?? [], members: members))
        scope.append(name)
    }

    // MARK: Extensions, typealiases, constants

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        let extended = node.extendedType.trimmedDescription
        declarations.extensions.append(DeclaredExtension(
            extendedType: extended,
            conformances: node.inheritanceClause?.inheritedTypes.map { $0.type.trimmedDescription } ?? [],
            isConstrained: node.genericWhereClause != nil,
            members: Self.members(of: node.memberBlock)))
        scope.append(extended)
        return .visitChildren
    }
    override func visitPost(_ node: ExtensionDeclSyntax) { scope.removeLast() }

    override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind {
        declarations.typeAliases.append(DeclaredTypeAlias(scope: scope, name: node.name.text, target: WrittenType(node.initializer.value)))
        return .skipChildren
    }

    /// Global `let`s and `static let`s: what a predicate elsewhere may capture by name.
    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        let isGlobal = node.parent?.parent?.parent?.is(SourceFileSyntax.self) == true
        let isStatic = Self.isStatic(node.modifiers) && node.parent?.parent?.parent?.is(MemberBlockSyntax.self) == true
        guard node.bindingSpecifier.tokenKind == .keyword(.let), isGlobal || isStatic else { return .skipChildren }
        for binding in node.bindings {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                  let value = Self.constantValue(binding) else { continue }
            declarations.constants.append(DeclaredConstant(scope: scope, name: name, value: value))
        }
        return .skipChildren
    }

    static func constantValue(_ binding: PatternBindingSyntax) -> DeclaredConstant.Value? {
        if let type = binding.typeAnnotation?.type {
            if type.unwrappingOptional.as(IdentifierTypeSyntax.self)?.name.text == "Regex" { return .regex }
            return .typed(WrittenType(type))
        }
        guard var value = binding.initializer?.value else { return nil }
        if let tryExpression = value.as(TryExprSyntax.self) { value = tryExpression.expression }
        if value.is(RegexLiteralExprSyntax.self) { return .regex }
        if let call = value.as(FunctionCallExprSyntax.self), call.isRegexInitializer { return .regex }
        if let member = value.as(MemberAccessExprSyntax.self), let base = member.base,
           let typeName = WrittenType.typeName(base) {
            return .member(ofType: typeName)
        }
        return WrittenType(inferredFrom: value).map { .typed($0) }
    }

    // MARK: What declarations never depend on

    // Function, initializer and accessor bodies, closures and getters declare nothing a model
    // or a predicate elsewhere can see (a type declared in a function is local to it). Leaving
    // them out is also what lets `DeclarationSkeleton` empty them before parsing.
    override func visit(_ node: CodeBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    /// A `#if false` branch declares nothing any build sees.
    override func visit(_ node: IfConfigClauseSyntax) -> SyntaxVisitorContinueKind {
        node.mayBeActive ? .visitChildren : .skipChildren
    }
    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: AccessorBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

    // MARK: Members

    /// Instance properties and methods; static members are not part of a stored instance.
    /// The instance properties and methods a type's body declares, with their written or
    /// inferred types.
    static func members(of block: MemberBlockSyntax) -> [ModelMember] {
        var members: [ModelMember] = []
        for item in block.members {
            if let function = item.decl.as(FunctionDeclSyntax.self), !Self.isStatic(function.modifiers) {
                members.append(ModelMember(name: function.name.text, kind: .method, type: nil, attributes: []))
            }
            guard let variable = item.decl.as(VariableDeclSyntax.self), !Self.isStatic(variable.modifiers) else { continue }
            let attributes = variable.attributes.compactMap { $0.as(AttributeSyntax.self)?.trimmedDescription }
            let isTransient = attributes.contains { $0.hasPrefix("@Transient") }
            for binding in variable.bindings {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                let type = binding.typeAnnotation.map { WrittenType($0.type) }
                    ?? binding.initializer.flatMap { WrittenType(inferredFrom: $0.value) }
                let kind: ModelMember.Kind = isTransient ? .transient : Self.isComputed(binding) ? .computed : .stored
                members.append(ModelMember(name: name, kind: kind, type: type, attributes: attributes))
            }
        }
        return members
    }

    /// A getter makes a property computed; `willSet`/`didSet` observers alone do not.
    private static func isComputed(_ binding: PatternBindingSyntax) -> Bool {
        switch binding.accessorBlock?.accessors {
        case .getter?: return true
        case .accessors(let accessors)?:
            return accessors.contains { [.keyword(.get), .keyword(.set), .keyword(._read), .keyword(._modify)].contains($0.accessorSpecifier.tokenKind) }
        case nil: return false
        @unknown default: return false
        }
    }

    private static func isStatic(_ modifiers: DeclModifierListSyntax) -> Bool {
        modifiers.contains { $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class) }
    }
}
