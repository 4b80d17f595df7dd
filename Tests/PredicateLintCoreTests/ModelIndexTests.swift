import Testing
@testable import PredicateLintCore

/// What the index learns from model declarations spread over several files.
@Suite struct ModelIndexTests {
    static let files = [
        SourceFile(path: "Models.swift", text: """
            import SwiftData
            typealias Minutes = Int16
            typealias Cast = [Actor]
            struct Place: Codable { var city = "" }
            enum Status: String, Codable { case active }

            @Model class Media {
                var title = ""
                var length: Minutes = 0
                var summary: String { title }
            }

            @Model final class Movie: Media {
                @Attribute(.unique) var slug: String = ""
                var rating: Double = 0 {
                    didSet { print(rating) }
                }
                var cast: Cast = []
                var director: Director?
                var awards: [Award]? = nil
                var place = Place()
                var status: Status = .active
                var ratingsByCountry: [String: Double] = [:]
                var keywords: Set<String> = []
                var poster: Data?
                var mood: Mood? = nil
                @Transient var isSelected = false
                static var defaultRating = 3.0
                var isRated: Bool { get { rating > 0 } set { } }
                func rate(_ value: Double) { rating = value }
            }
            @Model final class Actor { var name = "" }
            @Model final class Director { var name = "" }
            @Model final class Award { var year = 0 }
            final class Ticket { var seat = "" }
            """),
        SourceFile(path: "Movie+Display.swift", text: """
            extension Movie {
                var headline: String { "\\(title) (\\(rating))" }
                func share() {}
            }
            """),
    ]

    let index = ModelIndex(files: Self.files)

    @Test func knowsModelsAndNothingElse() {
        #expect(index.modelNames == ["Actor", "Award", "Director", "Media", "Movie"])
        #expect(!index.isModel("Ticket") && !index.isModel("Place"))
    }

    @Test(arguments: [
        ("slug", ModelMember.Kind.stored), ("rating", .stored), ("isSelected", .transient),
        ("isRated", .computed), ("rate", .method), ("headline", .computed), ("share", .method),
        ("title", .stored), ("summary", .computed),
    ])
    func tellsStoredFromComputedAcrossExtensionsAndSuperclasses(_ name: String, _ kind: ModelMember.Kind) {
        #expect(index.member(name, of: "Movie")?.kind == kind)
    }

    @Test func staticMembersAreNotInstanceMembers() {
        #expect(index.member("defaultRating", of: "Movie") == nil)
        #expect(index.member("headline", of: "Media") == nil, "a subclass's extension is not the superclass's")
    }

    @Test func keepsAttributesAsWritten() {
        #expect(index.member("slug", of: "Movie")?.attributes == ["@Attribute(.unique)"])
    }

    @Test(arguments: [
        ("title", ModelIndex.Storage.primitive("String")),
        ("length", .primitive("Int16")),
        ("poster", .primitive("Data")),
        ("keywords", .primitive("[String]")),
        ("cast", .toMany(model: "Actor")),
        ("awards", .toMany(model: "Award")),
        ("director", .toOne(model: "Director")),
        ("place", .composite("Place")),
        ("status", .composite("Status")),
        ("ratingsByCountry", .unknown),
        ("mood", .unknown),
    ])
    func classifiesHowEachPropertyIsStored(_ name: String, _ storage: ModelIndex.Storage) throws {
        let type = try #require(index.member(name, of: "Movie")?.type)
        #expect(index.storage(of: type) == storage)
    }

    @Test func buildsTheSameIndexInAnyFileOrder() {
        let reversed = ModelIndex(files: Self.files.reversed())
        for name in ["slug", "headline", "summary", "cast"] {
            #expect(reversed.member(name, of: "Movie") == index.member(name, of: "Movie"))
        }
    }

    @Test func survivesInheritanceCycles() {
        let index = ModelIndex(files: [SourceFile(path: "Cycle.swift", text: """
            @Model class A: B { var a = 0 }
            @Model class B: A { var b = 0 }
            """)])
        #expect(index.member("b", of: "A")?.kind == .stored)
        #expect(index.member("missing", of: "A") == nil)
    }
}

/// Precision: what must stay silent however much it looks like a problem.
@Suite struct KeyPathPrecisionTests {
    func modelFindings(_ code: String) -> [String] {
        let modelRules: Set<String> = ["computed-property", "transient-property", "codable-property",
                                       "model-comparison", "optional-to-many", "case-sensitive-contains", "unknown-member"]
        return lint(code).map(\.ruleID).filter(modelRules.contains)
    }

    @Test(arguments: [
        // The root is not stated, or is not a model of these files.
        #"let p = #Predicate { $0.displayTitle == "x" && $0.isSelected }"#,
        #"let p = #Predicate<Film> { $0.isClassic && $0.genre.rawValue == "x" }"#,
        // Captured values named like computed and transient properties.
        """
        let isClassic = true
        let displayTitle = "Heat"
        let p = #Predicate<Movie> { $0.isFavorite == isClassic && $0.name == displayTitle }
        """,
        // The same member names on a type that is not a model: evaluated in memory.
        """
        struct Poster { var isClassic: Bool { true }; var genre = Genre.drama; var awards: [Award]? = nil }
        let drama = Genre.drama
        let p = #Predicate<Poster> { $0.isClassic && $0.genre == drama && $0.awards == nil }
        """,
        // A nested closure's `$0` is the element, not the movie: actors have a stored `name`.
        #"let p = #Predicate<Movie> { $0.cast.contains { $0.name.localizedStandardContains("Kate") } }"#,
        // A closure parameter named like a computed property.
        "let p = #Predicate<Movie> { $0.cast.contains { displayTitle in displayTitle.age > 60 } }",
        // Members of captured values are not key paths of the model.
        """
        let other = Movie()
        let year = other.year
        let p = #Predicate<Movie> { $0.year == year }
        """,
    ])
    func saysNothing(_ code: String) {
        #expect(modelFindings(code) == [])
    }

    @Test(arguments: [
        ("#Predicate<Movie> { if let director = $0.director { director.name == \"x\" && $0.isClassic } else { false } }",
         ["computed-property"]),
        ("#Predicate<Movie> { $0.director.flatMap { $0.name.contains(\"x\") } ?? false }", ["case-sensitive-contains"]),
        ("#Predicate<Movie> { ($0.subtitle ?? $0.name).contains(\"x\") }", []),
        ("#Predicate<Award> { $0.year > 2000 && ($0.movie?.isClassic ?? false) }", ["computed-property"]),
        ("#Predicate<Actor> { $0.movies.filter { $0.isClassic }.count > 2 }", ["computed-property"]),
        ("#Predicate<Movie> { movie in movie.cast.contains { $0.movies.contains { $0.isSelected } } }", ["transient-property"]),
        ("#Predicate<Movie> { $0.director!.name.contains(\"x\") }", ["case-sensitive-contains"]),
    ])
    func resolvesThroughOptionalsAndClosures(_ code: String, _ expected: [String]) {
        #expect(modelFindings(code) == expected)
    }
}
