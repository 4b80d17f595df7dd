import Testing
@testable import PredicateLintCore

/// Every row of the store-limits table has code whose translation has its shape and code close
/// to it whose translation does not (`OracleTests` builds both with the real macro).
@Suite struct StoreLimitExampleTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let limit: StoreLimit.ID
        let example: Example
        let matches: Bool
        var testDescription: String { "\(limit.rawValue) \(matches ? "example" : "counterexample") at line \(example.line)" }
    }

    static let cases: [Case] = StoreLimit.table.flatMap { row in
        row.examples.map { Case(limit: row.id, example: $0, matches: true) }
            + row.counterexamples.map { Case(limit: row.id, example: $0, matches: false) }
    }

    @Test func everyRowHasBoth() {
        for row in StoreLimit.table {
            #expect(!row.examples.isEmpty && !row.counterexamples.isEmpty, "\(row.id.rawValue)")
        }
    }

    @Test(arguments: cases)
    func theTranslationHasTheShapeOnlyInTheExample(_ testCase: Case) {
        let file = SourceFile(path: "Example.swift", text: testCase.example.plainCode)
        let others = testCase.example.files.map { SourceFile(path: $0.path, text: $0.code) }
        let declarations = ([file] + others).map { (path: $0.path, declarations: FileDeclarations(file: $0)) }
        let models = ModuleScopedIndexes(files: declarations + ExampleModelsParsed.declarations,
                                         modules: SourceModules(files: [file] + others + ExampleModelsParsed.files)).index(for: file.path)
        let explanations = QueryExplanation.explanations(in: file, models: models, linter: Linter(rules: []), at: .everywhere)
        #expect(explanations.count == 1, sourceLocation: testCase.example.sourceLocation)
        let shapes = explanations.flatMap(\.shapes).map(\.limit.id)
        #expect(shapes.contains(testCase.limit) == testCase.matches,
                "\(explanations.map(\.format))", sourceLocation: testCase.example.sourceLocation)
    }
}
