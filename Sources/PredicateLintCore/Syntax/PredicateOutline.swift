/// A file's text for linting, with the bodies that cannot hold a predicate blanked out in place.
///
/// A file is linted because it holds a predicate, yet most of its bytes are views and methods
/// that do not: parsing them was most of a cold run's lint stage. The bodies that
/// `DeclarationSkeleton`'s pass would empty (functions, accessors, closures) and whose text
/// (or the 256 bytes before them) names neither a predicate (`Predicate`, `Expression`), a query (`Query`), an availability
/// check (`#available`, `#unavailable`) nor this tool (`predicate-lint`, its suppression
/// comments) become spaces, byte for byte, with every line break kept: every offset, line and
/// column of what remains is the file's own, so findings and fixes are unchanged
/// (`PredicateOutlineTests` lint both forms of every Swift file in this repository).
///
/// Nil where the pass declines the text, or blanks nothing: then the file is parsed as it is.
public struct PredicateOutline: Sendable {
    public let text: String

    public init?(text: String) {
        var text = text
        guard let outlined = text.withUTF8({ bytes -> [UInt8]? in
            var scanner = DeclarationSkeleton.Scanner(bytes: bytes)
            guard scanner.run() else { return nil }
            var outlined: [UInt8]?
            // A predicate's own closure names no predicate inside: what comes just before a
            // body (`#Predicate<Item> {`, `filter: #Predicate {`) counts as its text.
            for body in scanner.emptiedBodies
            where !Self.mayMatter(UnsafeBufferPointer(rebasing: bytes[max(0, body.lowerBound - Self.lookBehind)..<body.upperBound])) {
                if outlined == nil { outlined = Array(bytes) }
                for offset in body where bytes[offset] != UInt8(ascii: "\n") && bytes[offset] != UInt8(ascii: "\r") {
                    outlined![offset] = UInt8(ascii: " ")
                }
            }
            return outlined
        }) else { return nil }
        self.text = String(decoding: outlined, as: UTF8.self)
    }

    /// How many bytes before a body are read with it.
    static let lookBehind = 256

    /// Words whose presence keeps a body as written.
    static let keptFor = ["Predicate", "Expression", "Query", "#available", "#unavailable", "predicate-lint"]

    static func mayMatter(_ body: UnsafeBufferPointer<UInt8>) -> Bool {
        keptFor.contains { word in
            var word = word
            return word.withUTF8 { needle in
                guard !needle.isEmpty, needle.count <= body.count else { return false }
                search: for start in 0...(body.count - needle.count) where body[start] == needle[0] {
                    for offset in 1..<needle.count where body[start + offset] != needle[offset] { continue search }
                    return true
                }
                return false
            }
        }
    }
}
