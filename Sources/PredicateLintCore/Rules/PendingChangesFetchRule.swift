import SwiftSyntax

/// A sorted identifier fetch, or a batched fetch, that leaves `includePendingChanges` at `true`.
public struct PendingChangesFetchRule: FetchCallRule {
    static let sortedIdentifiers = RuleCase(
        "`fetchIdentifiers` with a sorted descriptor that includes pending changes", failsAt: .runtime,
        evidence: .graded(.a, "an Apple Frameworks Engineer on Apple's forums (thread 762924, iOS 18): an identifier fetch "
            + "cannot sort while it includes pending changes, and setting `includePendingChanges = false` avoids "
            + "`SwiftDataError.sortingPendingChangesWithIdentifiers`"))
    static let batched = RuleCase(
        "`fetch(_:batchSize:)` with a descriptor that includes pending changes", failsAt: .runtime,
        evidence: .graded(.c, "Apple documents the error `SwiftDataError.includePendingChangesWithBatchSize` and that "
            + "`includePendingChanges` defaults to true (grade A for both); that this call throws it rests on the error's "
            + "name and one public skill file that says it checked the throw"))

    public static let description = RuleDescription(
        id: "pending-changes-fetch",
        severity: .error,
        summary: "Sorted identifier fetches and batched fetches throw while pending changes are included",
        rationale: """
            A `FetchDescriptor` includes the context's unsaved changes unless told otherwise \
            (`includePendingChanges` is `true` by default). Two fetches cannot do that and throw \
            instead: `fetchIdentifiers(_:)` with a descriptor that sorts \
            (`SwiftDataError.sortingPendingChangesWithIdentifiers`), and `fetch(_:batchSize:)` \
            (`SwiftDataError.includePendingChangesWithBatchSize`). Under `try?` the result \
            silently becomes `nil`. Save the context, then fetch with \
            `descriptor.includePendingChanges = false`; or fetch the identifiers unsorted and \
            order them afterwards. Turning the flag off without saving first is not a safe \
            rewrite: the fetch then misses the unsaved models, and one report (FB17593538, \
            macOS 15.4) saw an unsaved child lose its parent after such a fetch. Reported only \
            where the descriptor is built in view of the call.
            """,
        cases: [sortedIdentifiers, batched],
        triggering: [
            Example(#"""
            func newestIDs(in context: ModelContext) throws -> [PersistentIdentifier] {
                let descriptor = FetchDescriptor<Movie>(sortBy: [SortDescriptor(\.releaseDate, order: .reverse)])
                return try context.↓fetchIdentifiers(descriptor)
            }
            """#),
            Example(#"""
            func newestIDs(in context: ModelContext) throws -> [PersistentIdentifier] {
                var descriptor = FetchDescriptor<Movie>()
                descriptor.sortBy = [SortDescriptor(\.year)]
                descriptor.fetchLimit = 50
                return try context.↓fetchIdentifiers(descriptor)
            }
            """#),
            Example(#"""
            func allMovies(in context: ModelContext) throws -> [Movie] {
                try context.↓fetch(FetchDescriptor<Movie>(), batchSize: 100)
            }
            """#),
        ],
        nonTriggering: [
            Example(#"""
            func newestIDs(in context: ModelContext) throws -> [PersistentIdentifier] {
                try context.save()
                var descriptor = FetchDescriptor<Movie>(sortBy: [SortDescriptor(\.releaseDate, order: .reverse)])
                descriptor.includePendingChanges = false
                return try context.fetchIdentifiers(descriptor)
            }
            """#),
            // Unsorted identifiers, and a batched fetch without pending changes.
            Example(#"""
            func ids(in context: ModelContext) throws -> [PersistentIdentifier] {
                try context.fetchIdentifiers(FetchDescriptor<Movie>())
            }
            """#),
            Example(#"""
            func allMovies(in context: ModelContext) throws -> [Movie] {
                try context.save()
                var descriptor = FetchDescriptor<Movie>()
                descriptor.includePendingChanges = false
                return try context.fetch(descriptor, batchSize: 100)
            }
            """#),
            // A setting the code computes is not judged.
            Example(#"""
            func newestIDs(in context: ModelContext, includingUnsaved: Bool) throws -> [PersistentIdentifier] {
                var descriptor = FetchDescriptor<Movie>(sortBy: [SortDescriptor(\.year)])
                descriptor.includePendingChanges = includingUnsaved
                return try context.fetchIdentifiers(descriptor)
            }
            """#),
            // Built elsewhere: its settings are not in view.
            Example(#"""
            func ids(in context: ModelContext, matching descriptor: FetchDescriptor<Movie>) throws -> [PersistentIdentifier] {
                try context.fetchIdentifiers(descriptor)
            }
            """#),
        ])

    public static let anchorWords = ["fetchIdentifiers", "batchSize", "includePendingChanges"]

    public init() {}

    public func check(_ context: FetchCallContext) -> [Finding] {
        let fetch = context.fetch
        guard let descriptor = fetch.descriptor, let callee = fetch.call.calleeToken else { return [] }
        // Left at SwiftData's default, or set to `true`: a value the code computes is not judged.
        guard Self.includesPendingChanges(descriptor) else { return [] }
        switch fetch.kind {
        case .identifiers:
            guard Self.sorts(descriptor), context.reports(Self.sortedIdentifiers) else { return [] }
            return [context.finding(
                self, at: callee,
                message: "`fetchIdentifiers` throws `sortingPendingChangesWithIdentifiers` when its descriptor sorts while "
                    + "`includePendingChanges` is true (the default). Save the context, then fetch with "
                    + "`includePendingChanges = false`; or fetch unsorted and order the identifiers afterwards")]
        case .batched:
            guard context.reports(Self.batched) else { return [] }
            return [context.finding(
                self, at: callee,
                message: "`fetch(_:batchSize:)` throws `includePendingChangesWithBatchSize` while the descriptor's "
                    + "`includePendingChanges` is true (the default). Save the context, then fetch with "
                    + "`includePendingChanges = false`")]
        case .fetch, .batchedIdentifiers, .count:
            return []
        }
    }

    /// Whether the descriptor sorts: the last change to `sortBy` appends to it, or gives it
    /// anything but the literal `[]` (a variable holding sort descriptors is taken to hold some).
    static func sorts(_ descriptor: FetchCall.Descriptor) -> Bool {
        guard let last = descriptor.changes(to: "sortBy").last else { return false }
        guard let value = last.value else { return true }
        return value.withoutParentheses.as(ArrayExprSyntax.self).map { !$0.elements.isEmpty } ?? true
    }

    /// `true` as far as the code shows: left at SwiftData's default, or set only to the
    /// literal `true`.
    static func includesPendingChanges(_ descriptor: FetchCall.Descriptor) -> Bool {
        descriptor.changes(to: "includePendingChanges").allSatisfy {
            $0.value?.as(BooleanLiteralExprSyntax.self)?.literal.tokenKind == .keyword(.true)
        }
    }
}
