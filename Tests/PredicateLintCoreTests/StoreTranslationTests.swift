import Testing
@testable import PredicateLintCore

/// The translation against the golden format strings of Foundation's conversion tests
/// (swift-foundation `Tests/FoundationEssentialsTests/PredicateConversionTests.swift`, HEAD
/// `767ff1c2`), rebuilt over a model with the same kinds of properties. Those tests compare
/// parsed `NSPredicate`s, not text, so their strings mix `&&` and `AND`, `NULL` and `nil`,
/// quotes and parentheses; `canonical` removes only those differences before comparing.
@Suite struct StoreTranslationTests {
    /// The conversion tests' object, as a model: `g` and `h` are stored collections here.
    static let models = """
        import Foundation
        import SwiftData

        @Model final class Record {
            var a = 0
            var b = ""
            var c = 0.0
            var d = 0
            var f = false
            var g: [Int] = []
            var h: [String: Int] = [:]
            var i = Date()
            var j: String? = nil
            var k = UUID()
            var l = Data()
            var m = URL(string: "https://example.com")!
            var items: [Item] = []
            var owner: Owner? = nil
            var extras: [Item]? = nil
        }

        @Model final class Item {
            var name = ""
            var count = 0
            var parts: [Item] = []
        }

        @Model final class Owner {
            var name = ""
            var team: Owner? = nil
        }
        """

    static func translation(_ body: String, before: String = "") -> StoreQuery? {
        let code = before + "\nlet predicate = #Predicate<Record> { \(body) }\n"
        let file = SourceFile(path: "Query.swift", text: code)
        let models = SourceFile(path: "Models.swift", text: Self.models)
        let index = ModelIndex(files: [models, file])
        guard let site = PredicateSiteFinder.sites(in: file.tree).first else { return nil }
        let facts = PredicateFacts(site: site)
        let fileFacts = FileFacts(tree: file.tree)
        let keyPaths = KeyPathResolution(site: site, facts: facts, index: index, fileScope: fileFacts)
        return StoreTranslator.translate(site, keyPaths: keyPaths, fileFacts: fileFacts)
    }

    /// Foundation's golden and ours differ only in what `NSPredicate(format:)` reads the same.
    static func canonical(_ format: String) -> String {
        var text = format.replacingOccurrences(of: "&&", with: "AND")
            .replacingOccurrences(of: "NULL", with: "nil")
            .replacingOccurrences(of: "'", with: "\"")
            .replacingOccurrences(of: "#self", with: "self")
        // `(SELF.g)[0]` is the subscript of `g`.
        text = text.replacingOccurrences(of: #"\(SELF\.(\w+)\)"#, with: "$1", options: .regularExpression)
        // Parentheses around a lone comparison, as in `(YES == YES) AND (NO == YES)`.
        text = text.replacingOccurrences(of: #"^\(([^()]*)\) AND \(([^()]*)\)$"#, with: "$1 AND $2", options: .regularExpression)
        return text
    }

    /// Every golden whose predicate a syntax tree can express: body, captured values as
    /// declared before it, and the golden string with `%@` replaced by the captured name.
    static let goldens: [(body: String, before: String, golden: String)] = [
        ("$0.a == compareTo", "let compareTo = 2", "a == 2"),
        ("$0.a + 2 == 4", "", "a + 2 == 4"),
        ("$0.b.count == 5", "", "b.length == 5"),
        ("$0.g.count == 5", "", "g.@count == 5"),
        ("object in object.g.filter { $0 == object.d }.count > 0", "", "SUBQUERY(g, $_local_1, $_local_1 == d).@count > 0"),
        ("$0.a == 0", "", "a == 0"),
        ("$0.a != 0", "", "a != 0"),
        ("($0.i ... $0.i).contains($0.i)", "", "i BETWEEN {i, i}"),
        ("($0.i ..< $0.i).contains($0.i)", "", "i >= i AND i < i"),
        ("range.contains($0.i)", "let range: Range<Date> = now ..< now", "i >= $range.lowerBound AND i < $range.upperBound"),
        ("closedRange.contains($0.i)", "let closedRange: ClosedRange<Date> = now ... now", "i BETWEEN $closedRange"),
        ("from.contains($0.i)", "let from: PartialRangeFrom<Date> = now...", "i >= $from.lowerBound"),
        ("through.contains($0.i)", "let through: PartialRangeThrough<Date> = ...now", "i <= $through.upperBound"),
        ("upTo.contains($0.i)", "let upTo: PartialRangeUpTo<Date> = ..<now", "i < $upTo.upperBound"),
        ("$0.g[0] == 2", "", "(SELF.g)[0] == 2"),
        (#"$0.h["A"] == 1"#, "", "(SELF.h)['A'] == 1"),
        (#"$0.b.contains("foo")"#, "", "b CONTAINS 'foo'"),
        (#"$0.b.starts(with: "foo")"#, "", "b BEGINSWITH 'foo'"),
        ("_ in true", "", "YES == YES"),
        ("_ in false", "", "NO == YES"),
        ("_ in true && false", "", "(YES == YES) && (NO == YES)"),
        ("$0.f", "", "f == YES"),
        ("($0.f && true) == false", "", "TERNARY(f == YES AND YES == YES, YES, NO) == NO"),
        ("$0.f ? true : false", "", "TERNARY(f == YES, YES, NO) == YES"),
        (#"($0.j ?? "").isEmpty"#, "", "TERNARY(j != NULL, j, '').length == 0"),
        ("($0.j?.count ?? -1) > 1", "",
         "TERNARY(TERNARY(j != nil, j.length, nil) != nil, TERNARY(j != nil, j.length, nil), 1 * -1) > 1"),
        ("$0.j == nil", "", "j == nil"),
        ("$0.k == uuid", "let uuid = UUID()", "k == $uuid"),
        ("$0.i > now", "let now = Date.now", "i > $now"),
        ("$0.l == data", "let data = Data()", "l == $data"),
        ("$0.m == url", "let url = URL(string: \"https://example.com\")!", "m == $url"),
        ("$0.g.contains { $0 == 2 }", "", "SUBQUERY(g, $_local_1, $_local_1 == 2).@count != 0"),
        ("$0.g.allSatisfy { $0 == 2 }", "", "SUBQUERY(g, $_local_1, NOT ($_local_1 == 2)).@count == 0"),
        ("$0.g.max() == $0.g.min()", "", "g.@max.#self == g.@min.#self"),
        (#"$0.b.caseInsensitiveCompare("ABC") == equal"#, "let equal = ComparisonResult.orderedSame",
         "TERNARY(b ==[c] 'ABC', 0, TERNARY(b <[c] 'ABC', -1, 1)) == $equal"),
        (#"$0.b.localizedCompare("ABC") == equal"#, "let equal = ComparisonResult.orderedSame",
         "TERNARY(b ==[l] 'ABC', 0, TERNARY(b <[l] 'ABC', -1, 1)) == $equal"),
        (#"$0.b.localizedStandardContains("ABC")"#, "", "b CONTAINS[cdl] 'ABC'"),
        // The goldens' constants where the test captures a struct: a member, and a call on one.
        ("$0.a == nonObjC.a", "struct NonObjC { var a = 1; var b = [1, 2, 3] }\nlet nonObjC = NonObjC()", "a == $nonObjC.a"),
        ("$0.f == nonObjC.b.contains([1, 2])", "struct NonObjC { var a = 1; var b = [1, 2, 3] }\nlet nonObjC = NonObjC()",
         "f == $(nonObjC.b.contains([1,2]))"),
        ("$0.b.contains(/[e-f][l-m]/)", "", "b MATCHES '.*[e-f][l-m].*'"),
        ("$0.b.contains(regex)", "let regex = /[e-f][l-m]/", "b MATCHES $regex"),
    ]

    @Test(arguments: goldens)
    func reproducesFoundationsGoldenFormat(_ body: String, _ before: String, _ golden: String) throws {
        let query = try #require(Self.translation(body, before: before))
        #expect(query.cannotKnow == nil)
        #expect(query.format.map(Self.canonical) == Self.canonical(golden))
    }

    /// Captured values are constants to the store, whatever they are built from; a part that
    /// reads the model and has no translation is marked, and stays marked.
    @Test(arguments: [
        ("$0.a == limit.value", "struct Limit { var value = 1 }\nlet limit = Limit()", "a == $limit.value"),
        ("$0.b == text!", "let text: String? = \"x\"", "b == $text!"),
        ("$0.j! == \"x\"", "", "«ForcedUnwrap: no translation» == \"x\""),
        ("$0.a / 2 == 1", "", "«IntDivision: no translation» == 1"),
        ("$0.a % 2 == 1", "", "«IntRemainder: no translation» == 1"),
        ("$0.c / 2 == 1", "", "c / 2 == 1"),
        ("-$0.a < 0", "", "a * -1 < 0"),
    ])
    func foldsConstantsAndMarksWhatHasNoTranslation(_ body: String, _ before: String, _ expected: String) throws {
        let query = try #require(Self.translation(body, before: before))
        let format = try #require(query.format)
        #expect(format.replacingOccurrences(of: "$(text!)", with: "$text!") == expected)
    }

    /// The shapes the evidence is about, as SwiftData hands them to the store.
    @Test(arguments: [
        ("ids.contains($0.a ?? -1)", "let ids = [1, 2]", "TERNARY(a != nil, a, 1 * -1) IN $ids"),
        (#"$0.g.contains(3)"#, "", "3 IN g"),
        (#"!($0.j ?? "").isEmpty"#, "", #"NOT (TERNARY(j != nil, j, "").length == 0)"#),
        (#"($0.j ?? "").isEmpty == false"#, "", #"TERNARY(TERNARY(j != nil, j, "").length == 0, YES, NO) == NO"#),
        ("$0.items.isEmpty == false", "", "TERNARY(items.@count == 0, YES, NO) == NO"),
        (#"$0.owner?.name == "x""#, "", #"TERNARY(owner != nil, owner.name, nil) == "x""#),
        (#"$0.owner?.team?.name == "x""#, "",
         #"TERNARY(owner != nil, TERNARY(owner.team != nil, owner.team.name, nil), nil) == "x""#),
        (#"$0.j?.localizedStandardContains(q) ?? false"#, "let q = \"x\"",
         "TERNARY(TERNARY(j != nil, TERNARY(j CONTAINS[cdl] \"x\", YES, NO), nil) != nil, TERNARY(j != nil, TERNARY(j CONTAINS[cdl] \"x\", YES, NO), nil), NO) == YES"),
        (#"$0.extras?.contains { $0.name == "x" } == true"#, "",
         #"TERNARY(extras != nil, TERNARY(SUBQUERY(extras, $_local_1, $_local_1.name == "x").@count != 0, YES, NO), nil) == YES"#),
        (#"$0.items.contains { $0.parts.contains { $0.count > 1 } }"#, "",
         "SUBQUERY(items, $_local_1, SUBQUERY($_local_1.parts, $_local_2, $_local_2.count > 1).@count != 0).@count != 0"),
        ("$0.j.flatMap { $0.isEmpty } ?? true", "",
         "TERNARY(TERNARY(j != nil, TERNARY(j.length == 0, YES, NO), nil) != nil, TERNARY(j != nil, TERNARY(j.length == 0, YES, NO), nil), YES) == YES"),
        ("$0.a > 1 && ($0.b == \"x\" || $0.f)", "", #"a > 1 AND (b == "x" OR f == YES)"#),
    ])
    func translatesTheShapesTheEvidenceIsAbout(_ body: String, _ before: String, _ expected: String) throws {
        let query = try #require(Self.translation(body, before: before))
        #expect(query.format == expected)
    }

    @Test func saysWhenItCannotKnow() throws {
        let generic = SourceFile(path: "Query.swift", text: "func make<T: PersistentModel>() -> Predicate<T> { #Predicate<T> { _ in true } }")
        let site = try #require(PredicateSiteFinder.sites(in: generic.tree).first)
        let keyPaths = KeyPathResolution(site: site, facts: PredicateFacts(site: site), index: ModelIndex(files: [generic]))
        let query = StoreTranslator.translate(site, keyPaths: keyPaths, fileFacts: nil)
        #expect(query.storageUnknown != nil && query.predicate != nil)
        let inMemory = SourceFile(path: "Row.swift", text: "struct Row { var a = 1 }\nlet p = #Predicate<Row> { $0.a > 1 }")
        let rowSite = try #require(PredicateSiteFinder.sites(in: inMemory.tree).first)
        let rowKeyPaths = KeyPathResolution(site: rowSite, facts: PredicateFacts(site: rowSite), index: ModelIndex(files: [inMemory]))
        #expect(StoreTranslator.translate(rowSite, keyPaths: rowKeyPaths, fileFacts: nil).cannotKnow != nil)
        #expect(Self.translation("let x = $0.a\nreturn x > 1")?.cannotKnow != nil)
    }
}
