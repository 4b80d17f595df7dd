import SwiftSyntax

/// A value a predicate captures whose type is not Codable: a `Character` (most often as
/// `contains(c)`), or a struct, enum or class of the app's that does not adopt Codable. It
/// does not build. Models are `model-comparison`'s: their rewrite is `persistentModelID`.
public struct NonCodableCaptureRule: PredicateRule {
    static let capturedCharacter = RuleCase(
        "a captured `Character`", failsAt: .build,
        evidence: .checkedAgainstMacro("swiftc 6.3.1: a `Character` is not Codable, so the captured value is no standard predicate expression"))
    static let capturedPlainValue = RuleCase(
        "a captured value of the app's own type that is not Codable", failsAt: .build,
        evidence: .checkedAgainstMacro("swiftc 6.3.1; a public app's fix moved `folder.id` of such a struct out of the predicate"))

    public static let description = RuleDescription(
        id: "non-codable-capture",
        severity: .error,
        summary: "A predicate can capture only Codable values: not a `Character`, nor a type of yours that is not Codable",
        rationale: """
            Every value a predicate captures must be Codable, and the build fails with an error \
            about `StandardPredicateExpression` that does not name the cause when one is not. \
            Two cases are common. A `Character`: `$0.name.contains(letter)` with `letter: \
            Character` does not build, and `localizedStandardContains(letter)` does not either \
            (it takes a string); capture `let text = String(letter)` and pass `text`. A value of \
            one of your own structs, enums or classes that does not adopt Codable, even when \
            the predicate only reads a member of it (`$0.id == folder.id`): read the member into \
            a `let` before the predicate and capture that. (The rule speaks only about types \
            declared in the predicate's own file, where it sees every conformance.) A character literal written in the \
            predicate (`contains("a")`) is a string there, and builds. In a file that imports \
            RegexBuilder a `Character` is also a regex component, so `contains(letter)` builds \
            as a regular-expression match instead (see `regex`); the rule says nothing there.
            """,
        cases: [capturedCharacter, capturedPlainValue],
        triggering: [
            Example("""
            let initial: Character = "K"
            let predicate = #Predicate<Actor> { $0.name.contains(↓initial) }
            """),
            Example("""
            func movies(containing letter: Character) -> Predicate<Movie> {
                #Predicate<Movie> { $0.name.contains(↓letter) }
            }
            """),
            Example("""
            struct Shelf: Identifiable, Hashable {
                var id = UUID()
                var genreName = ""
            }
            func movies(in shelf: Shelf) -> Predicate<Movie> {
                #Predicate<Movie> { $0.genreName == ↓shelf.genreName }
            }
            """),
        ],
        nonTriggering: [
            Example("""
            let initial = String(Character("K"))
            let predicate = #Predicate<Actor> { $0.name.contains(initial) }
            """),
            Example(#"#Predicate<Actor> { $0.name.contains("K") }"#),
            Example("""
            func movies(in shelf: Shelf) -> Predicate<Movie> {
                let genreName = shelf.genreName
                return #Predicate<Movie> { $0.genreName == genreName }
            }
            """, files: [ExampleFile("Shelf.swift", """
                struct Shelf: Identifiable, Hashable {
                    var id = UUID()
                    var genreName = ""
                }
                """)]),
            // Codable through a protocol of the app's, in another file: it builds.
            Example("""
            struct Shelf: Stored {
                var genreName = ""
            }
            func movies(in shelf: Shelf) -> Predicate<Movie> {
                #Predicate<Movie> { $0.genreName == shelf.genreName }
            }
            """, files: [ExampleFile("Stored.swift", "protocol Stored: Codable {}")]),
            // A Codable type of the app's, declared in another file.
            Example("""
            func movies(in rack: Rack) -> Predicate<Movie> {
                #Predicate<Movie> { $0.genreName == rack.genreName }
            }
            """, files: [ExampleFile("Rack.swift", "struct Rack: Codable { var genreName = \"\" }")]),
        ],
        corrections: [
            (Example("""
            func movies(containing letter: Character) -> Predicate<Movie> {
                #Predicate<Movie> { $0.name.contains(↓letter) }
            }
            """), """
            func movies(containing letter: Character) -> Predicate<Movie> {
                let text = String(letter)
                return #Predicate<Movie> { $0.name.contains(text) }
            }
            """),
            // Only the member leaves: its type, a `String`, is Codable.
            (Example("""
            struct Shelf: Identifiable, Hashable {
                var id = UUID()
                var genreName: String
            }
            func movies(in shelf: Shelf) -> Predicate<Movie> {
                #Predicate<Movie> { $0.genreName == ↓shelf.genreName }
            }
            """), """
            struct Shelf: Identifiable, Hashable {
                var id = UUID()
                var genreName: String
            }
            func movies(in shelf: Shelf) -> Predicate<Movie> {
                let genreName = shelf.genreName
                return #Predicate<Movie> { $0.genreName == genreName }
            }
            """),
        ])

    public init() {}

    public func check(_ context: RuleContext) -> [Finding] {
        var reported: Set<String> = []
        return context.facts.references.compactMap { reference in
            let name = reference.baseName.text
            // Parameters of the predicate and its closures have no declared type here: only
            // captured names do.
            guard !reported.contains(name),
                  let type = CapturedValues.declaredType(of: ExprSyntax(reference), fileScope: context.fileFacts),
                  let message = Self.message(for: name, of: type, context) else { return nil }
            reported.insert(name)
            return context.finding(self, at: reference.baseName, message: message,
                                   correction: type == .named("Character") ? Self.characterCorrection(reference, context)
                                       : Self.memberCorrection(reference, of: type, context))
        }
    }

    /// `$0.name.contains(letter)` → `let text = String(letter)` before the statement and
    /// `contains(text)`: the same test, on a string. Only as the one argument of `contains`,
    /// `localizedStandardContains` or `starts(with:)` on a stored string, where a string stands
    /// for the character (compared with a `Character` property, it would not build).
    static func characterCorrection(_ reference: DeclReferenceExprSyntax, _ context: RuleContext) -> Correction? {
        guard let argument = reference.parent?.as(LabeledExprSyntax.self),
              let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self), call.arguments.count == 1, call.trailingClosure == nil,
              let callee = call.calleeName, ["contains", "localizedStandardContains", "starts"].contains(callee),
              (callee == "starts") == (argument.label?.text == "with"), let receiver = call.receiver,
              context.isInputKeyPath(receiver), context.keyPaths.type(of: receiver).map(KeyPathResolution.unwrapped) == .named("String")
        else { return nil }
        return StatementHoisting(before: context.site.macro)?
            .capture("String(\(reference.baseName.text))", replacing: reference, named: "text", at: context.site.macro, fileScope: context.fileFacts)
            .map { Correction(title: "Capture the character as a string", edits: $0) }
    }

    /// Whether the type this file declares is Codable: from the project's index, or, where a
    /// run indexed only the files that shape its models, from what this file says it adopts
    /// (nil when that names a protocol that might refine Codable).
    static func isCodable(_ written: String, adopting adopted: [String], _ context: RuleContext) -> Bool? {
        switch context.models.lookup(written, in: context.keyPaths.scope) {
        case .type(.named(let declared)): return context.models.isCodable(declared)
        case .unknown:
            let names = adopted.map(ModelIndex.withoutModule)
            if names.contains(where: { ["Codable", "Encodable", "Decodable"].contains($0) }) { return nil }
            return names.allSatisfy { ModelIndex.protocolsThatAreNotCodable.contains($0) } ? false : nil
        default: return nil
        }
    }

    /// `shelf.genreName` → `let genreName = shelf.genreName` before the statement: the member
    /// alone is captured. Only for a property the type declares with a type that is Codable
    /// (a scalar the store keeps in a column, or a type of the app's that adopts Codable), so
    /// that the constant can be captured; the member is not widened into a larger expression,
    /// whose type would be unknown.
    static func memberCorrection(_ reference: DeclReferenceExprSyntax, of type: WrittenType, _ context: RuleContext) -> Correction? {
        guard let member = reference.parent?.as(MemberAccessExprSyntax.self), member.base?.id == reference.id,
              case .named(let written) = KeyPathResolution.unwrapped(type),
              let body = typeBody(named: String(written.split(separator: ".").last ?? ""), in: context) else { return nil }
        let property = DeclarationCollector.members(of: body).first { $0.name == member.declName.baseName.text }
        return ValueHoisting.correction(capturing: member, declaredAs: property, title: "Capture the member before the predicate", context)
    }

    /// The body of the one struct, class or enum of that name the predicate's file declares.
    static func typeBody(named name: String, in context: RuleContext) -> MemberBlockSyntax? {
        let bodies = context.site.macro.root.tokens(viewMode: .sourceAccurate).compactMap { token -> MemberBlockSyntax? in
            guard token.tokenKind == .identifier(name), let parent = token.parent else { return nil }
            if let declaration = parent.as(StructDeclSyntax.self), declaration.name.id == token.id { return declaration.memberBlock }
            if let declaration = parent.as(ClassDeclSyntax.self), declaration.name.id == token.id { return declaration.memberBlock }
            if let declaration = parent.as(EnumDeclSyntax.self), declaration.name.id == token.id { return declaration.memberBlock }
            return nil
        }
        return bodies.count == 1 ? bodies[0] : nil
    }

    static func message(for name: String, of type: WrittenType, _ context: RuleContext) -> String? {
        var element = KeyPathResolution.unwrapped(type)
        if case .array(let inner) = element { element = KeyPathResolution.unwrapped(inner) }
        if case .set(let inner) = element { element = KeyPathResolution.unwrapped(inner) }
        guard case .named(let written) = element else { return nil }
        if written == "Character" {
            guard !context.fileFacts.importedModules.contains("RegexBuilder") else { return nil }
            return "A predicate cannot capture the `Character` `\(name)` (it is not Codable); "
                + "capture `let text = String(\(name))` before the predicate and use `text`"
        }
        // Declared in this file, so that no conformance is missed: an extension that adds
        // Codable in a file the declarations pass did not read would be unseen.
        guard let last = written.split(separator: ".").last, let adopted = context.fileFacts.declaredTypes[String(last)],
              isCodable(written, adopting: adopted, context) == false else { return nil }
        return "A predicate cannot capture `\(name)`: `\(written)` is not Codable. Read what the predicate needs "
            + "into a `let` before it (or make `\(written)` Codable)"
    }
}
