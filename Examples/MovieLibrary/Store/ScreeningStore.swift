import Foundation
import SwiftData

@MainActor
struct ScreeningStore {
    let context: ModelContext

    // type-check-complexity: four literals, one an `Int16`: the compiler gives up on it.
    func lastSeatsIn2D() throws -> [Screening] {
        let descriptor = FetchDescriptor<Screening>(predicate: #Predicate {
            $0.isSoldOut == false && $0.is3D == false && $0.isSubtitled == false && $0.seatsLeft < 10
        })
        return try context.fetch(descriptor)
    }

    // Fine: the same test with `!` and a typed constant type-checks at once.
    func lastSeats() throws -> [Screening] {
        let few: Int16 = 10
        let descriptor = FetchDescriptor<Screening>(predicate: #Predicate {
            !$0.isSoldOut && !$0.is3D && !$0.isSubtitled && $0.seatsLeft < few
        })
        return try context.fetch(descriptor)
    }

    // value-type-member: a key path into the stored `code`'s `uuidString` stops the app when
    // the fetch starts.
    func screening(ticket text: String) throws -> Screening? {
        let descriptor = FetchDescriptor<Screening>(predicate: #Predicate { $0.code.uuidString == text })
        return try context.fetch(descriptor).first
    }

    // Fine: the ticket's text is made a UUID before the predicate.
    func screening(scanned text: String) throws -> Screening? {
        guard let code = UUID(uuidString: text) else { return nil }
        let descriptor = FetchDescriptor<Screening>(predicate: #Predicate { $0.code == code })
        return try context.fetch(descriptor).first
    }

    // pending-changes-fetch: a sorted identifier fetch throws while unsaved changes are included.
    func upcomingIDs() throws -> [PersistentIdentifier] {
        let descriptor = FetchDescriptor<Screening>(sortBy: [SortDescriptor(\.startsAt)])
        return try context.fetchIdentifiers(descriptor)
    }

    // Fine: saved first, then fetched without pending changes.
    func upcomingSavedIDs() throws -> [PersistentIdentifier] {
        try context.save()
        var descriptor = FetchDescriptor<Screening>(sortBy: [SortDescriptor(\.startsAt)])
        descriptor.includePendingChanges = false
        return try context.fetchIdentifiers(descriptor)
    }

    func tonight() throws -> [Screening] {
        var descriptor = FetchDescriptor<Screening>(sortBy: [
            SortDescriptor(\.startsAt),
            // unstored-sort-key: the movie's `sortKey` is computed; the store has nothing to sort by.
            SortDescriptor(\.movie?.sortKey),
        ])
        // multi-hop-prefetch: only the screening's own relationships are prefetched.
        descriptor.relationshipKeyPathsForPrefetching = [\.movie, \.movie?.director]
        return try context.fetch(descriptor)
    }
}
