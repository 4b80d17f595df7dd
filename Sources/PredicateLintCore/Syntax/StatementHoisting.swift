import SwiftSyntax

/// A `let` written just before the statement that holds a predicate, for fixes that work a
/// value out before the predicate captures it (a model's `persistentModelID`, a date bound).
/// Offered only where the new statement provably changes nothing else: the statement is in a
/// function, initializer, accessor or control-flow body, top-level code, or a closure that
/// already has several statements (not a property initializer, and not a one-expression
/// closure, whose inferred type a new statement would change), and the name is free there.
public struct StatementHoisting {
    let statement: CodeBlockItemSyntax
    let block: CodeBlockItemListSyntax

    /// Where a `let` can go before the statement holding `node`; nil where it cannot.
    public init?(before node: some SyntaxProtocol) {
        guard let statement = Self.enclosingStatement(of: node),
              let block = statement.parent?.as(CodeBlockItemListSyntax.self), Self.isBodyOfDeclaration(block) else { return nil }
        self.statement = statement
        self.block = block
    }

    /// Whether `name` is free: nothing in scope at `node`, and nothing in the block, has it.
    public func isFree(_ name: String, at node: some SyntaxProtocol, fileScope: FileFacts?) -> Bool {
        LexicalLookup.binding(of: name, from: node, fileScope: fileScope) == nil && !Self.declares(name, in: block)
    }

    /// The first of `base`, `base2`, `base3`, … that is free and not one of `excluding` (names
    /// the same fix declares).
    public func freeName(_ base: String, at node: some SyntaxProtocol, fileScope: FileFacts?, excluding: Set<String> = []) -> String? {
        ([base] + (2...9).map { "\(base)\($0)" }).first { !excluding.contains($0) && isFree($0, at: node, fileScope: fileScope) }
    }

    /// The name of a `let` earlier in the block that holds exactly `value`, declared with
    /// exactly `type` (nil: with none), and is what the name means at `node`: a second fix of
    /// the same value reuses the first one's constant.
    public func constant(holding value: String, ofType type: String? = nil, at node: some SyntaxProtocol, fileScope: FileFacts?) -> String? {
        for item in block {
            if item.id == statement.id { break }
            guard let declaration = item.item.as(VariableDeclSyntax.self), declaration.bindingSpecifier.tokenKind == .keyword(.let),
                  declaration.bindings.count == 1, let binding = declaration.bindings.first,
                  let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                  binding.initializer?.value.trimmedDescription == value, binding.typeAnnotation?.type.trimmedDescription == type,
                  case .variable(let found)? = LexicalLookup.binding(of: name, from: node, fileScope: fileScope), found.id == binding.id
            else { continue }
            return name
        }
        return nil
    }

    /// The edits that capture `value` before the statement and put its name where `node` is: an
    /// earlier `let` holding exactly `value` is reused, else one is declared under the first
    /// free name from `base`. Nil when no name is free. `anchor`: where names are looked up.
    public func capture(_ value: String, replacing node: some SyntaxProtocol, named base: String,
                        at anchor: some SyntaxProtocol, fileScope: FileFacts?) -> [TextEdit]? {
        if let existing = constant(holding: value, at: anchor, fileScope: fileScope) {
            return [TextEdit(replacing: node, with: existing)]
        }
        guard let name = freeName(base, at: anchor, fileScope: fileScope) else { return nil }
        return [declaration(name, value), TextEdit(replacing: node, with: name)]
    }

    /// The edit that declares `let name = value` before the statement.
    public func declaration(_ name: String, _ value: String) -> TextEdit {
        declarations([(name, value)])
    }

    /// One edit declaring each `let name = value` before the statement, in order. `name` may
    /// carry a type annotation (`limit: Int64`).
    public func declarations(_ constants: [(name: String, value: String)]) -> TextEdit {
        // A lone expression is the body's implicit result; after a new `let` it needs `return`.
        let needsReturn = block.count == 1 && statement.item.is(ExprSyntax.self) && Self.returnsLoneExpression(block)
        let start = statement.positionAfterSkippingLeadingTrivia.utf8Offset
        let indentation = Self.indentation(of: statement)
        let lets = constants.map { "let \($0.name) = \($0.value)\n" }.joined(separator: indentation)
        return TextEdit(range: start..<start, replacement: lets + indentation + (needsReturn ? "return " : ""))
    }

    /// Statements of a function, initializer, accessor, control-flow body, top-level code, or a
    /// closure of several statements.
    private static func isBodyOfDeclaration(_ block: CodeBlockItemListSyntax) -> Bool {
        if block.parent?.is(SourceFileSyntax.self) == true { return true }
        if block.parent?.is(ClosureExprSyntax.self) == true { return block.count >= 2 }
        if block.parent?.is(AccessorBlockSyntax.self) == true { return true }  // `var p: T { … }`
        guard let owner = block.parent?.as(CodeBlockSyntax.self)?.parent else { return false }
        return owner.is(FunctionDeclSyntax.self) || owner.is(InitializerDeclSyntax.self) || owner.is(AccessorDeclSyntax.self)
            || owner.as(IfExprSyntax.self).map(isStatement) == true || owner.is(GuardStmtSyntax.self) || owner.is(ForStmtSyntax.self)
            || owner.is(WhileStmtSyntax.self) || owner.is(DoStmtSyntax.self)
    }

    /// Whether a block's lone expression is its value: the body of a getter, a closure, or a
    /// function that returns something. (An `if` branch's is not, as the `if` is a statement here.)
    private static func returnsLoneExpression(_ block: CodeBlockItemListSyntax) -> Bool {
        if block.parent?.is(AccessorBlockSyntax.self) == true || block.parent?.is(ClosureExprSyntax.self) == true { return true }
        guard let owner = block.parent?.as(CodeBlockSyntax.self)?.parent else { return false }
        if let accessor = owner.as(AccessorDeclSyntax.self) { return accessor.accessorSpecifier.tokenKind == .keyword(.get) }
        guard let result = owner.as(FunctionDeclSyntax.self)?.signature.returnClause?.type.trimmedDescription else { return false }
        return result != "Void" && result != "()"
    }

    /// An `if` written as a statement, not one whose branches are values (`let p = if …`,
    /// `return if …`, or the lone `if` of a body that returns it), which must stay one
    /// expression each.
    private static func isStatement(_ branch: IfExprSyntax) -> Bool {
        var top = Syntax(branch)
        while let parent = top.parent, parent.is(IfExprSyntax.self) { top = parent }
        if let wrapper = top.parent, wrapper.is(ExpressionStmtSyntax.self) { top = wrapper }
        guard let item = top.parent?.as(CodeBlockItemSyntax.self), let block = item.parent?.as(CodeBlockItemListSyntax.self) else { return false }
        return !(block.count == 1 && returnsLoneExpression(block))
    }

    private static func declares(_ name: String, in block: CodeBlockItemListSyntax) -> Bool {
        block.contains { item in
            item.item.as(VariableDeclSyntax.self)?.bindings.contains {
                $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name
            } == true
        }
    }

    /// The spaces and tabs before `statement` on its line.
    static func indentation(of statement: CodeBlockItemSyntax) -> String {
        statement.leadingTrivia.reversed().prefix { !$0.isNewline }.reversed().map { piece -> String in
            switch piece {
            case .spaces(let count): String(repeating: " ", count: count)
            case .tabs(let count): String(repeating: "\t", count: count)
            default: ""
            }
        }.joined()
    }

    /// The statement in a code block that contains `node`.
    static func enclosingStatement(of node: some SyntaxProtocol) -> CodeBlockItemSyntax? {
        var current = node.parent
        while let candidate = current {
            if let item = candidate.as(CodeBlockItemSyntax.self) { return item }
            if candidate.is(MemberBlockItemSyntax.self) { return nil }
            current = candidate.parent
        }
        return nil
    }
}
