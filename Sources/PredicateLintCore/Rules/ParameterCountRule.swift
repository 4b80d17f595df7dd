import SwiftSyntax

/// A predicate closure that takes a different number of parameters from the predicate's
/// inputs: most often `#Predicate { true }`, which takes none.
public struct ParameterCountRule: PredicateRule {
    static let parameterCount = RuleCase(
        "a closure taking no parameter, or a different number from the inputs", failsAt: .build,
        evidence: .checkedAgainstMacro("`#Predicate<B> { true }` fails with \"pack expansion requires that 'B' and '' have the same shape\""))

    public static let description = RuleDescription(
        id: "parameter-count",
        severity: .error,
        summary: "A predicate's closure takes one parameter per input: `{ _ in true }`, not `{ true }`",
        rationale: """
            The macro hands its closure one parameter for each input of the predicate, so the \
            closure must name, use or ignore each of them. A closure that mentions none \
            (`#Predicate<Movie> { true }`, for a predicate that keeps everything) takes no \
            parameter, and the build fails with an error about a pack expansion and the \
            "same shape", which does not say that a parameter is missing. Write `_ in` for an \
            input the body does not read (`#Predicate<Movie> { _ in true }`). The same holds \
            when a closure names or numbers more or fewer parameters than the predicate's \
            generic arguments list (`#Predicate<Movie, Actor> { $0.year > 2000 }`).
            """,
        cases: [parameterCount],
        triggering: [
            Example("let everything = #Predicate<Movie> ↓{ true }"),
            Example("let descriptor = FetchDescriptor<Movie>(predicate: #Predicate ↓{ false })"),
            Example("let pair = #Predicate<Movie, Actor> ↓{ $0.year > 2000 }"),
            Example("let anyLarge = #Predicate<Movie> ↓{ [3, 12].contains { $0 > 10 } }"),
            Example("let pair = #Predicate<Movie> ↓{ movie, actor in movie.year > 2000 }"),
        ],
        nonTriggering: [
            Example("let everything = #Predicate<Movie> { _ in true }"),
            Example("let recent = #Predicate<Movie> { $0.year > 2000 }"),
            Example("let pair = #Predicate<Movie, Actor> { movie, actor in movie.cast.contains { $0.name == actor.name } }"),
            Example("let pair = #Predicate<Movie, Actor> { $0.year > 2000 && $1.age > 30 }"),
        ],
        corrections: [
            (Example("let everything = #Predicate<Movie> ↓{ true }"), "let everything = #Predicate<Movie> { _ in true }"),
            (Example("""
             func all() -> FetchDescriptor<Movie> {
                 FetchDescriptor<Movie>(predicate: #Predicate ↓{
                     true
                 })
             }
             """), """
             func all() -> FetchDescriptor<Movie> {
                 FetchDescriptor<Movie>(predicate: #Predicate { _ in
                     true
                 })
             }
             """),
        ])

    public init() {}

    public func check(_ context: RuleContext) -> [Finding] {
        let site = context.site
        // `#Expression`'s generic arguments end with its result, so its inputs are not counted here.
        guard site.kind == .predicate else { return [] }
        let taken = Self.parameterCount(of: site.closure)
        let inputs = site.inputTypes.count
        // Every predicate has at least one input, so a closure taking none is wrong whatever the inputs are.
        guard taken == 0 || (inputs > 0 && taken != inputs) else { return [] }
        let expected = inputs == 0 ? "one parameter for each input" : inputs == 1 ? "one parameter" : "\(inputs) parameters"
        let correction = taken == 0 && inputs > 0 && site.closure.signature == nil
            ? Correction(title: "Ignore the input with `_ in`", edits: [
                TextEdit(range: site.closure.leftBrace.endPositionBeforeTrailingTrivia.utf8Offset
                    ..< site.closure.leftBrace.endPositionBeforeTrailingTrivia.utf8Offset,
                         replacement: " " + Array(repeating: "_", count: inputs).joined(separator: ", ") + " in"),
            ])
            : nil
        let takes = taken == 0 ? "takes no parameter" : taken == 1 ? "takes one parameter" : "takes \(taken) parameters"
        return [context.finding(
            self, at: site.closure.leftBrace,
            message: "This predicate's closure \(takes) but must take \(expected), which the build rejects; "
                + (taken == 0 ? "write `_ in` for an input the body does not read" : "name or number one parameter per input"),
            correction: correction)]
    }

    /// The parameters a closure declares, or else the highest `$n` its own body uses, plus one
    /// (a `$0` inside a nested closure belongs to that closure).
    static func parameterCount(of closure: ClosureExprSyntax) -> Int {
        switch closure.signature?.parameterClause {
        case .simpleInput(let names)?: return names.count
        case .parameterClause(let clause)?: return clause.parameters.count
        default: break
        }
        var highest = -1
        for token in closure.statements.tokens(viewMode: .sourceAccurate) {
            guard case .dollarIdentifier(let text) = token.tokenKind, let index = Int(text.dropFirst()) else { continue }
            var owner = token.parent
            while let node = owner, !node.is(ClosureExprSyntax.self) { owner = node.parent }
            if owner?.id == closure.id { highest = max(highest, index) }
        }
        return highest + 1
    }
}
