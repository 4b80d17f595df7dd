/// A file's text with the insides of its code bodies left out: what its declarations are made of.
///
/// The declarations pass needs a file's types, members, extensions, typealiases and constants,
/// never what functions, accessors and closures do; yet real apps keep models beside
/// thousand-line views, and parsing those bodies was most of a cold run. One pass over the
/// bytes (which understands comments, strings, raw strings, interpolation and regex literals,
/// as `SwiftTextScanner` lexes them for this pass and the parse guard alike)
/// leaves out line comments and empties every body that follows `func`, `init`, `deinit` or `subscript`, every closure
/// written inside parentheses, and every property's getter or accessor bodies; type and
/// extension bodies are kept. `DeclarationCollector` skips exactly these parts of a full
/// tree, so the skeleton declares what the file declares (`DeclarationSkeletonTests` compare
/// both on every Swift file of this repository).
///
/// Whenever the pass cannot be sure of the text (braces that do not balance, an unterminated
/// string, a `/` that may open a bare regex literal), there is no skeleton and the whole text
/// is parsed: a skeleton is an optimisation that may decline, never one that may guess.
public struct DeclarationSkeleton: Sendable {
    public let text: String

    /// Nil when the text has a shape the pass does not follow with certainty.
    public init?(text: String) {
        var text = text
        guard let skeleton = text.withUTF8({ bytes -> [UInt8]? in
            var scanner = Scanner(bytes: bytes)
            return scanner.run() ? scanner.output : nil
        }) else { return nil }
        self.text = String(decoding: skeleton, as: UTF8.self)
    }

    /// What a `{` opens, decided by the declaration keyword before it.
    enum Body {
        /// A type, extension or protocol body, or anything unrecognised: kept and read further.
        case declarations
        /// A property's braces: accessors (`get`, `set`, `didSet`, …) are kept with their bodies
        /// emptied; a getter written without `get` is emptied.
        case property
        /// A function, initializer or closure body: emptied.
        case code
    }

    /// The one pass, shared with `PredicateOutline`.
    struct Scanner: SwiftTextScanner {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0
        var output: [UInt8] = []
        /// The byte ranges of the emptied bodies, outermost only, inside their braces.
        var emptiedBodies: [Range<Int>] = []
        /// The last byte read that is neither space nor comment: what a `/` or a keyword follows.
        var lastSignificant: UInt8?
        /// Deeper than this (interpolations inside strings inside interpolations…), decline.
        static let maximumDepth = 256

        init(bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
            output.reserveCapacity(bytes.count / 4)
        }

        mutating func run() -> Bool {
            scanDeclarations(closing: nil, accessors: false, depth: 0) && index == bytes.count
        }

        // MARK: Levels

        /// Kept text: a file, or a type's or an accessor list's braces. Ends after `closing`
        /// (or at the end of the file when nil). `accessors`: every `{` here is a body.
        mutating func scanDeclarations(closing: UInt8?, accessors: Bool, depth: Int) -> Bool {
            guard depth < Self.maximumDepth else { return false }
            var pending: Body?
            var brackets = 0
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "{"):
                    copy(1)
                    lastSignificant = byte
                    // A closure in a call, attribute or default value, or an accessor's body.
                    let body: Body = brackets > 0 || accessors ? .code : (pending ?? .declarations)
                    if brackets == 0 { pending = nil }
                    switch body {
                    case .code: guard skipCode(depth: depth + 1) else { return false }
                    case .declarations: guard scanDeclarations(closing: UInt8(ascii: "}"), accessors: false, depth: depth + 1) else { return false }
                    case .property:
                        if startsWithAccessor() {
                            guard scanDeclarations(closing: UInt8(ascii: "}"), accessors: true, depth: depth + 1) else { return false }
                        } else {
                            guard skipCode(depth: depth + 1) else { return false }
                        }
                    }
                case UInt8(ascii: "}"):
                    guard closing == byte, brackets == 0 else { return false }
                    copy(1)
                    lastSignificant = byte
                    return true
                case UInt8(ascii: "("), UInt8(ascii: "["):
                    brackets += 1
                    copy(1)
                    lastSignificant = byte
                case UInt8(ascii: ")"), UInt8(ascii: "]"):
                    brackets -= 1
                    guard brackets >= 0 else { return false }
                    copy(1)
                    lastSignificant = byte
                default:
                    if isIdentifierStart(byte) {
                        let start = index
                        while index < bytes.count, isIdentifierByte(bytes[index]) { index += 1 }
                        // `.init`, `.class`: member names, not keywords.
                        if brackets == 0, lastSignificant != UInt8(ascii: ".") {
                            // Once a type's keyword is seen, its generic parameters (`<let N: Int>`)
                            // and constraints cannot turn its body into code.
                            if pending != .declarations, (3...9).contains(index - start),
                               let body = Self.keywords[Substring(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)] {
                                pending = body
                            }
                        }
                        output.append(contentsOf: bytes[start..<index])
                        lastSignificant = bytes[index - 1]
                    } else {
                        guard let skipped = skipToken(copying: true, keepingLineComments: brackets > 0, depth: depth) else { return false }
                        if !skipped { noteSignificant(byte); copy(1) }
                    }
                }
            }
            return closing == nil && brackets == 0
        }

        /// Emptied text: runs past the `}` that closes the body just opened, writing only that `}`.
        mutating func skipCode(depth: Int) -> Bool {
            guard let body = skipBalanced(open: UInt8(ascii: "{"), close: UInt8(ascii: "}"), depth: depth) else { return false }
            emptiedBodies.append(body)
            output.append(UInt8(ascii: "}"))
            return true
        }

        /// The ranges inside the braces directly within `body` (a range `run` has already
        /// followed, so it balances): `PredicateOutline` decides each in turn.
        mutating func bodies(directlyIn body: Range<Int>) -> [Range<Int>] {
            var found: [Range<Int>] = []
            index = body.lowerBound
            lastSignificant = UInt8(ascii: "{")
            while index < body.upperBound {
                if bytes[index] == UInt8(ascii: "{") {
                    index += 1
                    lastSignificant = UInt8(ascii: "{")
                    guard let inner = skipBalanced(open: UInt8(ascii: "{"), close: UInt8(ascii: "}"), depth: 1) else { return [] }
                    found.append(inner)
                } else {
                    guard skipUncopied(depth: 1) else { return [] }
                }
            }
            return found
        }

        /// From after `\(` past the `)` that closes it.
        mutating func skipInterpolation(depth: Int) -> Bool {
            skipBalanced(open: UInt8(ascii: "("), close: UInt8(ascii: ")"), depth: depth) != nil
        }

        /// From just after an `open` past the `close` that balances it, copying nothing; the
        /// range between them, or nil when the text cannot be followed.
        mutating func skipBalanced(open: UInt8, close: UInt8, depth: Int) -> Range<Int>? {
            guard depth < Self.maximumDepth else { return nil }
            let start = index
            var level = 1
            while index < bytes.count {
                let byte = bytes[index]
                if byte == open || byte == close {
                    level += byte == open ? 1 : -1
                    index += 1
                    lastSignificant = byte
                    if level == 0 { return start..<(index - 1) }
                } else {
                    guard skipUncopied(depth: depth) else { return nil }
                }
            }
            return nil
        }

        // MARK: Tokens that hide braces

        /// One name, or one token that may hide braces, or one other byte, not copied; false
        /// when the text cannot be followed.
        mutating func skipUncopied(depth: Int) -> Bool {
            if isIdentifierStart(bytes[index]) {
                while index < bytes.count, isIdentifierByte(bytes[index]) { index += 1 }
                lastSignificant = bytes[index - 1]
                return true
            }
            guard let skipped = skipToken(copying: false, depth: depth) else { return false }
            if !skipped { noteSignificant(bytes[index]); index += 1 }
            return true
        }

        /// Comments, strings, regex literals and backquoted names, from `index`: past them
        /// (copied or not) and true; false when there is none here; nil when the text cannot be
        /// followed with certainty.
        mutating func skipToken(copying: Bool, keepingLineComments: Bool = true, depth: Int) -> Bool? {
            let start = index
            let byte = bytes[index]
            let next = index + 1 < bytes.count ? bytes[index + 1] : 0
            switch byte {
            case UInt8(ascii: "/") where next == UInt8(ascii: "/"):
                // Line comments between declarations are left out (most of a skeleton's bytes
                // otherwise); inside brackets they are part of an attribute's text, so kept.
                skipLineComment()
                if copying && keepingLineComments { output.append(contentsOf: bytes[start..<index]) }
                return true
            case UInt8(ascii: "/") where next == UInt8(ascii: "*"):
                guard skipBlockComment() else { return nil }
                if copying { output.append(contentsOf: bytes[start..<index]) }
                return true
            case UInt8(ascii: "/"):
                // Division (`a / b`, `count/2`, `x /= 2`) or a bare regex literal: only the first
                // is certain, after a value and before a space or `=`.
                // (`return /a/` and `case /a/` are regexes after a word.)
                let afterValue = lastSignificant.map { $0 == UInt8(ascii: ")") || $0 == UInt8(ascii: "]")
                    || (isIdentifierByte($0) && isValueWord(wordBefore(index))) } ?? false
                let isDivision = next == UInt8(ascii: " ") || next == UInt8(ascii: "=") || next == UInt8(ascii: "\n") || afterValue
                guard isDivision else { return nil }
                return false
            case UInt8(ascii: "#"):
                var hashes = 0
                while index + hashes < bytes.count, bytes[index + hashes] == UInt8(ascii: "#") { hashes += 1 }
                guard index + hashes < bytes.count else { return false }
                switch bytes[index + hashes] {
                case UInt8(ascii: "\""):
                    index += hashes
                    guard skipString(hashes: hashes, depth: depth) else { return nil }
                case UInt8(ascii: "/"):
                    index += hashes + 1
                    guard skipExtendedRegexLiteral(hashes: hashes) else { return nil }
                default:
                    return false
                }
            case UInt8(ascii: "\""):
                guard skipString(hashes: 0, depth: depth) else { return nil }
            case UInt8(ascii: "`"):
                guard skipBackquotedName() else { return nil }
            default:
                return false
            }
            if copying { output.append(contentsOf: bytes[start..<index]) }
            lastSignificant = bytes[index - 1]
            return true
        }

        /// From the opening quote past the closing quote and `hashes` `#`s; single-line,
        /// multi-line (`"""`) and raw. Interpolations are followed as code, since they may
        /// hold strings, closures and parentheses of their own.
        mutating func skipString(hashes: Int, depth: Int) -> Bool {
            let multiline = enterStringLiteral()
            while true {
                switch readStringLiteral(hashes: hashes, multiline: multiline) {
                case .closed: return true
                case .interpolation: guard skipInterpolation(depth: depth + 1) else { return false }
                case .unterminated: return false
                }
            }
        }

        // MARK: Looking around

        /// Whether a property's braces hold accessors rather than a getter's statements.
        func startsWithAccessor() -> Bool {
            var position = index
            while position < bytes.count {
                let byte = bytes[position]
                if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                    position += 1
                } else if byte == UInt8(ascii: "/"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "/") {
                    while position < bytes.count, bytes[position] != UInt8(ascii: "\n") { position += 1 }
                } else if byte == UInt8(ascii: "/"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "*") {
                    // Rare enough to not look past: keep the braces as they are.
                    return true
                } else {
                    break
                }
            }
            guard position < bytes.count else { return false }
            // An attribute (`@inlinable get`) or an empty pair of braces: keep as written.
            if bytes[position] == UInt8(ascii: "@") || bytes[position] == UInt8(ascii: "}") { return true }
            var end = position
            while end < bytes.count, isIdentifierByte(bytes[end]) { end += 1 }
            return Self.accessorWords.contains(Substring(decoding: UnsafeBufferPointer(rebasing: bytes[position..<end]), as: UTF8.self))
        }

        mutating func noteSignificant(_ byte: UInt8) {
            if byte != UInt8(ascii: " ") && byte != UInt8(ascii: "\t") && byte != UInt8(ascii: "\n") && byte != UInt8(ascii: "\r") {
                lastSignificant = byte
            }
        }

        /// The identifier that ends just before `position`, spaces aside.
        func wordBefore(_ position: Int) -> Substring {
            var end = position
            while end > 0, bytes[end - 1] == UInt8(ascii: " ") || bytes[end - 1] == UInt8(ascii: "\t") { end -= 1 }
            var start = end
            while start > 0, isIdentifierByte(bytes[start - 1]) { start -= 1 }
            return Substring(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        }

        /// A name that ends a value (not `return`, `case`, …; empty when something else is
        /// between it and the `/`).
        func isValueWord(_ word: Substring) -> Bool {
            !word.isEmpty && !Self.wordsBeforeValues.contains(word)
        }

        mutating func copy(_ count: Int) {
            output.append(contentsOf: bytes[index..<(index + count)])
            index += count
        }

        /// The keywords that say what the next `{` at the same level opens.
        static let keywords: [Substring: Body] = [
            "struct": .declarations, "class": .declarations, "enum": .declarations, "actor": .declarations,
            "protocol": .declarations, "extension": .declarations,
            "func": .code, "init": .code, "deinit": .code, "subscript": .code,
            "var": .property, "let": .property,
        ]

        /// Words after which a value starts, so that a `/` there opens a regex literal.
        static let wordsBeforeValues: Set<Substring> = [
            "return", "case", "in", "try", "await", "throw", "where", "if", "guard", "while", "else", "yield",
            "is", "as", "some", "any", "switch", "repeat", "do", "then", "let", "var",
        ]

        /// What may start an accessor list: the accessors and their modifiers.
        static let accessorWords: Set<Substring> = [
            "get", "set", "willSet", "didSet", "_read", "_modify", "read", "modify", "init",
            "unsafeAddress", "unsafeMutableAddress", "mutating", "nonmutating", "borrowing", "consuming", "yielding",
        ]
    }
}
