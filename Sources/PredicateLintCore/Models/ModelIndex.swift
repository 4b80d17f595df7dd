/// Every type of one project's linted files, named as Swift names them: `SchemaV2.Trip` is not
/// `SchemaV1.Trip`, `Library.Movie` is `Movie` declared in module `Library`, and a typealias is
/// the type it names. For each `@Model` class, its members from the class, its extensions in
/// any file (also through a typealias), its model superclasses, and the protocol extensions
/// of the protocols it adopts. Built once per project from every file's `FileDeclarations`;
/// immutable afterwards, so rules on many threads share it.
///
/// A name that could mean two different declarations is ambiguous, and nothing is said about
/// it: we would rather miss a problem than guess.
public struct ModelIndex: Sendable {
    /// What a written name means at a place in the code.
    public enum NameLookup: Sendable, Equatable {
        /// The type it names, resolved (a declared type's qualified name, or what a typealias names).
        case type(WrittenType)
        /// Two declarations could be meant.
        case ambiguous
        /// Nothing the project declares: another module's type, or a generic parameter.
        case unknown
    }

    struct TypeEntry: Sendable {
        let declaration: DeclaredType
        /// The qualified name of the declaration it is nested in, if any.
        let parent: String?
    }

    struct AliasEntry: Sendable, Equatable {
        let target: WrittenType
        let parent: String?
    }

    struct ConstantEntry: Sendable {
        let value: DeclaredConstant.Value
        let parent: String?
    }

    /// By qualified name; more than one declaration under a name makes it ambiguous.
    private var types: [String: [TypeEntry]] = [:]
    private var aliases: [String: [AliasEntry]] = [:]
    /// By the qualified name of the extended type (or the name as written, for another module's).
    private var extensions: [String: [DeclaredExtension]] = [:]
    private var constants: [String: [ConstantEntry]] = [:]
    /// The names that may be the project's own modules, for `MyApp.Movie`: a qualifier that is
    /// none of these is another module's (`FinanceKit.Transaction` is not the app's
    /// `Transaction`).
    public let ownModules: Set<String>

    public static let empty = ModelIndex([])

    public init(files: [SourceFile]) {
        self.init(files.map(FileDeclarations.init(file:)), ownModules: Self.ownModules(ofPaths: files.map(\.path)))
    }

    /// The modules a project's files may belong to, from where they are: a target's sources
    /// sit in a folder named after it (SwiftPM's `Sources/MyKit`, Xcode's `MyApp/` beside
    /// `MyApp.xcodeproj`), so every folder name on the files' paths is taken for one. More
    /// names than modules, never fewer, for the conventional layouts.
    public static func ownModules(ofPaths paths: some Sequence<String>) -> Set<String> {
        var names: Set<String> = []
        for path in paths {
            for component in path.split(separator: "/").dropLast() where component.first?.isLetter == true || component.first == "_" {
                // A folder name is a module's name with anything but letters, digits and `_`
                // made `_` (Xcode's rule for PRODUCT_MODULE_NAME).
                names.insert(String(component.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" }))
            }
        }
        return names
    }

    public init(_ files: [FileDeclarations], ownModules: Set<String> = []) {
        self.ownModules = ownModules
        // Declarations nested in an extension (`extension SchemaV2 { @Model class Trip … }`)
        // are named after the extended type, which may itself be nested or a typealias: they
        // are placed once what they are nested in is known, a round at a time.
        var pendingTypes = files.flatMap(\.types)
        var pendingAliases = files.flatMap(\.typeAliases)
        for _ in 0..<8 where !(pendingTypes.isEmpty && pendingAliases.isEmpty) {
            let (placedTypes, waitingTypes) = partition(pendingTypes) { qualifiedScope($0.scope, final: false) }
            let (placedAliases, waitingAliases) = partition(pendingAliases) { qualifiedScope($0.scope, final: false) }
            guard !placedTypes.isEmpty || !placedAliases.isEmpty else { break }
            for (declaration, parent) in placedTypes { add(declaration, parent: parent) }
            for (alias, parent) in placedAliases { add(alias, parent: parent) }
            (pendingTypes, pendingAliases) = (waitingTypes, waitingAliases)
        }
        // What is nested in another module's type is named as written.
        for declaration in pendingTypes { add(declaration, parent: qualifiedScope(declaration.scope, final: true) ?? nil) }
        for alias in pendingAliases { add(alias, parent: qualifiedScope(alias.scope, final: true) ?? nil) }
        for file in files {
            for declared in file.extensions { extensions[canonicalName(declared.extendedType, in: nil), default: []].append(declared) }
            for constant in file.constants {
                let parent = qualifiedScope(constant.scope, final: true) ?? nil
                constants[Self.join(parent, constant.name), default: []].append(ConstantEntry(value: constant.value, parent: parent))
            }
        }
    }

    private mutating func add(_ declaration: DeclaredType, parent: String?) {
        types[Self.join(parent, declaration.name), default: []].append(TypeEntry(declaration: declaration, parent: parent))
    }

    private mutating func add(_ alias: DeclaredTypeAlias, parent: String?) {
        let name = Self.join(parent, alias.name)
        let entry = AliasEntry(target: alias.target, parent: parent)
        if aliases[name]?.contains(entry) != true { aliases[name, default: []].append(entry) }
    }

    private func partition<Item>(_ items: [Item], _ place: (Item) -> String??) -> ([(Item, String?)], [Item]) {
        var placed: [(Item, String?)] = []
        var waiting: [Item] = []
        for item in items {
            if let parent = place(item) { placed.append((item, parent)) } else { waiting.append(item) }
        }
        return (placed, waiting)
    }

    static func join(_ parent: String?, _ name: String) -> String {
        parent.map { "\($0).\(name)" } ?? name
    }

    // MARK: Names

    /// The qualified name of a place written as its enclosing declarations (`["SchemaV2"]`,
    /// or an extension's `["Film"]`); `.some(nil)` at file level. The first component may name
    /// a typealias or a nested type; until that is known (and `final` is false) the answer is
    /// nil: wait. Another module's type is kept as written.
    func qualifiedScope(_ scope: [String], final: Bool) -> String?? {
        guard let first = scope.first else { return .some(nil) }
        var qualified: String
        switch lookup(first, in: nil) {
        case .type(.named(let name)): qualified = name
        case .ambiguous, .type, .unknown:
            // Perhaps declared in a later round; at the end, another module's type as written.
            guard final else { return nil }
            qualified = first
        }
        for component in scope.dropFirst() { qualified += "." + component }
        return .some(qualified)
    }

    /// The qualified name of the place a predicate (or anything) is written, from its
    /// enclosing declarations as written; nil at file level.
    public func qualifiedName(ofScope scope: [String]) -> String? {
        qualifiedScope(scope, final: true) ?? nil
    }

    /// What `written` (`Trip`, `SchemaV2.Trip`, `Library.Movie`) means inside the declaration
    /// named `scope` (nil at file level), as Swift looks it up: the scope's nested types
    /// first, then outwards, then file level; typealiases followed; a leading component no
    /// type has is a module's name.
    public func lookup(_ written: String, in scope: String?) -> NameLookup {
        var visited: Set<String> = []
        return lookup(written, in: scope, visited: &visited)
    }

    private func lookup(_ written: String, in scope: String?, visited: inout Set<String>) -> NameLookup {
        let parts = written.split(separator: ".").map(String.init)
        guard let first = parts.first else { return .unknown }
        var candidates: [String] = []
        var prefix = scope
        while let current = prefix {
            candidates.append(current + "." + first)
            prefix = current.lastIndex(of: ".").map { String(current[..<$0]) }
        }
        candidates.append(first)
        guard let found = candidates.first(where: isDeclared) else {
            // `MyApp.Movie`: the project's own module's name in front. Another module's
            // (`FinanceKit.Transaction`) names none of the project's types.
            guard parts.count > 1, ownModules.contains(first) else { return .unknown }
            return lookup(parts.dropFirst().joined(separator: "."), in: nil, visited: &visited)
        }
        var current = follow(found, visited: &visited)
        for part in parts.dropFirst() {
            guard case .type(.named(let base)) = current else { return current == .ambiguous ? .ambiguous : .unknown }
            let next = base + "." + part
            guard isDeclared(next) else { return .unknown }
            current = follow(next, visited: &visited)
        }
        return current
    }

    private func isDeclared(_ qualified: String) -> Bool {
        types[qualified] != nil || aliases[qualified] != nil
    }

    /// A declared name: itself if a type, what it names if a typealias.
    private func follow(_ qualified: String, visited: inout Set<String>) -> NameLookup {
        let declarations = types[qualified] ?? []
        let aliasEntries = aliases[qualified] ?? []
        guard declarations.count + aliasEntries.count == 1 else { return .ambiguous }
        if !declarations.isEmpty { return .type(.named(qualified)) }
        guard visited.insert(qualified).inserted else { return .unknown }  // an alias cycle
        let alias = aliasEntries[0]
        return resolve(alias.target, in: alias.parent, visited: &visited)
    }

    /// A type as written inside the declaration named `scope`, with every name resolved:
    /// declared types by their qualified names, typealiases by what they name, another
    /// module's types by their plain names (`Foundation.Date` → `Date`). Ambiguous names
    /// become `.other`, which nothing classifies.
    public func resolve(_ type: WrittenType, in scope: String?) -> WrittenType {
        var visited: Set<String> = []
        switch resolve(type, in: scope, visited: &visited) {
        case .type(let resolved): return resolved
        case .ambiguous: return .other(type.description)
        case .unknown: return type
        }
    }

    private func resolve(_ type: WrittenType, in scope: String?, visited: inout Set<String>) -> NameLookup {
        func each(_ inner: WrittenType) -> WrittenType? {
            switch resolve(inner, in: scope, visited: &visited) {
            case .type(let resolved): resolved
            case .ambiguous: nil
            case .unknown: inner
            }
        }
        switch type {
        case .named(let name):
            switch lookup(name, in: scope, visited: &visited) {
            case .unknown: return .type(.named(Self.withoutModule(name)))
            case let found: return found
            }
        case .optional(let wrapped): return each(wrapped).map { .type(.optional($0)) } ?? .ambiguous
        case .array(let element): return each(element).map { .type(.array($0)) } ?? .ambiguous
        case .set(let element): return each(element).map { .type(.set($0)) } ?? .ambiguous
        case .dictionary(let key, let value):
            guard let key = each(key), let value = each(value) else { return .ambiguous }
            return .type(.dictionary(key: key, value: value))
        case .other: return .type(type)
        }
    }

    /// Whether `written` is qualified by a module that is not the project's own
    /// (`FinanceKit.Transaction`, `Foundation.Date`).
    public func isOtherModulesType(_ written: String) -> Bool {
        let parts = written.split(separator: ".").map(String.init)
        guard parts.count > 1, !ownModules.contains(parts[0]) else { return false }
        return lookup(parts[0], in: nil) == .unknown
    }

    /// `Foundation.Date` → `Date`: the last component of a name no declaration here has.
    static func withoutModule(_ name: String) -> String {
        name.split(separator: ".").last.map(String.init) ?? name
    }

    /// A written name resolved to a qualified one where it can be, or kept.
    private func canonicalName(_ written: String, in scope: String?) -> String {
        if case .type(.named(let name)) = lookup(written, in: scope) { return name }
        return written
    }

    // MARK: Types

    /// The one declaration of a qualified name; nil when there is none or more than one.
    func declaration(_ qualified: String) -> DeclaredType? {
        guard let entries = types[qualified], entries.count == 1 else { return nil }
        return entries[0].declaration
    }

    /// The kind of a resolved type name: model, class, struct, enum, actor or protocol.
    public func kind(of qualified: String) -> DeclaredType.Kind? { declaration(qualified)?.kind }

    public func isModel(_ qualified: String) -> Bool { kind(of: qualified) == .model }

    /// The qualified names of the models, sorted.
    public var modelNames: [String] { types.keys.filter(isModel).sorted() }

    /// The member named `name` of a model, its type resolved: declared in the class, in an
    /// extension, in a model superclass (nearest first), or in an extension of a protocol the
    /// model adopts. A member of a constrained protocol extension may or may not apply, so it
    /// is `.undetermined`.
    public func member(_ name: String, of model: String) -> ModelMember? {
        var current: String? = model
        var visited: Set<String> = []
        var classes: [String] = []
        while let type = current, visited.insert(type).inserted, let declaration = declaration(type), declaration.kind == .model {
            classes.append(type)
            if let member = declaration.members.first(where: { $0.name == name })
                ?? extensions[type]?.lazy.flatMap(\.members).first(where: { $0.name == name }) {
                return resolved(member, in: type)
            }
            current = declaration.inheritance.lazy.compactMap { self.canonicalName($0, in: self.types[type]?.first?.parent) }
                .first { self.isModel($0) }
        }
        for proto in adoptedProtocols(of: classes) {
            for declared in extensions[proto] ?? [] {
                guard let member = declared.members.first(where: { $0.name == name }) else { continue }
                if declared.isConstrained { return ModelMember(name: name, kind: .undetermined, type: nil, attributes: []) }
                return resolved(member, in: proto)
            }
        }
        return nil
    }

    private func resolved(_ member: ModelMember, in scope: String) -> ModelMember {
        member.with(type: member.type.map { resolve($0, in: scope) })
    }

    /// The protocols the classes adopt, in their declarations and their extensions, and the
    /// protocols those inherit; only protocols declared in the project.
    func adoptedProtocols(of classes: [String]) -> [String] {
        var pending = classes.flatMap { type -> [String] in
            let parent = types[type]?.first?.parent
            return (declaration(type)?.inheritance ?? []).map { canonicalName($0, in: parent) }
                + (extensions[type] ?? []).flatMap { $0.conformances.map { canonicalName($0, in: nil) } }
        }
        var found: [String] = []
        while let candidate = pending.popLast() {
            guard !found.contains(candidate), let declaration = declaration(candidate), declaration.kind == .protocol else { continue }
            found.append(candidate)
            pending += declaration.inheritance.map { canonicalName($0, in: types[candidate]?.first?.parent) }
        }
        return found
    }

    /// Whether a protocol is `PersistentModel` or refines it, through the project's protocols.
    public func refinesPersistentModel(_ qualified: String) -> Bool {
        var pending = [qualified]
        var visited: Set<String> = []
        while let name = pending.popLast() {
            if Self.withoutModule(name) == "PersistentModel" { return true }
            guard visited.insert(name).inserted, let declaration = declaration(name), declaration.kind == .protocol else { continue }
            pending += declaration.inheritance.map { canonicalName($0, in: types[name]?.first?.parent) }
        }
        return false
    }

    // MARK: Codable

    /// Protocols that say nothing about Codable: a type that adopts only these (and the
    /// project's protocols that do not refine Codable) is not Codable.
    static let protocolsThatAreNotCodable: Set<String> = [
        "Identifiable", "Hashable", "Equatable", "Comparable", "Sendable", "CaseIterable", "CustomStringConvertible",
        "CustomDebugStringConvertible", "Error", "LocalizedError", "RawRepresentable", "Observable", "ObservableObject",
        "AnyObject", "String", "Int", "UInt", "Int8", "Int16", "Int32", "Int64", "UInt8", "UInt16", "UInt32", "UInt64",
        "Double", "Float", "Character",
    ]

    /// Whether a struct, enum or class the project declares is Codable, from its declaration,
    /// its extensions and the project's protocols they adopt; nil when something it adopts or
    /// inherits is another module's (which may bring Codable), or for models, protocols and
    /// names the project does not declare (or declares twice).
    public func isCodable(_ qualified: String) -> Bool? {
        guard let declaration = declaration(qualified), [.struct, .enum, .class].contains(declaration.kind) else { return nil }
        let parent = types[qualified]?.first?.parent
        var pending = declaration.inheritance.map { canonicalName($0, in: parent) }
            + (extensions[qualified] ?? []).flatMap { $0.conformances.map { canonicalName($0, in: nil) } }
        var visited: Set<String> = []
        var encodable = false
        var decodable = false
        while let name = pending.popLast() {
            guard visited.insert(name).inserted else { continue }
            switch Self.withoutModule(name) {
            case "Codable": (encodable, decodable) = (true, true)
            case "Encodable": encodable = true
            case "Decodable": decodable = true
            case let plain where Self.protocolsThatAreNotCodable.contains(plain) && kind(of: name) == nil: continue
            default:
                guard let adopted = self.declaration(name), adopted.kind == .protocol else { return nil }
                pending += adopted.inheritance.map { canonicalName($0, in: types[name]?.first?.parent) }
            }
        }
        return encodable && decodable
    }

    // MARK: Constants

    /// What a constant a predicate captures by name holds, where the project declares it: a
    /// global `let`, or a `static let` of a type enclosing the predicate.
    public func constant(_ name: String, in scope: String?) -> DeclaredConstant.Value? {
        var prefix = scope
        while true {
            if let entries = constants[Self.join(prefix, name)] {
                guard entries.count == 1 else { return nil }
                return entries[0].value
            }
            guard let current = prefix else { return nil }
            prefix = current.lastIndex(of: ".").map { String(current[..<$0]) }
        }
    }

    /// Whether the project declares a type or typealias of this qualified name.
    func isDeclaredName(_ qualified: String) -> Bool { isDeclared(qualified) }
}
