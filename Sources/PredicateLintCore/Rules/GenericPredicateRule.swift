import SwiftSyntax

/// A predicate whose root is a generic parameter (`#Predicate<T>`), which SwiftData cannot
/// resolve once the optimizer has run.
public struct GenericPredicateRule: PredicateRule {
    public static let description = RuleDescription(
        id: "generic-predicate",
        severity: .error,
        summary: "Predicates over a generic model parameter crash in Release builds",
        rationale: """
            A predicate built on a generic parameter that is a model (`#Predicate<T>` with \
            `T: PersistentModel`, or a protocol that refines it) works in Debug builds and \
            crashes in optimized ones: SwiftData cannot match the key path to a stored property \
            (`Couldn't find \\T.<computed …>`), and the fatal error cannot be caught. Build the \
            predicate in a function of each concrete model instead. A generic parameter that is \
            not a model (`T: Hashable`, or unconstrained) never reaches SwiftData: the predicate \
            is evaluated in memory, and this rule says nothing. A parameter constrained to a \
            protocol the linted files do not declare is reported, as it may be a model.
            Evidence, grade B: four independent projects report the Release-only crash with the same \
            stack (several independent reports).
            """,
        failsAt: .runtime,
        triggering: [
            Example("""
            func recent<T: PersistentModel>(_ type: T.Type) -> Predicate<T> {
                ↓#Predicate<T> { _ in 1 == 1 }
            }
            """),
            Example("""
            final class Repository<Model: PersistentModel> {
                func everything() -> Predicate<Model> { ↓#Predicate { _ in 1 == 1 } }
            }
            """),
            Example("""
            protocol Archivable: PersistentModel {}
            func archived<Item: Archivable>(_ type: Item.Type) -> Predicate<Item> {
                ↓#Predicate<Item> { _ in 1 == 1 }
            }
            """),
        ],
        nonTriggering: [
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
        let generic = context.site.inputTypes.first { written in
            switch PredicateRoot.of(written, at: context.site, index: context.models) {
            case .genericModel, .genericUnknown: true
            default: false
            }
        }
        guard let name = generic else { return [] }
        return [context.finding(
            self, at: context.site.macro.pound,
            message: "This predicate's root `\(name)` is a generic model parameter; SwiftData crashes on it in Release builds. "
                + "Build the predicate in a function of each concrete model")]
    }
}
