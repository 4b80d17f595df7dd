import Testing
@testable import PredicateLintCore

/// The one substring search: every occurrence, at the ends of the bytes, and never a hit for
/// an empty word or past the end.
@Suite struct ByteSearchTests {
    func offsets(of word: String, in text: String) -> [Int] {
        var text = text
        var found: [Int] = []
        text.withUTF8 { ByteSearch.forEachOffset(of: word, in: $0) { found.append($0) } }
        return found
    }

    @Test func findsEveryOccurrenceOverlappingOnesIncluded() {
        #expect(offsets(of: "aa", in: "aaa") == [0, 1])
        #expect(offsets(of: "Query", in: "Query x @Query") == [0, 9])
        #expect(offsets(of: "é", in: "café é") == [3, 6])
        #expect(offsets(of: "", in: "abc").isEmpty)
        #expect(offsets(of: "abcd", in: "abc").isEmpty)
    }

    @Test func startsWhereItIsTold() {
        var text = "ab ab"
        text.withUTF8 { bytes in
            #expect(ByteSearch.firstOffset(of: "ab", in: bytes, from: 1) == 3)
            #expect(ByteSearch.firstOffset(of: "ab", in: bytes, from: 4) == nil)
            #expect(ByteSearch.firstOffset(of: "ab", in: bytes, from: 99) == nil)
            #expect(ByteSearch.containsAny(of: ["x", "b a"], in: bytes))
            #expect(!ByteSearch.containsAny(of: ["x", "ba"], in: bytes))
        }
    }
}
