import SwiftSyntax

/// A member of a type or of one of its extensions.
public struct ModelMember: Sendable, Hashable, Codable {
    public enum Kind: String, Sendable, Hashable, Codable {
        /// A stored property: a column or relationship in the store.
        case stored
        /// Marked `@Transient`: kept in memory only.
        case transient
        /// A property with a getter: computed every time, never stored.
        case computed
        case method
        /// Declared where it may or may not apply (a constrained protocol extension): no
        /// rule judges it.
        case undetermined
    }

    public let name: String
    public let kind: Kind
    /// The declared or plainly inferred type; nil for methods and types we cannot tell. As
    /// written in the file until the `ModelIndex` hands it out, then resolved.
    public let type: WrittenType?
    /// `@Attribute(.unique)`, `@Relationship(deleteRule: .cascade)`: as written.
    public let attributes: [String]

    func with(type: WrittenType?) -> ModelMember {
        ModelMember(name: name, kind: kind, type: type, attributes: attributes)
    }
}

/// A type declaration: a model, a plain class, struct, enum, actor or protocol.
public struct DeclaredType: Sendable, Equatable, Codable {
    public enum Kind: String, Sendable, Codable {
        /// An `@Model` class (`@SwiftData.Model` too).
        case model
        case `class`, `struct`, `enum`, actor, `protocol`
    }

    /// The declarations it is nested in, outermost first, as written: `["SchemaV2"]` for a
    /// model inside `enum SchemaV2`, or an extension's type (`"Library.Shelf"`) for one
    /// declared in an extension.
    public let scope: [String]
    public let name: String
    public let kind: Kind
    /// Superclass and protocols as written: `Media`, `Rateable`, `PersistentModel`.
    public let inheritance: [String]
    /// Instance members, for models (for other kinds they never decide a finding).
    public let members: [ModelMember]
}

/// `extension Film: Rateable { … }`.
public struct DeclaredExtension: Sendable, Equatable, Codable {
    /// As written: `Film`, `SchemaV2.Trip`, `Rateable`.
    public let extendedType: String
    /// Protocols the extension adds: `extension Movie: Rateable {}`.
    public let conformances: [String]
    /// Whether it has a `where` clause: its members apply to some adopters only.
    public let isConstrained: Bool
    public let members: [ModelMember]
}

/// `typealias Trip = SchemaV2.Trip`.
public struct DeclaredTypeAlias: Sendable, Equatable, Codable {
    public let scope: [String]
    public let name: String
    public let target: WrittenType
}

/// A constant a predicate may capture from another file: a global `let`, or a `static let`.
public struct DeclaredConstant: Sendable, Equatable, Codable {
    public enum Value: Sendable, Equatable, Codable {
        /// `/…/`, `#/…/#`, `Regex(…)`, `Regex { … }`, or declared `: Regex<…>`.
        case regex
        /// `Kind.featured`: a member of a type, most often an enum case (type as written).
        case member(ofType: String)
        /// Any other value whose type is written or plain from its initializer.
        case typed(WrittenType)
    }

    public let scope: [String]
    public let name: String
    public let value: Value
}

/// What one file contributes to a `ModelIndex`. Collected per file, in parallel with parsing,
/// and merged once per project. Compared by value (`Equatable`): whether an edit changed what a
/// file declares decides whether the models, and every open document checked against them,
/// must be looked at again.
public struct FileDeclarations: Sendable, Equatable, Codable {
    public internal(set) var types: [DeclaredType] = []
    public internal(set) var extensions: [DeclaredExtension] = []
    public internal(set) var typeAliases: [DeclaredTypeAlias] = []
    public internal(set) var constants: [DeclaredConstant] = []

    public init(file: SourceFile) {
        guard file.isCheckable else { return }
        let collector = DeclarationCollector(viewMode: .sourceAccurate)
        collector.walk(file.tree)
        self = collector.declarations
    }

    /// What `text` declares, parsed from its `DeclarationSkeleton` where it has one (the same
    /// declarations for a fraction of the parsing), else from the whole text. A text the
    /// parser would be refused declares nothing, as with a full parse.
    ///
    /// A skeleton is parsed and walked, nothing more: declarations need no folded operators
    /// and no line table (the same result; `DeclarationSkeletonTests` compare).
    public init(path: String, text: String) {
        if ParseGuard.refusal(for: text) == nil, let skeleton = DeclarationSkeleton(text: text) {
            let tree = SourceFile.parse(skeleton.text)
            if SourceFile.depth(of: Syntax(tree)) <= SourceFile.maximumSafeDepth {
                let collector = DeclarationCollector(viewMode: .sourceAccurate)
                collector.walk(tree)
                self = collector.declarations
                return
            }
        }
        self.init(file: SourceFile(path: path, text: text))
    }

    init() {}

    /// The models it declares, by simple name.
    public var modelNames: [String] { types.filter { $0.kind == .model }.map(\.name) }

    /// The names its declarations are about: models, what their members store, what they
    /// inherit and adopt, what typealiases and extensions name. A file that declares none of
    /// them (and none of the predicates' roots) cannot change how any of them is classified.
    public var referencedTypeNames: Set<String> {
        var names: Set<String> = []
        for type in types where type.kind == .model {
            names.insert(type.name)
            for inherited in type.inheritance { names.formUnion(WrittenType.components(of: inherited)) }
            for member in type.members { member.type.map { names.formUnion($0.identifiers) } }
        }
        for alias in typeAliases {
            names.insert(alias.name)
            names.formUnion(alias.target.identifiers)
        }
        for declared in extensions where !declared.conformances.isEmpty {
            names.formUnion(WrittenType.components(of: declared.extendedType))
            for conformance in declared.conformances { names.formUnion(WrittenType.components(of: conformance)) }
        }
        return names
    }

    /// The names whose extensions can add members to a model: the models, what they inherit
    /// and adopt (a protocol extension's members become the model's), and typealiases.
    public var extendableTypeNames: Set<String> {
        var names: Set<String> = Set(typeAliases.map(\.name))
        for type in types where type.kind == .model {
            names.insert(type.name)
            for inherited in type.inheritance { names.formUnion(WrittenType.components(of: inherited)) }
        }
        for declared in extensions { for conformance in declared.conformances { names.formUnion(WrittenType.components(of: conformance)) } }
        return names
    }
}
