import SwiftSyntax

/// A member of a model class or of one of its extensions.
public struct ModelMember: Sendable, Hashable, Codable {
    public enum Kind: String, Sendable, Hashable, Codable {
        /// A stored property: a column or relationship in the store.
        case stored
        /// Marked `@Transient`: kept in memory only.
        case transient
        /// A property with a getter: computed every time, never stored.
        case computed
        case method
    }

    public let name: String
    public let kind: Kind
    /// The declared or plainly inferred type; nil for methods and types we cannot tell.
    public let type: WrittenType?
    /// `@Attribute(.unique)`, `@Relationship(deleteRule: .cascade)`: as written.
    public let attributes: [String]
}

/// An `@Model` class as one file declares it.
public struct ModelDeclaration: Sendable, Equatable, Codable {
    public let name: String
    /// The first inherited type, which for a model subclass is its superclass.
    public let superclass: String?
    public let members: [ModelMember]
}

/// What one file contributes to the `ModelIndex`. Collected per file, in parallel with
/// parsing, and merged once.
/// Compared by value (`Equatable`): whether an edit changed what a file declares decides whether
/// the models, and every open document checked against them, must be looked at again.
public struct FileDeclarations: Sendable, Equatable, Codable {
    public internal(set) var models: [ModelDeclaration] = []
    /// `extension Movie { … }` members, by extended type name.
    public internal(set) var extensionMembers: [String: [ModelMember]] = [:]
    public internal(set) var typeAliases: [String: WrittenType] = [:]
    /// Structs and enums: stored in a model, they become Codable data.
    public internal(set) var valueTypes: Set<String> = []
    /// Classes that are not models.
    public internal(set) var plainClasses: Set<String> = []

    public init(file: SourceFile) {
        guard !file.isTooDeep else { return }
        let collector = DeclarationCollector(viewMode: .sourceAccurate)
        collector.walk(file.tree)
        self = collector.declarations
    }

    init() {}

    /// The names this file's declarations are about: models, the types their members store
    /// (every identifier in those types), superclasses, and what typealiases name. A file that
    /// declares none of them cannot change how any of them is classified.
    public var referencedTypeNames: Set<String> {
        var names: Set<String> = []
        for model in models {
            names.insert(model.name)
            if let superclass = model.superclass { names.insert(superclass) }
            for member in model.members { member.type.map { names.formUnion($0.identifiers) } }
        }
        for (alias, type) in typeAliases {
            names.insert(alias)
            names.formUnion(type.identifiers)
        }
        return names
    }
}

private final class DeclarationCollector: SyntaxVisitor {
    var declarations = FileDeclarations()

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        let isModel = node.attributes.contains { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "Model" }
        if isModel {
            declarations.models.append(ModelDeclaration(
                name: node.name.text,
                superclass: node.inheritanceClause?.inheritedTypes.first.map { WrittenType($0.type).description },
                members: members(of: node.memberBlock)))
        } else {
            declarations.plainClasses.insert(node.name.text)
        }
        return .visitChildren
    }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        let name = WrittenType(node.extendedType).description
        declarations.extensionMembers[name, default: []] += members(of: node.memberBlock)
        return .visitChildren
    }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        declarations.valueTypes.insert(node.name.text)
        return .visitChildren
    }

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        declarations.valueTypes.insert(node.name.text)
        return .visitChildren
    }

    override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind {
        declarations.typeAliases[node.name.text] = WrittenType(node.initializer.value)
        return .skipChildren
    }

    /// Instance properties and methods; static members are not part of a stored instance.
    private func members(of block: MemberBlockSyntax) -> [ModelMember] {
        var members: [ModelMember] = []
        for item in block.members {
            if let function = item.decl.as(FunctionDeclSyntax.self), !isStatic(function.modifiers) {
                members.append(ModelMember(name: function.name.text, kind: .method, type: nil, attributes: []))
            }
            guard let variable = item.decl.as(VariableDeclSyntax.self), !isStatic(variable.modifiers) else { continue }
            let attributes = variable.attributes.compactMap { $0.as(AttributeSyntax.self)?.trimmedDescription }
            let isTransient = attributes.contains { $0.hasPrefix("@Transient") }
            for binding in variable.bindings {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                let type = binding.typeAnnotation.map { WrittenType($0.type) }
                    ?? binding.initializer.flatMap { WrittenType(inferredFrom: $0.value) }
                let kind: ModelMember.Kind = isTransient ? .transient : isComputed(binding) ? .computed : .stored
                members.append(ModelMember(name: name, kind: kind, type: type, attributes: attributes))
            }
        }
        return members
    }

    /// A getter makes a property computed; `willSet`/`didSet` observers alone do not.
    private func isComputed(_ binding: PatternBindingSyntax) -> Bool {
        switch binding.accessorBlock?.accessors {
        case .getter?: return true
        case .accessors(let accessors)?:
            return accessors.contains { [.keyword(.get), .keyword(.set), .keyword(._read), .keyword(._modify)].contains($0.accessorSpecifier.tokenKind) }
        case nil: return false
        @unknown default: return false
        }
    }

    private func isStatic(_ modifiers: DeclModifierListSyntax) -> Bool {
        modifiers.contains { $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class) }
    }
}
