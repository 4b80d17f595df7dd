import Testing
@testable import PredicateLintCore

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
        ("#Predicate<Movie> { $0.director.flatMap { $0.name.contains(searchText) } ?? false }", ["case-sensitive-contains"]),
        ("#Predicate<Movie> { ($0.subtitle ?? $0.name).contains(\"x\") }", []),
        ("#Predicate<Award> { $0.year > 2000 && ($0.movie?.isClassic ?? false) }", ["computed-property"]),
        ("#Predicate<Actor> { $0.movies.filter { $0.isClassic }.count > 2 }", ["computed-property"]),
        ("#Predicate<Movie> { movie in movie.cast.contains { $0.movies.contains { $0.isSelected } } }", ["transient-property"]),
        ("#Predicate<Movie> { $0.director!.name.contains(searchText) }", ["case-sensitive-contains"]),
    ])
    func resolvesThroughOptionalsAndClosures(_ code: String, _ expected: [String]) {
        #expect(modelFindings(code) == expected)
    }
}
