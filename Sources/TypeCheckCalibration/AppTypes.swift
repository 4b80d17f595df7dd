import PredicateLintCore
import SwiftSyntax

/// What a stand-in needs of the app's enums and structs that `ModelIndex` does not keep (it
/// keeps members of models only): an enum's cases and raw type, a struct's stored properties,
/// a type's static properties. By qualified name, as `ModelIndex` names types.
public struct AppTypes: Sendable {
    public struct Declaration: Sendable {
        public let inheritance: [String]
        public var cases: [String] = []
        /// Instance properties with a stored value, in order, as written.
        public var storedProperties: [(name: String, type: WrittenType?)] = []
    }

    /// A file's findings: its type declarations, and the static properties of each type it
    /// declares or extends (`extension Date { static var startOfWeek: Date { … } }`).
    public struct FileTypes: Sendable {
        var declarations: [(String, Declaration)] = []
        var staticProperties: [String: [String: WrittenType]] = [:]
    }

    public private(set) var declarations: [String: [Declaration]] = [:]
    /// By type name (qualified for the app's types, as written for another module's), then name.
    public private(set) var staticProperties: [String: [String: WrittenType]] = [:]

    /// The declarations of one file, read from its tree or its `DeclarationSkeleton`'s (type
    /// bodies, cases and properties are kept there; function bodies are not needed). A file
    /// the linter would refuse declares nothing.
    public static func declarations(in file: SourceFile) -> FileTypes {
        guard file.isCheckable else { return FileTypes() }
        let collector = Collector(viewMode: .sourceAccurate)
        collector.walk(file.tree)
        return collector.found
    }

    public init(_ files: some Sequence<FileTypes>) {
        for file in files {
            for (name, declaration) in file.declarations { declarations[name, default: []].append(declaration) }
            for (type, properties) in file.staticProperties { staticProperties[type, default: [:]].merge(properties) { first, _ in first } }
        }
    }

    /// The one declaration of `qualified`; nil when none or several.
    public func declaration(_ qualified: String) -> Declaration? {
        guard let found = declarations[qualified], found.count == 1 else { return nil }
        return found[0]
    }

    private final class Collector: SyntaxVisitor {
        var found = FileTypes()
        /// Qualified names of the declarations being visited, innermost last.
        var stack: [String?] = []

        func open(_ name: String, _ inheritance: InheritanceClauseSyntax?) {
            let qualified = (stack.last.flatMap { $0 }.map { "\($0)." } ?? "") + name
            found.declarations.append((qualified, Declaration(inheritance: inheritance?.inheritedTypes.map(\.type.trimmedDescription) ?? [])))
            stack.append(qualified)
        }
        func close() { stack.removeLast() }
        /// The index in `found` of the declaration being visited.
        var current: Int? {
            guard let name = stack.last.flatMap({ $0 }) else { return nil }
            return found.declarations.lastIndex { $0.0 == name }
        }

        override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { open(node.name.text, node.inheritanceClause); return .visitChildren }
        override func visitPost(_ node: EnumDeclSyntax) { close() }
        override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { open(node.name.text, node.inheritanceClause); return .visitChildren }
        override func visitPost(_ node: StructDeclSyntax) { close() }
        override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { open(node.name.text, node.inheritanceClause); return .visitChildren }
        override func visitPost(_ node: ClassDeclSyntax) { close() }
        override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { open(node.name.text, node.inheritanceClause); return .visitChildren }
        override func visitPost(_ node: ActorDeclSyntax) { close() }
        override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
            // Members of an extension belong to the extended type; its nested types are named
            // after it, as `ModelIndex` names them.
            stack.append(node.extendedType.trimmedDescription)
            return .visitChildren
        }
        override func visitPost(_ node: ExtensionDeclSyntax) { close() }
        // Nothing declared inside a function is a member.
        override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

        override func visit(_ node: EnumCaseDeclSyntax) -> SyntaxVisitorContinueKind {
            // Cases with associated values are left out: a stand-in declares plain cases only.
            if let index = current {
                found.declarations[index].1.cases += node.elements.filter { $0.parameterClause == nil }.map(\.name.text)
            }
            return .skipChildren
        }

        override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
            let isStatic = node.modifiers.contains { ["static", "class"].contains($0.name.text) }
            for binding in node.bindings {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                let type = binding.typeAnnotation.map { WrittenType($0.type) }
                    ?? binding.initializer.flatMap { WrittenType(inferredFrom: $0.value) }
                if isStatic, let typeName = stack.last.flatMap({ $0 }), let type {
                    found.staticProperties[typeName, default: [:]][name] = type
                } else if !isStatic, let index = current, Self.isStored(binding) {
                    found.declarations[index].1.storedProperties.append((name, type))
                }
            }
            return .skipChildren
        }

        /// No getter: `var x: Int`, `var x = 0`, `var x: Int { didSet { … } }`.
        static func isStored(_ binding: PatternBindingSyntax) -> Bool {
            switch binding.accessorBlock?.accessors {
            case nil: true
            case .getter?: false
            case .accessors(let accessors)?: accessors.allSatisfy { ["willSet", "didSet"].contains($0.accessorSpecifier.text) }
            @unknown default: false
            }
        }
    }
}
