import Foundation
import SwiftSyntax

/// What a whole file says that rules may ask about from any of its predicates, worked out on
/// first use and then shared: asking again from each of thousands of predicates must not walk
/// the file each time.
public final class FileFacts: @unchecked Sendable {
    private let tree: SourceFileSyntax
    private let lock = NSLock()
    private var guardStatements: [GuardStmtSyntax]?
    private var fileLevel: [String: NameBinding]?
    private var memberLevel: [SyntaxIdentifier: [String: NameBinding]] = [:]
    private var bindings: [NameAt: NameBinding?] = [:]

    private struct NameAt: Hashable {
        let name: String
        let node: SyntaxIdentifier
    }
    private var textFields: Set<String>?
    private var types: [String: [String]]?
    private let unoutlined: UnoutlinedParse?

    public convenience init(tree: SourceFileSyntax, unoutlinedText: String? = nil) {
        self.init(tree: tree, unoutlined: unoutlinedText.map { UnoutlinedParse(text: $0, after: nil) })
    }

    init(tree: SourceFileSyntax, unoutlined: UnoutlinedParse?) {
        self.tree = tree
        self.unoutlined = unoutlined
    }

    public convenience init(file: SourceFile) {
        self.init(tree: file.tree, unoutlined: file.unoutlined)
    }

    /// The tree of the text as written: the linted tree, unless that is an outline, whose
    /// blanked bodies a question about the whole file (every call of a function) must not
    /// miss; then the text is parsed the first time one is asked, with the same offsets.
    public var wholeTree: SourceFileSyntax {
        // Parsed once: `UnoutlinedParse` keeps it.
        guard let file = unoutlined?.file else { return tree }
        return file.isCheckable ? file.tree : tree
    }

    /// Every `guard #available(…)` statement (a `guard` with an availability condition).
    public var availabilityGuardStatements: [GuardStmtSyntax] {
        remembered(\.guardStatements) { GuardCollector.found(in: $0) }
    }

    /// What each name declared at file level refers to: `LexicalLookup` asks this instead of
    /// scanning every top-level statement for every name.
    public var fileLevelBindings: [String: NameBinding] {
        remembered(\.fileLevel) { LexicalLookup.fileLevelBindings(in: $0) }
    }

    /// What `name` refers to where `node` uses it (`LexicalLookup.binding`), worked out by
    /// `lookUp` the first time it is asked.
    func binding(of name: String, from node: Syntax, _ lookUp: () -> NameBinding?) -> NameBinding? {
        let key = NameAt(name: name, node: node.id)
        if let known = lock.withLock({ bindings[key] }) { return known }
        // Looked up outside the lock: the lookup asks this object for members and file-level names.
        let found = lookUp()
        lock.withLock { bindings[key] = found }
        return found
    }

    /// What each variable name declared among `members` (a type's body in this file) refers
    /// to: a view of hundreds of members is indexed once, not scanned for every name of every
    /// predicate inside it.
    public func memberBindings(of members: MemberBlockItemListSyntax) -> [String: NameBinding] {
        lock.withLock {
            if let known = memberLevel[members.id] { return known }
            let found = LexicalLookup.memberBindings(in: members)
            memberLevel[members.id] = found
            return found
        }
    }

    /// The structs, enums, classes and actors the file declares, at any depth, by name, each
    /// with what its declaration and this file's extensions of it adopt, as written
    /// (`["View"]`, `["Codable", "Identifiable"]`).
    public var declaredTypes: [String: [String]] {
        remembered(\.types) { TypeCollector.found(in: $0) }
    }

    private final class TypeCollector: AnchoredVisitor {
        var declared: [String: [String]] = [:]
        var extended: [String: [String]] = [:]
        static func found(in tree: SourceFileSyntax) -> [String: [String]] {
            let collector = TypeCollector(anchors: ["struct", "enum", "class", "actor", "extension"], in: tree)
            collector.walk(tree)
            return collector.declared.merging(collector.extended.filter { collector.declared[$0.key] != nil }) { $0 + $1 }
        }
        private func note(_ name: String, _ clause: InheritanceClauseSyntax?) {
            declared[name, default: []] += clause?.inheritedTypes.map(\.type.trimmedDescription) ?? []
        }
        override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { note(node.name.text, node.inheritanceClause); return .visitChildren }
        override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { note(node.name.text, node.inheritanceClause); return .visitChildren }
        override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { note(node.name.text, node.inheritanceClause); return .visitChildren }
        override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { note(node.name.text, node.inheritanceClause); return .visitChildren }
        override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
            let name = node.extendedType.trimmedDescription.split(separator: ".").last.map(String.init) ?? ""
            extended[name, default: []] += node.inheritanceClause?.inheritedTypes.map(\.type.trimmedDescription) ?? []
            return .visitChildren
        }
    }

    /// The modules the file imports (`RegexBuilder`, `SwiftData`).
    public var importedModules: Set<String> {
        Set(tree.statements.compactMap { $0.item.as(ImportDeclSyntax.self)?.path.first?.name.text })
    }

    /// The views and modifiers that bind text a person edits.
    public static let textEditorNames = ["searchable", "TextField", "TextEditor"]

    /// The names of the values a person edits in this file: what `.searchable(text: $query)`,
    /// `TextField("Name", text: $name)` and `TextEditor(text: $notes)` bind (`query`, `name`,
    /// `notes`; for `$model.title`, `title`).
    /// Read from the whole file: the views that bind them are bodies an outline blanks. Where
    /// the text names one of `textEditorNames`, it is parsed for them, outlined to keep the
    /// bodies that name one (`tree(naming:)`): what those calls pass is in them.
    public var textFieldBindings: Set<String> {
        // Asked once per candidate `contains`: the byte scan and the choice of tree are made
        // once too, not on every ask.
        if let known = lock.withLock({ textFields }) { return known }
        let namesAnEditor = unoutlined.map { unoutlined in
            var text = unoutlined.text
            return text.withUTF8 { ByteSearch.containsAny(of: Self.textEditorNames, in: $0) }
        } ?? false
        let tree = namesAnEditor ? tree(naming: Self.textEditorNames) : tree
        return remembered(\.textFields) { _ in TextFieldCollector.found(in: tree) }
    }

    /// A tree holding every body of the text as written that names one of `words`: the linted
    /// tree, unless that is an outline; then the text outlined to keep those bodies
    /// (`UnoutlinedParse.file(keeping:)`), parsed the first time it is asked. Offsets are the
    /// file's own, as in every outline.
    public func tree(naming words: [String]) -> SourceFileSyntax {
        guard let file = unoutlined?.file(keeping: words) else { return tree }
        return file.isCheckable ? file.tree : tree
    }

    /// Whether `node`, of any of this file's trees, holds the bytes of the text as written: no
    /// body in it was blanked by an outline.
    public func readsAsWritten(_ node: some SyntaxProtocol) -> Bool {
        guard let unoutlined else { return true }
        let bytes = node.syntaxTextBytes
        let start = node.position.utf8Offset
        var written = unoutlined.text
        return written.withUTF8 { written in
            start + bytes.count <= written.count && bytes.elementsEqual(written[start..<(start + bytes.count)])
        }
    }

    /// The answer kept in `slot`, worked out from the tree the first time it is asked.
    private func remembered<Answer>(_ slot: ReferenceWritableKeyPath<FileFacts, Answer?>, _ work: (SourceFileSyntax) -> Answer) -> Answer {
        lock.withLock {
            if let known = self[keyPath: slot] { return known }
            let answer = work(tree)
            self[keyPath: slot] = answer
            return answer
        }
    }

    private final class TextFieldCollector: AnchoredVisitor {
        static let editors = Set(FileFacts.textEditorNames)
        var found: Set<String> = []

        static func found(in tree: SourceFileSyntax) -> Set<String> {
            let collector = TextFieldCollector(anchors: FileFacts.textEditorNames, in: tree)
            collector.walk(tree)
            return collector.found
        }

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            if let name = node.calleeName, Self.editors.contains(name),
               let text = node.arguments.first(where: { $0.label?.text == "text" })?.expression,
               Self.isProjection(text), let bound = CapturedValues.lastName(of: text) {
                found.insert(bound)
            }
            return .visitChildren
        }

        /// `$query`, `$model.title`: a binding to a value, not a value.
        static func isProjection(_ expression: ExprSyntax) -> Bool {
            var current = expression
            while let member = current.as(MemberAccessExprSyntax.self), let base = member.base { current = base }
            return current.as(DeclReferenceExprSyntax.self)?.baseName.text.hasPrefix("$") == true
        }
    }

    private final class GuardCollector: AnchoredVisitor {
        var found: [GuardStmtSyntax] = []

        static func found(in tree: SourceFileSyntax) -> [GuardStmtSyntax] {
            let collector = GuardCollector(anchors: ["#available", "#unavailable"], in: tree)
            collector.walk(tree)
            return collector.found
        }

        override func visit(_ node: GuardStmtSyntax) -> SyntaxVisitorContinueKind {
            if node.conditions.contains(where: { $0.condition.is(AvailabilityConditionSyntax.self) }) { found.append(node) }
            return .visitChildren
        }
    }
}
