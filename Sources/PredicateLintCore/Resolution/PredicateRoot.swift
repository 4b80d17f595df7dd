import SwiftSyntax

/// What a predicate's input is, which decides whether SwiftData ever runs it.
///
/// A `#Predicate` over a model is turned into a store query, and SwiftData's runtime rules
/// apply. One over a plain struct or class, or over a generic parameter that is not a model,
/// is evaluated in memory (`Array.filter`, `evaluate`): only what the macro refuses at build
/// time matters there.
public enum PredicateRoot: Sendable, Equatable {
    /// A model (its qualified name): SwiftData runs the predicate.
    case model(String)
    /// A generic parameter constrained to `PersistentModel` (or to a protocol or model that
    /// makes it one): SwiftData runs it.
    case genericModel(String)
    /// A type the project declares that is not a model (its qualified name), or a generic
    /// parameter constrained to nothing that makes it one: evaluated in memory.
    case inMemory(String)
    /// A generic parameter constrained to something the project does not declare.
    case genericUnknown(String)
    /// A type of another module, named with it (`FinanceKit.Transaction`): another
    /// framework's query, not SwiftData's.
    case otherModule(String)
    /// A name that could mean two declarations: nothing is said that depends on it.
    case ambiguous
    /// Not stated, or another module's type.
    case unknown

    /// Whether SwiftData's runtime rules apply: not for predicates evaluated in memory, and not
    /// where the root is ambiguous (we would be guessing). Unknown roots keep every rule.
    public var mayReachSwiftData: Bool {
        switch self {
        case .model, .genericModel, .genericUnknown, .unknown: true
        case .inMemory, .otherModule, .ambiguous: false
        }
    }

    /// Protocols that say nothing about being a model: a generic parameter constrained only
    /// to these (and to the project's protocols that do not refine `PersistentModel`) is not one.
    static let protocolsThatAreNotModels: Set<String> = [
        "AnyObject", "Equatable", "Hashable", "Identifiable", "Codable", "Encodable", "Decodable", "Sendable",
        "Comparable", "CustomStringConvertible", "CustomDebugStringConvertible", "Observable", "ObservableObject",
    ]

    /// The root written as `written` at `site` (one of its input types), as the index sees it.
    public static func of(_ written: String, at site: PredicateSite, index: ModelIndex) -> PredicateRoot {
        of(written, scope: site.scope, around: site.macro, index: index)
    }

    /// The root written as `written` at `node`, inside the declarations `scope` names.
    public static func of(_ written: String, scope declarations: [String], around node: some SyntaxProtocol,
                          index: ModelIndex) -> PredicateRoot {
        let scope = index.qualifiedName(ofScope: declarations)
        if let constraints = EnclosingDeclarations.genericConstraints(of: written, around: node) {
            // `Self` in an extension of a concrete type is that type.
            if written == "Self", let extended = constraints.first,
               case .type(.named(let name)) = index.lookup(extended, in: scope),
               let kind = index.kind(of: name), kind != .protocol {
                return concrete(name, index: index)
            }
            return generic(written, constraints: constraints, scope: scope, index: index)
        }
        switch index.lookup(written, in: scope) {
        case .type(.named(let name)): return concrete(name, index: index)
        case .ambiguous: return .ambiguous
        case .type, .unknown: return index.isOtherModulesType(written) ? .otherModule(written) : .unknown
        }
    }

    private static func concrete(_ name: String, index: ModelIndex) -> PredicateRoot {
        switch index.kind(of: name) {
        case .model?: .model(name)
        case .class?, .struct?, .enum?, .actor?: .inMemory(name)
        case .protocol?, nil: .unknown
        }
    }

    private static func generic(_ name: String, constraints: [String], scope: String?, index: ModelIndex) -> PredicateRoot {
        var allKnown = true
        for constraint in constraints {
            if ModelIndex.withoutModule(constraint) == "PersistentModel" { return .genericModel(name) }
            switch index.lookup(constraint, in: scope) {
            case .type(.named(let declared)) where index.kind(of: declared) == .model:
                return .genericModel(name)
            case .type(.named(let declared)) where index.kind(of: declared) == .protocol:
                if index.refinesPersistentModel(declared) { return .genericModel(name) }
            case .type(.named(let declared)) where index.kind(of: declared) != nil:
                continue  // a plain class, or (for `Self`) the extended concrete type
            default:
                if !protocolsThatAreNotModels.contains(ModelIndex.withoutModule(constraint)) { allKnown = false }
            }
        }
        return allKnown ? .inMemory(name) : .genericUnknown(name)
    }
}
