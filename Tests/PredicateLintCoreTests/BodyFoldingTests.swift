import Testing
@testable import PredicateLintCore

/// Where the `multi-statement-body` fix folds a body into one expression, and where it must not:
/// a value used twice would be evaluated twice, an unused one would vanish, a `guard` that
/// returns `true` means something else than `&&`.
@Suite struct BodyFoldingTests {
    func fix(_ code: String) -> Fixer.Result { fixAsExample(code) }

    func folding(_ code: String) -> Correction? {
        lint(code).first { $0.ruleID == "multi-statement-body" }?.correction
    }

    @Test(arguments: [
        // Used twice: written in twice, it would be evaluated twice.
        "let name = movie.name\n return name == a || name == b",
        // Never used: folding would drop it.
        "let rated = movie.rating > 4\n return movie.year > 2000",
        // A `guard` that passes when its condition fails is not an `&&`.
        "guard movie.year > 2000 else { return true }\n return movie.rating > 4",
        // `if let` is not an operand of `&&`, and the macro's closure for it cannot read `$0`.
        "guard movie.year > 0 else { return false }\n guard let director = movie.director else { return false }\n return director.name == a",
        "var year = movie.year\n return year > 2000",
        // An `if` that may not return, one with an `else if`, several conditions, or code after an `if … else`.
        "if movie.year > 2000 { _ = a }\n return movie.rating > 4",
        "if movie.year > 2000 { return true } else if movie.rating > 4 { return false }\n return true",
        "if movie.year > 2000, movie.rating > 4 { return true }\n return false",
        "if movie.year > 2000 { return true } else { return false }\n return movie.rating > 4",
    ])
    func noFoldThatWouldChangeWhatIsSelectedOrNotBuild(_ body: String) {
        let code = """
            func matching(_ a: String, _ b: String) -> Predicate<Movie> {
                #Predicate<Movie> { movie in
                    \(body)
                }
            }
            """
        #expect(lint(code).contains { $0.ruleID == "multi-statement-body" })
        #expect(folding(code) == nil)
    }

    /// A constant of the body may keep its name before the predicate only where nothing else
    /// has it; several constants go before the statement in their order, and a later one may
    /// read an earlier one.
    @Test func hoistedConstantsKeepTheirOrderAndAvoidNamesInScope() {
        let result = fix("""
            func rated(above threshold: Double) -> Predicate<Movie> {
                let minimum = 1.0
                let predicate = #Predicate<Movie> { movie in
                    let minimum = threshold * 2
                    let maximum = minimum + 5
                    return movie.rating > minimum && movie.rating < maximum && minimum > 0
                }
                return predicate
            }
            """)
        #expect(result.text == """
            func rated(above threshold: Double) -> Predicate<Movie> {
                let minimum = 1.0
                let minimum2 = threshold * 2
                let maximum = minimum2 + 5
                let predicate = #Predicate<Movie> { movie in
                    movie.rating > minimum2 && movie.rating < maximum && minimum2 > 0
                }
                return predicate
            }
            """)
        #expect(result.remaining == [])
    }

    /// Inside a closure there is no statement to hold a constant, but a body that reads the model
    /// throughout still folds; a `let` used inside a nested value is written in with parentheses.
    @Test func foldsWithoutHoistingWhereNoStatementCanHoldAConstant() {
        let result = fix("""
            let search: (String) -> Predicate<Movie> = { text in
                #Predicate<Movie> { movie in
                    let title = movie.director?.name ?? movie.name
                    return title.localizedStandardContains(text)
                }
            }
            """)
        #expect(result.text == """
            let search: (String) -> Predicate<Movie> = { text in
                #Predicate<Movie> { movie in
                    (movie.director?.name ?? movie.name).localizedStandardContains(text)
                }
            }
            """)
    }

    /// `Date.now` inside a body constant leaves with the constant, under the constant's name, and
    /// what is left is a predicate that builds: no finding remains.
    @Test func aStaticMemberInABodyConstantMovesWithTheConstant() {
        let result = fix("""
            func recent() -> Predicate<Movie> {
                #Predicate<Movie> { movie in
                    let cutoff = Date.now
                    return movie.releaseDate > cutoff
                }
            }
            """)
        #expect(result.text == """
            func recent() -> Predicate<Movie> {
                let cutoff = Date.now
                return #Predicate<Movie> { movie in
                    movie.releaseDate > cutoff
                }
            }
            """)
        #expect(result.remaining == [])
    }

    /// An `if` that returns becomes an `if` expression: what follows it is its `else`, or its
    /// own `else` when it ends the body; `$0` may be read in an `if let`'s value, not its body.
    @Test func anIfThatReturnsBecomesAnIfExpression() {
        func folded(_ body: String) -> String? {
            let code = "func matching(_ a: String) -> Predicate<Movie> {\n    #Predicate<Movie> {\n        \(body)\n    }\n}"
            return folding(code).map { code.applying($0.edits) }
                .map { $0.components(separatedBy: "\n")[2].trimmingCharacters(in: .whitespaces) }
        }
        #expect(folded("if $0.year > 2000 { return true }\n return $0.rating > 4")
                == "if $0.year > 2000 { true } else { $0.rating > 4 }")
        #expect(folded("let name = $0.name\n if $0.year > 2000 { return name == a } else { return false }")
                == "if $0.year > 2000 { $0.name == a } else { false }")
        #expect(folded("if let director = $0.director { return director.name == a }\n return false")
                == "if let director = $0.director { director.name == a } else { false }")
        #expect(folded("if let director = $0.director { return director.name == a && $0.year > 2000 }\n return false") == nil)
    }

    /// Comments among the statements are kept, each on its own line before the expression.
    @Test func commentsAmongTheStatementsAreKept() {
        let result = fix("""
            let long = #Predicate<Movie> { movie in
                // what long means
                let long = movie.year > 2000 // recent enough
                /* and loved */ return long && movie.isFavorite
            }
            """)
        #expect(result.text == """
            let long = #Predicate<Movie> { movie in
                // what long means
                // recent enough
                /* and loved */
                (movie.year > 2000) && movie.isFavorite
            }
            """)
    }

    /// The macro builds `if let` into a closure with a named argument, where `$0` cannot be read.
    @Test func noIfLetAroundAnAnonymousArgument() {
        let code = """
            func directed(by name: String) -> Predicate<Movie> {
                #Predicate<Movie> {
                    guard let director = $0.director else { return false }
                    return director.name == name && $0.year > 2000
                }
            }
            """
        #expect(folding(code) == nil)
    }

    /// A `@Query` property has no statement before it: the message says so, and what to do.
    @Test func saysWhyNothingIsHoistedBeforeAQuery() {
        let findings = lint("""
            struct Recent: View {
                @Query(filter: #Predicate<Movie> { movie in
                    let cutoff = Date.distantPast
                    return movie.releaseDate > cutoff
                }) var movies: [Movie]
            }
            """).filter { $0.ruleID == "multi-statement-body" }
        #expect(findings.count == 1)
        #expect(findings.first?.correction == nil)
        #expect(findings.first.map { UnfixedReason.of($0) } == .noStatement)
    }

    @Test func keepsWindowsLineEndings() {
        let code = "func f(limit: Int) -> Predicate<Movie> {\r\n    #Predicate<Movie> { movie in\r\n        let floor = limit - 1\r\n"
            + "        return movie.year > floor\r\n    }\r\n}\r\n"
        #expect(fix(code).text == "func f(limit: Int) -> Predicate<Movie> {\r\n    let floor = limit - 1\r\n    return #Predicate<Movie> { movie in\r\n"
            + "        movie.year > floor\r\n    }\r\n}\r\n")
    }
}
