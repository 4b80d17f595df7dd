import PredicateLintCore
import SwiftSyntax

/// A real predicate, made into a file the compiler on any platform can type-check: the
/// predicate verbatim, the models it reaches reduced to the members it reads, the app's enums
/// and structs those members name, and the values it captures as parameters typed as the app
/// declares them. Everything is found by the linter's own pieces (`PredicateSiteFinder`,
/// `KeyPathResolution`, `ModelIndex`, `LexicalLookup`); what they cannot tell, the stand-in
/// does not guess, and the predicate is skipped with the reason.
public struct StandIn: Sendable {
    public let source: String
    /// The qualified name of the predicate's input.
    public let root: String
    /// Whether the input is written in the predicate (`#Predicate<Trip>`) or found from around
    /// it (`FetchDescriptor<Trip>(predicate: #Predicate { … })`).
    public let rootIsWritten: Bool
    /// What `type-check-complexity` counts in it.
    public let tally: TypeCheckComplexityRule.Tally

    /// Why a predicate has no stand-in: `category` groups the reasons in the table of skips.
    public struct Skip: Error, Sendable {
        public let category: String
        public let reason: String
    }

    /// Types the compiler knows without the app: the standard library's and Foundation's.
    static let knownTypes: Set<String> = [
        "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Double", "Float",
        "CGFloat", "TimeInterval", "Bool", "String", "Character", "Substring", "Date", "UUID", "URL", "Data", "Decimal",
        "PersistentIdentifier", "Array", "Set", "Dictionary", "Optional",
    ]

    /// What an enum's raw values may be, written first among its conformances.
    static let rawValueTypes: Set<String> = ["Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32",
                                             "UInt64", "Double", "Float", "String", "Character"]

    public static func make(_ context: RuleContext, types: AppTypes) -> Result<StandIn, Skip> {
        do {
            var plan = try Plan(context, types: types)
            return .success(try plan.standIn())
        } catch let skip as Skip {
            return .failure(skip)
        } catch {
            return .failure(Skip(category: "other", reason: "\(error)"))
        }
    }
}

/// Gathers what one stand-in declares, then writes it.
struct Plan {
    let context: RuleContext
    let types: AppTypes
    let root: String
    var index: ModelIndex { context.models }
    var scope: String? { context.keyPaths.scope }
    /// Members each model must declare, by qualified model name: name → declaration line.
    var modelMembers: [String: [String: String]] = [:]
    /// Types to declare, by qualified name.
    var needed: Set<String> = []
    /// Static members read through a type: `Status.active` when `active` is a static property.
    var statics: [String: Set<String>] = [:]
    var parameters: [(name: String, type: String)] = []
    /// Names as the predicate writes them that mean another (qualified) name.
    var aliases: [String: String] = [:]

    static func skip(_ category: String, _ reason: String) -> StandIn.Skip { StandIn.Skip(category: category, reason: reason) }

    init(_ context: RuleContext, types: AppTypes) throws {
        self.context = context
        self.types = types
        let site = context.site
        guard site.kind == .predicate else { throw Self.skip("an #Expression", "an #Expression, not a #Predicate") }
        guard site.parameterNames.count == 1 else { throw Self.skip("more than one input", "\(site.parameterNames.count) inputs") }
        switch context.root {
        case .model(let name): root = name
        case .unknown: throw Self.skip("root not written and not inferable", "the input type is not stated")
        case .ambiguous: throw Self.skip("root ambiguous", "the input type names several declarations")
        case .inMemory(let name): throw Self.skip("root is not a model", "\(name) is not a @Model class")
        case .genericModel, .genericUnknown: throw Self.skip("root is generic", "the input is a generic parameter")
        case .otherModule(let name): throw Self.skip("root is another module's type", name)
        }
        modelMembers[root, default: [:]] = [:]
        needed.insert(root)
        if let written = site.rootType, written != root {
            guard !written.contains(".") else { throw Self.skip("root written through an alias", "\(written) means \(root)") }
            aliases[written] = root
        }
        try collectMembers()
        try collectReferences()
    }

    /// Every property the predicate reads on a model, with its declared type.
    mutating func collectMembers() throws {
        for use in context.keyPaths.memberUses {
            // What `PersistentModel` gives every model; the prelude declares it.
            if use.member == nil, ["persistentModelID", "id"].contains(use.nameToken.text) {
                needed.insert(use.model)
                continue
            }
            guard let member = use.member else {
                throw Self.skip("member not found on model", "\(use.model).\(use.nameToken.text)")
            }
            guard let type = member.type, [.stored, .transient, .computed].contains(member.kind) else {
                throw Self.skip("referenced property: type not declared", "\(use.model).\(member.name)")
            }
            let written = try declare(type, for: "property \(use.model).\(member.name)")
            modelMembers[use.model, default: [:]][member.name] = member.kind == .computed
                ? "var \(Self.identifier(member.name)): \(written) { fatalError() }"
                : "var \(Self.identifier(member.name)): \(written)"
            needed.insert(use.model)
        }
    }

    /// Captured values become parameters; types named in the body are declared.
    mutating func collectReferences() throws {
        var seen: Set<String> = []
        for reference in context.facts.references {
            let name = reference.baseName.text
            guard seen.insert(name).inserted else { continue }
            let binding = LexicalLookup.binding(of: name, from: reference, fileScope: context.fileFacts)
            // The predicate's own input, or a name bound inside it (`if let date = task.dueDate`,
            // a nested closure's parameter), is no captured value.
            if let declared = binding.map(Self.node), context.site.closure.range.contains(declared.position) { continue }
            if case .closureParameter? = binding {
                throw Self.skip("captured value: type not declared", "captured value `\(name)`: a parameter of an enclosing closure")
            }
            if name == "self" || name == "Self" { throw Self.skip("captured value: self", "the predicate reads `\(name)`") }
            if let type = CapturedTypes(context: context, types: types).type(ofName: name, from: reference) {
                parameters.append((name, try declare(type, for: "captured value `\(name)`")))
                try collectStatics(of: nil, readFrom: reference)
                continue
            }
            if binding != nil {
                throw Self.skip("captured value: type not declared", "captured value `\(name)`")
            }
            switch index.lookup(name, in: scope) {
            case .type(.named(let qualified)):
                if qualified != name { aliases[name] = qualified }
                _ = try declare(.named(qualified), for: "type `\(name)`")
                try collectStatics(of: qualified, readFrom: reference)
            case .type: throw Self.skip("captured value: type not stubbable", "`\(name)` names a type alias")
            case .ambiguous: throw Self.skip("ambiguous declaration", "`\(name)`")
            case .unknown:
                // A call of a global function (`max(a, b)`) or a type the compiler knows.
                let isCalled = reference.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.id == reference.id
                guard isCalled || StandIn.knownTypes.contains(name) else {
                    throw Self.skip("captured value: declaration not found", "captured value `\(name)`")
                }
            }
        }
    }

    /// `Status.active` where `active` is a static property of the app's type: declared with
    /// its type. Cases need nothing: every plain case of an enum is declared.
    mutating func collectStatics(of type: String?, readFrom reference: DeclReferenceExprSyntax) throws {
        guard let type, let access = reference.parent?.as(MemberAccessExprSyntax.self), access.base?.id == reference.id else { return }
        let member = access.declName.baseName.text
        guard types.declaration(type)?.cases.contains(member) != true else { return }
        if let staticType = types.staticProperties[type]?[member] {
            let resolved = index.resolve(staticType, in: type)
            _ = try declare(resolved, for: "static \(type).\(member)")
            statics[type, default: []].insert(member)
        }
    }

    /// `type`, written for the stand-in; the app's types it names are added to `needed`.
    mutating func declare(_ type: WrittenType, for what: String) throws -> String {
        switch type {
        case .named(let name):
            // `Array(ids)`: the element type is not written.
            if ["Array", "Set", "Dictionary", "Optional"].contains(name) {
                throw Self.skip("\(what.hasPrefix("captured") ? "captured value" : "referenced property"): type not stubbable",
                                "\(what): \(name) without its element type")
            }
            if StandIn.knownTypes.contains(name) { return name }
            guard let kind = index.kind(of: name) else {
                throw Self.skip("\(what.hasPrefix("captured") ? "captured value" : "referenced property"): type not declared",
                                "\(what): \(name) is not declared in the app")
            }
            guard [.model, .struct, .enum].contains(kind) else {
                throw Self.skip("\(what.hasPrefix("captured") ? "captured value" : "referenced property"): type not stubbable",
                                "\(what): \(name) is a \(kind)")
            }
            if needed.insert(name).inserted, kind == .struct, let declaration = types.declaration(name) {
                for property in declaration.storedProperties {
                    guard let propertyType = property.type else {
                        throw Self.skip("referenced property: type not declared", "\(name).\(property.name)")
                    }
                    _ = try declare(index.resolve(propertyType, in: name), for: "property \(name).\(property.name)")
                }
            }
            return name
        case .optional(let wrapped): return "\(try declare(wrapped, for: what))?"
        case .array(let element): return "[\(try declare(element, for: what))]"
        case .set(let element): return "Set<\(try declare(element, for: what))>"
        case .dictionary(let key, let value): return "[\(try declare(key, for: what)): \(try declare(value, for: what))]"
        case .other(let text):
            throw Self.skip("\(what.hasPrefix("captured") ? "captured value" : "referenced property"): type not stubbable",
                            "\(what): `\(text)`")
        }
    }

    static func node(_ binding: NameBinding) -> Syntax {
        switch binding {
        case .closureParameter(let closure): Syntax(closure)
        case .functionParameter(let parameter): Syntax(parameter)
        case .variable(let variable): Syntax(variable)
        case .optionalBinding(let optional): Syntax(optional)
        }
    }

    static let reserved: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "protocol", "public", "rethrows", "static", "struct",
        "subscript", "typealias", "var", "break", "case", "continue", "default", "defer", "do", "else", "fallthrough",
        "for", "guard", "if", "in", "repeat", "return", "switch", "where", "while", "as", "catch", "false", "is", "nil",
        "super", "throw", "throws", "true", "try", "Type", "Self", "Any",
    ]

    static func identifier(_ name: String) -> String { reserved.contains(name) ? "`\(name)`" : name }
}
