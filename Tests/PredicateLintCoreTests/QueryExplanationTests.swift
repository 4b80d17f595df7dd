import Testing
@testable import PredicateLintCore

/// What `explain --query`, the hover and the MCP tool show: the translation, the storage of
/// what it reads, the store-limits rows it matches and the findings inside it.
@Suite struct QueryExplanationTests {
    func explain(_ code: String, at place: QueryExplanation.Place) -> [QueryExplanation] {
        let file = SourceFile(path: "Example.swift", text: code)
        let declarations = [(path: file.path, declarations: FileDeclarations(file: file))]
        let models = ModuleScopedIndexes(files: declarations + ExampleModelsParsed.declarations,
                                         modules: SourceModules(files: [file] + ExampleModelsParsed.files)).index(for: file.path)
        return QueryExplanation.explanations(in: file, models: models, linter: allRulesLinter, at: place)
    }

    @Test func aFailingShapeIsShownWithItsTranslationStorageRewriteAndFinding() throws {
        let code = """
            func movies(subtitled subtitles: [String]) -> Predicate<Movie> {
                #Predicate<Movie> {
                    subtitles.contains($0.subtitle ?? "")
                }
            }
            """
        let explanation = try #require(explain(code, at: .line(3)).only)
        #expect(explanation.line == 2)
        #expect(explanation.format == #"TERNARY(subtitle != nil, subtitle, "") IN $subtitles"#)
        #expect(explanation.properties.map(\.name) == ["Movie.subtitle"])
        #expect(explanation.properties.first?.storage.kind == .column)
        let failing = explanation.shapes.filter { $0.limit.verdict == .fails }
        #expect(failing.map(\.limit.id) == [.ternaryInMembershipTest])
        #expect(explanation.findings.map(\.ruleID) == ["coalesce-in-contains"])
        #expect(explanation.text.contains("Write instead: make the captured list optional"))
        #expect(explanation.text.contains("Reported by `coalesce-in-contains`"))
    }

    @Test func aShapeThatRunsIsShownAsRunning() throws {
        let explanation = try #require(explain("let p = #Predicate<Movie> { $0.cast.contains { $0.name == \"Ann\" } }", at: .line(1)).only)
        #expect(explanation.format == #"SUBQUERY(cast, $_local_1, $_local_1.name == "Ann").@count != 0"#)
        #expect(explanation.shapes.map(\.limit.verdict) == [.works])
        #expect(explanation.findings.isEmpty)
        #expect(explanation.text.contains("Runs: `SUBQUERY("))
        #expect(explanation.properties.map(\.name) == ["Movie.cast", "Actor.name"])
        #expect(explanation.properties.first?.storage.kind == .toMany)
    }

    @Test func aPredicateEvaluatedInMemoryIsNotTranslated() throws {
        let code = """
            struct Row { var name = "" }
            let p = #Predicate<Row> { $0.name.isEmpty == false }
            """
        let explanation = try #require(explain(code, at: .line(2)).only)
        #expect(explanation.format == nil)
        #expect(explanation.cannotKnow?.contains("evaluated in memory") == true)
        #expect(explanation.text.contains("cannot be known here"))
    }

    @Test func aSortKeyPathShowsTheStorageOfEachStep() throws {
        let code = "let d = FetchDescriptor<Movie>(sortBy: [SortDescriptor(\\.director?.name)])"
        let explanation = try #require(explain(code, at: .line(1)).only)
        #expect(explanation.title == #"sort key path `\.director?.name`"#)
        #expect(explanation.properties.map(\.name) == ["Movie.director", "Director.name"])
        #expect(explanation.properties.map(\.storage.kind) == [.toOne, .column])
    }

    // One predicate, two problems: the comparison with `true` does not account for the `!`
    // inside the test it wraps (a validation app's shape).
    @Test func aComparedTestDoesNotHideAForceUnwrapInsideIt() {
        let findings = lint(#"let p = #Predicate<Movie> { $0.awards!.contains { $0.title == "Oscar" } == true }"#)
        #expect(findings.map(\.ruleID) == ["force-unwrap", "boolean-comparison"])
    }

    @Test func placesSelectWhatIsShown() {
        let code = """
            let a = #Predicate<Movie> { $0.year > 2000 }

            let b = #Predicate<Movie> { $0.name == "x" }
            """
        #expect(explain(code, at: .line(2)).isEmpty)
        #expect(explain(code, at: .line(3)).map(\.format) == [#"name == "x""#])
        #expect(explain(code, at: .offset(code.utf8.count - 5)).map(\.line) == [3])
        #expect(explain(code, at: .everywhere).map(\.line) == [1, 3])
    }
}

extension Array {
    /// The one element, when there is exactly one.
    fileprivate var only: Element? { count == 1 ? first : nil }
}
