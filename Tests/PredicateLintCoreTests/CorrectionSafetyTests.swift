import Testing
@testable import PredicateLintCore

/// Corrections that would not be sound are not offered at all.
@Suite struct CorrectionSafetyTests {
    func modelComparison(_ code: String) -> Finding? {
        lint(code).first { $0.ruleID == "model-comparison" }
    }

    @Test func noLetCanGoIntoAPropertyInitializer() throws {
        let finding = try #require(modelComparison("""
            struct DirectorMovies {
                let director: Director
                @Query(filter: #Predicate<Movie> { $0.director == director }) var movies: [Movie]
            }
            """))
        #expect(finding.correction == nil)
    }

    @Test func theIdentifierNameMustBeFree() throws {
        let finding = try #require(modelComparison("""
            func movies(by director: Director, directorID: Int) -> Predicate<Movie> {
                #Predicate { $0.director == director }
            }
            """))
        #expect(finding.correction == nil)
    }

    @Test func theLetKeepsTheStatementsIndentation() throws {
        let code = """
            func movies(by director: Director) -> [Movie] {
                if true {
                    let predicate = #Predicate<Movie> { $0.director == director }
                    _ = predicate
                }
                return []
            }
            """
        let finding = try #require(modelComparison(code))
        let fixed = code.applying(finding.correction?.edits ?? [])
        #expect(fixed.contains("""
                    let directorID = director.persistentModelID
                    let predicate = #Predicate<Movie> { $0.director?.persistentModelID == directorID }
            """))
        #expect(lint(fixed).isEmpty)
    }

    @Test func hasPrefixWithAnUnexpectedArgumentIsLeftAlone() throws {
        let finding = try #require(lint(#"#Predicate<Website> { $0.url.hasPrefix("a", { true }) }"#).first { $0.ruleID == "has-prefix" })
        #expect(finding.correction == nil)
    }
}
