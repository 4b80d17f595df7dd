import SwiftSyntax

/// `contains(_:)` matching a model's text against text a person typed, where the guide asks
/// for `localizedStandardContains(_:)`.
public struct CaseSensitiveContainsRule: PredicateRule {
    static let caseSensitiveMatch = RuleCase(
        "`contains` matching text people type", failsAt: .surprisingResults,
        evidence: .graded(.b, "a runtime check on macOS 26 (iOS 26.5 SDK, 2026): `contains` found nothing for \"NIL\" where "
            + "`localizedStandardContains` matched \"nil1\"; Foundation's open NSPredicate converter gives `contains` on strings "
            + "a plain CONTAINS and `localizedStandardContains` CONTAINS[cdl]; the predicate guide"))

    public static let description = RuleDescription(
        id: "case-sensitive-contains",
        severity: .warning,
        summary: "Match what people type with `localizedStandardContains(_:)`, not case-sensitive `contains(_:)`",
        rationale: """
            `contains(_:)` on a string property runs, and matches case and diacritics exactly: \
            a search for "heat" misses "Heat", and "resume" misses "résumé". For text a person \
            types, the guide's rule is `localizedStandardContains(_:)`, which SwiftData \
            translates to a case- and diacritic-insensitive match. The rule speaks only where \
            the code shows the text comes from a person: a value bound to a search field or \
            text field in the same file (`.searchable(text: $query)`, `TextField(…, text: $name)`), \
            one plainly named as search input (`searchText`, `query`, `filterText`, `keyword`), \
            a local value made from one, or a parameter that every call in the file passes one \
            of those (followed through a few calls; a function whose calls the file does not \
            all show, or one with default arguments, is left alone). Identifiers, keys, codes, literals and values of \
            unknown origin are left alone: matching them exactly is usually the point. So is \
            text folded before the predicate (`query.lowercased()`): it is often matched against \
            a copy stored folded the same way, which the predicate cannot show. `--fix` \
            rewrites the call only where the argument is declared a `String` and the receiver \
            is not coalesced (`($0.note ?? "")`): renamed there, the call takes the form \
            `coalesced-string-receiver` warns about, and `$0.note?.localizedStandardContains(…) ?? false` \
            is the spelling to write by hand.
            """,
        cases: [caseSensitiveMatch],
        triggering: [
            Example("""
            func titles(matching searchText: String) -> Predicate<Movie> {
                #Predicate<Movie> { $0.name.↓contains(searchText) }
            }
            """),
            Example("""
            struct MovieSearch {
                @State private var text = ""
                var field: some View { TextField("Title", text: $text) }
                var matches: Predicate<Movie> { #Predicate<Movie> { $0.name.↓contains(text) } }
            }
            """),
            Example("""
            func subtitles(matching query: String) -> Predicate<Movie> {
                let trimmed = query.trimmingCharacters(in: .whitespaces)
                return #Predicate<Movie> { $0.subtitle?.↓contains(trimmed) ?? false }
            }
            """),
            Example("""
            func results(for searchText: Binding<String>) -> Predicate<Movie> {
                let term = searchText.wrappedValue
                return #Predicate<Movie> { $0.name.↓contains(term) }
            }
            """),
            Example("""
            func cast(matching searchText: String) -> Predicate<Movie> {
                #Predicate<Movie> { $0.cast.contains { $0.name.↓contains(searchText) } }
            }
            """),
        ],
        nonTriggering: [
            Example(#"#Predicate<Movie> { $0.name.contains("heat") }"#),
            // Case folded on purpose, perhaps to match a copy stored folded: the code cannot show which.
            Example("""
            func movies(matching searchText: String) -> Predicate<Movie> {
                let query = searchText.lowercased()
                return #Predicate<Movie> { $0.name.contains(query) }
            }
            """),
            Example(#"#Predicate<Movie> { ["classic", "noir"].contains($0.name) }"#),
            Example("""
            func movies(fromServer serverID: String) -> Predicate<Movie> {
                #Predicate<Movie> { $0.name.contains(serverID) }
            }
            """),
            Example("""
            func movies(like record: Movie, searchText: String) -> Predicate<Movie> {
                let code = record.genreName
                return #Predicate<Movie> { $0.genreName.contains(code) }
            }
            """),
            Example("""
            func movies(taggedWith key: String) -> Predicate<Movie> {
                #Predicate<Movie> { $0.genreName.contains(key) }
            }
            """),
            Example("""
            func titles(matching searchText: String) -> Predicate<Movie> {
                #Predicate<Movie> { $0.name.localizedStandardContains(searchText) }
            }
            """),
            Example("""
            struct Ticket {
                var title = ""
            }
            func tickets(matching searchText: String) -> Predicate<Ticket> {
                #Predicate<Ticket> { $0.title.contains(searchText) }
            }
            """),
        ],
        corrections: [
            (Example("""
            func titles(matching searchText: String) -> Predicate<Movie> {
                #Predicate<Movie> { $0.name.↓contains(searchText) }
            }
            """), """
            func titles(matching searchText: String) -> Predicate<Movie> {
                #Predicate<Movie> { $0.name.localizedStandardContains(searchText) }
            }
            """),
            (Example("""
            func subtitles(matching query: String) -> Predicate<Movie> {
                #Predicate<Movie> { $0.subtitle?.↓contains(query) == true }
            }
            """), """
            func subtitles(matching query: String) -> Predicate<Movie> {
                #Predicate<Movie> { $0.subtitle?.localizedStandardContains(query) == true }
            }
            """),
        ])

    public init() {}

    public func check(_ context: RuleContext) -> [Finding] {
        guard context.reports(Self.caseSensitiveMatch) else { return [] }
        return context.facts.calls.compactMap { call in
            guard let name = call.calleeToken, name.text == "contains",
                  let argument = call.singleUnlabeledArgument, !context.isRegexValue(argument),
                  let receiver = call.receiver, Self.isModelStringProperty(receiver, context),
                  CapturedValues.isTextPeopleType(argument, fileScope: context.fileFacts),
                  !CapturedValues.isCaseFolded(argument, fileScope: context.fileFacts)
            else { return nil }
            let declared = CapturedValues.declaredType(of: argument, fileScope: context.fileFacts)
            // A `Character` does not build here at all (`non-codable-capture`).
            if let declared, declared != .named("String") { return nil }
            let message = "`contains(_:)` matches case and diacritics exactly, so a search for \"heat\" misses \"Heat\"; "
                + "use `localizedStandardContains(_:)` for text people type"
            // `localizedStandardContains` takes a string: rewrite only what is declared one. On a
            // coalesced receiver (`($0.note ?? "")`) the renamed call is the form one project
            // reports the store refusing (`coalesced-string-receiver`), so that is left to a person.
            guard declared == .named("String"), !Self.isCoalesced(receiver) else {
                return context.finding(self, at: name, message: message)
            }
            return context.finding(
                self, at: name, message: message,
                correction: Correction(title: "Use localizedStandardContains(_:)",
                                       edits: [TextEdit(replacing: name, with: "localizedStandardContains")]))
        }
    }

    static func isCoalesced(_ receiver: ExprSyntax) -> Bool {
        receiver.withoutParentheses.as(InfixOperatorExprSyntax.self)?.operatorText == "??"
    }

    /// `$0.name`, `$0.subtitle?`, `($0.subtitle ?? "")`: a String property of a model.
    static func isModelStringProperty(_ receiver: ExprSyntax, _ context: RuleContext) -> Bool {
        var property = receiver.withoutParentheses
        if let coalesced = property.as(InfixOperatorExprSyntax.self), coalesced.operatorText == "??",
           coalesced.rightOperand.withoutParentheses.is(StringLiteralExprSyntax.self) {
            property = coalesced.leftOperand.withoutParentheses
        }
        while let inner = property.as(OptionalChainingExprSyntax.self)?.expression ?? property.as(ForceUnwrapExprSyntax.self)?.expression {
            property = inner
        }
        guard let access = property.as(MemberAccessExprSyntax.self), let base = access.base,
              context.keyPaths.isModel(base),
              let type = context.keyPaths.type(of: property) else { return false }
        return KeyPathResolution.unwrapped(type) == .named("String")
    }
}
