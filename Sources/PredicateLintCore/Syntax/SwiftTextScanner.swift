/// The lexical layer of the one-pass readers of Swift text (`ParseGuard`, and
/// `DeclarationSkeleton`, whose scanner `PredicateOutline` drives): where comments, string
/// literals (raw, multi-line, interpolated), regex literals (extended and bare) and backquoted names begin
/// and end, read the way the compiler reads them. Each reader decides what to do with them (the
/// guard counts brackets and chains and must reach a verdict; the skeleton copies or empties
/// text and declines when in doubt); neither lexes a token of its own, so a text that puts one
/// out of step puts the other out the same way, and the equivalence and hostile-input tests of
/// both cover this one lexer.
protocol SwiftTextScanner {
    var bytes: UnsafeBufferPointer<UInt8> { get }
    var index: Int { get set }
}

/// Where reading a string literal's text stopped.
enum StringLiteralStop {
    /// Past the closing delimiter.
    case closed
    /// Just after the `\(` (or `\#(`…) of an interpolation, whose code the reader follows and
    /// then asks again.
    case interpolation
    /// At a line break inside a single-line literal, or at the end of the text.
    case unterminated
}

extension SwiftTextScanner {
    func byte(at offset: Int) -> UInt8 { offset < bytes.count ? bytes[offset] : 0 }

    func isIdentifierStart(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || byte == 0x5F || byte >= 0x80 || byte == UInt8(ascii: "$")
    }

    func isIdentifierByte(_ byte: UInt8) -> Bool {
        isIdentifierStart(byte) || (byte >= 0x30 && byte <= 0x39)
    }

    /// Whether `hashes` `#`s start at `position`.
    func hashesFollow(_ position: Int, _ hashes: Int) -> Bool {
        guard position + hashes <= bytes.count else { return false }
        for offset in 0..<hashes where bytes[position + offset] != UInt8(ascii: "#") { return false }
        return true
    }

    /// From `//` to the line break that ends it (not past it).
    mutating func skipLineComment() {
        while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
    }

    /// From `/*` past its `*/`; they nest. False when the text ends first.
    mutating func skipBlockComment() -> Bool {
        var depth = 0
        while index + 1 < bytes.count {
            if bytes[index] == UInt8(ascii: "/"), bytes[index + 1] == UInt8(ascii: "*") {
                depth += 1
                index += 2
            } else if bytes[index] == UInt8(ascii: "*"), bytes[index + 1] == UInt8(ascii: "/") {
                depth -= 1
                index += 2
                if depth == 0 { return true }
            } else {
                index += 1
            }
        }
        return false
    }

    /// At a string literal's opening quote (its `#`s already passed): past `"` or `"""`;
    /// whether it is multi-line.
    mutating func enterStringLiteral() -> Bool {
        let multiline = byte(at: index + 1) == UInt8(ascii: "\"") && byte(at: index + 2) == UInt8(ascii: "\"")
        index += multiline ? 3 : 1
        return multiline
    }

    /// Inside a string literal opened with `hashes` `#`s: on to its end or to the next
    /// interpolation. An escape is a `\` with as many `#`s as the literal's delimiter.
    mutating func readStringLiteral(hashes: Int, multiline: Bool) -> StringLiteralStop {
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\\"), hashesFollow(index + 1, hashes) {
                index += 1 + hashes
                guard index < bytes.count else { return .unterminated }
                index += 1
                if bytes[index - 1] == UInt8(ascii: "(") { return .interpolation }
            } else if byte == UInt8(ascii: "\"") {
                let quotes = multiline ? 3 : 1
                if (0..<quotes).allSatisfy({ self.byte(at: index + $0) == UInt8(ascii: "\"") }), hashesFollow(index + quotes, hashes) {
                    index += quotes + hashes
                    return .closed
                }
                index += 1
            } else if byte == UInt8(ascii: "\n"), !multiline {
                return .unterminated
            } else {
                index += 1
            }
        }
        return .unterminated
    }

    /// From after `#/` (or `##/`…) past the `/#` with as many `#`s that closes the regex
    /// literal; false when the text ends first.
    mutating func skipExtendedRegexLiteral(hashes: Int) -> Bool {
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\\") {
                index += 2
            } else if bytes[index] == UInt8(ascii: "/"), hashesFollow(index + 1, hashes) {
                index += 1 + hashes
                return true
            } else {
                index += 1
            }
        }
        index = bytes.count
        return false
    }

    /// From just after the `/` that may open a bare regex literal (`/…/`), past the `/` that
    /// closes it, by SwiftParser's rules for one: it stays on its line; `\` escapes the next
    /// character; it may not start with a space or tab, nor end with one (unless it must be a
    /// regex, where the parser only complains), nor close right before `*` or `/` (a comment);
    /// a `)` with no `(` before it, outside `[…]`, means it was no regex. False, with `index`
    /// where it was, when it is not one, and when it is not closed on its line: the parser
    /// then takes the rest of the line for the literal (where it must be one), and reading
    /// that as code instead can only make a reader count more, never hide what comes after.
    mutating func skipBareRegexLiteral(mustBeRegex: Bool) -> Bool {
        let start = index
        let first = byte(at: index)
        if first == UInt8(ascii: "*") || first == UInt8(ascii: "/") { return false }
        if !mustBeRegex, first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") { return false }
        var groups = 0
        var classes = 0
        var lastSpace = -1
        while index < bytes.count {
            let current = bytes[index]
            if current == UInt8(ascii: "/") {
                let next = byte(at: index + 1)
                if next == UInt8(ascii: "*") || next == UInt8(ascii: "/") { break } // unterminated
                if lastSpace == index - 1, !mustBeRegex { index = start; return false }
                index += 1
                return true
            }
            switch current {
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                index = start
                return false
            case UInt8(ascii: "\\"):
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "\n") || bytes[index] == UInt8(ascii: "\r") { continue }
            case UInt8(ascii: "(") where classes == 0: groups += 1
            case UInt8(ascii: ")") where classes == 0:
                if groups == 0, !mustBeRegex { index = start; return false }
                groups = max(groups - 1, 0)
            case UInt8(ascii: "["): classes += 1
            case UInt8(ascii: "]"): classes = max(classes - 1, 0)
            case UInt8(ascii: " "), UInt8(ascii: "\t"): lastSpace = index
            default: break
            }
            index += 1
        }
        // Unterminated: at the end of the text, or at a `/` that opens a comment.
        index = start
        return false
    }

    /// From a backquote past the one that closes the name (`` `default` ``, a raw identifier
    /// such as `` `a + b` ``); false at a line break or the end of the text first.
    mutating func skipBackquotedName() -> Bool {
        index += 1
        while index < bytes.count, bytes[index] != UInt8(ascii: "`") {
            guard bytes[index] != UInt8(ascii: "\n") else { return false }
            index += 1
        }
        guard index < bytes.count else { return false }
        index += 1
        return true
    }
}
