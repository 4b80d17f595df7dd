#if canImport(Darwin)
import Darwin
#else
import Glibc
#endif

/// The C library's substring search (glibc and Darwin both have it; Glibc's module map does
/// not export it, being a GNU extension).
@_silgen_name("memmem")
private func memmem(_ haystack: UnsafeRawPointer, _ haystackLength: Int,
                    _ needle: UnsafeRawPointer?, _ needleLength: Int) -> UnsafeMutableRawPointer?

/// The one substring search over bytes: the prefilter, the outline, the Xcode project reader
/// and the servers' message framing all look for words this way. `memmem` reads a word at a time where a loop
/// over the bytes reads one, so a scan runs at close to memory speed.
public enum ByteSearch {
    /// The offset of the first occurrence of `needle` that starts at or after `start`; nil when
    /// there is none (or the needle is empty).
    public static func firstOffset(of needle: UnsafeBufferPointer<UInt8>, in bytes: UnsafeBufferPointer<UInt8>, from start: Int = 0) -> Int? {
        guard let base = bytes.baseAddress, !needle.isEmpty, start >= 0, start < bytes.count,
              let hit = memmem(UnsafeRawPointer(base + start), bytes.count - start, needle.baseAddress, needle.count) else { return nil }
        return base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
    }

    public static func firstOffset(of word: String, in bytes: UnsafeBufferPointer<UInt8>, from start: Int = 0) -> Int? {
        var word = word
        return word.withUTF8 { firstOffset(of: $0, in: bytes, from: start) }
    }

    public static func contains(_ word: String, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        firstOffset(of: word, in: bytes) != nil
    }

    /// Whether any of `words` occurs.
    public static func containsAny(of words: [String], in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        words.contains { contains($0, in: bytes) }
    }

    /// Calls `body` with the offset of every occurrence of `word`, overlapping ones included.
    public static func forEachOffset(of word: String, in bytes: UnsafeBufferPointer<UInt8>, _ body: (Int) -> Void) {
        var word = word
        word.withUTF8 { needle in
            var start = 0
            while let hit = firstOffset(of: needle, in: bytes, from: start) {
                body(hit)
                start = hit + 1
            }
        }
    }
}

/// Where some words occur in a text, each found once and kept in order, for asking of many
/// nested ranges (a syntax node's bytes, a body's) whether one of the words lies wholly inside:
/// searching each range's bytes again, nested ranges over and over, cost more than the walks
/// that ask (`AnchoredVisitor`, `PredicateOutline`).
struct WordOccurrences {
    /// Each occurrence's bytes, ordered by where they start.
    private let occurrences: [Range<Int>]

    /// `base`: the offset of `bytes`' first byte in the ranges that will be asked about.
    init(of words: [String], in bytes: UnsafeBufferPointer<UInt8>, at base: Int = 0) {
        var found: [Range<Int>] = []
        for word in words {
            let length = word.utf8.count
            ByteSearch.forEachOffset(of: word, in: bytes) { found.append((base + $0)..<(base + $0 + length)) }
        }
        occurrences = found.sorted { $0.lowerBound < $1.lowerBound }
    }

    /// Whether one of the words lies wholly inside `range`.
    func anyWithin(_ range: Range<Int>) -> Bool {
        var low = 0, high = occurrences.count
        while low < high {
            let middle = (low + high) / 2
            if occurrences[middle].lowerBound < range.lowerBound { low = middle + 1 } else { high = middle }
        }
        // Of the words that start in the range, only the last few can run past its end.
        for occurrence in occurrences[low...] {
            guard occurrence.lowerBound < range.upperBound else { return false }
            if occurrence.upperBound <= range.upperBound { return true }
        }
        return false
    }
}
