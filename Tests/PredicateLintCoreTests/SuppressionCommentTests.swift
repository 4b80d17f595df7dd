import Testing
@testable import PredicateLintCore

/// The comment a "disable for this line" quick fix writes: it must silence the finding and change
/// nothing else, above all not the value of a multi-line string the finding's line closes.
@Suite struct SuppressionCommentTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let code: String
        /// The text with the comment in place, or nil when there is no safe place for one.
        let expected: String?
        var testDescription: String { name }
    }

    /// The finding (`hasPrefix`) is on the line that closes the string.
    static let multiLine = "let p = #Predicate<Website> { $0.type == \"\"\"\n    blog\n    \"\"\" && $0.url.hasPrefix(\"a\") }"

    static let cases = [
        Case(name: "a plain line", code: #"let p = #Predicate<Website> { $0.url.hasPrefix("a") }"#,
             expected: "// predicate-lint:disable:next has-prefix\n" + #"let p = #Predicate<Website> { $0.url.hasPrefix("a") }"#),
        Case(name: "an indented line keeps its indentation",
             code: "func f() {\n    let p = #Predicate<Website> { $0.url.hasPrefix(\"a\") }\n}",
             expected: "func f() {\n    // predicate-lint:disable:next has-prefix\n    let p = #Predicate<Website> { $0.url.hasPrefix(\"a\") }\n}"),
        Case(name: "CRLF line endings are kept",
             code: "let x = 1\r\nlet p = #Predicate<Website> { $0.url.hasPrefix(\"a\") }\r\n",
             expected: "let x = 1\r\n// predicate-lint:disable:next has-prefix\r\nlet p = #Predicate<Website> { $0.url.hasPrefix(\"a\") }\r\n"),
        Case(name: "the line that closes a multi-line string: at its end", code: multiLine + "\nlet y = 2",
             expected: multiLine + " // predicate-lint:disable:this has-prefix\nlet y = 2"),
        Case(name: "a closing line that ends in a line comment: none", code: multiLine + " // checked\n", expected: nil),
        Case(name: "a line that starts inside a block comment: at its end",
             code: "/* about\n */ let p = #Predicate<Website> { $0.url.hasPrefix(\"a\") }",
             expected: "/* about\n */ let p = #Predicate<Website> { $0.url.hasPrefix(\"a\") } // predicate-lint:disable:this has-prefix"),
    ]

    /// The finding's line, as the rule reports it, decides where the comment goes.
    @Test(arguments: cases)
    func theCommentGoesWhereItIsAComment(_ testCase: Case) throws {
        let file = SourceFile(path: "A.swift", text: testCase.code)
        let finding = try #require(lint(testCase.code).first { $0.ruleID == "has-prefix" })
        let insertion = SuppressionComment.insertion(silencing: "has-prefix", onLine: finding.line, in: file)
        guard let expected = testCase.expected else {
            #expect(insertion == nil)
            return
        }
        let inserted = try #require(insertion)
        let utf8 = Array(testCase.code.utf8)
        let written = String(decoding: utf8[..<inserted.offset] + Array(inserted.text.utf8) + utf8[inserted.offset...], as: UTF8.self)
        #expect(written == expected)
        #expect(!lint(written).contains { $0.ruleID == "has-prefix" }, "the comment silences the finding")
    }

    /// No line inside a multi-line string, at its start or at its end, gets a comment.
    @Test func aLineInsideAStringGetsNone() {
        let file = SourceFile(path: "A.swift", text: Self.multiLine)
        #expect(SuppressionComment.insertion(silencing: "has-prefix", onLine: 2, in: file) == nil)
    }
}
