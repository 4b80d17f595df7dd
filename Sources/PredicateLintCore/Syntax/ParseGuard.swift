/// What makes a text unsafe to give the parser, found in one linear pass before parsing.
///
/// SwiftParser is recursive descent: a long enough chain (`a ? b : c ? …`, `else if …`) or
/// deep enough nesting overflows the stack of whatever thread parses it, and past its nesting
/// limit (`parserNestingLimit`) it stops parsing and leaves the rest of the file out, so a
/// predicate after it would go unchecked in silence. Its look-ahead for `[` (array, dictionary
/// or type?) takes time exponential in how many `[` are open: 25 take minutes. (The compiler's C++ parser had the
/// same flaw, SR-9220, fixed in 2019 by swiftlang/swift#21487; SwiftParser 6.3.1 has it again,
/// and we found no report of it for swift-syntax as of 2026-11-30.) A file over any limit here
/// is refused, named, and not parsed; the limits sit far beyond what written code needs.
public enum ParseGuard {
    /// Larger files are not parsed: parsing, folding and checking a file took 170 bytes of
    /// memory per byte of source (1.3 GB for a generated 7.9 MB file, release build), on each
    /// of the cores at once. Hand-written Swift files stay far below 1 MB.
    public static let maximumBytes = 4 << 20
    /// The parser's own nesting limit, stated wherever the tool parses (`SourceFile.parse`):
    /// swift-syntax's default is 256 where it is built for release, as toolchains ship it, but
    /// 20 where it is built for debugging, as SwiftPM builds the package on a Mac for `swift run`
    /// and for the build plugin. There a file nested 21 levels deep, which SwiftUI views reach,
    /// would lose the rest of its text without a word.
    public static let parserNestingLimit = 256
    /// Brackets, braces, parentheses and string interpolations open at once: half the parser's
    /// own limit, which also counts nesting the brackets do not show.
    public static let maximumNesting = parserNestingLimit / 2
    /// `[` open at once, whatever is between them.
    public static let maximumSquareBrackets = 16
    /// Links of one chain in one statement: `?:` pairs, `else`s, binary operators (ASCII or not),
    /// `.`s, `try`s and `await`s.
    public static let maximumChain = 1_500
    /// `Type<Type<…>>` open at once.
    public static let maximumGenericNesting = 300
    /// `#if` blocks open at once: the parser counts them with the rest of the nesting, and past
    /// its limit it leaves the rest of the file out in silence.
    public static let maximumConditionalNesting = 64

    public enum Refusal: Equatable, Sendable, CustomStringConvertible {
        case tooLarge(bytes: Int)
        case nestedTooDeep(depth: Int, line: Int)
        case tooManySquareBrackets(depth: Int, line: Int)
        case chainTooLong(line: Int)
        case genericsTooDeep(depth: Int, line: Int)
        case conditionalsTooDeep(depth: Int, line: Int)

        /// The line it concerns (1 for the size).
        public var line: Int {
            switch self {
            case .tooLarge: 1
            case .nestedTooDeep(_, let line), .tooManySquareBrackets(_, let line), .chainTooLong(let line),
                 .genericsTooDeep(_, let line), .conditionalsTooDeep(_, let line): line
            }
        }

        /// Completes "File.swift: …".
        public var description: String {
            switch self {
            case .tooLarge(let bytes):
                "is \(bytes >> 20).\(((bytes % (1 << 20)) * 10) >> 20) MB, more than the \(ParseGuard.maximumBytes >> 20) MB this tool parses; "
                    + "it was not checked (leave it out with `excluded`)"
            case .nestedTooDeep(let depth, let line):
                "nests brackets more than \(depth) levels deep at line \(line), past what the Swift parser "
                    + "reads reliably; it was not checked (simplify that expression)"
            case .tooManySquareBrackets(let depth, let line):
                "opens more than \(depth) `[` at once at line \(line), which the Swift parser takes exponential "
                    + "time over; it was not checked (name the inner values)"
            case .chainTooLong(let line):
                "has a chain of more than \(ParseGuard.maximumChain) operators, `?:`, `else if`s, `try`s, `await`s or members "
                    + "in one statement at line \(line); it was not checked (split the statement)"
            case .genericsTooDeep(let depth, let line):
                "nests generic arguments more than \(depth) levels deep at line \(line); it was not checked"
            case .conditionalsTooDeep(let depth, let line):
                "nests `#if` blocks more than \(depth) levels deep at line \(line), past what the Swift parser "
                    + "reads reliably; it was not checked (flatten the conditions)"
            }
        }
    }

    /// Why the text must not be parsed, or nil.
    public static func refusal(for text: String) -> Refusal? {
        var text = text
        return text.withUTF8 { refusal(for: $0) }
    }

    public static func refusal(for bytes: UnsafeBufferPointer<UInt8>) -> Refusal? {
        if bytes.count > maximumBytes { return .tooLarge(bytes: bytes.count) }
        var scanner = Scanner(bytes)
        return scanner.run()
    }

    /// One pass: code, and the comments, string literals (with their interpolations), regex
    /// literals and backquoted names `SwiftTextScanner` finds in it.
    private struct Scanner: SwiftTextScanner {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        /// What is open, innermost last: `(`, `[`, `{`, or a string literal (its `#` count, and
        /// whether it is multi-line), whose interpolations push a `(` of their own.
        enum Open { case bracket(UInt8), string(hashes: Int, multiline: Bool) }
        var open: [Open] = []
        var brackets = 0
        var squareBrackets = 0
        /// Chain links counted in the current statement, one counter per bracket level.
        var chain: [Int] = [0]
        var generics = 0
        var conditionals = 0
        /// The last byte of code that was not a space, for telling a continued line.
        var previous: UInt8 = 0x0A
        /// What the last token was, as SwiftParser asks when a `/` may open a regex literal:
        /// an operand (a name, literal, closing bracket, postfix operator or other punctuation:
        /// a spaced `/` after it divides); `(`, `[`, `,` or `:` (where a spaced `/` may be an
        /// operator passed as an argument; after anything else that is no operand, a spaced `/`
        /// must open a regex); a word that declares an operator (`func /`: never a regex).
        var afterOperand = false
        var afterListOpener = false
        var afterOperatorDeclaration = false

        init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        /// The line `index` is on: counted only when a refusal names it.
        var line: Int {
            var count = 1
            for byte in bytes[..<min(index, bytes.count)] where byte == 0x0A { count += 1 }
            return count
        }

        // Byte classes as switches, not sets: the guard reads every byte of every edit's text
        // and outline, and hashing each byte was a measurable part of an edit in the editor.
        static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0D }

        static func isOperatorByte(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "/"), UInt8(ascii: "="),
                 UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "!"), UInt8(ascii: "&"), UInt8(ascii: "|"),
                 UInt8(ascii: "^"), UInt8(ascii: "~"), UInt8(ascii: "%"), UInt8(ascii: "?"), UInt8(ascii: ":"): true
            default: false
            }
        }

        /// What leaves an operator unbound on its left, and on its right (Swift's rule for
        /// telling prefix, postfix and binary operators apart).
        static func isFreeBefore(_ byte: UInt8) -> Bool {
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"),
                 UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: ":"): true
            default: false
            }
        }

        static func isFreeAfter(_ byte: UInt8) -> Bool {
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"),
                 UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: ":"): true
            default: false
            }
        }

        /// Keywords after which an expression starts; other words are names (operands), as are
        /// `self`, `nil`, `true` and their kind.
        static let keywordsBeforeExpressions: [String] = [
            "return", "in", "case", "if", "guard", "where", "else", "throw", "try", "await", "while", "switch", "repeat",
            "do", "defer", "yield", "then", "is", "as", "let", "var", "for", "catch", "default", "some", "any", "inout",
        ]
        /// The same, by length in bytes, compared without making a `String` of every word.
        static let keywordsBeforeExpressionsByLength: [[[UInt8]]] = {
            var byLength = [[[UInt8]]](repeating: [], count: (keywordsBeforeExpressions.map(\.utf8.count).max() ?? 0) + 1)
            for keyword in keywordsBeforeExpressions { byLength[keyword.utf8.count].append(Array(keyword.utf8)) }
            return byLength
        }()

        /// Whether `word` is `keyword`: lengths first, as most words differ there (comparing
        /// with a `String`'s bytes took a hundred instructions a word).
        static func spells(_ word: Slice<UnsafeBufferPointer<UInt8>>, _ keyword: StaticString) -> Bool {
            word.count == keyword.utf8CodeUnitCount && keyword.withUTF8Buffer { word.elementsEqual($0) }
        }

        static func isKeywordBeforeExpression(_ word: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
            guard word.count < keywordsBeforeExpressionsByLength.count else { return false }
            return keywordsBeforeExpressionsByLength[word.count].contains { $0.elementsEqual(word) }
        }

        mutating func run() -> Refusal? {
            while index < bytes.count {
                if case .string(let hashes, let multiline)? = open.last {
                    if let refusal = scanString(hashes: hashes, multiline: multiline) { return refusal }
                } else if let refusal = scanCode() {
                    return refusal
                }
            }
            return nil
        }

        mutating func push(_ bracket: UInt8) -> Refusal? {
            open.append(.bracket(bracket))
            brackets += 1
            chain.append(0)
            if bracket == UInt8(ascii: "[") { squareBrackets += 1 }
            if brackets > ParseGuard.maximumNesting { return .nestedTooDeep(depth: ParseGuard.maximumNesting, line: line) }
            if squareBrackets > ParseGuard.maximumSquareBrackets {
                return .tooManySquareBrackets(depth: ParseGuard.maximumSquareBrackets, line: line)
            }
            return nil
        }

        mutating func pop() {
            guard case .bracket(let bracket)? = open.last else { return }
            open.removeLast()
            brackets -= 1
            chain.removeLast()
            if bracket == UInt8(ascii: "[") { squareBrackets -= 1 }
        }

        mutating func link() -> Refusal? {
            chain[chain.count - 1] += 1
            return chain[chain.count - 1] > ParseGuard.maximumChain ? .chainTooLong(line: line) : nil
        }

        mutating func scanCode() -> Refusal? {
            let current = bytes[index]
            switch current {
            case 0x0A:
                index += 1
                // A new line starts a new statement unless one side says it goes on.
                if !Self.isOperatorByte(previous), previous != UInt8(ascii: "."), previous != UInt8(ascii: ","),
                   !continuesPreviousLine() {
                    chain[chain.count - 1] = 0
                    generics = 0
                }
                return nil
            case 0x20, 0x09, 0x0D:
                // A run at once: an outline's blanked bodies are long runs of spaces.
                repeat { index += 1 } while index < bytes.count && Self.isSpace(bytes[index])
                return nil
            case UInt8(ascii: "/") where byte(at: index + 1) == UInt8(ascii: "/"):
                skipLineComment()
                return nil
            case UInt8(ascii: "/") where byte(at: index + 1) == UInt8(ascii: "*"):
                if !skipBlockComment() { index = bytes.count }
                return nil
            case UInt8(ascii: "#"), UInt8(ascii: "\""):
                var hashes = 0
                while byte(at: index + hashes) == UInt8(ascii: "#") { hashes += 1 }
                (afterOperand, afterListOpener) = (true, false)
                if byte(at: index + hashes) == UInt8(ascii: "\"") {
                    index += hashes
                    open.append(.string(hashes: hashes, multiline: enterStringLiteral()))
                    previous = UInt8(ascii: "\"")
                    return nil
                }
                // `#/…/#`: a regex literal, whose quotes, slashes and brackets are its own.
                if hashes > 0, byte(at: index + hashes) == UInt8(ascii: "/") {
                    let start = index
                    index += hashes + 1
                    if skipExtendedRegexLiteral(hashes: hashes) {
                        previous = UInt8(ascii: "\"")
                        return nil
                    }
                    index = start
                }
                if hashes == 1, let refusal = countConditional() { return refusal }
                index += max(hashes, 1)
                previous = UInt8(ascii: "#")
                return nil
            case UInt8(ascii: "`"):
                // A backquoted name, which may hold brackets and operators (`` `a + (b` ``).
                (afterOperand, afterListOpener) = (true, false)
                let start = index
                if !skipBackquotedName() { index = start + 1 }
                previous = UInt8(ascii: "`")
                return nil
            case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
                index += 1
                previous = current
                (afterOperand, afterListOpener) = (false, current != UInt8(ascii: "{"))
                return push(current)
            case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                index += 1
                previous = current
                (afterOperand, afterListOpener) = (true, false)
                // The `)` that ends an interpolation returns to its string.
                pop()
                return nil
            case UInt8(ascii: ";"), UInt8(ascii: ","):
                index += 1
                previous = current
                (afterOperand, afterListOpener) = (false, current == UInt8(ascii: ","))
                chain[chain.count - 1] = 0
                generics = 0
                return nil
            case UInt8(ascii: "<") where index > 0 && isIdentifierByte(bytes[index - 1]):
                index += 1
                previous = current
                (afterOperand, afterListOpener) = (false, false)
                generics += 1
                if generics > ParseGuard.maximumGenericNesting {
                    return .genericsTooDeep(depth: ParseGuard.maximumGenericNesting, line: line)
                }
                return link()
            case UInt8(ascii: ">"):
                index += 1
                previous = current
                (afterOperand, afterListOpener) = (true, false)
                if generics > 0 { generics -= 1 }
                return link()
            case UInt8(ascii: "."):
                index += 1
                previous = current
                (afterOperand, afterListOpener) = (true, false)
                return link()
            case _ where Self.isOperatorByte(current):
                // One operator, however many characters it has, unless a bare regex literal
                // starts in it (`/"[(/`), whose quotes and brackets are its own.
                let start = index
                // `:` is punctuation, a token of its own (after `?` it ends a `?:` link).
                if current == UInt8(ascii: ":") {
                    index += 1
                    previous = current
                    (afterOperand, afterListOpener, afterOperatorDeclaration) = (false, true, false)
                    return link()
                }
                while index < bytes.count, bytes[index] != UInt8(ascii: ":"), Self.isOperatorByte(bytes[index]) { index += 1 }
                let leftBound = start > 0 && !Self.isFreeBefore(bytes[start - 1])
                let rightBound = index < bytes.count && !Self.isFreeAfter(bytes[index])
                // Only the first `/` of an operator may open one, and not in `*/`.
                if !leftBound, !afterOperatorDeclaration, let slash = bytes[start..<index].firstIndex(of: UInt8(ascii: "/")),
                   slash == start || bytes[slash - 1] != UInt8(ascii: "*"), rightBound || !afterOperand {
                    let end = index
                    index = slash + 1
                    if skipBareRegexLiteral(mustBeRegex: !rightBound && !afterListOpener) {
                        previous = UInt8(ascii: "\"")
                        (afterOperand, afterListOpener) = (true, false)
                        return nil
                    }
                    index = end
                }
                previous = current
                afterOperatorDeclaration = false
                // Postfix (`a!`) ends an operand; binary (`a + b`), prefix (`-a`) and `=` (never
                // postfix, however spaced) do not.
                afterOperand = leftBound && !rightBound && !(index - start == 1 && current == UInt8(ascii: "="))
                afterListOpener = false
                return link()
            case _ where current >= 0x80 && Self.isOperatorHead(at: index, in: bytes):
                // `∘`, `≤`, `→`: an operator outside ASCII, a link like any other.
                while index < bytes.count, bytes[index] >= 0x80, Self.isOperatorHead(at: index, in: bytes) || bytes[index] & 0xC0 == 0x80 {
                    index += 1
                }
                previous = UInt8(ascii: "+")
                (afterOperand, afterListOpener) = (false, false)
                return link()
            case _ where isIdentifierByte(current):
                let start = index
                while index < bytes.count, isIdentifierByte(bytes[index]), bytes[index] < 0x80 || !Self.isOperatorHead(at: index, in: bytes) {
                    index += 1
                }
                previous = bytes[index - 1]
                let word = bytes[start..<index]
                // Keywords are short; a longer word is a name, read without making a String.
                afterOperand = !Self.isKeywordBeforeExpression(word)
                afterListOpener = false
                afterOperatorDeclaration = Self.spells(word, "func") || Self.spells(word, "operator")
                if Self.spells(word, "else") { return link() }
                if Self.spells(word, "try") || Self.spells(word, "await") {
                    // Each takes an operand, on this line or the next: a link, and the statement
                    // goes on.
                    previous = UInt8(ascii: "=")
                    return link()
                }
                return nil
            default:
                // `\\`, `@` and the like: no spaced `/` after them opens a regex.
                index += 1
                previous = current
                (afterOperand, afterListOpener) = (true, false)
                return nil
            }
        }

        /// Whether the character starting at `offset` (a byte past ASCII) may start an operator:
        /// the ranges of The Swift Programming Language's operator grammar.
        static func isOperatorHead(at offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            let lead = bytes[offset]
            guard lead >= 0xC2 else { return false }
            let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
            guard offset + length <= bytes.count else { return false }
            var value = UInt32(lead) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
            for next in 1..<length { value = value << 6 | (UInt32(bytes[offset + next]) & 0x3F) }
            return operatorHeads.contains { $0.contains(value) }
        }

        static let operatorHeads: [ClosedRange<UInt32>] = [
            0x00A1...0x00A7, 0x00A9...0x00A9, 0x00AB...0x00AC, 0x00AE...0x00AE, 0x00B0...0x00B1, 0x00B6...0x00B6,
            0x00BB...0x00BB, 0x00BF...0x00BF, 0x00D7...0x00D7, 0x00F7...0x00F7, 0x2016...0x2017, 0x2020...0x2027,
            0x2030...0x203E, 0x2041...0x2053, 0x2055...0x205E, 0x2190...0x23FF, 0x2500...0x2775, 0x2794...0x2BFF,
            0x2E00...0x2E7F, 0x3001...0x3003, 0x3008...0x3020, 0x3030...0x3030,
        ]

        /// At `#`: `#if` opens a conditional block and `#endif` closes one.
        mutating func countConditional() -> Refusal? {
            var end = index + 1
            while end < bytes.count, isIdentifierByte(bytes[end]) { end += 1 }
            let word = bytes[(index + 1)..<end]
            if word.elementsEqual("if".utf8) {
                conditionals += 1
                if conditionals > ParseGuard.maximumConditionalNesting {
                    return .conditionalsTooDeep(depth: ParseGuard.maximumConditionalNesting, line: line)
                }
            } else if word.elementsEqual("endif".utf8), conditionals > 0 {
                conditionals -= 1
            }
            return nil
        }

        /// Whether the next line starts with a `.`, an operator or `else`: the same statement.
        func continuesPreviousLine() -> Bool {
            var offset = index
            while offset < bytes.count, Self.isSpace(bytes[offset]) { offset += 1 }
            let next = byte(at: offset)
            if next == UInt8(ascii: "/") && (byte(at: offset + 1) == UInt8(ascii: "/") || byte(at: offset + 1) == UInt8(ascii: "*")) { return false }
            if next == UInt8(ascii: ".") || Self.isOperatorByte(next) { return true }
            return byte(at: offset) == UInt8(ascii: "e") && byte(at: offset + 1) == UInt8(ascii: "l")
                && byte(at: offset + 2) == UInt8(ascii: "s") && byte(at: offset + 3) == UInt8(ascii: "e")
                && !isIdentifierByte(byte(at: offset + 4))
        }

        /// Inside a string literal: to its end, or into an interpolation.
        mutating func scanString(hashes: Int, multiline: Bool) -> Refusal? {
            switch readStringLiteral(hashes: hashes, multiline: multiline) {
            case .closed:
                open.removeLast()
                previous = UInt8(ascii: "\"")
                return nil
            case .interpolation:
                previous = UInt8(ascii: "(")
                return push(UInt8(ascii: "("))
            case .unterminated:
                // A single-line literal cannot span lines: it was unterminated; carry on as
                // code after the line break.
                open.removeLast()
                if index < bytes.count { index += 1 }
                return nil
            }
        }
    }
}
