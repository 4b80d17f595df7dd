/// A file's text for linting, with the bodies that cannot hold a predicate blanked out in place.
///
/// A file is linted because it holds a predicate, yet most of its bytes are views and methods
/// that do not: parsing them was most of a cold run's lint stage. The bodies that
/// `DeclarationSkeleton`'s pass would empty (functions, accessors, closures), and the braces
/// nested in those that are kept, whose text (or the text that introduces them, back to the
/// previous brace or `;`) names neither a predicate (`Predicate`, `Expression`), a query
/// (`Query`, or a word of `QueryKeyPathFinder.anchorWords`), an availability check (`#available`, `#unavailable`) nor this tool
/// (`predicate-lint`, its suppression comments) become spaces, byte for byte, with every line
/// break kept: every offset, line and column of what remains is the file's own, so findings
/// and fixes are unchanged (`PredicateOutlineTests` lint both forms of every Swift file in this
/// repository).
///
/// Nil where the pass declines the text, or blanks nothing: then the file is parsed as it is.
///
/// `keeping` other words outlines a file for another question: `FileFacts` finds the values
/// text fields bind in an outline that keeps the bodies naming a text field.
public struct PredicateOutline: Sendable {
    public let text: String

    public init?(text: String, keeping words: [String] = PredicateOutline.keptFor) {
        var text = text
        guard let outlined = text.withUTF8({ bytes -> [UInt8]? in
            var scanner = DeclarationSkeleton.Scanner(bytes: bytes)
            guard scanner.run() else { return nil }
            var blanked: [Range<Int>] = []
            let keptWords = WordOccurrences(of: words, in: bytes)
            for body in scanner.emptiedBodies { Self.outline(body, in: &scanner, keptWords: keptWords, blanking: &blanked) }
            guard !blanked.isEmpty else { return nil }
            var outlined = Array(bytes)
            for body in blanked {
                for offset in body where bytes[offset] != UInt8(ascii: "\n") && bytes[offset] != UInt8(ascii: "\r") {
                    outlined[offset] = UInt8(ascii: " ")
                }
            }
            return outlined
        }) else { return nil }
        self.text = String(decoding: outlined, as: UTF8.self)
    }

    /// Decides one body (the range inside its braces): blanked when neither it nor the text
    /// that introduces it names a kept word; kept whole when that text does (a predicate's
    /// own closure, whose inner closures may lie far from `#Predicate`); otherwise kept, with
    /// the same decision taken for each body directly inside it, so that a long view whose
    /// one `Button` action builds a predicate keeps that action and blanks the rest.
    static func outline(_ body: Range<Int>, in scanner: inout DeclarationSkeleton.Scanner, keptWords: WordOccurrences,
                        blanking blanked: inout [Range<Int>]) {
        if keptWords.anyWithin(lookBehindStart(before: body.lowerBound, in: scanner.bytes)..<body.lowerBound) { return }
        guard keptWords.anyWithin(body) else {
            blanked.append(body)
            return
        }
        for inner in scanner.bodies(directlyIn: body) { outline(inner, in: &scanner, keptWords: keptWords, blanking: &blanked) }
    }

    /// How many bytes before a body are read with it, at most.
    static let lookBehind = 256

    /// Where the text that introduces a body starts: just after the last brace or `;` before
    /// its `{` (`#Predicate<Item> `, `filter: #Predicate `, `func f() -> Predicate<Item> `),
    /// and no more than `lookBehind` bytes back. A view's `body` that follows an `@Query`
    /// property is not kept for that property's sake.
    /// `bodyStart`: just after the body's `{`.
    static func lookBehindStart(before bodyStart: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let open = bodyStart - 1
        let limit = max(0, open - lookBehind)
        var start = open
        while start > limit {
            let byte = bytes[start - 1]
            if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: ";") { break }
            start -= 1
        }
        return start
    }

    /// Words whose presence keeps a body as written.
    public static let keptFor = ["Predicate", "Expression", "Query", "#available", "#unavailable", "predicate-lint"]
        + QueryKeyPathFinder.anchorWords
}
