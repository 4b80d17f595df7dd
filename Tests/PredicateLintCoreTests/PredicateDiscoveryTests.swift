import Testing
@testable import PredicateLintCore

/// Finding predicates, and the input types the code states for them.
@Suite struct PredicateDiscoveryTests {
    func sites(_ code: String) -> [PredicateSite] {
        PredicateSiteFinder.sites(in: SourceFile(path: "Discovery.swift", text: code).tree)
    }

    static let statedForms: [(form: String, code: String, inputs: [String], parameters: [String])] = [
        ("generic argument", #"let p = #Predicate<Movie> { $0.name == "" }"#, ["Movie"], ["$0"]),
        ("typed closure parameter", "let p = #Predicate { (movie: Movie) in movie.year > 2000 }", ["Movie"], ["movie"]),
        ("module-qualified result type", "func recent() -> Foundation.Predicate<Movie> { #Predicate { $0.year > 2000 } }",
         ["Movie"], ["$0"]),
        ("module-qualified descriptor", "let d = SwiftData.FetchDescriptor<Movie>(predicate: #Predicate { $0.isFavorite })",
         ["Movie"], ["$0"]),
        ("@Query property", """
            struct MovieList {
                @Query(filter: #Predicate { $0.isFavorite }, sort: \\Movie.name) private var movies: [Movie]
            }
            """, ["Movie"], ["$0"]),
        ("@Query property of Array<T>", """
            struct MovieList {
                @Query(filter: #Predicate { movie in movie.isFavorite }) var movies: Array<Movie>
            }
            """, ["Movie"], ["movie"]),
        ("Query(filter:sort:) in an initializer", """
            struct MovieList {
                @Query var movies: [Movie]
                init(year: Int) {
                    _movies = Query(filter: #Predicate { $0.year > year }, sort: \\Movie.name)
                }
            }
            """, ["Movie"], ["$0"]),
        ("self._property = Query(…)", """
            struct MovieList {
                @Query private var movies: [Movie]
                init() { self._movies = Query(filter: #Predicate { $0.isFavorite }) }
            }
            """, ["Movie"], ["$0"]),
        ("Query<T, R>(filter:)", "let q = Query<Movie, [Movie]>(filter: #Predicate { $0.isFavorite })", ["Movie"], ["$0"]),
        ("FetchDescriptor<T>(predicate:)", "let d = FetchDescriptor<Movie>(predicate: #Predicate { $0.year > 2000 })", ["Movie"], ["$0"]),
        ("annotated FetchDescriptor", "let d: FetchDescriptor<Movie> = FetchDescriptor(predicate: #Predicate { $0.year > 2000 })", ["Movie"], ["$0"]),
        ("annotated Predicate", "let p: Predicate<Movie> = #Predicate { $0.year > 2000 }", ["Movie"], ["$0"]),
        ("optional Predicate", "var p: Predicate<Movie>? = #Predicate { $0.year > 2000 }", ["Movie"], ["$0"]),
        ("parenthesized", "let p: Predicate<Movie> = (#Predicate { $0.year > 2000 })", ["Movie"], ["$0"]),
        ("function result", "func recent() -> Predicate<Movie> { #Predicate { $0.year > 2000 } }", ["Movie"], ["$0"]),
        ("returned from a function", """
            func recent(after year: Int) -> Predicate<Movie> {
                let limit = year + 1
                return #Predicate { $0.year > limit }
            }
            """, ["Movie"], ["$0"]),
        ("static function in an extension", """
            extension Movie {
                static func named(_ name: String) -> Predicate<Movie> { #Predicate { $0.name == name } }
            }
            """, ["Movie"], ["$0"]),
        ("computed property", "var favorites: Predicate<Movie> { #Predicate { $0.isFavorite } }", ["Movie"], ["$0"]),
        ("computed property with get", "var favorites: Predicate<Movie> { get { #Predicate { $0.isFavorite } } }", ["Movie"], ["$0"]),
        ("#Expression", "let e = #Expression<Movie, Int> { $0.year }", ["Movie"], ["$0"]),
        ("annotated Expression", "let e: Expression<Movie, Bool> = #Expression { $0.isFavorite }", ["Movie"], ["$0"]),
        ("two inputs", "let p = #Predicate<Movie, Actor> { movie, actor in movie.cast.contains { $0.name == actor.name } }",
         ["Movie", "Actor"], ["movie", "actor"]),
        ("delete(model:where:)", "func purge(_ context: ModelContext) throws { try context.delete(model: Movie.self, where: #Predicate { $0.year < 1900 }) }",
         ["Movie"], ["$0"]),
        ("delete of a nested model", "func purge(_ context: ModelContext) throws { try context.delete(model: SchemaV2.Trip.self, where: #Predicate { $0.isOld }) }",
         ["SchemaV2.Trip"], ["$0"]),
        ("descriptor.predicate = …", """
            func recent() -> FetchDescriptor<Movie> {
                var descriptor = FetchDescriptor<Movie>(sortBy: [SortDescriptor(\\.year)])
                descriptor.predicate = #Predicate { $0.year > 2000 }
                return descriptor
            }
            """, ["Movie"], ["$0"]),
        ("an annotated descriptor's predicate", """
            func narrow(_ descriptor: inout FetchDescriptor<Movie>) {
                descriptor.predicate = #Predicate { $0.isFavorite }
            }
            """, ["Movie"], ["$0"]),
        ("parenthesized branch of a conditional", "let p: Predicate<Movie> = all ? (#Predicate { _ in true }) : favorites",
         ["Movie"], ["_"]),
        ("not a trailing closure", "let p = #Predicate<Movie>({ $0.isFavorite })", ["Movie"], ["$0"]),
    ]

    @Test(arguments: statedForms.indices)
    func findsTheStatedInputTypes(_ index: Int) {
        let form = Self.statedForms[index]
        let found = sites(form.code)
        #expect(found.count == 1, "\(form.form)")
        #expect(found.first?.inputTypes == form.inputs, "\(form.form)")
        #expect(found.first?.parameterNames == form.parameters, "\(form.form)")
    }

    @Test(arguments: [
        #"let p = #Predicate { $0.name == "" }"#,
        "let d = FetchDescriptor(predicate: #Predicate { $0.isFavorite })",
        "descriptor.predicate = #Predicate { $0.isFavorite }",
        "func make() -> Predicate<Movie> { let p = #Predicate { $0.isFavorite }; return p }",
    ])
    func leavesTheRootUnknownWhereTheCodeDoesNotStateIt(_ code: String) {
        let found = sites(code)
        #expect(!found.isEmpty)
        #expect(found.allSatisfy { $0.rootType == nil })
    }

    @Test func nestedClosuresBelongToTheirPredicate() {
        let found = sites(#"let p = #Predicate<Movie> { $0.cast.contains { $0.name.starts(with: "A") } }"#)
        #expect(found.count == 1)
        let facts = PredicateFacts(site: found[0])
        #expect(facts.nestedClosures.count == 1)
        #expect(facts.calls.compactMap(\.calleeName) == ["contains", "starts"])
    }

    @Test func ignoresOtherMacrosCommentsAndStrings() {
        let code = """
            let a = #URL("https://example.com")
            // let p = #Predicate<Movie> { $0.isFavorite }
            let s = "#Predicate<Movie> { $0.isFavorite }"
            /* #Expression<Movie, Int> { $0.year } */
            """
        #expect(sites(code).isEmpty)
    }

    @Test func findsEveryPredicateInAFile() {
        let code = """
            struct Library {
                @Query(filter: #Predicate<Movie> { $0.isFavorite }) var favorites: [Movie]
                func recent() -> Predicate<Movie> { #Predicate { $0.year > 2020 } }
                let score = #Expression<Movie, Double> { $0.rating * 2 }
            }
            """
        #expect(sites(code).map(\.kind) == [.predicate, .predicate, .expression])
    }

    /// A branch no build compiles is not part of the app; one that depends on the platform,
    /// the compiler or a flag may be, and is read like any other code.
    @Test func skipsBranchesNoBuildCompiles() {
        let never = [
            "#if false\nlet p = #Predicate<Movie> { $0.isFavorite }\n#endif",
            "#if 0\nlet p = #Predicate<Movie> { $0.isFavorite }\n#endif",
            "#if DEBUG && false\nlet p = #Predicate<Movie> { $0.isFavorite }\n#endif",
            "#if !true\nlet p = #Predicate<Movie> { $0.isFavorite }\n#endif",
            "#if true\nlet a = 1\n#else\nlet p = #Predicate<Movie> { $0.isFavorite }\n#endif",
            "#if os(iOS)\nlet a = 1\n#elseif true\nlet b = 1\n#else\nlet p = #Predicate<Movie> { $0.isFavorite }\n#endif",
            "func f() {\n#if false\nlet p = #Predicate<Movie> { $0.isFavorite }\n#endif\n}",
        ]
        for code in never { #expect(sites(code).isEmpty, "\(code)") }
        let maybe = [
            "#if os(iOS)\nlet p = #Predicate<Movie> { $0.isFavorite }\n#endif",
            "#if DEBUG\nlet a = 1\n#else\nlet p = #Predicate<Movie> { $0.isFavorite }\n#endif",
            "#if false || DEBUG\nlet p = #Predicate<Movie> { $0.isFavorite }\n#endif",
            "#if false\nlet a = 1\n#else\nlet p = #Predicate<Movie> { $0.isFavorite }\n#endif",
            "#if canImport(SwiftData) && true\nlet p = #Predicate<Movie> { $0.isFavorite }\n#endif",
        ]
        for code in maybe { #expect(sites(code).count == 1, "\(code)") }
    }
}
