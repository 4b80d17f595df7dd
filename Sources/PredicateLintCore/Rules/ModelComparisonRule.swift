import SwiftSyntax

/// A model (a relationship, or the predicate's input) compared with a captured model instance.
public struct ModelComparisonRule: PredicateRule {
    public static let description = RuleDescription(
        id: "model-comparison",
        severity: .error,
        summary: "Compare models by `persistentModelID`, captured before the predicate",
        rationale: """
            Every value a predicate captures must be Codable, and a model instance is not, so \
            `$0.director == director` fails to build with an error about \
            `StandardPredicateExpression` that does not say why. Capture the identifier instead \
            (`let directorID = director.persistentModelID`) and compare \
            `$0.director?.persistentModelID == directorID`: SwiftData supports \
            `persistentModelID` in predicates.
            Evidence: the build failure is checked against the macro; grade C for the rewrite \
            (one reputable blog).
            """,
        failsAt: .build,
        triggering: [
            """
            let director = Director()
            let predicate = #Predicate<Movie> { $0.director ↓== director }
            """,
            """
            let movie = Movie()
            let predicate = #Predicate<Actor> { $0.movies.contains { $0 ↓== movie } }
            """,
        ],
        nonTriggering: [
            """
            let directorID = Director().persistentModelID
            let predicate = #Predicate<Movie> { $0.director?.persistentModelID == directorID }
            """,
            "#Predicate<Movie> { $0.director == nil && $0.year > 2000 }",
            """
            let name = "Nolan"
            let predicate = #Predicate<Movie> { $0.director?.name == name }
            """,
        ],
        corrections: [
            ("""
             let director = Director()
             let predicate = #Predicate<Movie> { $0.director ↓== director }
             """, """
             let director = Director()
             let directorID = director.persistentModelID
             let predicate = #Predicate<Movie> { $0.director?.persistentModelID == directorID }
             """),
            ("""
             func movies(of director: Director) -> Predicate<Movie> {
                 return #Predicate { movie in director ↓!= movie.director }
             }
             """, """
             func movies(of director: Director) -> Predicate<Movie> {
                 let directorID = director.persistentModelID
                 return #Predicate { movie in directorID != movie.director?.persistentModelID }
             }
             """),
        ])

    public init() {}

    public func check(_ context: RuleContext) -> [Finding] {
        context.facts.infixOperators.compactMap { comparison in
            guard let token = comparison.operator.as(BinaryOperatorExprSyntax.self)?.operator,
                  token.text == "==" || token.text == "!=" else { return nil }
            let sides = [comparison.leftOperand, comparison.rightOperand]
            guard let modelIndex = sides.firstIndex(where: context.keyPaths.isModel) else { return nil }
            let model = sides[modelIndex]
            let other = sides[1 - modelIndex]
            guard let captured = Self.capturedName(other) else { return nil }
            return context.finding(
                self, at: token,
                message: "A predicate cannot capture the model `\(other.trimmedDescription)`; capture its "
                    + "`persistentModelID` before the predicate and compare `persistentModelID`s",
                correction: correction(context, comparison, model: model, captured: captured, capturedIsLeft: modelIndex == 1))
        }
    }

    /// `director` in `$0.director == director`: a name from outside the predicate.
    static func capturedName(_ expression: ExprSyntax) -> DeclReferenceExprSyntax? {
        guard let reference = expression.as(DeclReferenceExprSyntax.self),
              reference.baseName.tokenKind != .keyword(.self) else { return nil }
        if case .closureParameter? = LexicalLookup.binding(of: reference.baseName.text, from: reference) { return nil }
        return reference
    }

    /// Captures the identifier in a `let` before the statement that holds the predicate. Only
    /// where there is such a statement (not in a property initializer) and the name is free.
    private func correction(_ context: RuleContext, _ comparison: InfixOperatorExprSyntax, model: ExprSyntax,
                            captured: DeclReferenceExprSyntax, capturedIsLeft: Bool) -> Correction? {
        let identifier = captured.baseName.text + "ID"
        guard let statement = Self.enclosingStatement(of: context.site.macro),
              LexicalLookup.binding(of: identifier, from: context.site.macro) == nil,
              let operatorToken = comparison.operator.as(BinaryOperatorExprSyntax.self)?.operator else { return nil }
        let isOptional: Bool
        if case .optional? = context.keyPaths.type(of: model) { isOptional = true } else { isOptional = false }
        let modelID = model.trimmedDescription + (isOptional ? "?" : "") + ".persistentModelID"
        let sides = capturedIsLeft ? (identifier, modelID) : (modelID, identifier)
        let indentation = statement.leadingTrivia.reversed().prefix { !$0.isNewline }.reversed()
            .map { piece -> String in
                if case .spaces(let count) = piece { return String(repeating: " ", count: count) }
                if case .tabs(let count) = piece { return String(repeating: "\t", count: count) }
                return ""
            }.joined()
        let start = statement.positionAfterSkippingLeadingTrivia.utf8Offset
        return Correction(title: "Compare persistentModelID", edits: [
            TextEdit(range: start..<start,
                     replacement: "let \(identifier) = \(captured.baseName.text).persistentModelID\n\(indentation)"),
            TextEdit(replacing: comparison, with: "\(sides.0) \(operatorToken.text) \(sides.1)"),
        ])
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
