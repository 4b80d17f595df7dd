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

    @Test func aLoneExpressionBodyKeepsItsResult() throws {
        let code = """
            func movies(by director: Director) -> Predicate<Movie> {
                #Predicate { $0.director == director }
            }
            """
        let finding = try #require(modelComparison(code))
        let fixed = code.applying(finding.correction?.edits ?? [])
        #expect(fixed == """
            func movies(by director: Director) -> Predicate<Movie> {
                let directorID = director.persistentModelID
                return #Predicate { $0.director?.persistentModelID == directorID }
            }
            """)
    }

    @Test func aLaterDeclarationOfTheNameBlocksTheFix() throws {
        let finding = try #require(modelComparison("""
            func movies(by director: Director) {
                let predicate = #Predicate<Movie> { $0.director == director }
                let directorID = 3
                _ = (predicate, directorID)
            }
            """))
        #expect(finding.correction == nil)
    }

    @Test func noFixInsideAClosureWhoseTypeANewStatementCouldChange() throws {
        let finding = try #require(modelComparison("""
            func movies(by director: Director) {
                let make = { #Predicate<Movie> { $0.director == director } }
                _ = make
            }
            """))
        #expect(finding.correction == nil)
    }

    @Test func hasPrefixWithAnUnexpectedArgumentIsLeftAlone() throws {
        let finding = try #require(lint(#"#Predicate<Website> { $0.url.hasPrefix("a", { true }) }"#).first { $0.ruleID == "has-prefix" })
        #expect(finding.correction == nil)
    }

    // The reference's rule: no fix writes `(x ?? "").localizedStandardContains(q)`.
    @Test func aCoalescedReceiverIsReportedWithoutARename() throws {
        let finding = try #require(lint("""
            func subtitles(matching searchText: String) -> Predicate<Movie> {
                #Predicate<Movie> { ($0.subtitle ?? "").contains(searchText) }
            }
            """).first { $0.ruleID == "case-sensitive-contains" })
        #expect(finding.correction == nil)
    }
}
