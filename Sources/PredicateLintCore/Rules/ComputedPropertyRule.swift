import SwiftSyntax

/// A computed property of a model (in the class, an extension in any file, a superclass, or an
/// extension of a protocol the model adopts), or the `id` that `PersistentModel` synthesizes.
public struct ComputedPropertyRule: PredicateRule {
    /// Two versions of one model, and the current one's typealias, as versioned schemas have them.
    static let schemas = ExampleFile("Schemas.swift", """
        enum SchemaV1 {
            @Model final class Trip {
                var name = ""
                var isLong: Bool { name.count > 10 }
            }
        }
        enum SchemaV2 {
            @Model final class Trip {
                var name = ""
                var isLong = false
            }
        }
        typealias Trip = SchemaV2.Trip
        """)

    /// A protocol whose extension adds a computed property to every adopter.
    static let rating = ExampleFile("Rateable.swift", """
        protocol Rateable {
            var rating: Double { get }
        }
        extension Rateable {
            var isTopRated: Bool { rating > 4 }
        }
        extension Movie: Rateable {}
        """)

    static let computed = RuleCase(
        "a computed property, or the synthesized `id`", failsAt: .runtime,
        evidence: .graded(.b, "the predicate guide and several independent reports, including on the synthesized `id`"))

    public static let description = RuleDescription(
        id: "computed-property",
        severity: .error,
        summary: "Computed properties are not in the store, so a predicate cannot use them",
        rationale: """
            SwiftData turns a predicate into a store query, and only stored properties have \
            columns. A computed property builds fine, then the fetch stops with a fatal error \
            ("Couldn't find \\Movie.displayTitle on Movie with fields …") that `try` cannot catch. \
            The same goes for the `id` a model gets from `Identifiable`: compare \
            `persistentModelID` instead. Store what you need to filter on in its own property, \
            or filter the fetched results in memory.
            """,
        cases: [computed],
        triggering: [
            Example(#"#Predicate<Movie> { $0.↓displayTitle.localizedStandardContains("Heat") }"#),
            Example("#Predicate<Movie> { $0.↓isClassic && $0.rating > 4 }"),
            Example("#Predicate<Actor> { $0.movies.contains { $0.↓castCount > 10 } }"),
            Example("""
            let movieID = Movie().persistentModelID
            let predicate = #Predicate<Movie> { $0.↓id == movieID }
            """),
            Example("""
            @Model class Media {
                var title = ""
                var isLong: Bool { title.count > 40 }
            }
            @Model final class Podcast: Media {
                var host = ""
            }
            let predicate = #Predicate<Podcast> { $0.↓isLong }
            """),
            // Models as real apps declare them: each schema version is its own model…
            Example("#Predicate<SchemaV1.Trip> { $0.↓isLong }", files: [schemas]),
            Example("""
            extension SchemaV1 {
                static var long: Predicate<Trip> { #Predicate<Trip> { $0.↓isLong } }
            }
            """, files: [schemas]),
            // …a typealias's extension extends the model, and so does a protocol's…
            Example("#Predicate<Movie> { $0.↓isShort }", files: [ExampleFile("Film.swift", """
                typealias Film = Movie
                extension Film {
                    var isShort: Bool { year < 1930 }
                }
                """)]),
            Example("#Predicate<Movie> { $0.↓isTopRated }", files: [rating]),
            // …and `@SwiftData.Model` is `@Model`.
            Example("#Predicate<Podcast> { $0.↓isLong }", files: [ExampleFile("Podcast.swift", """
                @SwiftData.Model final class Podcast {
                    var title = ""
                    var isLong: Bool { title.count > 40 }
                }
                """)]),
        ],
        nonTriggering: [
            // `Trip` is the current version, whose `isLong` is stored.
            Example("#Predicate<Trip> { $0.isLong }", files: [schemas]),
            // A protocol requirement met by a stored property stays stored.
            Example("#Predicate<Movie> { $0.rating > 4 }", files: [rating]),
            Example("""
            let displayTitle = "Heat"
            let predicate = #Predicate<Movie> { $0.name == displayTitle }
            """),
            Example("""
            struct Ticket {
                var title = ""
                var displayTitle: String { title.uppercased() }
            }
            let predicate = #Predicate<Ticket> { $0.displayTitle == "HEAT" }
            """),
            Example("""
            let movieID = Movie().persistentModelID
            let predicate = #Predicate<Movie> { $0.persistentModelID == movieID && $0.year > 2000 }
            """),
            Example("""
            @Model class Media {
                var title = ""
            }
            @Model final class Podcast: Media {
                var host = ""
            }
            let predicate = #Predicate<Podcast> { $0.title == "Daily" && $0.host == "Ann" }
            """),
        ])

    public init() {}

    public func check(_ context: RuleContext) -> [Finding] {
        guard context.reports(Self.computed) else { return [] }
        return context.keyPaths.memberUses.compactMap { use in
            let name = use.nameToken.text
            if use.member?.kind == .computed {
                return context.finding(
                    self, at: use.nameToken,
                    message: "`\(name)` is a computed property of `\(use.model)`, which the store does not have; "
                        + "the fetch crashes. Filter on stored properties, or store `\(name)` in its own property")
            }
            // `PersistentModel` gives every model an `id` that is not stored.
            if use.member == nil, name == "id" {
                return context.finding(
                    self, at: use.nameToken,
                    message: "`id` is not stored on `\(use.model)`, and the fetch crashes; "
                        + "compare `persistentModelID` with one captured before the predicate")
            }
            return nil
        }
    }
}
