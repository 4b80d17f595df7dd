import SwiftSyntax

/// What a bare name in the code refers to, found by looking outwards through the scopes that
/// enclose it, the way the compiler would for the simple cases a predicate meets.
public enum NameBinding {
    /// A parameter of a closure that encloses the reference (including the predicate's own).
    case closureParameter(ClosureExprSyntax)
    /// A parameter of an enclosing function, initializer or subscript.
    case functionParameter(FunctionParameterSyntax)
    /// A `let`/`var` declared in an enclosing block before the reference, a member of an
    /// enclosing type, or a file-level variable.
    case variable(PatternBindingSyntax)
    /// An `if let`/`guard let` binding.
    case optionalBinding(OptionalBindingConditionSyntax)
}

public enum LexicalLookup {
    /// The nearest declaration of `name` visible from `node`, or nil when it is declared
    /// somewhere this file-local search cannot see (another file, a module, a superclass).
    /// `fileScope`: the file's declarations indexed once, so that a file of thousands of
    /// top-level statements (or a view of hundreds of members) is not scanned once per name
    /// looked up, and the answers kept, since several rules ask about each name of a predicate.
    public static func binding(of name: String, from node: some SyntaxProtocol, fileScope: FileFacts? = nil) -> NameBinding? {
        guard let fileScope else { return lookUp(name, from: Syntax(node), fileScope: nil) }
        // Rules ask about the same references: each is looked up once per file.
        return fileScope.binding(of: name, from: Syntax(node)) { lookUp(name, from: Syntax(node), fileScope: fileScope) }
    }

    private static func lookUp(_ name: String, from node: Syntax, fileScope: FileFacts?) -> NameBinding? {
        var child = node
        while let scope = child.parent {
            defer { child = scope }
            if let closure = scope.as(ClosureExprSyntax.self) {
                // `$0`, `$1`… belong to the innermost closure that names no parameters.
                let isAnonymous = name.hasPrefix("$") && name.dropFirst().allSatisfy(\.isNumber)
                if isAnonymous ? closure.signature?.parameterClause == nil
                               : PredicateSiteFinder.closureParameters(of: closure).contains(where: { $0.name == name }) {
                    return .closureParameter(closure)
                }
            }
            if let parameters = functionParameters(of: scope),
               let parameter = parameters.first(where: { ($0.secondName ?? $0.firstName).text == name }) {
                return .functionParameter(parameter)
            }
            if let items = scope.as(CodeBlockItemListSyntax.self) {
                // Only what is declared before the reference is in scope in a block; at file
                // level, globals are visible everywhere.
                let isFileLevel = items.parent?.is(SourceFileSyntax.self) == true
                if isFileLevel, let fileScope { return fileScope.fileLevelBindings[name] }
                for item in items {
                    if !isFileLevel && item.position >= child.position { break }
                    if let binding = variableBinding(named: name, in: Syntax(item.item)) { return binding }
                }
            }
            if let members = scope.as(MemberBlockItemListSyntax.self) {
                if let fileScope {
                    if let binding = fileScope.memberBindings(of: members)[name] { return binding }
                } else {
                    for member in members {
                        if let binding = variableBinding(named: name, in: Syntax(member.decl)) { return binding }
                    }
                }
            }
            if let conditions = conditionsScoping(child, in: scope) {
                for condition in conditions {
                    if let optional = condition.condition.as(OptionalBindingConditionSyntax.self),
                       optional.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
                        return .optionalBinding(optional)
                    }
                }
            }
        }
        return nil
    }

    private static func functionParameters(of scope: Syntax) -> FunctionParameterListSyntax? {
        if let function = scope.as(FunctionDeclSyntax.self) { return function.signature.parameterClause.parameters }
        if let initializer = scope.as(InitializerDeclSyntax.self) { return initializer.signature.parameterClause.parameters }
        if let subscriptDecl = scope.as(SubscriptDeclSyntax.self) { return subscriptDecl.parameterClause.parameters }
        return nil
    }

    /// What each name declared as a variable among `members` refers to (the first declaration
    /// of it, as the member-by-member search finds).
    static func memberBindings(in members: MemberBlockItemListSyntax) -> [String: NameBinding] {
        var bindings: [String: NameBinding] = [:]
        for member in members {
            guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
            for binding in variable.bindings {
                if let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, bindings[name] == nil {
                    bindings[name] = .variable(binding)
                }
            }
        }
        return bindings
    }

    /// What each name declared at file level refers to (the first declaration of it).
    static func fileLevelBindings(in tree: SourceFileSyntax) -> [String: NameBinding] {
        var bindings: [String: NameBinding] = [:]
        for item in tree.statements {
            if let variable = item.item.as(VariableDeclSyntax.self) {
                for binding in variable.bindings {
                    if let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, bindings[name] == nil {
                        bindings[name] = .variable(binding)
                    }
                }
            } else if let guardStatement = item.item.as(GuardStmtSyntax.self) {
                for condition in guardStatement.conditions {
                    if let optional = condition.condition.as(OptionalBindingConditionSyntax.self),
                       let name = optional.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, bindings[name] == nil {
                        bindings[name] = .optionalBinding(optional)
                    }
                }
            }
        }
        return bindings
    }

    private static func variableBinding(named name: String, in node: Syntax) -> NameBinding? {
        if let variable = node.as(VariableDeclSyntax.self) {
            for binding in variable.bindings where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
                return .variable(binding)
            }
        }
        // `guard let x = … else { … }` binds `x` for the statements after it.
        if let guardStatement = node.as(GuardStmtSyntax.self) {
            for condition in guardStatement.conditions {
                if let optional = condition.condition.as(OptionalBindingConditionSyntax.self),
                   optional.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
                    return .optionalBinding(optional)
                }
            }
        }
        return nil
    }

    /// The conditions of an `if`/`while` whose body holds `child`: their bindings are in scope there.
    private static func conditionsScoping(_ child: Syntax, in scope: Syntax) -> ConditionElementListSyntax? {
        if let ifExpression = scope.as(IfExprSyntax.self), ifExpression.body.id == child.id {
            return ifExpression.conditions
        }
        if let whileStatement = scope.as(WhileStmtSyntax.self), whileStatement.body.id == child.id {
            return whileStatement.conditions
        }
        return nil
    }
}
