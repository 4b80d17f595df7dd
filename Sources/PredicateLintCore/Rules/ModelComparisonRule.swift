import SwiftSyntax

/// A model (a relationship, or the predicate's input) compared with a captured model instance.
public struct ModelComparisonRule: PredicateRule {
    static let capturedModel = RuleCase(
        "a captured model instance", failsAt: .build,
        evidence: .checkedAgainstMacro("grade C for the `persistentModelID` rewrite (one reputable blog)"))
    static let capturedModelMember = RuleCase(
        "a member of a captured model (`user.name`, `folder.id`)", failsAt: .build,
        evidence: .checkedAgainstMacro("swiftc 6.3.1: the model becomes a captured value, which is not Codable; "
            + "two public apps' fixes moved `user.id` and `folder.id` out of the predicate"))
    static let capturedModels = RuleCase(
        "a captured array or set of models", failsAt: .build,
        evidence: .checkedAgainstMacro("swiftc 6.3.1: `[Tag]` is not Codable; the same closure over a captured `[UUID]` builds"))

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
            `persistentModelID` in predicates. Reading a member of a captured model inside the \
            predicate (`$0.owner?.name == user.name`) captures the model too: read it into a \
            `let` before the predicate. The same holds for a captured array or set of \
            models (`tags.contains { $0.id == tag.id }`, `selected.contains($0)`): map it to \
            identifiers first (`let tagIDs = tags.map(\\.persistentModelID)`) and test \
            `tagIDs.contains(tag.persistentModelID)`.
            """,
        cases: [capturedModel, capturedModelMember, capturedModels],
        triggering: [
            Example("""
            let director = Director()
            let predicate = #Predicate<Movie> { $0.director ↓== director }
            """),
            Example("""
            let movie = Movie()
            let predicate = #Predicate<Actor> { $0.movies.contains { $0 ↓== movie } }
            """),
            Example("""
            let actor = Actor()
            let predicate = #Predicate<Movie> { $0.cast.↓contains(actor) }
            """),
            Example("""
            func namesakes(of director: Director) -> Predicate<Actor> {
                #Predicate<Actor> { $0.name == ↓director.name }
            }
            """),
            Example("""
            func movies(starringAnyOf actors: [Actor]) -> Predicate<Movie> {
                #Predicate<Movie> { movie in movie.cast.contains { member in ↓actors.contains(where: { $0.name == member.name }) } }
            }
            """),
            Example("""
            struct Casting {
                var chosen: Set<Actor> = []
                func predicate() -> Predicate<Actor> { #Predicate<Actor> { ↓chosen.contains($0) } }
            }
            """),
        ],
        nonTriggering: [
            Example("""
            let directorID = Director().persistentModelID
            let predicate = #Predicate<Movie> { $0.director?.persistentModelID == directorID }
            """),
            Example("#Predicate<Movie> { $0.director == nil && $0.year > 2000 }"),
            Example("""
            let name = "Nolan"
            let predicate = #Predicate<Movie> { $0.director?.name == name }
            """),
            Example(#"#Predicate<Movie> { ["classic", "noir"].contains($0.name) }"#),
            Example("""
            func movies(starringAnyOf actors: [Actor]) -> Predicate<Movie> {
                let actorIDs = actors.map(\\.persistentModelID)
                return #Predicate<Movie> { movie in movie.cast.contains { actorIDs.contains($0.persistentModelID) } }
            }
            """),
            Example("""
            func namesakes(of director: Director) -> Predicate<Actor> {
                let name = director.name
                return #Predicate<Actor> { $0.name == name }
            }
            """),
            Example("""
            func movies(named names: [String]) -> Predicate<Movie> {
                #Predicate<Movie> { names.contains($0.name) }
            }
            """),
        ],
        corrections: [
            (Example("""
             let director = Director()
             let predicate = #Predicate<Movie> { $0.director ↓== director }
             """), """
             let director = Director()
             let directorID = director.persistentModelID
             let predicate = #Predicate<Movie> { $0.director?.persistentModelID == directorID }
             """),
            (Example("""
             func movies(of director: Director) -> Predicate<Movie> {
                 return #Predicate { movie in director ↓!= movie.director }
             }
             """), """
             func movies(of director: Director) -> Predicate<Movie> {
                 let directorID = director.persistentModelID
                 return #Predicate { movie in directorID != movie.director?.persistentModelID }
             }
             """),
            (Example("""
             func movies(starring actor: Actor) -> Predicate<Movie> {
                 #Predicate { $0.cast.↓contains(actor) }
             }
             """), """
             func movies(starring actor: Actor) -> Predicate<Movie> {
                 let actorID = actor.persistentModelID
                 return #Predicate { $0.cast.contains { $0.persistentModelID == actorID } }
             }
             """),
            (Example("""
             func namesakes(of director: Director) -> Predicate<Actor> {
                 #Predicate<Actor> { $0.name == ↓director.name }
             }
             """), """
             func namesakes(of director: Director) -> Predicate<Actor> {
                 let name = director.name
                 return #Predicate<Actor> { $0.name == name }
             }
             """),
            (Example("""
             func similar(to movie: Movie) -> Predicate<Movie> {
                 #Predicate<Movie> { ↓movie.tags.contains($0.name) }
             }
             """), """
             func similar(to movie: Movie) -> Predicate<Movie> {
                 let tags = movie.tags
                 return #Predicate<Movie> { tags.contains($0.name) }
             }
             """),
        ])

    public init() {}

    public func check(_ context: RuleContext) -> [Finding] {
        comparisons(context) + containsCalls(context) + capturedModelValues(context)
    }

    /// Captured models whose type their declaration in this file states: a member read from
    /// one (`director.name`), and a collection of them (`actors.contains(where: …)`,
    /// `chosen.contains($0)` with `actors: [Actor]`). A model compared or passed whole is
    /// `comparisons` and `containsCalls`.
    private func capturedModelValues(_ context: RuleContext) -> [Finding] {
        context.facts.references.compactMap { reference in
            guard let type = CapturedValues.declaredType(of: ExprSyntax(reference), fileScope: context.fileFacts) else { return nil }
            let name = reference.baseName.text
            func isModel(_ written: WrittenType) -> Bool {
                guard case .named(let text) = written,
                      case .type(.named(let model)) = context.models.lookup(text, in: context.keyPaths.scope) else { return false }
                return context.models.isModel(model)
            }
            switch KeyPathResolution.unwrapped(type) {
            case .array(let element), .set(let element):
                guard isModel(element) else { return nil }
                return context.finding(
                    self, at: reference.baseName,
                    message: "A predicate cannot capture `\(name)`, a collection of models; capture their identifiers "
                        + "before the predicate (`let ids = \(name).map(\\.persistentModelID)`) and test `ids.contains(….persistentModelID)`")
            case let single where isModel(single):
                guard let member = reference.parent?.as(MemberAccessExprSyntax.self), member.base?.id == reference.id else { return nil }
                let read = "\(name).\(member.declName.baseName.text)"
                let correction = memberCorrection(member, of: single, context)
                let unfixed = ValueHoisting.noFixSuffix(correction, context)
                return context.finding(
                    self, at: reference.baseName,
                    message: "A predicate cannot capture the model `\(name)`, and reading `\(read)` inside it does; "
                        + "read it into a `let` before the predicate and use that" + unfixed,
                    correction: correction)
            default:
                return nil
            }
        }
    }

    /// `director.name` read into a `let` before the statement, where the model declares the
    /// member as a property whose type can be captured; a relationship cannot be.
    private func memberCorrection(_ member: MemberAccessExprSyntax, of model: WrittenType, _ context: RuleContext) -> Correction? {
        guard case .named(let written) = model,
              case .type(.named(let qualified)) = context.models.lookup(written, in: context.keyPaths.scope) else { return nil }
        return ValueHoisting.correction(capturing: member, declaredAs: context.models.member(member.declName.baseName.text, of: qualified),
                                        title: "Read the member before the predicate", context)
    }

    /// `$0.director == director`.
    private func comparisons(_ context: RuleContext) -> [Finding] {
        context.facts.infixOperators.compactMap { comparison in
            guard let token = comparison.operator.as(BinaryOperatorExprSyntax.self)?.operator,
                  token.text == "==" || token.text == "!=" else { return nil }
            let sides = [comparison.leftOperand, comparison.rightOperand]
            guard let modelIndex = sides.firstIndex(where: context.keyPaths.isModel) else { return nil }
            let model = sides[modelIndex]
            let other = sides[1 - modelIndex]
            guard let captured = Self.capturedName(other, context.fileFacts) else { return nil }
            let modelID = { (identifier: String) in
                let optional = if case .optional? = context.keyPaths.type(of: model) { "?" } else { "" }
                let sides = [model.trimmedDescription + optional + ".persistentModelID", identifier]
                return (modelIndex == 1 ? sides.reversed() : sides).joined(separator: " \(token.text) ")
            }
            return context.finding(
                self, at: token,
                message: "A predicate cannot capture the model `\(other.trimmedDescription)`; capture its "
                    + "`persistentModelID` before the predicate and compare `persistentModelID`s",
                correction: correction(context, replacing: comparison, captured: captured, with: modelID))
        }
    }

    /// `$0.cast.contains(actor)`: the element compared with a captured model, just like `==`.
    private func containsCalls(_ context: RuleContext) -> [Finding] {
        context.facts.calls.compactMap { call in
            guard let name = call.calleeToken, name.text == "contains", let receiver = call.receiver,
                  let argument = call.singleUnlabeledArgument, let captured = Self.capturedName(argument, context.fileFacts),
                  case .array(let element)? = context.keyPaths.type(of: receiver).map(KeyPathResolution.unwrapped),
                  case .named(let model) = element, context.models.isModel(model) else { return nil }
            return context.finding(
                self, at: name,
                message: "A predicate cannot capture the model `\(captured.baseName.text)`; capture its "
                    + "`persistentModelID` before the predicate and test `contains { $0.persistentModelID == … }`",
                correction: correction(context, replacing: call, captured: captured) { identifier in
                    "\(receiver.trimmedDescription).contains { $0.persistentModelID == \(identifier) }"
                })
        }
    }

    /// `director` in `$0.director == director`: a name from outside the predicate.
    static func capturedName(_ expression: ExprSyntax, _ fileScope: FileFacts) -> DeclReferenceExprSyntax? {
        guard let reference = expression.as(DeclReferenceExprSyntax.self),
              reference.baseName.tokenKind != .keyword(.self) else { return nil }
        if case .closureParameter? = LexicalLookup.binding(of: reference.baseName.text, from: reference, fileScope: fileScope) { return nil }
        return reference
    }

    /// Captures the identifier in a `let` before the statement that holds the predicate, where
    /// that is provably the same value: the captured name is a local, parameter or property;
    /// the statement is in a function, initializer or getter body (not a property
    /// initializer, not a closure whose type a new statement could change); and no
    /// declaration in that block already uses the new name. `replacement` writes the new
    /// expression given the identifier's name.
    private func correction(_ context: RuleContext, replacing expression: some SyntaxProtocol, captured: DeclReferenceExprSyntax,
                            with replacement: (String) -> String) -> Correction? {
        let identifier = captured.baseName.text + "ID"
        guard let hoisting = StatementHoisting(before: context.site.macro),
              hoisting.isFree(identifier, at: context.site.macro, fileScope: context.fileFacts),
              let binding = LexicalLookup.binding(of: captured.baseName.text, from: captured, fileScope: context.fileFacts),
              Self.isValue(binding) else { return nil }
        return Correction(title: "Compare persistentModelID", edits: [
            hoisting.declaration(identifier, "\(captured.baseName.text).persistentModelID"),
            TextEdit(replacing: expression, with: replacement(identifier)),
        ])
    }

    private static func isValue(_ binding: NameBinding) -> Bool {
        switch binding {
        case .variable, .functionParameter, .optionalBinding: true
        case .closureParameter: false
        }
    }
}
