import SwiftSyntax

/// A member that the model does not declare anywhere in the linted files. Opt-in: a model can
/// get members from files that are not linted, such as another module's protocol extension.
public struct UnknownMemberRule: PredicateRule {
    static let unknownMember = RuleCase(
        "a member the model does not declare", failsAt: .build,
        evidence: .checkedAgainstMacro(""))

    public static let description = RuleDescription(
        id: "unknown-member",
        severity: .warning,
        summary: "A member the model does not declare in any linted file",
        rationale: """
            A key path to a member that the model, its extensions and its superclasses do not \
            declare will not build, or names something that is not stored. In a project where \
            every model file is linted, this catches typos and renamed properties before the \
            build does, including in code that is not compiled for the current platform. Opt-in, \
            because a model can also get members from code outside the linted files.
            """,
        cases: [unknownMember],
        isOptIn: true,
        triggering: [
            Example(#"#Predicate<Movie> { $0.↓title == "Heat" }"#),
            Example(#"#Predicate<Movie> { $0.director?.↓surname == "Nolan" }"#),
        ],
        nonTriggering: [
            Example("""
            let movieID = Movie().persistentModelID
            let predicate = #Predicate<Movie> { $0.persistentModelID == movieID }
            """),
            Example("""
            struct Ticket {
                var title = ""
            }
            let predicate = #Predicate<Ticket> { $0.title == "Heat" }
            """),
        ])

    public init() {}

    /// What `PersistentModel` gives every model, and `id`, which `computed-property` reports.
    static let persistentModelMembers: Set<String> = ["persistentModelID", "modelContext", "hasChanges", "isDeleted", "id"]

    public func check(_ context: RuleContext) -> [Finding] {
        context.keyPaths.memberUses.compactMap { use in
            guard use.member == nil, !Self.persistentModelMembers.contains(use.nameToken.text) else { return nil }
            return context.finding(
                self, at: use.nameToken,
                message: "`\(use.model)` declares no member `\(use.nameToken.text)` in the linted files")
        }
    }
}
