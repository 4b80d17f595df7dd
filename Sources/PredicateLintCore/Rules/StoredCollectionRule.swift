import SwiftSyntax

/// `contains` on a stored array or set of values, or a closure over a stored array of structs:
/// the store keeps the collection as one encoded value it cannot search.
public struct StoredCollectionRule: PredicateRule {
    static let membership = RuleCase(
        "`contains(_:)` on a stored array or set of values (`$0.tags.contains(\"x\")`)", failsAt: .runtime,
        evidence: StoreLimit.limit(.membershipInEncodedCollection).evidence)
    static let subquery = RuleCase(
        "`contains(where:)`, `allSatisfy` or `filter` over a stored array of structs or values", failsAt: .runtime,
        evidence: StoreLimit.limit(.subqueryOverEncodedCollection).evidence)

    public static let description = RuleDescription(
        id: "stored-collection",
        severity: .error,
        summary: "A stored array of values is one encoded value the store cannot search",
        rationale: """
            SwiftData keeps a property like `var tags: [String]` (or `[UUID]`, `Set<Int>`, an \
            array of Codable structs) in one column, as encoded data. `$0.tags.contains("x")` \
            builds, and SwiftData asks the store for `"x" IN tags`, which SQL cannot answer \
            from an encoded value: the process dies when the fetch runs (a crash in Core Data's \
            string search, measured on iOS 26.5, or an "unimplemented SQL generation" \
            exception), and behind an `OR` it can hide for months, since SQLite skips the term \
            when the first one matches. A closure over such an array (`$0.stops.contains { \
            $0.city == c }`) becomes a subquery over rows that do not exist. Fetch on the other \
            terms and test the collection in Swift afterwards, or make the elements a model: a \
            to-many relationship's `contains { … }` is a subquery the store runs. A captured \
            collection's `contains($0.id)` is a different shape (`id IN {…}`) and runs. What \
            else such a property answers (`count`, `isEmpty`) has no report either way, and is \
            not reported.
            """,
        cases: [membership, subquery],
        triggering: [
            Example(#"#Predicate<Movie> { $0.↓tags.contains("classic") }"#),
            Example(#"#Predicate<Movie> { $0.year > 1990 || $0.↓tags.contains("classic") }"#),
            Example("""
            func trips(through city: String) -> Predicate<Trip> {
                #Predicate<Trip> { $0.↓stops.contains { $0.city == city } }
            }
            """, files: [trips]),
            Example("""
            func trips(tagged tag: UUID) -> Predicate<Trip> {
                #Predicate<Trip> { $0.↓tagIDs.contains(tag) }
            }
            """, files: [trips]),
            // An array of enums is encoded as a whole too.
            Example(#"#Predicate<Release> { !$0.origins.isEmpty && $0.↓origins.contains { $0.rawValue == "studio" } }"#, files: [releases]),
        ],
        nonTriggering: [
            Example("""
            let wanted = ["classic", "noir"]
            let predicate = #Predicate<Movie> { wanted.contains($0.name) }
            """),
            Example(#"#Predicate<Movie> { $0.cast.contains { $0.name == "Hepburn" } }"#),
            Example("#Predicate<Movie> { !$0.tags.isEmpty }"),
            Example(#"#Predicate<Movie> { $0.name.contains("The") }"#),
            // In memory, a struct's array is an array.
            Example("""
            struct Shelf { var labels: [String] = [] }
            let predicate = #Predicate<Shelf> { $0.labels.contains("x") }
            """),
        ])

    static let trips = ExampleFile("Trip.swift", """
        import Foundation
        import SwiftData

        struct Stop: Codable, Hashable { var city = "" }
        @Model final class Trip {
            var stops: [Stop] = []
            var tagIDs: Set<UUID> = []
        }
        """)

    static let releases = ExampleFile("Release.swift", """
        import SwiftData

        enum Origin: String, Codable { case studio, independent }
        @Model final class Release {
            var origins: [Origin] = []
        }
        """)

    public init() {}

    public func check(_ context: RuleContext) -> [Finding] {
        // Only a property kept as one encoded value makes these shapes.
        guard context.reads(.encodedCollection) else { return [] }
        let membership = context.reports(Self.membership) ? context.storeTerms(.membershipInEncodedCollection) : []
        let subqueries = context.reports(Self.subquery) ? context.storeTerms(.subqueryOverEncodedCollection) : []
        return (membership + subqueries).compactMap { term in
            let collection: StoreTerm
            switch term.form {
            case .comparison(_, _, let right): collection = right
            case .subquery(let left, _, _): collection = left
            default: return nil
            }
            guard let access = collection.source.as(MemberAccessExprSyntax.self), let storage = collection.storage else { return nil }
            let name = access.declName.baseName.text
            return context.finding(
                self, at: access.declName.baseName,
                message: "`\(name)` is `\(storage.typeName)`, which SwiftData stores as one encoded value: it asks the store "
                    + "for `\(term.format)`, which the SQLite store cannot search, and the process dies at fetch. Fetch on the "
                    + "other terms and test `\(name)` in Swift afterwards, or make its elements a model")
        }
    }
}
