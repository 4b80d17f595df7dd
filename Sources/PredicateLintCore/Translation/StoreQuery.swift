import SwiftSyntax

/// What SwiftData hands its store for one predicate: the `NSPredicate` it translates the
/// predicate into, worked out from the syntax tree and the storage view (`StoreTranslator`),
/// following Foundation's published conversion (swift-foundation,
/// `Predicate/NSPredicateConversion.swift`). SwiftData's own translator is closed; the forms
/// users' errors quote are the converter's, which is the evidence that this is what it builds.
public struct StoreQuery {
    /// The translated predicate; nil when the tool cannot know it, with the reason.
    public let predicate: StoreTerm?
    public let cannotKnow: String?
    /// Set when the translation stands but how the input's properties are stored is unknown
    /// (a generic input, or a type the linted files do not declare): only shapes that fail
    /// whatever the storage are judged.
    public let storageUnknown: String?

    public init(predicate: StoreTerm, storageUnknown: String? = nil) {
        self.predicate = predicate
        cannotKnow = nil
        self.storageUnknown = storageUnknown
    }

    public init(cannotKnow reason: String) {
        predicate = nil
        cannotKnow = reason
        storageUnknown = nil
    }

    /// The format string, as `NSPredicate(format:)` would read it.
    public var format: String? { predicate?.format }

    /// Every term of the translation, outermost first.
    public var terms: [StoreTerm] { predicate.map { $0.allTerms } ?? [] }
}

/// One part of a translated predicate: a test (an `NSPredicate`) or a value (an
/// `NSExpression`), with the code it came from.
public struct StoreTerm {
    public indirect enum Form {
        /// A key path from the input (`base` nil: `director.name`) or from another term
        /// (`$_local_1.age`, `SUBQUERY(…).@count`, `TERNARY(…).length`).
        case keyPath(base: StoreTerm?, components: [String])
        /// A subquery's variable: `$_local_1`.
        case variable(String)
        /// A literal the store receives as written: `"x"`, `3`, `YES`, `nil`.
        case constant(String)
        /// A value the predicate captures, which SwiftData evaluates once and hands over as a
        /// constant: shown as `$name`.
        case captured(String)
        case aggregate([StoreTerm])
        /// `add:to:` and its kin, shown infix (`a + 2`); `objectFrom:withIndex:` shown `a[i]`.
        case function(String, [StoreTerm])
        case ternary(StoreTerm, StoreTerm, StoreTerm)
        case subquery(StoreTerm, variable: String, StoreTerm)
        /// `a == b`, `x IN s`, `s CONTAINS[cdl] t`, `x BETWEEN {a, b}`.
        case comparison(StoreTerm, String, StoreTerm)
        case and(StoreTerm, StoreTerm)
        case or(StoreTerm, StoreTerm)
        case not(StoreTerm)
        /// An expression kind the conversion has none for (`ForcedUnwrap`, `IntDivision`):
        /// it fails unless the part folds into a constant.
        case noTranslation(String)
        /// Something this tool does not model: it judges nothing that depends on it.
        case unknown(String)
    }

    public let form: Form
    /// The code this part was translated from.
    public let source: Syntax
    /// Whether it reads the predicate's input (a model's properties), rather than being a
    /// constant SwiftData works out before the store sees it.
    public let readsInput: Bool
    /// For a key path that ends at a model's property: how the store keeps that property.
    public let storage: PropertyStorage?

    init(_ form: Form, from source: some SyntaxProtocol, readsInput: Bool, storage: PropertyStorage? = nil) {
        self.form = form
        self.source = Syntax(source)
        self.readsInput = readsInput
        self.storage = storage
    }

    /// A test (an `NSPredicate`) rather than a value.
    public var isTest: Bool {
        switch form {
        case .comparison, .and, .or, .not: true
        default: false
        }
    }

    /// The parts directly inside this one.
    public var children: [StoreTerm] {
        switch form {
        case .keyPath(let base, _): base.map { [$0] } ?? []
        case .aggregate(let items), .function(_, let items): items
        case .ternary(let a, let b, let c): [a, b, c]
        case .subquery(let a, _, let b), .comparison(let a, _, let b), .and(let a, let b), .or(let a, let b): [a, b]
        case .not(let a): [a]
        case .variable, .constant, .captured, .noTranslation, .unknown: []
        }
    }

    public var allTerms: [StoreTerm] { [self] + children.flatMap(\.allTerms) }

    /// Whether something in it is not modelled: nothing is judged from such a part.
    public var containsUnknown: Bool { allTerms.contains { if case .unknown = $0.form { true } else { false } } }

    // MARK: Format

    /// The part as `NSPredicate(format:)` reads it.
    public var format: String {
        switch form {
        case .keyPath(nil, let components): return components.isEmpty ? "SELF" : components.joined(separator: ".")
        case .keyPath(let base?, let components): return ([base.format] + components).joined(separator: ".")
        case .variable(let name): return "$" + name
        case .constant(let text): return text
        case .captured(let text): return "$" + text
        case .aggregate(let items): return "{" + items.map(\.format).joined(separator: ", ") + "}"
        case .function(let name, let arguments):
            if name == "objectFrom:withIndex:", arguments.count == 2 {
                return arguments[0].format + "[" + arguments[1].format + "]"
            }
            if let symbol = Self.infixFunctions[name], arguments.count == 2 {
                return arguments.map { $0.isInfixFunction ? "(\($0.format))" : $0.format }.joined(separator: " \(symbol) ")
            }
            return "FUNCTION(" + arguments.map(\.format).joined(separator: ", ") + ", \"\(name)\")"
        case .ternary(let test, let yes, let no): return "TERNARY(\(test.format), \(yes.format), \(no.format))"
        case .subquery(let collection, let variable, let test): return "SUBQUERY(\(collection.format), $\(variable), \(test.format))"
        case .comparison(let left, let op, let right): return "\(left.format) \(op) \(right.format)"
        case .and(let left, let right): return "\(left.compoundOperand) AND \(right.compoundOperand)"
        case .or(let left, let right): return "\(left.compoundOperand) OR \(right.compoundOperand)"
        case .not(let inner): return "NOT (\(inner.format))"
        case .noTranslation(let kind): return "«\(kind): no translation»"
        case .unknown(let what): return "«\(what)»"
        }
    }

    static let infixFunctions = ["add:to:": "+", "from:subtract:": "-", "multiply:by:": "*", "divide:by:": "/"]

    private var isInfixFunction: Bool {
        if case .function(let name, _) = form { return Self.infixFunctions[name] != nil }
        return false
    }

    /// A compound test inside another is parenthesized, as `NSCompoundPredicate` prints it.
    private var compoundOperand: String {
        switch form {
        case .and, .or: "(\(format))"
        default: format
        }
    }
}
