import Foundation
import Testing
@testable import PredicateLintCommand

/// The one JSON reader and writer: positions for configuration errors, key order kept, a depth
/// limit instead of a stack overflow, and output Foundation's own parser reads back unchanged.
@Suite struct JSONTests {
    @Test func parsesWhatAConfigurationNeeds() throws {
        let json = try JSON.parse(#"{"a": [1, -2.5e1, true, false, null], "b": {"c": "d\"\u00e9\n"}}"#)
        #expect(json.members?.map(\.key) == ["a", "b"])
        #expect(json["a"] == [1, .number(-25), true, false, nil])
        #expect(json["b"] == ["c": "d\"é\n"])
        #expect(json["b"]?.members?.first?.line == 1)
    }

    @Test(arguments: [("{\n\n  \"a\": tru\n}", 3, 8), ("{\"a\" 1}", 1, 6), ("\"open", 1, 6), ("{} x", 1, 4)])
    func errorsSayWhere(_ text: String, _ line: Int, _ column: Int) {
        #expect {
            try JSON.parse(text)
        } throws: { error in
            let error = error as? JSON.ParseError
            return error?.line == line && error?.column == column
        }
    }

    @Test func numbersKeepTheirKind() throws {
        #expect(try JSON.parse("[7, 7.0, 1e3, 10000000000000000000]") == [.integer(7), .number(7), .number(1000), .number(1e19)])
        #expect(try JSON.parse("3").integer == 3)
        #expect(try JSON.parse("3.5").integer == nil)
        #expect(try JSON.parse("7.0").integer == nil && JSON.parse("1e3").integer == nil)
        // Beyond what a Double holds is refused, not turned into infinity.
        #expect(throws: JSON.ParseError.self) { try JSON.parse("1e999") }
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        let deep = String(repeating: "[", count: 60_000) + String(repeating: "]", count: 60_000)
        #expect { try JSON.parse(deep) } throws: { error in
            (error as? JSON.ParseError)?.message.contains("nested more than") == true
        }
        let allowed = String(repeating: "[", count: JSON.maximumDepth) + String(repeating: "]", count: JSON.maximumDepth)
        #expect(throws: Never.self) { try JSON.parse(allowed) }
    }

    @Test func surrogatePairsJoinAndLoneOnesAreReplaced() throws {
        #expect(try JSON.parse(#""\ud83c\udfac""#) == "🎬")
        #expect(try JSON.parse(#""\ud83c x""#) == "\u{FFFD} x")
    }

    @Test func writtenKeysKeepTheirOrder() {
        let value: JSON = ["zebra": 1, "apple": [true, nil, "x"], "mango": ["b": 2.5, "a": .array([])]]
        #expect(value.serialized(.compact) == #"{"zebra":1,"apple":[true,null,"x"],"mango":{"b":2.5,"a":[]}}"#)
        #expect(value.serialized() == """
            {
              "zebra": 1,
              "apple": [
                true,
                null,
                "x"
              ],
              "mango": {
                "b": 2.5,
                "a": []
              }
            }
            """)
        #expect(value.serialized(.indented(inlineFrom: 1)) == """
            {
              "zebra": 1,
              "apple": [true, null, "x"],
              "mango": {"b": 2.5, "a": []}
            }
            """)
    }

    @Test(arguments: ["plain", "quote \" backslash \\ slash /", "line\nbreak\r\ttab", "\u{1}\u{1F}", "é 🎬 \u{2028}"])
    func writtenStringsReadBackTheSameInFoundation(_ text: String) throws {
        let written = JSON.array([.string(text), .number(0.1), .integer(-3)]).serialized(.compact)
        let read = try JSONSerialization.jsonObject(with: Data(written.utf8)) as? [Any]
        #expect(read?.first as? String == text)
        #expect(read?[1] as? Double == 0.1)
        #expect(try JSON.parse(written) == [.string(text), .number(0.1), .integer(-3)])
    }

    /// A string of many escapes is read in linear time: eight times the escapes take about eight
    /// times as long, measured in one run (before: quadratic, 45 s for a 1 MB configuration
    /// string, and the language server's messages go through the same parser). Each escape is
    /// read right, surrogate pairs joined.
    @Test func stringsOfManyEscapesAreReadInLinearTime() throws {
        func document(_ count: Int) -> [UInt8] {
            Array(("[\"" + String(repeating: #"\u00e9\n\ud83d\ude00"#, count: count) + "\"]").utf8)
        }
        let (small, large) = (document(10_000), document(80_000))
        func seconds(_ bytes: [UInt8]) throws -> Double {
            let start = Date()
            _ = try JSON.parse(bytes)
            return Date().timeIntervalSince(start)
        }
        _ = try seconds(small)
        let best = (try (0..<2).map { _ in try seconds(small) }.min()!, try (0..<2).map { _ in try seconds(large) }.min()!)
        // Linear is 8; quadratic would be 64.
        #expect(best.1 / max(best.0, 0.001) < 24, "80,000 escapes took \(best.1 / best.0)× as long as 10,000")
        #expect(try JSON.parse(document(3)) == .array([.string(String(repeating: "\u{E9}\n\u{1F600}", count: 3))]))
    }
}
