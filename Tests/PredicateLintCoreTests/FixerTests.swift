import Testing
@testable import PredicateLintCore

@Suite struct FixerTests {
    let fixer = Fixer(linter: allRulesLinter)

    func fix(_ code: String) -> Fixer.Result { fixAsExample(code) }

    @Test func fixesInsideOneExpressionCompose() {
        let result = fix(#"let p = #Predicate<Movie> { $0.name.lowercased().contains("heat") == false }"#)
        #expect(result.remaining == [])
        #expect(result.text == #"let p = #Predicate<Movie> { !$0.name.localizedStandardContains("heat") }"#)
        #expect(result.fixedCount == 2)
    }

    @Test func fixesAcrossAFileAllApply() {
        let result = fix("""
            let a = #Predicate<Website> { $0.url.hasPrefix("https") }
            func b(searchText: String) -> Predicate<Movie> { #Predicate<Movie> { $0.cast.isEmpty == false && $0.name.contains(searchText) } }
            """)
        #expect(result.text == """
            let a = #Predicate<Website> { $0.url.starts(with: "https") }
            func b(searchText: String) -> Predicate<Movie> { #Predicate<Movie> { !$0.cast.isEmpty && $0.name.localizedStandardContains(searchText) } }
            """)
        #expect(result.fixedCount == 3)
    }

    @Test(arguments: RuleCorrection.all)
    func aSecondFixChangesNothing(_ case: RuleCorrection) {
        let once = fix(`case`.before.plainCode)
        #expect(once.text == `case`.after)
        // What the fixer says is left is what a fresh lint of the fixed text finds.
        let files = [SourceFile(path: "Example.swift", text: once.text)]
            + ExampleModels.files.map { SourceFile(path: $0.path, text: $0.source) }
        #expect(once.remaining == fixer.linter.lint(files[0], models: ModelIndex(files: files)))
        let twice = fix(once.text)
        #expect(twice.text == once.text)
        #expect(twice.fixedCount == 0)
    }

    @Test func keepsWindowsLineEndingsInInsertedLines() {
        let code = "let director = Director()\r\nlet p = #Predicate<Movie> { $0.director == director }\r\n"
        #expect(fix(code).text == "let director = Director()\r\nlet directorID = director.persistentModelID\r\n"
            + "let p = #Predicate<Movie> { $0.director?.persistentModelID == directorID }\r\n")
    }

    @Test func leavesFilesWithSyntaxErrorsAlone() {
        let code = #"let p = #Predicate<Website> { $0.url.hasPrefix("https") } }"#
        let result = fix(code)
        #expect(result.text == code)
        #expect(result.refusal?.contains("syntax errors") == true)
        #expect(result.remaining == nil)
        #expect(!result.changed)
    }

    @Test func nothingToFixIsNotAChange() {
        let result = fix(#"let p = #Predicate<Movie> { $0.name.hasSuffix("x") }"#)
        #expect(!result.changed && result.refusal == nil && result.fixedCount == 0)
    }

    @Test(arguments: [
        (0..<4, 4..<8, false), (0..<4, 3..<8, true), (2..<2, 0..<4, true), (0..<4, 4..<4, false),
        (0..<4, 0..<0, true), (3..<3, 3..<3, true), (3..<3, 4..<4, false),
    ])
    func editsConflictWhenTheyTouchTheSameText(_ a: Range<Int>, _ b: Range<Int>, _ expected: Bool) {
        #expect(conflict(a, b) == expected)
        #expect(conflict(b, a) == expected)
    }
}
