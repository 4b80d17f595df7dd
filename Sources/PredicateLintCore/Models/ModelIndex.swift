/// Every `@Model` class of the linted files with all its members, from the class itself, its
/// extensions in any file, and its model superclasses. Built once per run from every file's
/// `FileDeclarations`; immutable afterwards, so rules on many threads share it.
public struct ModelIndex: Sendable {
    /// How a stored property is kept, which decides what a predicate may do with it.
    public enum Storage: Sendable, Equatable {
        /// A column: String, numbers, Bool, Date, Data, UUID, URL, Decimal, and arrays of them.
        case primitive(String)
        /// A relationship to one model.
        case toOne(model: String)
        /// A relationship to many models.
        case toMany(model: String)
        /// Any other struct or enum: stored as Codable data the store cannot look inside.
        case composite(String)
        /// A type this project does not declare (another module's, or a generic): say nothing.
        case unknown
    }

    public static let primitiveTypes: Set<String> = [
        "String", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
        "Double", "Float", "CGFloat", "Bool", "Date", "Data", "UUID", "URL", "Decimal",
    ]

    private var models: [String: ModelDeclaration] = [:]
    private var extensionMembers: [String: [ModelMember]] = [:]
    private var typeAliases: [String: WrittenType] = [:]
    private var valueTypes: Set<String> = []

    public init(_ files: [FileDeclarations]) {
        for file in files {
            for model in file.models { models[model.name] = model }
            extensionMembers.merge(file.extensionMembers) { $0 + $1 }
            typeAliases.merge(file.typeAliases) { first, _ in first }
            valueTypes.formUnion(file.valueTypes)
        }
    }

    public init(files: [SourceFile]) {
        self.init(files.map(FileDeclarations.init(file:)))
    }

    public static let empty = ModelIndex([])

    public func isModel(_ name: String) -> Bool { models[name] != nil }

    public var modelNames: [String] { models.keys.sorted() }

    /// The member named `name` of a model: declared in the class, in an extension, or in a
    /// model superclass (nearest first).
    public func member(_ name: String, of model: String) -> ModelMember? {
        var current: String? = model
        var visited: Set<String> = []
        while let type = current, visited.insert(type).inserted, let declaration = models[type] {
            if let member = declaration.members.first(where: { $0.name == name })
                ?? extensionMembers[type]?.first(where: { $0.name == name }) {
                return member
            }
            current = declaration.superclass
        }
        return nil
    }

    /// A type with the project's typealiases replaced by what they name.
    public func resolvingAliases(_ type: WrittenType) -> WrittenType {
        var seen: Set<String> = []
        return resolve(type, seen: &seen)
    }

    private func resolve(_ type: WrittenType, seen: inout Set<String>) -> WrittenType {
        switch type {
        case .named(let name):
            guard let aliased = typeAliases[name], seen.insert(name).inserted else { return type }
            return resolve(aliased, seen: &seen)
        case .optional(let wrapped): return .optional(resolve(wrapped, seen: &seen))
        case .array(let element): return .array(resolve(element, seen: &seen))
        case .set(let element): return .set(resolve(element, seen: &seen))
        case .dictionary(let key, let value): return .dictionary(key: resolve(key, seen: &seen), value: resolve(value, seen: &seen))
        case .other: return type
        }
    }

    /// How a stored property of this type is kept.
    public func storage(of type: WrittenType) -> Storage {
        switch resolvingAliases(type) {
        case .optional(let wrapped):
            return storage(of: wrapped)
        case .named(let name):
            if Self.primitiveTypes.contains(name) { return .primitive(name) }
            if isModel(name) { return .toOne(model: name) }
            if valueTypes.contains(name) { return .composite(name) }
            return .unknown
        case .array(let element), .set(let element):
            switch storage(of: element) {
            case .toOne(let model): return .toMany(model: model)
            case .primitive(let name): return .primitive("[\(name)]")
            case .composite(let name): return .composite("[\(name)]")
            default: return .unknown
            }
        case .dictionary, .other:
            return .unknown
        }
    }
}
