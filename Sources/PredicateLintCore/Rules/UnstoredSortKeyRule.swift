import SwiftSyntax

/// A sort or section key the store does not have: a computed or `@Transient` property, or a
/// member inside a stored struct or enum value.
public struct UnstoredSortKeyRule: KeyPathRule {
    static let computed = RuleCase(
        "a computed property as a sort or section key", failsAt: .runtime,
        evidence: .graded(.d, "one public project's code says SwiftData cannot sort by a computed property and sorts in "
            + "memory instead; Apple lists `SwiftDataError.unsupportedSortDescriptor` without saying what raises it; no "
            + "crash report was found (searched 2026-12-02)"))
    static let transient = RuleCase(
        "a `@Transient` property as a sort or section key", failsAt: .runtime,
        evidence: .graded(.d, "the store has no such column (Apple, for predicates), and a fetch sorts in the store; no "
            + "report of the failure was found (searched 2026-12-02)"))
    static let storedValueMember = RuleCase(
        "a key inside an optional struct or an enum value (`\\.stats?.updatedAt`)", failsAt: .runtime,
        evidence: .graded(.d, "one public app's crash fix (2026): four sort descriptors through an optional Codable struct "
            + "attribute, replaced by a stored copy of the field; no second report was found (searched 2026-12-02)"))

    public static let description = RuleDescription(
        id: "unstored-sort-key",
        severity: .warning,
        summary: "Sort and section keys must be properties the store has",
        rationale: """
            A fetch sorts and sections in the store, by key paths it looks up in the schema as \
            it looks up a predicate's. A computed property, a `@Transient` one, or a member \
            inside an optional struct or an enum value, which the store does not keep as \
            columns of their own (`\\.stats?.updatedAt`), type-checks as a sort key and has nothing to sort by in \
            the store. The evidence is thin (one project each, and no published crash for the \
            first two), so the rule is opt-in. Sort the fetched array in memory with \
            `sorted(using:)`, which takes the same descriptors, or keep the key in a stored \
            property of its own. A `UUID`'s members and `@Attribute(.codable)` properties are \
            `value-type-member`'s and `codable-property`'s: those failures are documented.
            """,
        cases: [computed, transient, storedValueMember],
        isOptIn: true,
        triggering: [
            Example(#"let descriptor = FetchDescriptor<Movie>(sortBy: [SortDescriptor(\.↓displayTitle)])"#),
            Example(#"""
            struct Shelf: View {
                @Query(sort: \Movie.↓displayTitle, order: .reverse) var movies: [Movie]
            }
            """#),
            Example(#"""
            struct Shelf: View {
                @Query(sort: [SortDescriptor(\.year), SortDescriptor(\.↓castCount, order: .reverse)]) var movies: [Movie]
            }
            """#),
            Example(#"""
            var descriptor = FetchDescriptor<Award>()
            descriptor.sortBy = [SortDescriptor(\.movie?.↓displayTitle)]
            """#),
            Example(#"let descriptor = FetchDescriptor<Clip>(sortBy: [SortDescriptor(\.↓playhead, order: .reverse)])"#, files: [clips]),
            Example(#"let descriptor = FetchDescriptor<Movie>(sortBy: [SortDescriptor(\.↓boxOffice?.amount, order: .reverse)])"#),
        ],
        nonTriggering: [
            // A non-optional struct is a composite attribute: its members are columns.
            Example(#"let descriptor = FetchDescriptor<Movie>(sortBy: [SortDescriptor(\.budget.amount, order: .reverse)])"#),
            // Sorting in memory runs in Swift, where every property is a property.
            Example(#"let sorted = [Movie]().sorted(using: SortDescriptor(\.displayTitle))"#),
            Example(#"let latestFirst = [Clip]().sorted(using: SortDescriptor(\.playhead, order: .reverse))"#, files: [clips]),
            Example(#"let descriptor = FetchDescriptor<Movie>(sortBy: [SortDescriptor(\.name), SortDescriptor(\.director?.name)])"#),
            Example(#"let descriptor = FetchDescriptor<Movie>(sortBy: [SortDescriptor(\.genreName), SortDescriptor(\.persistentModelID)])"#),
            // Not handed to a fetch in view: the same descriptors may sort in memory.
            Example(#"""
            final class ShelfModel {
                var sortBy = [SortDescriptor(\Movie.name)]
                func sortByTitle() { sortBy = [SortDescriptor(\Movie.displayTitle)] }
            }
            """#),
        ])

    static let clips = ExampleFile("Clip.swift", """
        import SwiftData

        @Model final class Clip {
            var title = ""
            @Transient var playhead = 0.0
        }
        """)

    public init() {}

    public func check(_ context: KeyPathContext) -> [Finding] {
        guard [.sort, .section].contains(context.role) else { return [] }
        return context.steps.compactMap { step in
            let name = step.nameToken.text
            let advice = "Sort the fetched array in memory (`sorted(using:)`), or keep the key in a stored property of its own"
            switch step.member?.kind {
            case .computed?, .transient?:
                let isComputed = step.member?.kind == .computed
                guard context.reports(isComputed ? Self.computed : Self.transient) else { return nil }
                return context.finding(
                    self, at: step.nameToken,
                    message: "`\(name)` is \(isComputed ? "a computed property of" : "`@Transient` on") `\(step.model)`, which the "
                        + "store does not have to \(context.role == .sort ? "sort" : "section") by. \(advice)")
            case .stored?:
                guard let next = step.next, let member = step.member,
                      case let storage = context.models.storage(of: member),
                      [.optionalStruct, .enumValue].contains(storage.kind),
                      context.reports(Self.storedValueMember) else { return nil }
                let typeName = storage.typeName
                return context.finding(
                    self, at: step.nameToken,
                    message: "`\(name)` is stored as `\(typeName)` data that the store cannot look into, so it cannot "
                        + "\(context.role == .sort ? "sort" : "section") by its `\(next.text)`. \(advice)")
            default:
                return nil
            }
        }
    }
}
