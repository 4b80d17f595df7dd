import Foundation
import SwiftSyntax
import SyntheticCorpus
import Testing
@testable import PredicateLintCore

/// Shapes that hang or overflow the parser are refused before it sees them, quickly, and
/// with the line; written code of every kind is not.
@Suite struct ParseGuardTests {
    static let predicate = "\nlet p = #Predicate<Website> { $0.url.hasPrefix(\"a\") }\n"

    /// A shape, generated, and the refusal it must get.
    struct Shape: Sendable, CustomTestStringConvertible {
        let name: String
        let text: String
        let expected: @Sendable (ParseGuard.Refusal) -> Bool
        var testDescription: String { name }
    }

    static let shapes: [Shape] = [
        Shape(name: "25 nested [", text: "let v = " + String(repeating: "[", count: 25) + "1" + String(repeating: "]", count: 25) + predicate) {
            if case .tooManySquareBrackets = $0 { true } else { false }
        },
        Shape(name: "[( alternating", text: "let v = " + String(repeating: "[(", count: 40) + "1" + String(repeating: ")]", count: 40) + predicate) {
            if case .tooManySquareBrackets = $0 { true } else { false }
        },
        Shape(name: "50,000 nested [", text: "let v = " + String(repeating: "[", count: 50_000) + predicate) {
            if case .tooManySquareBrackets = $0 { true } else { false }
        },
        Shape(name: "60,000 nested (", text: "let v = " + String(repeating: "(", count: 60_000) + "1" + String(repeating: ")", count: 60_000) + predicate) {
            if case .nestedTooDeep = $0 { true } else { false }
        },
        Shape(name: "300 nested ( before a predicate", text: "let v = " + String(repeating: "(", count: 300) + "1" + String(repeating: ")", count: 300) + predicate) {
            if case .nestedTooDeep(_, 1) = $0 { true } else { false }
        },
        Shape(name: "nested interpolation", text: "let v = " + String(repeating: "\"\\(", count: 10_000) + "1" + String(repeating: ")\"", count: 10_000) + predicate) {
            if case .nestedTooDeep = $0 { true } else { false }
        },
        Shape(name: "5,000-deep generics", text: "let v: " + String(repeating: "A<", count: 5_000) + "B" + String(repeating: ">", count: 5_000) + " = x" + predicate) {
            if case .genericsTooDeep = $0 { true } else { false }
        },
        Shape(name: "50,000 ?: links", text: "let v = " + String(repeating: "a ? b : ", count: 50_000) + "c" + predicate) {
            if case .chainTooLong = $0 { true } else { false }
        },
        Shape(name: "50,000 else ifs", text: "func f() {\n    if a {\n    } " + String(repeating: "else if a {\n    } ", count: 50_000) + "\n}" + predicate) {
            if case .chainTooLong = $0 { true } else { false }
        },
        Shape(name: "50,000 members", text: "let v = a" + String(repeating: ".b", count: 50_000) + predicate) {
            if case .chainTooLong = $0 { true } else { false }
        },
        Shape(name: "50,000 members over lines", text: "let v = a" + String(repeating: "\n    .b", count: 50_000) + predicate) {
            if case .chainTooLong = $0 { true } else { false }
        },
        Shape(name: "50,000 operators", text: "let v = a" + String(repeating: " + a", count: 50_000) + predicate) {
            if case .chainTooLong = $0 { true } else { false }
        },
        // Regex literals whose quotes, slashes or comment openers would put a lexer that takes
        // them for strings or comments out of step, so that the brackets after them on the line
        // go uncounted.
        Shape(name: "25 [ after #/\"/#", text: "let r = #/\"/#; let v = " + String(repeating: "[", count: 25) + "1" + String(repeating: "]", count: 25) + predicate) {
            if case .tooManySquareBrackets(_, 1) = $0 { true } else { false }
        },
        Shape(name: "25 [ after #/a//#", text: "let r = #/a//#; let v = " + String(repeating: "[", count: 25) + "1" + String(repeating: "]", count: 25) + predicate) {
            if case .tooManySquareBrackets(_, 1) = $0 { true } else { false }
        },
        Shape(name: "25 [ after /\"/", text: "let r = /\"/; let v = " + String(repeating: "[", count: 25) + "1" + String(repeating: "]", count: 25) + predicate) {
            if case .tooManySquareBrackets = $0 { true } else { false }
        },
        Shape(name: "25 [ after / \"/ (must be a regex after =)", text: "let r = / \"/; let v = " + String(repeating: "[", count: 25) + "1" + String(repeating: "]", count: 25) + predicate) {
            if case .tooManySquareBrackets = $0 { true } else { false }
        },
        Shape(name: "25 [ after (/\"//\")", text: "let r = f(/\"//\"); let v = " + String(repeating: "[", count: 25) + "1" + String(repeating: "]", count: 25) + predicate) {
            if case .tooManySquareBrackets = $0 { true } else { false }
        },
        Shape(name: "25 [ after #/x/*/#", text: "let r = #/x/*/#; let v = " + String(repeating: "[", count: 25) + "1" + String(repeating: "]", count: 25) + predicate) {
            if case .tooManySquareBrackets(_, 1) = $0 { true } else { false }
        },
        Shape(name: "300 nested #if before a predicate", text: String(repeating: "#if true\n", count: 300) + predicate
              + String(repeating: "#endif\n", count: 300)) {
            if case .conditionalsTooDeep(_, 65) = $0 { true } else { false }
        },
        Shape(name: "50,000 try", text: "let v = " + String(repeating: "try ", count: 50_000) + "f()" + predicate) {
            if case .chainTooLong = $0 { true } else { false }
        },
        Shape(name: "50,000 await over lines", text: "let v = " + String(repeating: "await\n", count: 50_000) + "f()" + predicate) {
            if case .chainTooLong = $0 { true } else { false }
        },
        Shape(name: "50,000 Unicode operators", text: "let v = a" + String(repeating: " ∘ a", count: 50_000) + predicate) {
            if case .chainTooLong = $0 { true } else { false }
        },
        Shape(name: "50,000 Unicode operators unspaced", text: "let v = a" + String(repeating: "≤b", count: 50_000) + predicate) {
            if case .chainTooLong = $0 { true } else { false }
        },
        Shape(name: "9 MB", text: String(repeating: "// a comment line that fills the file up to the limit\n", count: 180_000) + predicate) {
            if case .tooLarge = $0 { true } else { false }
        },
    ]

    @Test(arguments: shapes)
    func hostileShapesAreRefusedQuickly(_ shape: Shape) throws {
        let start = Date()
        let refusal = try #require(ParseGuard.refusal(for: shape.text))
        #expect(shape.expected(refusal), "\(refusal)")
        // The file is not parsed, and says why.
        let file = SourceFile(path: "Hostile.swift", text: shape.text)
        #expect(file.problem == .refused(refusal))
        #expect(Linter().lint([file]).isEmpty)
        #expect(Date().timeIntervalSince(start) < 10, "a linear scan, even in a debug build")
    }

    /// What written code looks like, at lengths well past the usual, is never refused.
    @Test(arguments: [
        ("nested collections", "let v: [[String: [Int]]] = [[\"a\": [1, 2]], [\"b\": [[3][0]]]]"),
        ("a long modifier chain", "var body: some View {\n    Text(\"a\")" + String(repeating: "\n        .padding(.horizontal, 4)", count: 300) + "\n}"),
        ("a long if/else if", "func f(_ x: Int) -> Int {\n    if x == 0 {\n        return 0\n    }" + String(repeating: " else if x == 1 {\n        return 1\n    }", count: 200) + "\n    return 2\n}"),
        ("many statements", String(repeating: "let a = b + c * d - e / f ?? g\nlet h = i.j.k.l(m: n, o: p)\n", count: 5_000)),
        ("strings with brackets", "let s = \"" + String(repeating: "[", count: 30) + "\" + #\"" + String(repeating: "(", count: 200)
            + "\\#(x)\"#\nlet t = \"\"\"\n  \\(a[\"k\"]) " + String(repeating: "[", count: 30) + "\n  \"\"\"\n"),
        ("comments with brackets", "/* [[[[[[[[[[[[[[[[[[[[[[[[ /* nested [[[[[[[[[[[[ */ */\n// ((((((((((((((((((((((((((((((((((((((\nlet a = 1"),
        ("comparisons", String(repeating: "if a<b && c>d { }\n", count: 1_000)),
        ("regex literals with brackets", "let r = #/" + String(repeating: "\\[", count: 30) + "(/#\nlet s = ##/\"[[[[[[[[[[[[[[[[[[[[/#/##\nlet a = 1"),
        ("conditions nested and in sequence", String(repeating: "#if os(iOS)\n", count: 20) + "let a = 1\n" + String(repeating: "#endif\n", count: 20)
            + String(repeating: "#if DEBUG\nlet b = 2\n#elseif os(macOS)\nlet c = 3\n#endif\n", count: 500)),
        ("names past ASCII and a few operators", String(repeating: "let café = naïve ∘ 東京 → résumé ≤ x\nlet v = try await f()\n", count: 2_000)),
        ("a backquoted name with brackets", "let `" + String(repeating: "[", count: 30) + "` = 1"),
        ("bare regex literals with brackets and quotes", "let r = /" + String(repeating: "\\[", count: 30) + "\"/\nlet s = (/[[[[[[[[[[[[[[[[[[[[\"]/)\nlet a = 1"),
        ("division beside brackets and strings", String(repeating: "let a = b / c[\"/\"] / d\nlet e = (f) / 2 / g[0]\nlet h = x/y/z\n", count: 200)),
    ])
    func writtenCodeIsNotRefused(_ name: String, _ text: String) {
        #expect(ParseGuard.refusal(for: text) == nil, "\(name)")
    }

    /// The example app, every rule example and the example models pass.
    @Test func everyExampleIsAccepted() {
        let texts = RuleRegistry.all.flatMap { rule in
            (rule.description.triggering + rule.description.nonTriggering + rule.description.corrections.map(\.before)).map(\.code)
                + rule.description.corrections.map(\.after)
        } + ExampleModels.files.map(\.source)
        for text in texts { #expect(ParseGuard.refusal(for: text) == nil, "\(text)") }
    }

    /// Nesting the guard accepts is parsed whole, and a predicate after it is checked, however
    /// swift-syntax was built: a debug build of it (a Mac's, from the package) stops at 20
    /// levels unless the limit is stated.
    @Test(arguments: [21, 60, ParseGuard.maximumNesting])
    func acceptedNestingIsParsedWhole(_ levels: Int) {
        let nested = "let v = " + String(repeating: "(", count: levels) + "1" + String(repeating: ")", count: levels)
        let text = nested + Self.predicate
        #expect(ParseGuard.refusal(for: text) == nil)
        let (hasError, rules) = onLargeStack {
            let file = SourceFile(path: "Nested.swift", text: text)
            return (file.tree.hasError, lint(text).map(\.ruleID))
        }
        #expect(!hasError)
        #expect(rules == ["has-prefix"], "the predicate after \(levels) levels")
    }

    /// The guard reads bare regex literals (`/…/`) where SwiftParser does: a text of slashes,
    /// quotes, brackets, escapes, keywords and spaces, then 130 nested `(` on the same line.
    /// Wherever the parser reads those brackets as code, the guard must count them and refuse
    /// the file; taking a division for a regex (or a regex for a string) would hide them.
    /// Seeded, so that a failure reproduces.
    @Test func bareRegexLiteralsAreReadWhereTheParserReadsThem() {
        final class Depth: SyntaxVisitor {
            var depth = 0, deepest = 0
            override func visit(_ node: TupleExprSyntax) -> SyntaxVisitorContinueKind {
                depth += 1
                deepest = max(deepest, depth)
                return .visitChildren
            }
            override func visitPost(_ node: TupleExprSyntax) { depth -= 1 }
        }
        let pieces = ["/", "\"", "a", " ", "(", ")", "[", "]", "=", "\\", "*", ";", "1", "#", " / ", "return ", "f(", ",", "!", "-", "\t", "?", ":"]
        let tail = "; let v = " + String(repeating: "(", count: 130) + "1" + String(repeating: ")", count: 130) + "\nlet z = 1\n"
        var random = SeededRandom(seed: 26)
        var hidden: [String] = []
        for _ in 0..<1_500 {
            let text = "let r = " + (0..<Int.random(in: 1...10, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            // Parsed and walked (recursively) with the stack the tool's threads have.
            let deepest = onLargeStack {
                let depth = Depth(viewMode: .sourceAccurate)
                depth.walk(SourceFile.parse(text + tail))
                return depth.deepest
            }
            if deepest > 100, ParseGuard.refusal(for: text + tail) == nil { hidden.append(text) }
        }
        #expect(hidden.isEmpty, "brackets the parser reads as code, hidden from the guard after: \(hidden.prefix(5))")
    }
}
