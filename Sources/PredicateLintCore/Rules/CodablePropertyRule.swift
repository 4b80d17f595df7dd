import SwiftSyntax

/// A stored property whose type is a struct or enum of the app's: SwiftData keeps it as
/// encoded data, which a query cannot look into or compare.
public struct CodablePropertyRule: PredicateRule {
    public static let description = RuleDescription(
        id: "codable-property",
        severity: .error,
        summary: "Struct- and enum-typed properties are stored as data a predicate cannot read",
        rationale: """
            SwiftData stores a property of a custom struct or enum type as Codable data, not as \
            columns. A predicate that reaches into it builds, then fails: `$0.genre.rawValue` \
            stops the app with a fatal error ("rawValue is not a member of Genre"), a comparison \
            with a captured `Genre` throws "Captured/constant values of type 'Genre' are not \
            supported", and members of a struct crash the fetch. Store the part you filter on as \
            a primitive in its own property (for an enum, its raw value) and compare that.
            Evidence, grade B: at least eight independent codebases and posts report the enum \
            failures; struct members, grade B/C.
            """,
        failsAt: .runtime,
        triggering: [
            Example(#"#Predicate<Movie> { $0.↓genre.rawValue == "drama" }"#),
            Example("""
            let genre = Genre.comedy
            let predicate = #Predicate<Movie> { $0.↓genre == genre }
            """),
            Example("#Predicate<Movie> { $0.↓budget.amount > 1_000_000 }"),
            // An enum nested in a schema version, as versioned apps declare it.
            Example(#"#Predicate<SchemaV2.Trip> { $0.↓kind.rawValue == "beach" }"#, files: [ExampleFile("Schema.swift", """
                enum SchemaV2 {
                    enum Kind: String, Codable { case city, beach }
                    @Model final class Trip {
                        var kind = Kind.city
                    }
                }
                """)]),
        ],
        nonTriggering: [
            Example("""
            let genre = Genre.comedy.rawValue
            let predicate = #Predicate<Movie> { $0.genreName == genre }
            """),
            Example("""
            struct Showtime {
                var genre = Genre.drama
            }
            let drama = Genre.drama
            let predicate = #Predicate<Showtime> { $0.genre == drama }
            """),
            Example(#"#Predicate<Movie> { $0.tags.contains("classic") }"#),
        ])

    public init() {}

    public func check(_ context: RuleContext) -> [Finding] {
        context.keyPaths.memberUses.compactMap { use in
            guard let member = use.member, member.kind == .stored, let type = member.type,
                  case .composite(let typeName) = context.models.storage(of: type),
                  !ExprSyntax(use.access).isComparedWithNil else { return nil }
            let name = use.nameToken.text
            let problem: String
            if let outer = use.access.parent?.as(MemberAccessExprSyntax.self), outer.base?.id == use.access.id {
                problem = "reaching into it (`.\(outer.declName.baseName.text)`) crashes the fetch"
            } else {
                problem = "comparing it throws when SwiftData runs the predicate"
            }
            return context.finding(
                self, at: use.nameToken,
                message: "`\(name)` is stored as `\(typeName)` data that a predicate cannot read; \(problem). "
                    + "Store the value you filter on (such as the raw value) in its own property")
        }
    }
}
