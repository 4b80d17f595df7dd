import SwiftSyntax

/// What the file shows about a value a predicate captures: the type it was declared with, and
/// whether it is text a person typed. A predicate's captured names are otherwise unknown to
/// the rules (`KeyPathResolution` resolves only the predicate's own parameters); these answers
/// rest only on what is written, so a value whose origin the file does not show is unknown.
public enum CapturedValues {
    /// The type a captured name or `self.name` was declared with, where the declaration says
    /// it: `let c: Character`, `var searchText = ""`, `func find(_ term: String)`, a member of
    /// the enclosing type. Nil when declared elsewhere or not plain.
    public static func declaredType(of expression: ExprSyntax, fileScope: FileFacts?) -> WrittenType? {
        guard let reference = capturedReference(expression) else { return nil }
        return declaredType(ofName: reference.baseName.text, from: reference, fileScope: fileScope)
    }

    private static func declaredType(ofName name: String, from node: some SyntaxProtocol, fileScope: FileFacts?) -> WrittenType? {
        switch LexicalLookup.binding(of: name, from: node, fileScope: fileScope) {
        case .variable(let binding)?:
            if let annotation = binding.typeAnnotation?.type { return WrittenType(annotation) }
            return binding.initializer.flatMap { WrittenType(inferredFrom: $0.value) }
        case .functionParameter(let parameter)?:
            return WrittenType(parameter.type)
        case .optionalBinding(let binding)?:
            // `if let c = letter`: what `letter` is, unwrapped; `if let letter`, the shorthand,
            // names the outer `letter`, looked up from the binding itself.
            let bound = binding.initializer.map { declaredType(of: $0.value, fileScope: fileScope) }
                ?? declaredType(ofName: name, from: binding, fileScope: fileScope)
            return bound.map(KeyPathResolution.unwrapped)
        default:
            return nil
        }
    }

    /// Whether the value is text a person typed, as the code shows it: bound to a search field
    /// or text field in this file (`.searchable(text: $query)`, `TextField("Name", text: $name)`),
    /// plainly named as search input (`searchText`, `query`, `filterText`, `keyword`), a
    /// local value made from one of those, or a parameter that every call in the file passes
    /// one of those. Identifiers, keys and codes are not, whatever
    /// their names say besides: exact matching is what a predicate over them means.
    public static func isTextPeopleType(_ expression: ExprSyntax, fileScope: FileFacts?) -> Bool {
        var visited: Set<SyntaxIdentifier> = []
        return isTextPeopleType(expression, fileScope: fileScope, visited: &visited)
    }

    private static func isTextPeopleType(_ expression: ExprSyntax, fileScope: FileFacts?, visited: inout Set<SyntaxIdentifier>) -> Bool {
        let expression = throughWrapper(expression.withoutParentheses)
        guard visited.insert(expression.id).inserted, visited.count < 16 else { return false }
        guard let name = lastName(of: expression) else { return false }
        if SearchInputName.isMachineText(name) { return false }
        if SearchInputName.namesSearchInput(name) { return true }
        if let fileScope, fileScope.textFieldBindings.contains(name) { return true }
        // `let term = searchText.wrappedValue`, `let trimmed = query.trimmingCharacters(in: .whitespaces)`,
        // `if let q = query`: made from text a person typed. (`if let query {` names the outer
        // value, whose name was judged above.)
        if let source = madeFrom(expression, fileScope: fileScope) {
            return textSources(of: source).contains { isTextPeopleType($0, fileScope: fileScope, visited: &visited) }
        }
        // A parameter: typed text when every call the file shows passes typed text, followed
        // through further parameters (the visited bound keeps that to a few calls).
        guard let reference = expression.as(DeclReferenceExprSyntax.self),
              case .functionParameter(let parameter)? = LexicalLookup.binding(of: name, from: reference, fileScope: fileScope),
              let passed = argumentsPassed(for: parameter, fileScope: fileScope)
        else { return false }
        return passed.allSatisfy { isTextPeopleType($0, fileScope: fileScope, visited: &visited) }
    }

    /// What the file passes for a function's parameter, at every call of the function it
    /// shows: a call is one with the function's name and argument labels. Nil where the trail
    /// is not clear: no call in the file, another function with the same name and labels, or a
    /// parameter with a default value (a call with fewer labels may be this function's).
    static func argumentsPassed(for parameter: FunctionParameterSyntax, fileScope: FileFacts?) -> [ExprSyntax]? {
        guard let declared = parameter.parent?.parent?.parent?.parent?.as(FunctionDeclSyntax.self) else { return nil }
        // The file as written, where the linted tree is an outline: every body that names the
        // function, where its calls and any other function of that name are.
        guard let fileScope else { return argumentsPassed(for: parameter, in: parameter.root.as(SourceFileSyntax.self)) }
        let passed = argumentsPassed(for: parameter, in: fileScope.tree(naming: [declared.name.text]))
        // An argument may hold a body that does not name the function (a closure), which that
        // outline blanks: then the arguments are read from the whole text.
        guard let passed, !passed.allSatisfy(fileScope.readsAsWritten) else { return passed }
        return argumentsPassed(for: parameter, in: fileScope.wholeTree)
    }

    /// The same, looked for in `whole`: the file as written, or any outline of it that keeps
    /// every body naming the function.
    static func argumentsPassed(for parameter: FunctionParameterSyntax, in whole: SourceFileSyntax?) -> [ExprSyntax]? {
        guard let whole, let list = parameter.parent?.as(FunctionParameterListSyntax.self),
              let declared = list.parent?.parent?.parent?.as(FunctionDeclSyntax.self),
              list.allSatisfy({ $0.defaultValue == nil }),
              let position = list.firstIndex(where: { $0.id == parameter.id }).map({ list.distance(from: list.startIndex, to: $0) })
        else { return nil }
        func labels(_ parameters: FunctionParameterListSyntax) -> [String?] {
            parameters.map { $0.firstName.tokenKind == .wildcard ? nil : $0.firstName.text }
        }
        let signature = labels(list)
        var declarations = 0
        var passed: [ExprSyntax] = []
        for token in whole.tokens(viewMode: .sourceAccurate) where token.text == declared.name.text {
            if let function = token.parent?.as(FunctionDeclSyntax.self) {
                if labels(function.signature.parameterClause.parameters) == signature { declarations += 1 }
                continue
            }
            guard let reference = token.parent?.as(DeclReferenceExprSyntax.self) else { continue }
            let callee = reference.parent?.as(MemberAccessExprSyntax.self).map(ExprSyntax.init) ?? ExprSyntax(reference)
            guard let call = callee.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == callee.id,
                  call.arguments.map({ $0.label?.text }) == signature else { continue }
            passed.append(Array(call.arguments)[position].expression)
        }
        return declarations == 1 && !passed.isEmpty ? passed : nil
    }

    /// Whether the text was case-folded before the predicate (`query.lowercased()`,
    /// `localizedLowercase`, `folding(options:locale:)`), in the expression or in what the name it
    /// captures was made from: whoever wrote that knows about case, and may well match a stored
    /// copy folded the same way, which the predicate cannot show.
    public static func isCaseFolded(_ expression: ExprSyntax, fileScope: FileFacts?) -> Bool {
        var visited: Set<SyntaxIdentifier> = []
        return isCaseFolded(expression, fileScope: fileScope, visited: &visited)
    }

    static let caseFoldingMembers: Set<String> = [
        "lowercased", "uppercased", "localizedLowercase", "localizedUppercase", "folding", "capitalized", "localizedCapitalized",
    ]

    private static func isCaseFolded(_ expression: ExprSyntax, fileScope: FileFacts?, visited: inout Set<SyntaxIdentifier>) -> Bool {
        let expression = throughWrapper(expression.withoutParentheses)
        guard visited.insert(expression.id).inserted, visited.count < 16 else { return false }
        for source in textSources(of: expression) {
            let member = source.as(FunctionCallExprSyntax.self)?.calleeName ?? source.as(MemberAccessExprSyntax.self)?.declName.baseName.text
            if let member, caseFoldingMembers.contains(member) { return true }
        }
        return madeFrom(expression, fileScope: fileScope).map { isCaseFolded($0, fileScope: fileScope, visited: &visited) } ?? false
    }

    /// What a bare name was made from: the initial value of the `let`/`var` or `if let` that
    /// declares it; nil for anything else.
    private static func madeFrom(_ expression: ExprSyntax, fileScope: FileFacts?) -> ExprSyntax? {
        guard let reference = expression.as(DeclReferenceExprSyntax.self) else { return nil }
        switch LexicalLookup.binding(of: reference.baseName.text, from: reference, fileScope: fileScope) {
        case .variable(let binding)?: return binding.initializer?.value
        case .optionalBinding(let binding)?: return binding.initializer?.value
        default: return nil
        }
    }

    /// `$query.wrappedValue`, `query.wrappedValue` (a `Binding<String>`): the value itself.
    private static func throughWrapper(_ expression: ExprSyntax) -> ExprSyntax {
        var current = expression
        while let member = current.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "wrappedValue",
              let base = member.base {
            current = base.withoutParentheses
        }
        return current
    }

    /// `name` in `name`, `self.name`, `model.name`, `$name`.
    static func lastName(of expression: ExprSyntax) -> String? {
        if let reference = expression.as(DeclReferenceExprSyntax.self) { return unprojected(reference.baseName.text) }
        if let member = expression.as(MemberAccessExprSyntax.self), member.base != nil { return member.declName.baseName.text }
        return nil
    }

    /// `$query` → `query`: a property wrapper's projection names the same value.
    static func unprojected(_ name: String) -> String {
        name.hasPrefix("$") ? String(name.dropFirst()) : name
    }

    /// The value and what it is made from, through the text transforms a search field's text
    /// goes through: in `searchText.trimmingCharacters(in: .whitespaces).lowercased()`,
    /// `searchText`; `query ?? ""`, `query!`. A member (`record.name`) is a value of its own,
    /// not its base's.
    private static func textSources(of expression: ExprSyntax) -> [ExprSyntax] {
        var sources: [ExprSyntax] = []
        var current: ExprSyntax? = expression.withoutParentheses
        while let node = current {
            sources.append(node)
            if let call = node.as(FunctionCallExprSyntax.self) { current = call.receiver }
            else if let chain = node.as(OptionalChainingExprSyntax.self) { current = chain.expression }
            else if let unwrap = node.as(ForceUnwrapExprSyntax.self) { current = unwrap.expression }
            else if let infix = node.as(InfixOperatorExprSyntax.self), infix.operatorText == "??" { current = infix.leftOperand }
            else { current = nil }
        }
        return sources
    }

    /// A bare name or `self.name`: what a predicate captures from around it.
    private static func capturedReference(_ expression: ExprSyntax) -> DeclReferenceExprSyntax? {
        let expression = expression.withoutParentheses
        if let reference = expression.as(DeclReferenceExprSyntax.self) { return reference }
        if let member = expression.as(MemberAccessExprSyntax.self),
           member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) {
            return member.declName
        }
        return nil
    }
}

/// What a name says about the text it holds, word by word (`searchText` → search, text).
enum SearchInputName {
    /// Words that name text a person types into a search or filter field.
    static let searchWords: Set<String> = ["search", "searched", "query", "keyword", "keywords"]
    /// Words that, after `filter`, name typed text rather than a filter setting.
    static let filterTextWords: Set<String> = ["text", "string", "term", "terms", "input"]
    /// Words that name text a program makes: matched exactly, by design.
    static let machineWords: Set<String> = [
        "id", "ids", "identifier", "identifiers", "uuid", "key", "keys", "code", "codes", "token", "hash",
        "path", "url", "uri", "scope", "type", "kind", "prefix", "suffix", "domain", "host",
    ]

    /// `searchText` → search, text; `search_text` too; `searchID` → search, id (a run of
    /// capitals is one word).
    static func words(of name: String) -> [String] {
        var words: [String] = []
        var current = ""
        var previous: Character?
        for character in name {
            let startsWord = character.isUppercase && (previous.map { !$0.isUppercase } ?? false)
            if character == "_" || character == "$" || character.isNumber || startsWord {
                if !current.isEmpty { words.append(current.lowercased()) }
                current = character.isLetter ? String(character) : ""
            } else {
                current.append(character)
            }
            previous = character
        }
        if !current.isEmpty { words.append(current.lowercased()) }
        return words
    }

    static func namesSearchInput(_ name: String) -> Bool {
        let words = words(of: name)
        if words.contains(where: searchWords.contains) { return true }
        if let filter = words.firstIndex(of: "filter"), words[(filter + 1)...].contains(where: filterTextWords.contains) { return true }
        return false
    }

    static func isMachineText(_ name: String) -> Bool {
        words(of: name).contains(where: machineWords.contains)
    }
}
