import Testing
@testable import PredicateLintCore

/// What the `static-member` fix moves out of a predicate, what it names it, and where it offers
/// nothing: shapes found in real apps (a raw value compared with a stored string, a calendar
/// method called on a model's date, a bound with a fallback).
@Suite struct ValueHoistingTests {
    func staticMember(_ code: String) -> [Finding] {
        lint(code).filter { $0.ruleID == "static-member" }
    }

    func fixed(_ code: String) -> String {
        var text = code
        for _ in 0..<Fixer.maximumPasses {
            let edits = Fixer.nonOverlappingEdits(of: staticMember(text), newline: "\n").edits
            if edits.isEmpty { break }
            text = text.applying(edits)
        }
        return text
    }

    @Test func aRawValueIsNamedForItsCase() {
        let code = """
            enum Status: String { case pending, done }
            func pending() -> Predicate<Website> {
                #Predicate<Website> { $0.type == Status.pending.rawValue || $0.type == Status.done.rawValue }
            }
            """
        #expect(fixed(code) == """
            enum Status: String { case pending, done }
            func pending() -> Predicate<Website> {
                let pending = Status.pending.rawValue
                let done = Status.done.rawValue
                return #Predicate<Website> { $0.type == pending || $0.type == done }
            }
            """)
    }

    /// A collection a supported call searches moves out without the call; a method does not.
    @Test func aReceiverOfASupportedCallMovesOutWithoutItsCall() {
        let code = """
            enum Catalog { static let classics = ["Heat", "Ran"] }
            func classics() -> Predicate<Movie> {
                #Predicate<Movie> { Catalog.classics.contains($0.name) }
            }
            """
        #expect(fixed(code) == """
            enum Catalog { static let classics = ["Heat", "Ran"] }
            func classics() -> Predicate<Movie> {
                let classics = Catalog.classics
                return #Predicate<Movie> { classics.contains($0.name) }
            }
            """)
    }

    /// `return` is added only where the lone statement was the body's value; an `if` whose
    /// branches are values gets nothing, as a `let` would break it.
    @Test func aBranchGetsALetAndAReturnOnlyWhereItReturns() {
        let assignment = """
            func narrow(_ descriptor: inout FetchDescriptor<Movie>, recent: Bool) {
                if recent {
                    descriptor.predicate = #Predicate<Movie> { $0.releaseDate > Date.now }
                }
            }
            """
        #expect(fixed(assignment) == """
            func narrow(_ descriptor: inout FetchDescriptor<Movie>, recent: Bool) {
                if recent {
                    let now = Date.now
                    descriptor.predicate = #Predicate<Movie> { $0.releaseDate > now }
                }
            }
            """)
        for value in [
            "let p = if recent { #Predicate<Movie> { $0.releaseDate > Date.now } } else { #Predicate<Movie> { _ in true } }",
            "return if recent { #Predicate<Movie> { $0.releaseDate > Date.now } } else { #Predicate<Movie> { _ in true } }",
            "if recent { #Predicate<Movie> { $0.releaseDate > Date.now } } else { #Predicate<Movie> { _ in true } }",
            "let make: (Bool) -> Predicate<Movie> = { flag in if flag { #Predicate<Movie> { $0.releaseDate > Date.now } } "
                + "else { #Predicate<Movie> { _ in true } } }\n    return make(recent)",
        ] {
            let code = "func choose(recent: Bool) -> Predicate<Movie> {\n    \(value)\n}"
            #expect(staticMember(code).count == 1 && staticMember(code).allSatisfy { $0.correction == nil }, "\(value)")
        }
    }

    /// A closure of several statements takes a `let` like a function body; a closure of one
    /// expression does not, as the `let` would change how its type is inferred.
    @Test func aClosureTakesALetOnlyWhenItAlreadyHasSeveralStatements() {
        let several = """
            func load(_ run: (() -> Void) -> Void) {
                run {
                    let descriptor = FetchDescriptor<Movie>(predicate: #Predicate { $0.releaseDate > Date.now })
                    print(descriptor)
                }
            }
            """
        #expect(fixed(several) == """
            func load(_ run: (() -> Void) -> Void) {
                run {
                    let now = Date.now
                    let descriptor = FetchDescriptor<Movie>(predicate: #Predicate { $0.releaseDate > now })
                    print(descriptor)
                }
            }
            """)
        let single = "let make = { #Predicate<Movie> { $0.releaseDate > Date.now } }"
        #expect(staticMember(single).count == 1 && staticMember(single).allSatisfy { $0.correction == nil })
    }

    /// Where no statement can hold the constant, every rule whose fix would hoist says so.
    @Test func aQueryPropertySaysWhyNothingIsHoisted() {
        let findings = lint("""
            struct Today: View {
                @Query(filter: #Predicate<Movie> { $0.releaseDate > Calendar.current.startOfDay(for: .now) && $0.genre == .drama })
                var movies: [Movie]
            }
            """).filter { ["static-member", "implicit-member", "unsupported-member"].contains($0.ruleID) }
        #expect(findings.count == 4)
        #expect(findings.allSatisfy { $0.correction == nil && $0.message.contains(ValueHoisting.noStatementPhrase) })
    }

    /// The fallback goes with the value: what is left inside reads the model only.
    @Test func aValueAndItsFallbackMoveTogether() {
        let code = """
            func recent() -> Predicate<Movie> {
                #Predicate<Movie> { $0.releaseDate >= Calendar.current.date(byAdding: .day, value: -7, to: Date.now) ?? Date.now }
            }
            """
        #expect(fixed(code) == """
            func recent() -> Predicate<Movie> {
                let date = Calendar.current.date(byAdding: .day, value: -7, to: Date.now) ?? Date.now
                return #Predicate<Movie> { $0.releaseDate >= date }
            }
            """)
    }

    /// A method called on the model's value stays a method call inside the predicate whatever is
    /// moved out, so no fix is offered; nor where no statement comes before the predicate.
    @Test func noFixWhereTheResultCouldNotBuild() {
        let method = """
            func sameDay(as day: Date) -> Predicate<Movie> {
                #Predicate<Movie> { Calendar.current.isDate($0.releaseDate, inSameDayAs: day) }
            }
            """
        #expect(!staticMember(method).isEmpty && staticMember(method).allSatisfy { $0.correction == nil })
        let property = """
            struct Recent {
                let predicate = #Predicate<Movie> { $0.releaseDate < Date.now }
            }
            """
        let findings = staticMember(property)
        #expect(findings.count == 1 && findings[0].correction == nil)
        #expect(findings.first?.message.contains("no fix is offered here") == true)
    }

    /// A value read inside a nested closure, or bound in the predicate's body, stays inside.
    @Test func nothingThatReadsThePredicateMovesOut() {
        let nested = """
            func cheap() -> Predicate<Movie> {
                #Predicate<Movie> { movie in movie.cast.contains { $0.name == String.init(describing: Int.max) } }
            }
            """
        let after = fixed(nested)
        #expect(after.contains("$0.name"), "\(after)")
        #expect(!after.contains("let name"), "\(after)")
    }

    /// An implicit member is spelled with the compared property's type, as the project names it:
    /// an enum case builds once captured (the runtime rules then say what they say about enums).
    @Test func anImplicitMemberIsSpelledWithThePropertysType() {
        let code = """
            func comedies() -> Predicate<Movie> {
                #Predicate<Movie> { $0.genre == .comedy }
            }
            """
        let correction = lint(code).first { $0.ruleID == "implicit-member" }?.correction
        #expect(code.applying(correction?.edits ?? []) == """
            func comedies() -> Predicate<Movie> {
                let comedy = Genre.comedy
                return #Predicate<Movie> { $0.genre == comedy }
            }
            """)
        // A type the project declares twice, or does not declare and Foundation does not have,
        // cannot be spelled safely: no fix.
        let unknown = """
            func current() -> Predicate<Movie> {
                #Predicate<Movie> { $0.subtitle == .some("x") }
            }
            """
        #expect(lint(unknown).first { $0.ruleID == "implicit-member" }?.correction == nil)
    }

    /// A non-Codable value's member is captured alone only when its own type is known to be
    /// Codable; otherwise the constant would not build either.
    @Test func aMemberOfANonCodableValueMovesOutOnlyWhenItsTypeIsCodable() {
        func correction(_ member: String) -> Correction? {
            lint("""
                enum Mood { case calm, tense }
                struct Shelf: Hashable {
                    var genreName: String
                    var rating: Double?
                    var mood: Mood
                    var letters: [Character]
                    func label() -> String { genreName }
                }
                func movies(in shelf: Shelf) -> Predicate<Movie> {
                    #Predicate<Movie> { $0.genreName == shelf.\(member) }
                }
                """).first { $0.ruleID == "non-codable-capture" }?.correction
        }
        #expect(correction("genreName") != nil)
        #expect(correction("rating") != nil)
        #expect(correction("mood") == nil)
        #expect(correction("letters") == nil)
        #expect(correction("label()") == nil)
    }

    /// A captured model's member is read before the predicate only when that member can be
    /// captured itself: a column, not a relationship (another model).
    @Test func aCapturedModelsMemberMovesOutOnlyWhenItIsNotAModel() {
        func finding(_ member: String, query: Bool = false) -> Finding? {
            let code = query
                ? """
                  struct Shelf: View {
                      let award: Award
                      @Query(filter: #Predicate<Movie> { $0.year == award.\(member) }) var movies: [Movie]
                  }
                  """
                : """
                  func movies(honoured award: Award) -> Predicate<Movie> {
                      #Predicate<Movie> { $0.year == award.\(member) }
                  }
                  """
            return lint(code).first { $0.ruleID == "model-comparison" }
        }
        #expect(finding("year")?.correction != nil)
        #expect(finding("movie")?.correction == nil)
        #expect(finding("movie")?.message.contains(ValueHoisting.noStatementPhrase) == false)
        #expect(finding("year", query: true)?.correction == nil)
        #expect(finding("year", query: true)?.message.contains(ValueHoisting.noStatementPhrase) == true)
    }
}
