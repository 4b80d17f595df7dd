import SwiftSyntax

/// What SwiftData's SQLite store does with each translated shape the evidence speaks of: the
/// shapes it rejects or crashes on, and the ones it runs, so that the tool knows to stay quiet
/// about those. One table; the rules that report a failing shape, `explain --query`, the
/// language server's hover and `docs/rules/StoreLimits.md` all read it.
public struct StoreLimit: Sendable {
    public enum ID: String, Sendable, CaseIterable {
        case ternaryInMembershipTest = "ternary-in-membership-test"
        case membershipInEncodedCollection = "membership-in-encoded-collection"
        case subqueryOverEncodedCollection = "subquery-over-encoded-collection"
        case wrappedTestComparedWithLiteral = "wrapped-test-compared-with-literal"
        case forcedUnwrapOfStoredValue = "forced-unwrap-of-stored-value"
        case toManyCountedOrTestedForNil = "to-many-counted-or-tested-for-nil"
        case ternaryStringReceiver = "ternary-string-receiver"
        case noTranslation = "no-translation"
        case typeCheck = "type-check"
        case ternaryInOrderedComparison = "ternary-in-ordered-comparison"
        case optionalTestComparedWithYES = "optional-test-compared-with-yes"
        case membershipInCapturedCollection = "membership-in-captured-collection"
        case subqueryOverToMany = "subquery-over-to-many"
    }

    public enum Verdict: String, Sendable {
        /// The store refuses it or the process dies.
        case fails
        /// It runs: nothing is reported.
        case works
    }

    public let id: ID
    public let verdict: Verdict
    /// The translated shape, in `NSPredicate` words.
    public let shape: String
    /// Swift that produces it.
    public let swiftExample: String
    /// What the store does, and what the user sees.
    public let outcome: String
    /// What to write instead; empty where it works.
    public let rewrite: String
    public let evidence: Evidence
    public let systems: String
    /// The rule that reports it; nil where nothing is reported (it works, or the evidence is
    /// too thin for a finding and only `explain --query` shows it).
    public let ruleID: String?
    /// Code whose translation has this shape, and code close to it whose translation does not;
    /// over the example app's models (`ExampleModels`). Both build: the oracle test says so.
    public let examples: [Example]
    public let counterexamples: [Example]
    /// Whether a term of a translation is this shape.
    let matches: @Sendable (StoreTerm) -> Bool

    public static let table: [StoreLimit] = [
        StoreLimit(
            id: .ternaryInMembershipTest, verdict: .fails,
            shape: "`TERNARY(…) IN {…}`: a conditional on the left of `IN`",
            swiftExample: "`ids.contains($0.serverID ?? -1)`, `names.contains($0.feed.flatMap { $0.name } ?? \"\")`",
            outcome: "Core Data raises \"unimplemented SQL generation for predicate … (bad LHS)\", an Objective-C exception "
                + "Swift cannot catch: the app aborts when the fetch runs (an in-memory store too)",
            rewrite: "make the captured list optional (`let ids: [Int?]`) and test `ids.contains($0.serverID)`: the column "
                + "stands alone and nil never matches; or fetch on the other terms and coalesce after the fetch",
            evidence: .graded(.b, "five independent projects (2026, one on iOS 26.5), the exception text quoting the "
                + "conditional; Core Data's own format string for it"),
            systems: "every system reported (iOS 17 to 26.5)", ruleID: "coalesce-in-contains",
            examples: [Example("""
            let subtitles = ["Part One"]
            let p = #Predicate<Movie> { subtitles.contains($0.subtitle ?? "") }
            """)],
            counterexamples: [Example("""
            let subtitles: [String?] = ["Part One"]
            let p = #Predicate<Movie> { subtitles.contains($0.subtitle) }
            """)],
            matches: { term in
                guard case .comparison(let left, "IN", _) = term.form, left.readsInput else { return false }
                if case .ternary = left.form { return true }
                return false
            }),
        StoreLimit(
            id: .membershipInEncodedCollection, verdict: .fails,
            shape: "`v IN tags`, where `tags` is a stored array or set of values",
            swiftExample: "`$0.tags.contains(\"x\")` with `var tags: [String]`",
            outcome: "the store keeps the collection as one encoded value; the process dies at fetch (a crash in Core "
                + "Data's string search, or \"unimplemented SQL generation … (bad LHS)\")",
            rewrite: "fetch on the other terms and test membership in Swift afterwards; or model the values as a "
                + "relationship (`$0.tags.contains { $0.name == x }` over a `Tag` model)",
            evidence: .graded(.b, "two unrelated apps measured the crash (iOS 26.5), Hacking with Swift says so, a third "
                + "app's note; C for sets and arrays of other values, which share the storage"),
            systems: "every system reported", ruleID: "stored-collection",
            examples: [Example("""
            let p = #Predicate<Movie> { $0.tags.contains("classic") }
            """)],
            counterexamples: [Example("""
            let names = ["Drama", "Noir"]
            let p = #Predicate<Movie> { names.contains($0.genreName) }
            """)],
            matches: { term in
                guard case .comparison(_, "IN", let right) = term.form else { return false }
                return right.storage?.kind == .encodedCollection
            }),
        StoreLimit(
            id: .subqueryOverEncodedCollection, verdict: .fails,
            shape: "`SUBQUERY(items, …)`, where `items` is a stored array of structs or values",
            swiftExample: "`$0.stops.contains { $0.city == c }` with `var stops: [Stop]` and `struct Stop: Codable`",
            outcome: "a subquery needs rows to iterate; the store holds the array as one encoded value, which SQL "
                + "cannot iterate (inference from the storage)",
            rewrite: "make the elements a model and the property a relationship, or filter the fetched models in Swift",
            evidence: .graded(.c, "Hacking with Swift: arrays of Codable values are stored as encoded data a predicate "
                + "cannot read; the storage of arrays of structs is C in the reference, and the failure is our inference"),
            systems: "every system", ruleID: "stored-collection",
            examples: [Example("""
            let city = "Oslo"
            let p = #Predicate<Trip> { $0.stops.contains { $0.city == city } }
            """, files: [trips])],
            counterexamples: [Example("""
            let p = #Predicate<Movie> { $0.cast.contains { $0.age > 60 } }
            """)],
            matches: { term in
                guard case .subquery(let collection, _, _) = term.form else { return false }
                return collection.storage?.kind == .encodedCollection
            }),
        StoreLimit(
            id: .wrappedTestComparedWithLiteral, verdict: .fails,
            shape: "`TERNARY(test, YES, NO) == NO`: a collection or text test used as a value and compared with a literal",
            swiftExample: "`$0.cast.isEmpty == false`, `($0.note ?? \"\").isEmpty == false`",
            outcome: "the fetch crashes",
            rewrite: "negate the test with `!` (`!$0.cast.isEmpty`), or drop `== true`",
            evidence: .graded(.c, "the predicate guide and Hacking with Swift report the crash; the conversion's wrapping "
                + "explains it (our inference)"),
            systems: "reported on iOS 17; nothing says it changed", ruleID: "boolean-comparison",
            examples: [Example("""
            let p = #Predicate<Movie> { $0.cast.isEmpty == false }
            """)],
            counterexamples: [Example("""
            let p = #Predicate<Movie> { !$0.cast.isEmpty }
            """)],
            matches: { term in wrappedTestComparedWithLiteral(term) != nil }),
        StoreLimit(
            id: .forcedUnwrapOfStoredValue, verdict: .fails,
            shape: "no translation: `ForcedUnwrap` over a value read from the model",
            swiftExample: "`$0.subtitle!.starts(with: \"The\")`",
            outcome: "the fetch throws `unsupportedPredicate` (\"The 'Foundation.PredicateExpressions.ForcedUnwrap' "
                + "operator is not supported\"); under `try?` the result is empty",
            rewrite: "`$0.subtitle?.starts(with: \"The\") ?? false`, or `if let`",
            evidence: .graded(.b, "the error text quoted by several projects (2024 to 2026), Fatbobman; the conversion has "
                + "no translation for it"),
            systems: "every system", ruleID: "force-unwrap",
            examples: [Example("""
            let p = #Predicate<Movie> { $0.subtitle!.starts(with: "The") }
            """)],
            counterexamples: [Example("""
            let search: String? = "The"
            let p = #Predicate<Movie> { search == nil || $0.name.starts(with: search!) }
            """)],
            matches: { term in
                if case .noTranslation("ForcedUnwrap") = term.form { return term.readsInput }
                return false
            }),
        StoreLimit(
            id: .toManyCountedOrTestedForNil, verdict: .fails,
            shape: "an optional to-many relationship tested with `== nil`/`!= nil` as written, or counted (`@count`) "
                + "inside the `TERNARY(rel != nil, …)` that `?.`, `if let` and `flatMap` put around it",
            swiftExample: "`$0.awards == nil`, `$0.awards?.isEmpty == false`, `($0.awards?.count ?? 0) > 2`",
            outcome: "Core Data refuses the count request (\"to-many key not allowed here\"); and a nil test would not "
                + "mean what it says: a to-many relationship of a fetched model is an empty array, never nil",
            rewrite: "make the relationship non-optional where the app can (`!$0.awards.isEmpty`), or query from the "
                + "related model's side, or filter in memory",
            evidence: .graded(.c, "Fatbobman (Xcode 15C500b) for `== nil` and `?.isEmpty`, with forum threads citing it; "
                + "never nil: B, Apple forum threads 797666 and 811044"),
            systems: "reported on iOS 17; nothing says it changed", ruleID: "optional-to-many",
            examples: [Example("""
            let p = #Predicate<Movie> { $0.awards?.isEmpty == false }
            """)],
            counterexamples: [Example("""
            let p = #Predicate<Movie> { $0.awards?.contains { $0.year > 2000 } == true }
            """)],
            matches: { term in toManyCountedOrTestedForNil(term) != nil }),
        StoreLimit(
            id: .ternaryStringReceiver, verdict: .fails,
            shape: "`TERNARY(x != nil, x, \"\") CONTAINS[cdl] q`: a conditional as the text a string test searches",
            swiftExample: "`($0.artist ?? \"\").localizedStandardContains(q)`",
            outcome: "reported as \"unimplemented SQL generation for predicate\"; that the store refuses it as it refuses "
                + "the conditional left of `IN` is our reading, not a measurement",
            rewrite: "`$0.artist?.localizedStandardContains(q) ?? false`, which runs in several apps; or make the "
                + "attribute non-optional with a default",
            evidence: .graded(.d, "one project's model comment (2026); another app runs the form under `try?` with no "
                + "report either way"),
            systems: "unknown", ruleID: "coalesced-string-receiver",
            examples: [Example("""
            let text = "one"
            let p = #Predicate<Movie> { ($0.subtitle ?? "").contains(text) }
            """)],
            counterexamples: [Example("""
            let text = "one"
            let p = #Predicate<Movie> { $0.subtitle?.contains(text) ?? false }
            """)],
            matches: { term in
                guard case .comparison(let left, let op, _) = term.form, ["CONTAINS", "CONTAINS[cdl]", "BEGINSWITH"].contains(op),
                      left.readsInput, case .ternary = left.form else { return false }
                return true
            }),
        StoreLimit(
            id: .noTranslation, verdict: .fails,
            shape: "no translation: integer `/` or `%`, a range used as a value, `as?`/`as!`, `d[k, default:]`, over model values",
            swiftExample: "`$0.count % 2 == 0`",
            outcome: "the conversion has no form for it; a thrown `unsupportedPredicate` is the expected result",
            rewrite: "keep the derived value in a stored property, or filter in memory",
            evidence: .graded(.d, "Foundation's conversion has no case for these kinds; no SwiftData report"),
            systems: "unknown", ruleID: nil,
            examples: [Example("""
            let p = #Predicate<Movie> { $0.year % 2 == 0 }
            """)],
            counterexamples: [Example("""
            let p = #Predicate<Movie> { $0.year > 2000 }
            """)],
            matches: { term in
                guard case .noTranslation(let kind) = term.form, term.readsInput else { return false }
                return !["ForcedUnwrap", "TypeCheck"].contains(kind)
            }),
        StoreLimit(
            id: .typeCheck, verdict: .works,
            shape: "`is` over a model's subclasses (no translation in Foundation's conversion; SwiftData's own)",
            swiftExample: "`$0 is Sedan`", outcome: "filters by subclass from iOS 26", rewrite: "",
            evidence: .graded(.a, "Apple, WWDC25 session 291, filters a query with `is`"),
            systems: "iOS 26 and later (model inheritance)", ruleID: nil,
            examples: [Example("""
            let p = #Predicate<Movie> { $0 is Movie }
            """)],
            counterexamples: [Example("""
            let p = #Predicate<Movie> { $0.isFavorite }
            """)],
            matches: { term in
                if case .noTranslation("TypeCheck") = term.form { return true }
                return false
            }),
        StoreLimit(
            id: .ternaryInOrderedComparison, verdict: .works,
            shape: "`TERNARY(x != nil, x, d) >= v`: a conditional in an ordered comparison",
            swiftExample: "`($0.startDate ?? floor) >= start`", outcome: "runs", rewrite: "",
            evidence: .graded(.b, "runs on devices in the app that found the `IN` failure; worked on macOS 26 in another"),
            systems: "iOS 26, macOS 26 (reported)", ruleID: nil,
            examples: [Example("""
            let p = #Predicate<Award> { ($0.movie?.year ?? 0) > 2000 }
            """)],
            counterexamples: [Example("""
            let p = #Predicate<Award> { $0.year > 2000 }
            """)],
            matches: { term in
                guard case .comparison(let left, let op, _) = term.form, ["<", "<=", ">", ">="].contains(op) else { return false }
                if case .ternary = left.form { return true }
                return false
            }),
        StoreLimit(
            id: .optionalTestComparedWithYES, verdict: .works,
            shape: "`TERNARY(x != nil, TERNARY(test, YES, NO), nil) … == YES`: an optional chain's test with `?? false` or `== true`",
            swiftExample: "`$0.name?.localizedStandardContains(q) ?? false`, `$0.items?.contains { … } == true`",
            outcome: "runs", rewrite: "",
            evidence: .graded(.b, "several apps' store code; `flatMap { … } == true` worked on macOS 26; over an optional "
                + "to-many, one app's tests fetch through `(rel?.contains { … }) == true` from SwiftData's in-memory store "
                + "(muhiro12/Cookle, RecipePredicateTests, 2025-09 to 2026-06: D for that case alone)"),
            systems: "iOS 17 and later (reported)", ruleID: nil,
            examples: [Example("""
            let text = "one"
            let p = #Predicate<Movie> { $0.subtitle?.contains(text) ?? false }
            """)],
            counterexamples: [Example("""
            let p = #Predicate<Movie> { $0.subtitle == "one" }
            """)],
            matches: { term in
                guard case .comparison(let left, "==", let right) = term.form, case .constant("YES") = right.form,
                      case .ternary(let check, _, _) = left.form, case .comparison(_, "!=", let nilConstant) = check.form,
                      case .constant("nil") = nilConstant.form else { return false }
                // Not where an optional to-many is counted inside: that is the failing row.
                return toManyCountedOrTestedForNil(left) == nil
            }),
        StoreLimit(
            id: .membershipInCapturedCollection, verdict: .works,
            shape: "`x IN {…}`: a column tested against a captured array or set",
            swiftExample: "`ids.contains($0.id)`", outcome: "runs", rewrite: "",
            evidence: .graded(.b, "one app's store tests and community answers"),
            systems: "iOS 17 and later", ruleID: nil,
            examples: [Example("""
            let years = [1999, 2001]
            let p = #Predicate<Movie> { years.contains($0.year) }
            """)],
            counterexamples: [Example("""
            let subtitles = ["Part One"]
            let p = #Predicate<Movie> { subtitles.contains($0.subtitle ?? "") }
            """)],
            matches: { term in
                guard case .comparison(let left, "IN", let right) = term.form, !right.readsInput else { return false }
                if case .ternary = left.form { return false }
                return true
            }),
        StoreLimit(
            id: .subqueryOverToMany, verdict: .works,
            shape: "`SUBQUERY(rel, $_local_1, test).@count != 0` over a to-many relationship",
            swiftExample: "`$0.entries.contains { $0.reps > 5 }`, `!$0.entries.isEmpty`", outcome: "runs", rewrite: "",
            evidence: .graded(.b, "worked on macOS 26; Hacking with Swift"),
            systems: "iOS 17 and later", ruleID: nil,
            examples: [Example("""
            let p = #Predicate<Movie> { $0.cast.contains { $0.age > 60 } }
            """)],
            counterexamples: [Example("""
            let p = #Predicate<Movie> { $0.cast.count > 2 }
            """)],
            matches: { term in
                guard case .subquery(let collection, _, _) = term.form else { return false }
                return collection.storage?.kind == .toMany
            }),
    ]

    /// A model with a stored array of a Codable struct, for the encoded-collection rows.
    static let trips = ExampleFile("Trip.swift", """
        import Foundation
        import SwiftData

        struct Stop: Codable, Hashable {
            var city = ""
        }

        @Model final class Trip {
            var stops: [Stop] = []
        }
        """)

    public static func limit(_ id: ID) -> StoreLimit { table.first { $0.id == id }! }

    /// A shape found in a translation: which row, and the term that has it.
    public struct Match {
        public let limit: StoreLimit
        public let term: StoreTerm
    }

    /// Every row each term of the translation matches, outermost term first.
    public static func matches(in query: StoreQuery) -> [Match] {
        query.terms.flatMap { term in table.filter { $0.matches(term) }.map { Match(limit: $0, term: term) } }
    }

    /// An optional to-many relationship's key path where the evidence says the store refuses
    /// it: compared with `nil` as the code writes it (`$0.awards == nil`), or counted inside the
    /// conditional `?.`, `if let` or `flatMap` makes (`TERNARY(awards != nil, awards.@count …)`).
    /// A subquery inside that conditional runs (one app's tests), so it is not this shape.
    static func toManyCountedOrTestedForNil(_ term: StoreTerm) -> StoreTerm? {
        func optionalToMany(_ term: StoreTerm) -> Bool {
            guard case .keyPath = term.form, let storage = term.storage else { return false }
            return storage.kind == .toMany && storage.isOptional
        }
        switch term.form {
        case .comparison(let left, let op, let right) where op == "==" || op == "!=":
            // Written as a nil test: the code's own `==`/`!=` with a `nil` operand.
            guard let infix = term.source.as(InfixOperatorExprSyntax.self),
                  infix.leftOperand.is(NilLiteralExprSyntax.self) || infix.rightOperand.is(NilLiteralExprSyntax.self) else { return nil }
            return [left, right].first(where: optionalToMany)
        case .ternary(let check, let then, _):
            guard case .comparison(let relation, "!=", let nilConstant) = check.form, case .constant("nil") = nilConstant.form,
                  optionalToMany(relation) else { return nil }
            let counts = then.allTerms.contains { part in
                guard case .keyPath(let base, let components) = part.form, components.last == "@count" else { return false }
                // `awards.@count`, read from the relationship itself, not from a subquery.
                return base == nil && components.dropLast() == relationComponents(relation)
            }
            return counts ? relation : nil
        default:
            return nil
        }
    }

    private static func relationComponents(_ term: StoreTerm) -> [String] {
        if case .keyPath(nil, let components) = term.form { return components }
        return []
    }

    /// `TERNARY(test, YES, NO) == NO`: the comparison's literal and the wrapped test, where the
    /// test reads the model and is one the evidence is about (a collection or text test); a
    /// captured collection's `IN` is not (one app has run `ids.contains($0.id) == false` since 2023).
    static func wrappedTestComparedWithLiteral(_ term: StoreTerm) -> (literal: StoreTerm, test: StoreTerm)? {
        guard case .comparison(let left, let op, let right) = term.form, op == "==" || op == "!=" else { return nil }
        for (literal, other) in [(right, left), (left, right)] {
            guard case .constant(let value) = literal.form, value == "YES" || value == "NO",
                  literal.source.is(BooleanLiteralExprSyntax.self),
                  case .ternary(let test, let yes, let no) = other.form,
                  case .constant("YES") = yes.form, case .constant("NO") = no.form,
                  test.readsInput, isCollectionOrTextTest(test) else { continue }
            return (literal, test)
        }
        return nil
    }

    private static func isCollectionOrTextTest(_ test: StoreTerm) -> Bool {
        guard case .comparison(let left, let op, let right) = test.form else { return false }
        switch op {
        case "CONTAINS", "CONTAINS[cdl]", "BEGINSWITH", "MATCHES": return true
        case "IN": return right.readsInput
        case "==", "!=":
            // `@count == 0`, `length == 0`, `SUBQUERY(…).@count != 0`.
            guard case .keyPath(_, let components) = left.form, let last = components.last else { return false }
            return last == "@count" || last == "length"
        default: return false
        }
    }
}
