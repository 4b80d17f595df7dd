import SwiftSyntax

/// The declarations around a node: the types it is written in, and the generic parameters in
/// reach of it.
public enum EnclosingDeclarations {
    /// The types and extensions a node is written in, outermost first, as written: `SchemaV2`
    /// for a node inside `enum SchemaV2 { … }`, `Film` inside `extension Film { … }`.
    public static func scope(of node: some SyntaxProtocol) -> [String] {
        var names: [String] = []
        var current = node.parent
        while let candidate = current {
            if let name = declaredName(candidate) { names.append(name) }
            current = candidate.parent
        }
        return names.reversed()
    }

    /// The kinds of node that can declare a name or generic parameters.
    private static let declarationKinds: Set<SyntaxKind> = [
        .classDecl, .structDecl, .enumDecl, .actorDecl, .protocolDecl, .extensionDecl,
        .functionDecl, .initializerDecl, .subscriptDecl,
    ]

    private static func declaredName(_ node: Syntax) -> String? {
        guard declarationKinds.contains(node.kind) else { return nil }
        if let declaration = node.as(ClassDeclSyntax.self) { return declaration.name.text }
        if let declaration = node.as(StructDeclSyntax.self) { return declaration.name.text }
        if let declaration = node.as(EnumDeclSyntax.self) { return declaration.name.text }
        if let declaration = node.as(ActorDeclSyntax.self) { return declaration.name.text }
        if let declaration = node.as(ProtocolDeclSyntax.self) { return declaration.name.text }
        if let declaration = node.as(ExtensionDeclSyntax.self) { return declaration.extendedType.trimmedDescription }
        return nil
    }

    /// When `name` is a generic parameter of a function or type around `node` (or `Self` in
    /// a protocol or an extension), what it is constrained to, as written: `T: PersistentModel
    /// & Rateable` and `where T: Codable` give all three; `Self` in `protocol P: PersistentModel`
    /// gives `P` and what `P` inherits; `Self` in `extension X where Self: Y` gives `X` (first:
    /// if `X` is a concrete type, `Self` is simply `X`) and `Y`; `T` in `extension
    /// FetchDescriptor where T: Y` gives `Y`. Nil when it is neither.
    public static func genericConstraints(of name: String, around node: some SyntaxProtocol) -> [String]? {
        var current = node.parent
        while let scope = current {
            defer { current = scope.parent }
            // Most ancestors are expressions and statements: told apart by kind, without a cast.
            guard declarationKinds.contains(scope.kind) else { continue }
            if name == "Self" {
                if let declaration = scope.as(ProtocolDeclSyntax.self) {
                    return [declaration.name.text] + (declaration.inheritanceClause?.inheritedTypes.map { $0.type.trimmedDescription } ?? [])
                }
                if let declaration = scope.as(ExtensionDeclSyntax.self) {
                    // The extended type first: when it is a concrete type, `Self` is that type.
                    return [declaration.extendedType.trimmedDescription] + constraints(on: "Self", in: declaration.genericWhereClause)
                }
                continue
            }
            // `extension FetchDescriptor where T: SoftDeletable`: the extended type's own
            // parameter, constrained here.
            if let declaration = scope.as(ExtensionDeclSyntax.self) {
                let constrained = constraints(on: name, in: declaration.genericWhereClause)
                if !constrained.isEmpty { return constrained }
                continue
            }
            guard let (clause, whereClause) = genericClauses(of: scope),
                  let parameter = clause.parameters.first(where: { $0.name.text == name }) else { continue }
            let inherited = parameter.inheritedType.map { type -> [String] in
                type.as(CompositionTypeSyntax.self)?.elements.map { $0.type.trimmedDescription } ?? [type.trimmedDescription]
            } ?? []
            return inherited + constraints(on: name, in: whereClause)
        }
        return nil
    }

    private static func genericClauses(of scope: Syntax) -> (GenericParameterClauseSyntax, GenericWhereClauseSyntax?)? {
        if let declaration = scope.as(FunctionDeclSyntax.self) {
            return declaration.genericParameterClause.map { ($0, declaration.genericWhereClause) }
        }
        if let declaration = scope.as(InitializerDeclSyntax.self) {
            return declaration.genericParameterClause.map { ($0, declaration.genericWhereClause) }
        }
        if let declaration = scope.as(SubscriptDeclSyntax.self) {
            return declaration.genericParameterClause.map { ($0, declaration.genericWhereClause) }
        }
        if let declaration = scope.as(StructDeclSyntax.self) {
            return declaration.genericParameterClause.map { ($0, declaration.genericWhereClause) }
        }
        if let declaration = scope.as(ClassDeclSyntax.self) {
            return declaration.genericParameterClause.map { ($0, declaration.genericWhereClause) }
        }
        if let declaration = scope.as(EnumDeclSyntax.self) {
            return declaration.genericParameterClause.map { ($0, declaration.genericWhereClause) }
        }
        if let declaration = scope.as(ActorDeclSyntax.self) {
            return declaration.genericParameterClause.map { ($0, declaration.genericWhereClause) }
        }
        return nil
    }

    /// `where T: A & B` → `A`, `B` for `T`.
    private static func constraints(on name: String, in clause: GenericWhereClauseSyntax?) -> [String] {
        (clause?.requirements ?? []).flatMap { requirement -> [String] in
            guard let conformance = requirement.requirement.as(ConformanceRequirementSyntax.self),
                  conformance.leftType.trimmedDescription == name else { return [] }
            let right = conformance.rightType
            return right.as(CompositionTypeSyntax.self)?.elements.map { $0.type.trimmedDescription } ?? [right.trimmedDescription]
        }
    }
}
