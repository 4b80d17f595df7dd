import SwiftSyntax

/// A member of a stored `UUID` in a key path: `$0.id.uuidString`.
public struct ValueTypeMemberRule: PredicateRule, KeyPathRule {
    static let uuidMember = RuleCase(
        "a member of a stored `UUID`", failsAt: .runtime,
        evidence: .graded(.b, "three unrelated public projects quote the fatal error \"Invalid KeyPath id.uuidString "
            + "… points to a value type: UUID but has additional descendant\" (2025 onwards: a fix note that rewrote "
            + "eleven predicates, an App Intents fix log, a data-layer comment about a sort descriptor, the one "
            + "source for sort keys)"))

    /// The model types whose stored values SwiftData keeps as one value, with the evidence that a
    /// member of them fails. `Date` and `URL` are the opt-in `date-url-member`'s (grade C);
    /// `Data` and `Decimal` may fail by the same mechanism, but no report shows it.
    static let valueTypes: Set<String> = ["UUID"]

    public static let description = RuleDescription(
        id: "value-type-member",
        severity: .error,
        summary: "A key path cannot reach into a stored `UUID` (`$0.id.uuidString`)",
        rationale: """
            SwiftData keeps a `UUID` attribute as one value, and checks each key path of a \
            predicate against the model's attributes when the fetch starts. A path that goes on \
            into one of the value's members (`$0.id.uuidString == text`, also through a \
            relationship: `$0.owner?.id.uuidString`) builds, then stops the app with a fatal \
            error that `try` cannot catch: the key path "points to a value type: UUID but has \
            additional descendant". Convert the captured value instead: build \
            `UUID(uuidString: text)` before the predicate, handle a nil result there, and compare \
            `$0.id == id`. A sort key path is checked the same way (`SortDescriptor(\\.id.uuidString)` \
            stops the app too): sort by the `UUID` itself, which is `Comparable`. Members of a stored \
            `Date` or `URL` are the opt-in `date-url-member`'s: no report shows them failing yet.
            """,
        cases: [uuidMember],
        triggering: [
            Example("""
            func ticket(serial: String) -> Predicate<Ticket> {
                #Predicate<Ticket> { $0.serial.↓uuidString == serial }
            }
            """, files: [ticketModels]),
            Example("""
            func tickets(ownedBy ownerID: String) -> Predicate<Ticket> {
                #Predicate<Ticket> { $0.owner?.id.↓uuidString == ownerID }
            }
            """, files: [ticketModels]),
            Example("""
            func tickets(matching text: String) -> Predicate<Ticket> {
                #Predicate<Ticket> { $0.backup?.↓uuidString.contains(text) ?? false }
            }
            """, files: [ticketModels]),
            Example(#"let descriptor = FetchDescriptor<Ticket>(sortBy: [SortDescriptor(\.serial.↓uuidString)])"#, files: [ticketModels]),
            // iOS 27's `ResultsObserver` takes the same predicate and sort descriptors.
            Example(#"""
            func watchTickets(serial: String, in context: ModelContext) throws {
                _ = try ResultsObserver<Ticket, Never>(
                    filterBy: #Predicate { $0.serial.↓uuidString == serial },
                    sortBy: [SortDescriptor(\.owner?.id.↓uuidString)], modelContext: context)
            }
            """#, files: [ticketModels]),
            Example(#"""
            var descriptor = FetchDescriptor<Ticket>()
            descriptor.sortBy = [SortDescriptor(\.owner?.id.↓uuidString, order: .reverse)]
            """#, files: [ticketModels]),
        ],
        nonTriggering: [
            Example(#"let descriptor = FetchDescriptor<Ticket>(sortBy: [SortDescriptor(\.serial), SortDescriptor(\.owner?.id)])"#,
                    files: [ticketModels]),
            Example(#"let sorted = [Ticket]().sorted(using: SortDescriptor(\.serial.uuidString))"#, files: [ticketModels]),
            Example("""
            func ticket(serial text: String) -> Predicate<Ticket>? {
                guard let serial = UUID(uuidString: text) else { return nil }
                return #Predicate<Ticket> { $0.serial == serial }
            }
            """, files: [ticketModels]),
            // A captured value's member is worked out before the predicate runs.
            Example("""
            func tickets(like ticket: UUID) -> Predicate<Ticket> {
                let text = ticket.uuidString
                return #Predicate<Ticket> { $0.label == text }
            }
            """, files: [ticketModels]),
            // Evaluated in memory: no store, no key path check.
            Example("""
            struct Row { var serial = UUID() }
            let predicate = #Predicate<Row> { $0.serial.uuidString.isEmpty }
            """),
        ])

    static let ticketModels = ExampleFile("Ticket.swift", """
        import Foundation
        import SwiftData

        @Model final class Holder {
            var id = UUID()
        }

        @Model final class Ticket {
            var serial = UUID()
            var backup: UUID? = nil
            var label = ""
            var issued = Date()
            var owner: Holder? = nil
        }
        """)

    public init() {}

    public func check(_ context: RuleContext) -> [Finding] {
        guard context.reports(Self.uuidMember) else { return [] }
        return StoredValueMembers.uses(in: context, ofTypes: Self.valueTypes).map { use in
            context.finding(
                self, at: use.member,
                message: "`\(use.property.text)` is a stored `\(use.type)`, and a key path into its `\(use.member.text)` stops the app "
                    + "when the fetch starts; convert the captured value instead (`UUID(uuidString:)` before the predicate) "
                    + "and compare `\(use.property.text)` itself")
        }
    }

    public func check(_ context: KeyPathContext) -> [Finding] {
        guard context.reports(Self.uuidMember) else { return [] }
        return StoredValueMembers.uses(in: context, ofTypes: Self.valueTypes).map { use in
            context.finding(
                self, at: use.member,
                message: "`\(use.property.text)` is a stored `\(use.type)`, and a key path into its `\(use.member.text)` stops the app "
                    + "when the fetch starts; "
                    + (context.role == .sort ? "sort by `\(use.property.text)` itself (`\(use.type)` is `Comparable`)"
                                             : "store the text in a property of its own and section by that"))
        }
    }
}
