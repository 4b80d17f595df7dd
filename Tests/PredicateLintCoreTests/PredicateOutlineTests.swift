import Foundation
import SwiftSyntax
import Testing
@testable import PredicateLintCore

/// An outline must lint exactly as its file does (every finding, offset, message and fix) and
/// declare what its file declares, on real code with its app's models (every Swift file of this repository, each app of a corpus
/// named by `PREDICATE_LINT_SKELETON_CORPUS`).
@Suite struct PredicateOutlineTests {
    /// Lints each file holding a predicate twice, against the models of all `files`; returns
    /// how many had an outline, and the bytes blanked.
    func compare(_ files: [String]) throws -> (outlined: Int, blanked: Int) {
        let texts = files.compactMap { path in
            (try? String(contentsOfFile: path, encoding: .utf8)).flatMap { ParseGuard.refusal(for: $0) == nil ? (path, $0) : nil }
        }
        let models = ModelIndex(texts.map { FileDeclarations(path: $0.0, text: $0.1) })
        var outlined = 0
        var blanked = 0
        for (path, text) in texts where text.contains("#Predicate") || text.contains("#Expression") {
            guard let outline = PredicateOutline(text: text) else { continue }
            #expect(outline.text.utf8.count == text.utf8.count, "\(path)")
            outlined += 1
            blanked += zip(outline.text.utf8, text.utf8).filter { $0 != $1 }.count
            let full = allRulesLinter.lint(SourceFile(path: path, text: text), models: models)
            // As `ParsedForLint` makes it: the outline, and the text for what must see every body.
            let fromOutline = allRulesLinter.lint(SourceFile(path: path, text: outline.text, outlining: text), models: models)
            #expect(full == fromOutline, "\(path)")
            // A file both passes need is parsed once, from its outline, for its declarations too.
            #expect(FileDeclarations(file: SourceFile(path: path, text: outline.text)) == FileDeclarations(path: path, text: text), "\(path)")
        }
        return (outlined, blanked)
    }

    @Test func everyFileOfThisRepositoryLintsTheSameFromItsOutline() throws {
        let (outlined, blanked) = try compare(DeclarationSkeletonTests.swiftFiles())
        // The example app and the tests hold predicates inside bodies that can be blanked.
        #expect(outlined > 10)
        #expect(blanked > 10_000)
    }

    @Test(.enabled(if: DeclarationSkeletonTests.corpus != nil, "set PREDICATE_LINT_SKELETON_CORPUS=DIR to compare a corpus"))
    func everyAppOfTheCorpusLintsTheSameFromItsOutlines() throws {
        let root = try #require(DeclarationSkeletonTests.corpus)
        var outlined = 0
        var blanked = 0
        for app in try FileManager.default.contentsOfDirectory(atPath: root).sorted() {
            let files = (FileManager.default.enumerator(atPath: "\(root)/\(app)")?.compactMap { $0 as? String } ?? [])
                .filter { $0.hasSuffix(".swift") }.map { "\(root)/\(app)/\($0)" }
            let counts = try compare(files)
            outlined += counts.outlined
            blanked += counts.blanked
        }
        print("outlines: \(outlined) files, \(blanked) bytes blanked")
    }

    /// The questions about blanked bodies, answered from outlines that keep the bodies naming
    /// their words (`FileFacts.tree(naming:)`), must get the whole file's answers: what text
    /// fields bind, and what each call of a function passes for each of its parameters.
    /// Returns how many files named a text field, and how many parameters were followed.
    func compareWholeFileQuestions(_ files: [String]) -> (textFields: Int, parameters: Int) {
        var compared = (textFields: 0, parameters: 0)
        for path in files {
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { continue }
            compared.textFields += compareTextFieldBindings(text, path: path) == nil ? 0 : 1
            compared.parameters += compareArgumentsPassed(text, path: path)
        }
        return compared
    }

    /// For every parameter of every function the outline declares, what the file's calls pass:
    /// from the whole file, and from the outline keeping the function's name. Returns how many
    /// parameters some call passes a value for.
    @discardableResult
    func compareArgumentsPassed(_ text: String, path: String) -> Int {
        guard ParseGuard.refusal(for: text) == nil, let outline = PredicateOutline(text: text) else { return 0 }
        let whole = SourceFile(path: path, text: text).tree
        let outlined = SourceFile(path: path, text: outline.text, outlining: text)
        let facts = FileFacts(file: outlined)
        let wholeParameters = Dictionary(Self.parameters(in: whole).map { ($0.position, $0) }) { first, _ in first }
        var followed = 0
        for parameter in Self.parameters(in: outlined.tree) {
            guard let same = wholeParameters[parameter.position] else { continue }
            func shown(_ passed: [ExprSyntax]?) -> [String]? { passed?.map { "\($0.position.utf8Offset) \($0.trimmedDescription)" } }
            let fromWhole = shown(CapturedValues.argumentsPassed(for: same, in: whole))
            #expect(shown(CapturedValues.argumentsPassed(for: parameter, fileScope: facts)) == fromWhole, "\(path): \(parameter)")
            followed += fromWhole == nil ? 0 : 1
        }
        return followed
    }

    static func parameters(in tree: SourceFileSyntax) -> [FunctionParameterSyntax] {
        final class Collector: SyntaxVisitor {
            var found: [FunctionParameterSyntax] = []
            override func visit(_ node: FunctionParameterSyntax) -> SyntaxVisitorContinueKind {
                found.append(node)
                return .visitChildren
            }
        }
        let collector = Collector(viewMode: .sourceAccurate)
        collector.walk(tree)
        return collector.found
    }

    /// The bindings both ways, if the text names a text field and has an outline.
    @discardableResult
    func compareTextFieldBindings(_ text: String, path: String) -> Set<String>? {
        guard FileFacts.textEditorNames.contains(where: text.contains), ParseGuard.refusal(for: text) == nil,
              let outline = PredicateOutline(text: text) else { return nil }
        let whole = FileFacts(tree: SourceFile(path: path, text: text).tree).textFieldBindings
        let outlined = FileFacts(file: SourceFile(path: path, text: outline.text, outlining: text)).textFieldBindings
        #expect(whole == outlined, "\(path)")
        return outlined
    }

    @Test func textFieldsBindTheSameInTheirOutline() {
        let view = """
            struct Editor: View {
                @State private var a = ""
                @Bindable var model: Note
                var body: some View {
                    VStack {
                        Section { TextField("A", text: $a) }
                        List { ForEach(items) { item in Text(item.name) } }.searchable(text: $b)
                        if show { TextEditor(text: $c) }
                    }
                    .sheet(isPresented: $show) { Form { TextField("D", text: $model.title) } }
                }
                var field: some View { TextField("E", text: $e, prompt: Text("e")) }
                func make() -> some View {
                    let fetch = FetchDescriptor<Note>(predicate: #Predicate { $0.title.isEmpty })
                    return TextField("F", text: $f)
                }
            }
            """
        #expect(compareTextFieldBindings(view, path: "Editor.swift") == ["a", "b", "c", "title", "e", "f"])
    }

    @Test func callsPassTheSameInTheOutlineThatKeepsTheFunctionsName() {
        let view = """
            struct Search: View {
                @State private var draft = ""
                var body: some View {
                    Button("Find") { _ = matching(draft) }
                    List { Text("a") }.onAppear { let v = other(draft); print(matching(v.name)) }
                    // A closure whose introducing text does not name the function: blanked in
                    // that outline, so this call's argument is read from the whole text.
                    Button("All") { _ = matching(String(describing: { 1 }()) + items.map { $0.name }.joined()) }
                }
                func matching(_ value: String) -> Predicate<Item> { #Predicate<Item> { $0.name.contains(value) } }
                func other(_ value: String) -> Item { Item(name: value) }
                func unused(_ value: String) {}
            }
            """
        #expect(compareArgumentsPassed(view, path: "Search.swift") == 2)
    }

    @Test func everyFileOfThisRepositoryAnswersQuestionsAboutBlankedBodiesAsItsWholeText() {
        let compared = compareWholeFileQuestions(DeclarationSkeletonTests.swiftFiles())
        #expect(compared.textFields > 0 && compared.parameters > 100, "\(compared)")
    }

    @Test(.enabled(if: DeclarationSkeletonTests.corpus != nil, "set PREDICATE_LINT_SKELETON_CORPUS=DIR to compare a corpus"))
    func theCorpussQuestionsAboutBlankedBodiesGetTheSameAnswers() {
        let compared = compareWholeFileQuestions(DeclarationSkeletonTests.corpusFiles())
        print("text fields compared in \(compared.textFields) files, \(compared.parameters) parameters followed")
    }

    @Test func blankingKeepsEveryOffsetAndLine() throws {
        let text = "struct V {\n    func a() { let x = \"é\"\n print(x) }\n    func b() { let p = #Predicate<Item> { $0.ok } }\n}"
        let outline = try #require(PredicateOutline(text: text))
        #expect(outline.text.utf8.count == text.utf8.count)
        #expect(outline.text.split(separator: "\n", omittingEmptySubsequences: false).count == 5)
        #expect(outline.text.contains("#Predicate<Item> { $0.ok }"))
        #expect(!outline.text.contains("print"))
    }

    /// Inside a kept body, the braces that hold no predicate are blanked too; a predicate's own
    /// closure is kept whole, even where an inner closure lies far from `#Predicate` and the
    /// predicate names a word that keeps bodies (`searchQuery`).
    @Test func nestedBodiesAreDecidedOneByOne() throws {
        let padding = String(repeating: "            let unrelated = 1\n", count: 12)
        let text = """
            struct V {
                var body: some View {
                    VStack {
                        Text("hello").onAppear { print("shown") }
                        Button("Find") {
                            let p = #Predicate<Item> { item in
            \(padding)
                                item.tags.contains { $0.isPinned } && item.name.contains(searchQuery)
                            }
                        }
                    }
                }
            }
            """
        let outline = try #require(PredicateOutline(text: text))
        #expect(outline.text.utf8.count == text.utf8.count)
        #expect(!outline.text.contains("shown"))
        #expect(outline.text.contains("item.tags.contains { $0.isPinned }"))
        #expect(outline.text.contains("let unrelated = 1"))
    }

    /// What introduces a body is the text since the previous brace or `;`: a view's `body`
    /// right after an `@Query` property is not kept for it, a predicate's closure still is.
    @Test func aBodyIsKeptForTheTextThatIntroducesItOnly() throws {
        let text = """
            struct V: View {
                @Query(filter: #Predicate<Item> { $0.isPinned }) var items: [Item]
                var body: some View { List(items) { Text($0.name) } }
            }
            """
        let outline = try #require(PredicateOutline(text: text))
        #expect(outline.text.contains("#Predicate<Item> { $0.isPinned }"))
        #expect(!outline.text.contains("List(items)"))
    }

    @Test func aFileWithNothingToBlankHasNoOutline() {
        #expect(PredicateOutline(text: "let p = #Predicate<Item> { $0.ok }") == nil)
    }
}
