import Foundation
import SwiftSyntax
import Testing
@testable import PredicateLintCore

/// A parse that reuses the previous version's tree must give the tree, and so the findings, of
/// a parse from scratch: on real files put through the edits a person makes while typing
/// (every Swift file of this repository that holds a predicate, each app of a corpus named by
/// `PREDICATE_LINT_SKELETON_CORPUS`), parsed as the language server parses them, as outlines.
@Suite struct ReusableParseTests {
    /// Small deterministic edits of `text`, one after another: a character typed, a run
    /// deleted, a line break, a predicate pasted in, an unbalanced brace, non-ASCII text.
    static func edits(of text: String, count: Int, seed: UInt64) -> [String] {
        var state = seed
        func next(_ bound: Int) -> Int {
            // SplitMix64: the same edits on every machine.
            state &+= 0x9E37_79B9_7F4A_7C15
            var mixed = state
            mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
            mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((mixed ^ (mixed >> 31)) % UInt64(max(bound, 1)))
        }
        let insertions = ["x", "\n", "{", "é🙂", "\nlet edited = #Predicate<Item> { $0.name.contains(\"é\") && $0.count > 2 }\n", " }"]
        var versions: [String] = []
        var current = Array(text)
        for _ in 0..<count {
            let at = next(current.count + 1)
            if next(3) == 0 && !current.isEmpty {
                current.removeSubrange(at..<min(current.count, at + 1 + next(20)))
            } else {
                current.insert(contentsOf: insertions[next(insertions.count)], at: at)
            }
            versions.append(String(current))
        }
        return versions
    }

    /// Parses each version of each file reusing the previous parse, and compares tree, text
    /// and findings with a parse from scratch; returns how many versions were compared.
    func compare(_ paths: [String], editsPerFile: Int) -> Int {
        let texts = paths.compactMap { path in (try? String(contentsOfFile: path, encoding: .utf8)).map { (path, $0) } }
        let models = ModelIndex(texts.map { FileDeclarations(path: $0.0, text: $0.1) })
        var compared = 0
        for (path, text) in texts where text.contains("#Predicate") || text.contains("#Expression") {
            var previous: ReusableParse?
            for version in [text] + Self.edits(of: text, count: editsPerFile, seed: UInt64(text.utf8.count)) {
                guard ParseGuard.refusal(for: version) == nil else { continue }
                let outline = PredicateOutline(text: version)?.text ?? version
                let (reparsed, reusable) = SourceFile.parsing(path: path, text: outline, outlining: version, reusing: previous)
                let scratch = SourceFile(path: path, text: outline, outlining: version)
                // Compared as booleans: a failure names the file instead of printing two trees.
                let sameText = reparsed.tree.description == outline
                let sameTree = reparsed.tree.debugDescription(includeTrivia: true) == scratch.tree.debugDescription(includeTrivia: true)
                #expect(sameText && sameTree, "\(path)")
                #expect(reparsed.depth == scratch.depth && reparsed.problem == scratch.problem, "\(path)")
                #expect(allRulesLinter.lint(reparsed, models: models) == allRulesLinter.lint(scratch, models: models), "\(path)")
                previous = reusable
                compared += 1
            }
        }
        return compared
    }

    @Test func everyFileOfThisRepositoryParsesAsFromScratchAfterEachEdit() {
        let paths = DeclarationSkeletonTests.swiftFiles().filter { $0.contains("/Examples/") || $0.contains("/Rules/") }
        #expect(compare(paths, editsPerFile: 6) > 100)
    }

    @Test(.enabled(if: DeclarationSkeletonTests.corpus != nil, "set PREDICATE_LINT_SKELETON_CORPUS=DIR to compare a corpus"))
    func everyAppOfTheCorpusParsesAsFromScratchAfterEachEdit() {
        #expect(compare(DeclarationSkeletonTests.corpusFiles(), editsPerFile: 12) > 0)
    }

    @Test func anEditCoversWholeCharacters() {
        // "é" and "è" share their first UTF-8 byte: the edit must still replace the whole character.
        let edit = SourceFile.edit(from: "let a = \"é\"", to: "let a = \"è\"")
        #expect(edit.range == AbsolutePosition(utf8Offset: 9)..<AbsolutePosition(utf8Offset: 11))
        #expect(edit.replacement == "è")
        // An emoji replaced by another with the same last bytes.
        let emoji = SourceFile.edit(from: "x🙂y", to: "x😀y")
        #expect(emoji.range == AbsolutePosition(utf8Offset: 1)..<AbsolutePosition(utf8Offset: 5))
        #expect(emoji.replacement == "😀")
        // Text typed at the end, and nothing changed.
        #expect(SourceFile.edit(from: "let a", to: "let ab").range == AbsolutePosition(utf8Offset: 5)..<AbsolutePosition(utf8Offset: 5))
        #expect(SourceFile.edit(from: "same", to: "same").replacement.isEmpty)
        // A repeated character: the shared start and end do not overlap.
        let doubled = SourceFile.edit(from: "aa", to: "aaa")
        #expect(doubled.range.lowerBound.utf8Offset + doubled.replacement.utf8.count + (2 - doubled.range.upperBound.utf8Offset) == 3)
    }

    @Test func aTextWithASyntaxErrorIsParsedAsFromScratch() {
        // Cut down from a real file put through the edits above: SwiftParser, reusing the
        // earlier tree, recovered from the error differently from a parse from scratch.
        let before = "        guard let context = modelContext else {\n    }\n    /    func permanentlyDelete(trashItemId: UUID) throws {\n"
            + "            context.delete(trashItem)\n        }\n        \n"
        let after = "        guard let context = modelContext else {\n    }\n    /    func permanentlyDelete(trashItemId: UUID) throws {\n"
            + "            context.delete(trashIt      \n"
        let (_, reusable) = SourceFile.parsing(path: "A.swift", text: before, reusing: nil)
        let (reparsed, _) = SourceFile.parsing(path: "A.swift", text: after, reusing: reusable)
        let scratch = SourceFile(path: "A.swift", text: after)
        #expect(reparsed.tree.debugDescription(includeTrivia: true) == scratch.tree.debugDescription(includeTrivia: true))
    }

    /// A view whose predicate searches with a value its caller takes from a text field has its
    /// text parsed twice besides its outline: outlined to keep the bodies that name the
    /// function, for its callers, and those that name a text field. Typing in the view's body
    /// must parse neither afresh: the next version reuses both, with a parse from scratch's
    /// findings.
    @Test func theWholeTextsParsesAreHandedToTheNextVersion() {
        let first = """
            import SwiftData
            import SwiftUI
            @Model final class Item { var name = "" }
            struct ItemSearch: View {
                @State private var draft = ""
                var body: some View {
                    TextField("Name", text: $draft)
                    Button("Find") { _ = matching(draft) }
                }
                func matching(_ value: String) -> Predicate<Item> {
                    #Predicate<Item> { $0.name.contains(value) }
                }
                func clear() { draft = "" }
            }
            """
        let second = first.replacingOccurrences(of: "TextField(\"Name\"", with: "Text(\"Find\")\n        TextField(\"Name\"")
        let models = ModelIndex([FileDeclarations(path: "A.swift", text: first)])
        func parsed(_ text: String, reusing previous: ReusableParse?) -> (SourceFile, ReusableParse?) {
            SourceFile.parsing(path: "A.swift", text: PredicateOutline(text: text)!.text, outlining: text, reusing: previous)
        }
        let forms = [FileFacts.textEditorNames, ["matching"]]
        func outlines(_ text: String) -> [String?] { forms.map { PredicateOutline(text: text, keeping: $0)?.text } }
        func latest(_ file: SourceFile) -> [String?] { forms.map { file.unoutlined?.latestParse(keeping: $0)?.text } }
        let (firstFile, firstParse) = parsed(first, reusing: nil)
        #expect(allRulesLinter.lint(firstFile, models: models).map(\.ruleID).contains("case-sensitive-contains"))
        #expect(latest(firstFile) == outlines(first))
        #expect(outlines(first).allSatisfy { $0 != nil && $0 != first })
        let (secondFile, secondParse) = parsed(second, reusing: firstParse)
        #expect(latest(secondFile) == outlines(first), "the first version's parses, handed over")
        let findings = allRulesLinter.lint(secondFile, models: models)
        #expect(findings == allRulesLinter.lint(SourceFile(path: "A.swift", text: PredicateOutline(text: second)!.text, outlining: second),
                                                models: models))
        #expect(findings == allRulesLinter.lint(SourceFile(path: "A.swift", text: second), models: models), "the findings of the whole text")
        #expect(findings.map(\.ruleID).contains("case-sensitive-contains"))
        #expect(latest(secondFile) == outlines(second))
        #expect(secondFile.unoutlined?.latestParse(keeping: nil) == nil, "the whole text was never parsed")
        // A version that asks neither question hands its next one neither parse: nothing is
        // kept for questions no longer asked.
        let third = second.replacingOccurrences(of: "contains(value)", with: "contains(\"x\")")
        let (thirdFile, thirdParse) = parsed(third, reusing: secondParse)
        _ = allRulesLinter.lint(thirdFile, models: models)
        #expect(latest(thirdFile) == outlines(second), "asked nothing: the second version's parses")
        let (fourthFile, _) = parsed(third + "\n", reusing: thirdParse)
        #expect(latest(fourthFile) == [nil, nil])
    }

    @Test func aRefusedTextLeavesNothingToReuseAndTheNextParseStartsAfresh() {
        let nested = String(repeating: "(", count: ParseGuard.maximumNesting + 1)
        let (refused, reusable) = SourceFile.parsing(path: "A.swift", text: nested, reusing: nil)
        #expect(refused.problem != nil && reusable == nil)
        let text = "let p = #Predicate<Item> { $0.count > 1 }\n"
        let (parsed, _) = SourceFile.parsing(path: "A.swift", text: text, reusing: reusable)
        #expect(parsed.tree.description == text && parsed.problem == nil)
    }
}
