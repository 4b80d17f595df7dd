import SwiftSyntax

/// A predicate whose root is a generic parameter (`#Predicate<T>`), which SwiftData cannot
/// resolve once the optimizer has run.
public struct GenericPredicateRule: PredicateRule {
    public static let description = RuleDescription(
        id: "generic-predicate",
        severity: .error,
        summary: "Predicates over a generic parameter crash in Release builds",
        rationale: """
            A predicate built on a generic parameter (`#Predicate<T>` with `T: PersistentModel`) \
            works in Debug builds and crashes in optimized ones: SwiftData cannot match the key \
            path to a stored property (`Couldn't find \\T.<computed …>`), and the fatal error \
            cannot be caught. Build the predicate in a function of each concrete model instead.
            Evidence, grade B: four independent projects report the Release-only crash with the same \
            stack (several independent reports).
            """,
        failsAt: .runtime,
        triggering: [
            Example("""
            func recent<T: AnyObject>(_ type: T.Type) -> Predicate<T> {
                ↓#Predicate<T> { _ in 1 == 1 }
            }
            """),
            Example("""
            final class Repository<Model: AnyObject> {
                func everything() -> Predicate<Model> { ↓#Predicate { _ in 1 == 1 } }
            }
            """),
            Example("""
            func matching<Item: AnyObject>(_ items: [Item]) -> Int {
                let predicate = ↓#Predicate { (item: Item) in 1 == 1 }
                return items.filter { (try? predicate.evaluate($0)) == true }.count
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
        ])

    public init() {}

    public func check(_ context: RuleContext) -> [Finding] {
        let generic = context.site.inputTypes.filter { Self.isGenericParameter($0, enclosing: context.site.macro) }
        guard let name = generic.first else { return [] }
        return [context.finding(
            self, at: context.site.macro.pound,
            message: "This predicate's root `\(name)` is a generic parameter; SwiftData crashes on it in Release builds. "
                + "Build the predicate in a function of each concrete model")]
    }

    /// Whether `name` is a generic parameter of a function or type around `node`, or `Self` in
    /// a protocol or a constrained protocol extension.
    static func isGenericParameter(_ name: String, enclosing node: some SyntaxProtocol) -> Bool {
        var current = node.parent
        while let scope = current {
            defer { current = scope.parent }
            if name == "Self" {
                if scope.is(ProtocolDeclSyntax.self) { return true }
                if let extensionDecl = scope.as(ExtensionDeclSyntax.self) {
                    return extensionDecl.genericWhereClause?.requirements.contains {
                        $0.requirement.as(ConformanceRequirementSyntax.self)?.leftType.trimmedDescription == "Self"
                    } ?? false
                }
                continue
            }
            let clause: GenericParameterClauseSyntax?
            if let function = scope.as(FunctionDeclSyntax.self) { clause = function.genericParameterClause }
            else if let initializer = scope.as(InitializerDeclSyntax.self) { clause = initializer.genericParameterClause }
            else if let subscriptDecl = scope.as(SubscriptDeclSyntax.self) { clause = subscriptDecl.genericParameterClause }
            else if let type = scope.asProtocol(DeclGroupSyntax.self) {
                clause = type.as(StructDeclSyntax.self)?.genericParameterClause
                    ?? type.as(ClassDeclSyntax.self)?.genericParameterClause
                    ?? type.as(EnumDeclSyntax.self)?.genericParameterClause
                    ?? type.as(ActorDeclSyntax.self)?.genericParameterClause
            } else { clause = nil }
            if clause?.parameters.contains(where: { $0.name.text == name }) == true { return true }
        }
        return false
    }
}
