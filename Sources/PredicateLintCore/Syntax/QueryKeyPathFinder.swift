import SwiftSyntax

/// Finds what a file's queries hand to SwiftData beside their predicates: the key paths they
/// sort, section, prefetch, fetch and index by, and the fetch calls whose settings can throw.
///
/// Only what reaches SwiftData in view counts. A `SortDescriptor` is a query's when it is
/// written as the query's `sortBy:`/`sort:` argument (or an element of it), assigned to or
/// appended to a descriptor's `sortBy`; the same descriptor given to `sorted(using:)` sorts in
/// memory, where any key path works, and one stored in a variable could be either.
public enum QueryKeyPathFinder {
    /// A file's query key paths and fetch calls, found in one walk.
    public static func sites(in tree: SourceFileSyntax) -> (keyPaths: [QueryKeyPath], fetchCalls: [FetchCall]) {
        let collector = QueryCollector(anchors: ["\\"] + FetchCall.Kind.names.sorted(), in: tree)
        collector.walk(tree)
        return (collector.keyPaths.compactMap(queryKeyPath(for:)), collector.calls.compactMap(fetchCall(for:)))
    }

    /// Words without which a text holds none of what this finder reports: the prefilter parses
    /// files that mention one, and the outline keeps the bodies that do.
    /// The key paths' own, and each fetch rule's (`FetchCallRule.anchorWords`).
    public static let anchorWords = [
        "SortDescriptor", "sortBy", "sort:", "sectionBy", "relationshipKeyPathsForPrefetching", "propertiesToFetch", "#Index", "#Unique",
    ] + RuleRegistry.all.compactMap { $0 as? any FetchCallRule.Type }.flatMap { $0.anchorWords }

    /// The types whose initializers take a query's settings.
    static let queryTypes: Set<String> = ["FetchDescriptor", "Query", "ResultsObserver"]
    /// A descriptor's key-path settings, by the property that holds them.
    static let descriptorKeyPathSettings: [String: QueryKeyPath.Role] = [
        "relationshipKeyPathsForPrefetching": .prefetch, "propertiesToFetch": .propertyToFetch,
    ]

    // MARK: Key paths

    static func queryKeyPath(for keyPath: KeyPathExprSyntax) -> QueryKeyPath? {
        guard let (role, stated) = roleAndStatedRoot(of: keyPath) else { return nil }
        let root = keyPath.root?.nameWithoutOptional ?? stated
        return QueryKeyPath(role: role, keyPath: keyPath, rootType: root, scope: EnclosingDeclarations.scope(of: keyPath))
    }

    /// What a key path is to SwiftData, and the model it starts at where the code around it
    /// states one (`Trip` for `SortDescriptor<Trip>`, `FetchDescriptor<Trip>(sortBy:)`, an
    /// `@Query` property of `[Trip]`). Nil: not a query's key path.
    static func roleAndStatedRoot(of keyPath: KeyPathExprSyntax) -> (QueryKeyPath.Role, String?)? {
        if let argument = keyPath.parent?.as(LabeledExprSyntax.self),
           let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self) {
            // `SortDescriptor(\.name, order: .reverse)`, `SortDescriptor<Trip>(\.name)`
            if argument.label == nil, call.arguments.first?.id == argument.id,
               typeName(calledBy: call) == "SortDescriptor" {
                guard let handedTo = queryReceiving(ExprSyntax(call)) else { return nil }
                return (.sort, genericType(calledBy: call).flatMap(rootName(of:)) ?? handedTo.flatMap(rootName(of:)))
            }
        }
        if let argument = keyPath.parent?.as(LabeledExprSyntax.self), let label = argument.label?.text {
            // `@Query(sort: \.name)`, `@Query(sectionBy: \.genre)`, `Query(sort: \Trip.name, order: .reverse)`
            let role: QueryKeyPath.Role? = ["sort": .sort, "sectionBy": .section][label]
            guard let role, let consumer = queryTakingArgument(argument) else { return nil }
            return (role, consumer.flatMap(rootName(of:)))
        }
        guard let array = keyPath.parent?.as(ArrayElementSyntax.self)?.parent?.parent?.as(ArrayExprSyntax.self) else { return nil }
        // `#Index<Trip>([\.name], [\.start, \.end])`, `#Unique<Trip>([\.name])`
        if let argument = array.parent?.as(LabeledExprSyntax.self),
           let macro = argument.parent?.parent.flatMap(MacroShape.init), ["Index", "Unique"].contains(macro.name) {
            return (.index, macro.genericArgument ?? enclosingClassName(of: macro.node))
        }
        // `FetchDescriptor(…, relationshipKeyPathsForPrefetching: [\.owner])`, as an app's own
        // initializer in an extension of `FetchDescriptor` spells it.
        if let argument = array.parent?.as(LabeledExprSyntax.self), let label = argument.label?.text,
           let role = descriptorKeyPathSettings[label], let consumer = queryTakingArgument(argument) {
            return (role, consumer.flatMap(rootName(of:)))
        }
        // `descriptor.relationshipKeyPathsForPrefetching = [\.owner]`
        if let assignment = array.parent?.as(InfixOperatorExprSyntax.self), assignment.operator.is(AssignmentExprSyntax.self),
           assignment.rightOperand.id == array.id, let member = assignment.leftOperand.as(MemberAccessExprSyntax.self),
           let role = descriptorKeyPathSettings[member.declName.baseName.text] {
            return (role, member.base.flatMap(PredicateSiteFinder.descriptorType(of:)).flatMap(rootName(of:)))
        }
        return nil
    }

    /// Where a sort descriptor is handed to SwiftData: the type of the query that takes it
    /// (inner nil where the code does not state it), or nil when it is not a query's.
    static func queryReceiving(_ expression: ExprSyntax) -> TypeSyntax?? {
        let node = PredicateSiteFinder.outermost(Syntax(expression), throughArrays: true)
        // `FetchDescriptor<Trip>(sortBy: […])`, `@Query(sort: […])`
        if let argument = node.parent?.as(LabeledExprSyntax.self), let label = argument.label?.text {
            guard label == "sortBy" || label == "sort", let consumer = queryTakingArgument(argument) else { return nil }
            return .some(consumer)
        }
        // `descriptor.sortBy = […]`, `descriptor.sortBy.append(…)`, for a descriptor declared as one:
        // a view model's own `sortBy` may sort in memory.
        var sortBy: MemberAccessExprSyntax?
        if let assignment = node.parent?.as(InfixOperatorExprSyntax.self), assignment.operator.is(AssignmentExprSyntax.self),
           assignment.rightOperand.id == node.id {
            sortBy = assignment.leftOperand.as(MemberAccessExprSyntax.self)
        } else if let argument = node.parent?.as(LabeledExprSyntax.self), argument.label == nil,
                  let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self), call.calleeName == "append" {
            sortBy = call.receiver?.as(MemberAccessExprSyntax.self)
        }
        if let sortBy, sortBy.declName.baseName.text == "sortBy",
           let type = sortBy.base.flatMap(PredicateSiteFinder.descriptorType(of:)),
           type.unwrappingOptional.as(IdentifierTypeSyntax.self)?.name.text == "FetchDescriptor" {
            return .some(type)
        }
        return nil
    }

    /// The query whose initializer or `@Query` attribute takes `argument`: its type where the
    /// code states it (inner nil where not), or nil when the call is not a query's.
    static func queryTakingArgument(_ argument: LabeledExprSyntax) -> TypeSyntax?? {
        if let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self) {
            guard let name = typeName(calledBy: call), queryTypes.contains(name) else { return nil }
            return .some(PredicateSiteFinder.queryType(receiving: argument))
        }
        if let attribute = argument.parent?.parent?.as(AttributeSyntax.self), attribute.attributeName.trimmedDescription == "Query" {
            return .some(PredicateSiteFinder.queryType(receiving: argument))
        }
        return nil
    }

    /// `Trip` for `FetchDescriptor<Trip>`, `Query<Trip, [Trip]>`, `SortDescriptor<Trip>`.
    static func rootName(of type: TypeSyntax) -> String? {
        PredicateSiteFinder.inputTypes(fromPredicateType: type, kind: .predicate).first
    }

    /// `SortDescriptor` for `SortDescriptor(…)` and `SortDescriptor<Trip>(…)`.
    static func typeName(calledBy call: FunctionCallExprSyntax) -> String? {
        let callee = call.calledExpression.as(GenericSpecializationExprSyntax.self)?.expression ?? call.calledExpression
        return callee.as(DeclReferenceExprSyntax.self)?.baseName.text
    }

    /// `SortDescriptor<Trip>` for `SortDescriptor<Trip>(…)`.
    static func genericType(calledBy call: FunctionCallExprSyntax) -> TypeSyntax? {
        guard let generic = call.calledExpression.as(GenericSpecializationExprSyntax.self),
              let name = generic.expression.as(DeclReferenceExprSyntax.self)?.baseName else { return nil }
        return TypeSyntax(IdentifierTypeSyntax(name: name, genericArgumentClause: generic.genericArgumentClause))
    }

    /// The class an `#Index` without a generic argument is declared in.
    static func enclosingClassName(of node: Syntax) -> String? {
        var current = node.parent
        while let candidate = current {
            if let declaration = candidate.as(ClassDeclSyntax.self) { return declaration.name.text }
            current = candidate.parent
        }
        return nil
    }

    // MARK: Fetch calls

    static func fetchCall(for call: FunctionCallExprSyntax) -> FetchCall? {
        let arguments = Array(call.arguments)
        guard let name = call.calleeName, let first = arguments.first, first.label == nil else { return nil }
        guard let kind = FetchCall.Kind(name: name, labels: arguments.dropFirst().map { $0.label?.text ?? "_" }) else { return nil }
        return FetchCall(kind: kind, call: call, descriptor: FetchDescriptorSettings.descriptor(passedAs: first.expression))
    }
}

/// A macro written as an expression or as a declaration (`#Index` is written among a model's
/// members), read the same way.
struct MacroShape {
    let node: Syntax
    let name: String
    /// `Trip` for `#Index<Trip>(…)`.
    let genericArgument: String?

    init?(_ node: Syntax) {
        if let macro = node.as(MacroExpansionDeclSyntax.self) {
            self.init(node: node, name: macro.macroName.text, clause: macro.genericArgumentClause)
        } else if let macro = node.as(MacroExpansionExprSyntax.self) {
            self.init(node: node, name: macro.macroName.text, clause: macro.genericArgumentClause)
        } else {
            return nil
        }
    }

    private init(node: Syntax, name: String, clause: GenericArgumentClauseSyntax?) {
        self.node = node
        self.name = name
        genericArgument = clause?.arguments.first.map(PredicateSiteFinder.genericArgumentName)
    }
}

private final class QueryCollector: AnchoredVisitor {
    var keyPaths: [KeyPathExprSyntax] = []
    var calls: [FunctionCallExprSyntax] = []

    override func visit(_ node: KeyPathExprSyntax) -> SyntaxVisitorContinueKind {
        keyPaths.append(node)
        return .visitChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if let name = node.calleeName, FetchCall.Kind.names.contains(name) { calls.append(node) }
        return .visitChildren
    }

    override func visit(_ node: IfConfigClauseSyntax) -> SyntaxVisitorContinueKind {
        node.mayBeActive ? .visitChildren : .skipChildren
    }
}
