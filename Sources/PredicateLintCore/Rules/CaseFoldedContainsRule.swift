import SwiftSyntax

/// Text matching by case-folding (`lowercased().contains(…)`) or with
/// `localizedCaseInsensitiveContains(_:)`, where `localizedStandardContains(_:)` is the one
/// case- and diacritic-insensitive match SwiftData supports.
public struct CaseFoldedContainsRule: PredicateRule {
    static let folding = RuleCase(
        "case folding or `localizedCaseInsensitiveContains`", failsAt: .build,
        evidence: .checkedAgainstMacro("the macro's own fix-it suggests `localizedStandardContains`"))
    static let localizedCaseProperty = RuleCase(
        "`localizedLowercase` or `localizedUppercase`", failsAt: .runtime,
        evidence: .graded(.b, "several independent reports of the crash on `localizedLowercase`"))

    public static let description = RuleDescription(
        id: "case-folded-contains",
        severity: .error,
        summary: "Match text with `localizedStandardContains(_:)`, not by changing its case",
        rationale: """
            Predicates cannot call `lowercased()` or `uppercased()`: the macro rejects the build. \
            The `localizedLowercase` and `localizedUppercase` properties do build, but SwiftData \
            cannot find them in the store and the fetch crashes. `localizedCaseInsensitiveContains` \
            is rejected too. `localizedStandardContains(_:)` already ignores case and diacritics, \
            and it is the match SwiftData can translate.
            """,
        cases: [folding, localizedCaseProperty],
        triggering: [
            Example(#"#Predicate<Movie> { $0.name.↓lowercased().contains("titanic") }"#),
            Example(#"#Predicate<Movie> { $0.name.↓localizedCaseInsensitiveContains("titanic") }"#),
            Example(#"#Predicate<Movie> { $0.name.↓localizedUppercase.contains("TITANIC") }"#, failsAt: .runtime),
            Example(#"#Predicate<Movie> { $0.cast.contains { $0.name.↓uppercased().contains("SMITH") } }"#),
            Example("""
            let search = "Titanic"
            let predicate = #Predicate<Movie> { movie in movie.name.↓lowercased().contains(search.lowercased()) }
            """),
            Example("""
            let query = "Titanic"
            let predicate = #Predicate<Movie> { $0.name.localizedStandardContains(query.↓lowercased()) }
            """),
        ],
        nonTriggering: [
            Example(#"#Predicate<Movie> { $0.name.localizedStandardContains("titanic") }"#),
            Example(#"#Predicate<Movie> { ["classic", "noir"].contains($0.name) }"#),
            Example("""
            let search = "Titanic".lowercased()
            let predicate = #Predicate<Movie> { $0.name.localizedStandardContains(search) }
            """),
            Example("""
            let movies: [Movie] = []
            let matches = movies.filter { $0.name.lowercased().contains("titanic") }
            """),
            // A plain struct is evaluated in memory, where `localizedUppercase` works.
            Example("""
            struct Ticket { var title = "" }
            let predicate = #Predicate<Ticket> { $0.title.localizedUppercase.contains("HEAT") }
            """),
        ],
        corrections: [
            (Example(#"#Predicate<Movie> { $0.name.↓lowercased().contains("titanic") }"#),
             #"#Predicate<Movie> { $0.name.localizedStandardContains("titanic") }"#),
            (Example(#"#Predicate<Movie> { $0.name.↓localizedCaseInsensitiveContains("titanic") }"#),
             #"#Predicate<Movie> { $0.name.localizedStandardContains("titanic") }"#),
            (Example(#"#Predicate<Movie> { $0.name.↓localizedUppercase.contains("TITANIC") }"#, failsAt: .runtime),
             #"#Predicate<Movie> { $0.name.localizedStandardContains("TITANIC") }"#),
            (Example("""
             let search = "Titanic"
             let predicate = #Predicate<Movie> { movie in movie.name.↓lowercased().contains(search.lowercased()) }
             """), """
             let search = "Titanic"
             let predicate = #Predicate<Movie> { movie in movie.name.localizedStandardContains(search) }
             """),
            (Example("""
             let query = "Titanic"
             let predicate = #Predicate<Movie> { $0.name.localizedStandardContains(query.↓lowercased()) }
             """), """
             let query = "Titanic"
             let predicate = #Predicate<Movie> { $0.name.localizedStandardContains(query) }
             """),
        ])

    public init() {}

    static let foldingMethods: Set<String> = ["lowercased", "uppercased"]
    static let foldingProperties: Set<String> = ["localizedLowercase", "localizedUppercase"]

    public func check(_ context: RuleContext) -> [Finding] {
        context.facts.calls.compactMap { call in
            guard let name = call.calleeToken,
                  let receiver = call.receiver, let argument = call.singleUnlabeledArgument else { return nil }
            let receiverFolds = Self.caseFoldings(of: receiver)
            let argumentFolds = Self.caseFoldings(of: argument)
            let flagged: TokenSyntax
            var message = "Changing case to match text is not supported in a predicate; "
                + "use `localizedStandardContains(_:)`, which ignores case and diacritics"
            switch name.text {
            case "localizedCaseInsensitiveContains":
                flagged = name
            case "contains", "localizedStandardContains":
                if let first = receiverFolds.first {
                    flagged = first
                } else if name.text == "localizedStandardContains", let first = argumentFolds.first {
                    // `$0.name.localizedStandardContains(query.lowercased())`: the folding is
                    // on the argument, and the match ignores case anyway.
                    flagged = first
                    message = "`localizedStandardContains(_:)` already ignores case and diacritics; "
                        + "drop `\(first.text)`, which a predicate cannot use"
                } else {
                    // Only a folded receiver proves the receiver is text; `tags.contains(x.lowercased())`
                    // may be an array, and is left to `unsupported-member`.
                    return nil
                }
            default:
                return nil
            }
            // `localizedLowercase` and the like build; they fail only where SwiftData runs the predicate.
            let folds = receiverFolds + argumentFolds
            let buildsFine = name.text != "localizedCaseInsensitiveContains" && folds.allSatisfy { Self.foldingProperties.contains($0.text) }
            guard context.reports(buildsFine ? Self.localizedCaseProperty : Self.folding) else { return nil }
            let replacement = "\(Self.removingCaseFolding(receiver).trimmedDescription)"
                + ".localizedStandardContains(\(Self.removingCaseFolding(argument).trimmedDescription))"
            return context.finding(
                self, at: flagged, message: message,
                correction: Correction(
                    title: "Use localizedStandardContains(_:)",
                    edits: [TextEdit(replacing: call, with: replacement)]),
                covering: (folds + [name]).map(Syntax.init))
        }
    }

    /// The name tokens of the case-folding calls and properties at the end of an expression:
    /// `lowercased` in `$0.name.lowercased()`.
    static func caseFoldings(of expression: ExprSyntax) -> [TokenSyntax] {
        guard let (name, base) = foldingStep(expression) else { return [] }
        return [name] + caseFoldings(of: base)
    }

    /// `$0.name.lowercased().uppercased()` → `$0.name`.
    static func removingCaseFolding(_ expression: ExprSyntax) -> ExprSyntax {
        guard let (_, base) = foldingStep(expression) else { return expression }
        return removingCaseFolding(base)
    }

    /// One case-folding step: `x.lowercased()` or `x.localizedLowercase` → (its name, `x`).
    private static func foldingStep(_ expression: ExprSyntax) -> (name: TokenSyntax, base: ExprSyntax)? {
        if let call = expression.as(FunctionCallExprSyntax.self), call.arguments.isEmpty, call.trailingClosure == nil,
           let member = call.calledExpression.as(MemberAccessExprSyntax.self),
           foldingMethods.contains(member.declName.baseName.text), let base = member.base {
            return (member.declName.baseName, base)
        }
        if let member = expression.as(MemberAccessExprSyntax.self),
           foldingProperties.contains(member.declName.baseName.text), let base = member.base {
            return (member.declName.baseName, base)
        }
        return nil
    }
}
