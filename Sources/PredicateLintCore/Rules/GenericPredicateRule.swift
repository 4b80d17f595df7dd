import SwiftSyntax

/// A predicate whose root is a generic parameter (`#Predicate<T>`), which SwiftData cannot
/// resolve once the optimizer has run.
public struct GenericPredicateRule: PredicateRule {
    static let genericKeyPath = RuleCase(
        "a property read through a generic model parameter", failsAt: .runtime,
        evidence: .graded(.b, "four independent projects report the Release-only crash with the same stack, "
            + "each reading a property through the parameter (scout PR 1152, eudi-app-ios-wallet-ui PR 381, two others)"))

    public static let description = RuleDescription(
        id: "generic-predicate",
        severity: .error,
        summary: "Predicates over a generic model parameter crash in Release builds",
        rationale: """
            A predicate that reads a property through a generic parameter that is a model \
            (`#Predicate<Row> { $0.fingerprint == value }` with `Row: PersistentModel` and a \
            protocol requirement `fingerprint`) works in Debug builds and crashes in optimized \
            ones: SwiftData matches each key path against the stored properties of the concrete \
            model, and a key path spelled through the generic parameter matches none \
            (`Couldn't find \\Row.<computed …>`); the fatal error cannot be caught. Build the \
            predicate in a function of each concrete model instead. A generic parameter that is \
            not a model (`T: Hashable`, or unconstrained) never reaches SwiftData: the predicate \
            is evaluated in memory, and this rule says nothing. Nor does it speak where the \
            predicate reads nothing through the parameter, or only `persistentModelID`, which \
            SwiftData resolves by itself rather than by property metadata: no report shows those \
            failing. A parameter constrained to a protocol the linted files do not declare is \
            reported, as it may be a model.
            """,
        cases: [genericKeyPath],
        triggering: [
            Example("""
            protocol CacheRow: PersistentModel { var fingerprint: String { get } }
            func rows<Row: CacheRow>(_ type: Row.Type, matching fingerprint: String) -> Predicate<Row> {
                #Predicate<Row> { $0.↓fingerprint == fingerprint }
            }
            """),
            Example("""
            protocol Archivable: PersistentModel { var isArchived: Bool { get } }
            final class Repository<Model: Archivable> {
                func archived() -> Predicate<Model> { #Predicate { $0.↓isArchived } }
            }
            """),
            Example("""
            protocol Titled { var title: String { get } }
            func titled<Item: PersistentModel & Titled>(_ type: Item.Type) -> Predicate<Item> {
                #Predicate<Item> { item in item.↓title.isEmpty }
            }
            """),
            Example("""
            protocol SoftDeletable: PersistentModel { var deletedAt: Date? { get } }
            struct Listing<T> {}
            extension Listing where T: SoftDeletable {
                static var live: Predicate<T> { #Predicate<T> { $0.↓deletedAt == nil } }
            }
            """),
        ],
        nonTriggering: [
            // Only the identifier, which SwiftData resolves by itself.
            Example("""
            func object<T: PersistentModel>(_ type: T.Type, id: PersistentIdentifier) -> Predicate<T> {
                #Predicate<T> { $0.persistentModelID == id }
            }
            """),
            Example("""
            final class T { var year = 0 }
            let predicate = #Predicate<T> { $0.year > 2000 }
            """),
            Example("""
            func count<T>(_ items: [T]) -> Predicate<Movie> {
                let total = items.count
                return #Predicate<Movie> { $0.year > total }
            }
            """),
            Example("""
            extension Movie {
                static func recent() -> Predicate<Movie> { #Predicate { $0.year > 2000 } }
            }
            """),
            // Evaluated in memory: the parameter is not a model.
            Example("""
            func matching<Item: Hashable>(_ items: [Item]) -> Int {
                let predicate = #Predicate { (item: Item) in 1 == 1 }
                return items.filter { (try? predicate.evaluate($0)) == true }.count
            }
            """),
        ])

    public init() {}

    public func check(_ context: RuleContext) -> [Finding] {
        guard context.reports(Self.genericKeyPath) else { return [] }
        for (position, written) in context.site.inputTypes.enumerated() {
            switch PredicateRoot.of(written, at: context.site, index: context.models) {
            case .genericModel, .genericUnknown: break
            default: continue
            }
            // The first property read through this input, other than the identifier.
            guard let read = context.facts.memberAccesses.first(where: { access in
                access.declName.baseName.text != "persistentModelID"
                    && access.base.map { Self.isInput(position, $0, context.site, context.fileFacts) } == true
            }) else { continue }
            return [context.finding(
                self, at: read.declName.baseName,
                message: "`\(read.trimmedDescription)` is read through the generic model parameter `\(written)`; "
                    + "SwiftData cannot match that key path in Release builds and crashes. "
                    + "Build the predicate in a function of each concrete model")]
        }
        return []
    }

    /// Whether `expression` is the predicate's input at `position` (`$0`, or its name).
    static func isInput(_ position: Int, _ expression: ExprSyntax, _ site: PredicateSite, _ fileScope: FileFacts) -> Bool {
        guard let reference = expression.as(DeclReferenceExprSyntax.self),
              case .closureParameter(let closure)? = LexicalLookup.binding(of: reference.baseName.text, from: reference, fileScope: fileScope),
              closure.id == site.closure.id else { return false }
        let name = reference.baseName.text
        return name == "$\(position)" || site.parameterNames.firstIndex(of: name) == position
    }
}
