import SwiftSyntax

/// Finds every predicate in a file and works out its input types from the code around it.
public enum PredicateSiteFinder {
    public static func sites(in tree: SourceFileSyntax) -> [PredicateSite] {
        let collector = MacroCollector(anchors: ["#"], in: tree)
        collector.walk(tree)
        return collector.macros.compactMap(site(for:))
    }

    static func site(for macro: MacroExpansionExprSyntax) -> PredicateSite? {
        guard let kind = PredicateSite.Kind(rawValue: macro.macroName.text) else { return nil }
        // The macro wants a trailing closure; `#Predicate({ … })` is still a predicate to lint.
        guard let closure = macro.trailingClosure
                ?? macro.arguments.first?.expression.as(ClosureExprSyntax.self) else { return nil }
        let parameters = closureParameters(of: closure)
        let inputTypes = statedInputTypes(of: macro, kind: kind, parameters: parameters)
        return PredicateSite(
            kind: kind, macro: macro, closure: closure,
            parameterNames: parameters.map(\.name), inputTypes: inputTypes, scope: EnclosingDeclarations.scope(of: macro))
    }

    // MARK: Parameters

    struct ClosureParameter {
        let name: String
        let type: String?
    }

    static func closureParameters(of closure: ClosureExprSyntax) -> [ClosureParameter] {
        switch closure.signature?.parameterClause {
        case .simpleInput(let names)?:
            return names.map { ClosureParameter(name: $0.name.text, type: nil) }
        case .parameterClause(let clause)?:
            return clause.parameters.map {
                ClosureParameter(name: ($0.secondName ?? $0.firstName).text, type: $0.type?.nameWithoutOptional)
            }
        case nil:
            return [ClosureParameter(name: "$0", type: nil)]
        @unknown default:
            return []
        }
    }

    // MARK: Input types

    /// The input types, from the most local statement of them outwards: the macro's generic
    /// arguments, the closure's typed parameters, then the declaration the predicate feeds.
    static func statedInputTypes(of macro: MacroExpansionExprSyntax, kind: PredicateSite.Kind,
                                 parameters: [ClosureParameter]) -> [String] {
        if let arguments = macro.genericArgumentClause?.arguments.map({ genericArgumentName($0) }) {
            // `#Expression<Input…, Output>`: the last argument is the result type.
            return kind == .expression ? Array(arguments.dropLast()) : arguments
        }
        if !parameters.isEmpty, parameters.allSatisfy({ $0.type != nil }) {
            return parameters.compactMap(\.type)
        }
        guard let contextType = contextualType(of: ExprSyntax(macro)) else { return [] }
        return inputTypes(fromPredicateType: contextType, kind: kind)
    }

    /// `Predicate<Movie>` → `[Movie]`; `Expression<Movie, Int>` → `[Movie]`; `FetchDescriptor<Movie>` → `[Movie]`.
    /// The module may be written: `Foundation.Predicate<Movie>`, `SwiftData.FetchDescriptor<Movie>`.
    static func inputTypes(fromPredicateType type: TypeSyntax, kind: PredicateSite.Kind) -> [String] {
        let plain = type.unwrappingOptional
        let name: TokenSyntax, clause: GenericArgumentClauseSyntax?
        if let identifier = plain.as(IdentifierTypeSyntax.self) {
            (name, clause) = (identifier.name, identifier.genericArgumentClause)
        } else if let member = plain.as(MemberTypeSyntax.self), let module = member.baseType.as(IdentifierTypeSyntax.self),
                  ["Foundation", "SwiftData"].contains(module.name.text), module.genericArgumentClause == nil {
            (name, clause) = (member.name, member.genericArgumentClause)
        } else {
            return []
        }
        guard let arguments = clause?.arguments.map(genericArgumentName) else { return [] }
        switch name.text {
        case "Predicate": return arguments
        case "Expression": return Array(arguments.dropLast())
        case "FetchDescriptor", "Query", "ResultsObserver", "SortDescriptor": return Array(arguments.prefix(1))
        default: return []
        }
    }

    /// The type that the code around an expression demands of it, where it is written down.
    static func contextualType(of expression: ExprSyntax) -> TypeSyntax? {
        let node = outermost(Syntax(expression))
        guard let parent = node.parent else { return nil }

        // `let p: Predicate<Movie> = #Predicate { … }`
        if let initializer = parent.as(InitializerClauseSyntax.self),
           let binding = initializer.parent?.as(PatternBindingSyntax.self) {
            return binding.typeAnnotation?.type
        }
        // `FetchDescriptor<Movie>(predicate: …)`, `Query<Movie, [Movie]>(filter: …)`, `@Query(filter: …)`
        if let argument = parent.as(LabeledExprSyntax.self) {
            return typeFedByArgument(argument)
        }
        // `descriptor.predicate = #Predicate { … }` for a `FetchDescriptor<Trip>` descriptor.
        if let assignment = parent.as(InfixOperatorExprSyntax.self), assignment.operator.is(AssignmentExprSyntax.self),
           assignment.rightOperand.id == node.id {
            return typeOfAssignedPredicate(assignment.leftOperand)
        }
        // `return #Predicate { … }` or the single expression of a body.
        if parent.is(ReturnStmtSyntax.self) || parent.is(CodeBlockItemSyntax.self) {
            return returnType(enclosing: parent)
        }
        return nil
    }

    /// The outermost node that stands for the same value as `node`: through parentheses and the
    /// branches of `c ? a : b`, which do not change it, and, with `throughArrays`, through the
    /// array literals it is an element of (`[SortDescriptor(…)]` is handed where the array is).
    static func outermost(_ node: Syntax, throughArrays: Bool = false) -> Syntax {
        var node = node
        while true {
            if let element = node.parent?.as(LabeledExprSyntax.self), element.label == nil,
               let tuple = element.parent?.parent?.as(TupleExprSyntax.self), tuple.elements.count == 1 {
                node = Syntax(tuple)
            } else if let ternary = node.parent?.as(TernaryExprSyntax.self), ternary.condition.id != node.id {
                node = Syntax(ternary)
            } else if throughArrays, let array = node.parent?.as(ArrayElementSyntax.self)?.parent?.parent?.as(ArrayExprSyntax.self) {
                node = Syntax(array)
            } else {
                return node
            }
        }
    }

    /// `descriptor.predicate`, where `descriptor` is declared (or initialized) as a
    /// `FetchDescriptor<Trip>`: that type, whose input the predicate is.
    static func typeOfAssignedPredicate(_ target: ExprSyntax) -> TypeSyntax? {
        guard let member = target.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "predicate",
              let base = member.base else { return nil }
        return descriptorType(of: base)
    }

    /// The declared (or initialized) type of a descriptor variable: `FetchDescriptor<Trip>` for
    /// `descriptor` in `descriptor.sortBy = …`.
    static func descriptorType(of expression: ExprSyntax) -> TypeSyntax? {
        guard let base = expression.as(DeclReferenceExprSyntax.self) else { return nil }
        switch LexicalLookup.binding(of: base.baseName.text, from: base) {
        case .variable(let binding)?:
            if let type = binding.typeAnnotation?.type { return type }
            guard let call = binding.initializer?.value.as(FunctionCallExprSyntax.self),
                  let generic = call.calledExpression.as(GenericSpecializationExprSyntax.self) else { return nil }
            return TypeSyntax(IdentifierTypeSyntax(
                name: typeName(of: generic) ?? .identifier("_"),
                genericArgumentClause: generic.genericArgumentClause))
        case .functionParameter(let parameter)?:
            // `inout FetchDescriptor<Trip>`
            return parameter.type.as(AttributedTypeSyntax.self)?.baseType ?? parameter.type
        default:
            return nil
        }
    }

    /// `FetchDescriptor` in `FetchDescriptor<Trip>(…)`, also written with its module
    /// (`SwiftData.FetchDescriptor<Trip>(…)`).
    static func typeName(of generic: GenericSpecializationExprSyntax) -> TokenSyntax? {
        if let reference = generic.expression.as(DeclReferenceExprSyntax.self) { return reference.baseName }
        guard let member = generic.expression.as(MemberAccessExprSyntax.self),
              let module = member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text,
              ["Foundation", "SwiftData"].contains(module) else { return nil }
        return member.declName.baseName
    }

    /// `Predicate<Trip>`, for a root named by an expression such as `Trip.self`.
    static func predicateType(of typeExpression: ExprSyntax) -> TypeSyntax? {
        guard let member = typeExpression.as(MemberAccessExprSyntax.self), member.declName.baseName.tokenKind == .keyword(.self),
              let base = member.base, let name = WrittenType.typeName(base) else { return nil }
        return TypeSyntax(IdentifierTypeSyntax(
            name: .identifier("Predicate"),
            genericArgumentClause: GenericArgumentClauseSyntax(arguments: [
                GenericArgumentSyntax(argument: .type(TypeSyntax(IdentifierTypeSyntax(name: .identifier(name))))),
            ])))
    }

    /// For an argument labeled `filter:` or `predicate:`, the predicate type of the call or
    /// attribute that takes it; for `where:` beside `model: Trip.self`
    /// (`modelContext.delete(model:where:)`), `Predicate<Trip>`.
    static func typeFedByArgument(_ argument: LabeledExprSyntax) -> TypeSyntax? {
        if argument.label?.text == "where", let arguments = argument.parent?.as(LabeledExprListSyntax.self),
           let model = arguments.first(where: { $0.label?.text == "model" }) {
            return predicateType(of: model.expression)
        }
        guard let label = argument.label?.text, ["filter", "predicate", "filterBy"].contains(label) else { return nil }
        return queryType(receiving: argument)
    }

    /// The type of the call or `@Query` attribute that takes `argument`, where the code states it.
    static func queryType(receiving argument: LabeledExprSyntax) -> TypeSyntax? {
        let list = argument.parent
        if let call = list?.parent?.as(FunctionCallExprSyntax.self) {
            if let generic = call.calledExpression.as(GenericSpecializationExprSyntax.self) {
                return TypeSyntax(IdentifierTypeSyntax(
                    name: typeName(of: generic) ?? .identifier("_"),
                    genericArgumentClause: generic.genericArgumentClause))
            }
            // `_movies = Query(filter: …)` in an initializer: the wrapped property says the type.
            if let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text, name == "Query" {
                return queryPropertyType(assignedFrom: call)
            }
            // `let d: FetchDescriptor<Movie> = FetchDescriptor(predicate: …)`
            return contextualType(of: ExprSyntax(call))
        }
        // `@Query(filter: …) var movies: [Movie]`
        if let attribute = list?.parent?.as(AttributeSyntax.self),
           attribute.attributeName.trimmedDescription == "Query",
           let variable = attribute.parent?.parent?.as(VariableDeclSyntax.self),
           let type = variable.bindings.first?.typeAnnotation?.type {
            return queryType(forResultType: type)
        }
        return nil
    }

    /// `[Movie]` → `Query<Movie, [Movie]>`, so the argument path can read the element type.
    static func queryType(forResultType type: TypeSyntax) -> TypeSyntax? {
        guard let element = type.arrayElement else { return nil }
        return TypeSyntax(IdentifierTypeSyntax(
            name: .identifier("Query"),
            genericArgumentClause: GenericArgumentClauseSyntax(arguments: [
                GenericArgumentSyntax(argument: .type(element), trailingComma: .commaToken()),
                GenericArgumentSyntax(argument: .type(type)),
            ])))
    }

    /// `_movies = Query(filter: …)` or `self._movies = …`: the type of the `@Query` property
    /// `movies` declared in the enclosing type.
    static func queryPropertyType(assignedFrom call: FunctionCallExprSyntax) -> TypeSyntax? {
        guard let assignment = call.parent?.as(InfixOperatorExprSyntax.self),
              assignment.operator.is(AssignmentExprSyntax.self) else { return nil }
        let target = assignment.leftOperand
        let wrapperName = target.as(DeclReferenceExprSyntax.self)?.baseName.text
            ?? target.as(MemberAccessExprSyntax.self)?.declName.baseName.text
        guard let wrapperName, wrapperName.hasPrefix("_") else { return nil }
        let propertyName = String(wrapperName.dropFirst())
        guard let members = enclosingTypeMembers(of: Syntax(call)) else { return nil }
        for member in members {
            guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
            for binding in variable.bindings
            where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == propertyName {
                return binding.typeAnnotation.flatMap { queryType(forResultType: $0.type) }
            }
        }
        return nil
    }

    /// The declared result type of the function, getter or closure whose value this is.
    static func returnType(enclosing node: Syntax) -> TypeSyntax? {
        // Only the value of the body counts: a lone expression or a `return`.
        if let item = node.as(CodeBlockItemSyntax.self), item.parent?.as(CodeBlockItemListSyntax.self)?.count != 1 {
            return nil
        }
        var current = node.parent
        while let candidate = current {
            if let function = candidate.as(FunctionDeclSyntax.self) {
                return function.signature.returnClause?.type
            }
            if let accessor = candidate.as(AccessorDeclSyntax.self) {
                // `var p: Predicate<Movie> { get { … } }`
                guard accessor.accessorSpecifier.tokenKind == .keyword(.get) else { return nil }
                current = accessor.parent
                continue
            }
            if let binding = candidate.as(PatternBindingSyntax.self) {
                return binding.typeAnnotation?.type  // computed property `var p: Predicate<Movie> { … }`
            }
            if candidate.is(ClosureExprSyntax.self) || candidate.is(DeclSyntax.self) {
                return nil
            }
            current = candidate.parent
        }
        return nil
    }

    // MARK: Type helpers

    static func enclosingTypeMembers(of node: Syntax) -> MemberBlockItemListSyntax? {
        var current = node.parent
        while let candidate = current {
            if let block = candidate.as(MemberBlockSyntax.self) { return block.members }
            current = candidate.parent
        }
        return nil
    }

    static func genericArgumentName(_ argument: GenericArgumentSyntax) -> String {
        switch argument.argument {
        case .type(let type): return type.nameWithoutOptional
        case .expr(let expression): return expression.trimmedDescription
        @unknown default: return argument.argument.trimmedDescription
        }
    }
}

private final class MacroCollector: AnchoredVisitor {
    var macros: [MacroExpansionExprSyntax] = []

    override func visit(_ node: MacroExpansionExprSyntax) -> SyntaxVisitorContinueKind {
        macros.append(node)
        return .visitChildren
    }

    override func visit(_ node: IfConfigClauseSyntax) -> SyntaxVisitorContinueKind {
        node.mayBeActive ? .visitChildren : .skipChildren
    }
}
