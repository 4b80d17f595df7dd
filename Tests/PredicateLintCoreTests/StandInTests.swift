import Foundation
import Testing
import PredicateLintCore
import TypeCheckCalibration

/// The calibration's stand-ins: each real predicate rebuilt with only what it reads, which the
/// real macro must accept as it accepts the app's code; and what cannot be rebuilt is skipped
/// with its reason, never guessed.
@Suite struct StandInTests {
    static let models = """
        import SwiftData
        enum Stage: String, Codable, CaseIterable { case planned, underway, done }
        struct Place: Codable, Hashable {
            var city = ""
            var country: String
        }
        enum Schema {
            @Model final class Leg {
                var number = 0
                var trip: Trip?
                init() {}
            }
        }
        @Model final class Trip {
            var name = ""
            var start = Date.now
            var stage = Stage.planned
            var destination: Place?
            var legs: [Schema.Leg] = []
            var budget: Int32 = 0
            var note: String?
            var isLong: Bool { legs.count > 3 }
            init() {}
        }
        """

    static let predicates = """
        import SwiftData
        struct TripFilter {
            var nameFilter = ""
            let calendar = Calendar.current

            func startDate(after days: Int) -> Date? { calendar.date(byAdding: .day, value: days, to: .now) }

            func byName() -> Predicate<Trip> {
                #Predicate<Trip> { $0.name.localizedStandardContains(nameFilter) && $0.budget > 3 }
            }
            func since(_ trip: Trip) -> FetchDescriptor<Trip> {
                let start = trip.start
                return FetchDescriptor<Trip>(predicate: #Predicate { $0.start > start && $0.note == nil })
            }
            func upcoming() -> Predicate<Trip>? {
                guard let start = startDate(after: 7) else { return nil }
                let planned = Stage.planned.rawValue
                return #Predicate<Trip> { trip in trip.start < start && trip.stage.rawValue == planned }
            }
            func legs(of trip: Trip) -> Predicate<Schema.Leg> {
                let id = trip.persistentModelID
                return #Predicate<Schema.Leg> { leg in leg.trip?.persistentModelID == id && leg.number > 0 }
            }
            func city(_ place: Place) -> Predicate<Trip> {
                let city = place.city
                return #Predicate<Trip> { trip in
                    if let destination = trip.destination { destination.city == city } else { false }
                }
            }
            func long() -> Predicate<Trip> { #Predicate<Trip> { $0.isLong } }
            func unknown(_ value: SomeoneElses) -> Predicate<Trip> { #Predicate<Trip> { $0.name == value.name } }
            func elsewhere() -> Predicate<Trip> { #Predicate<Trip> { $0.name == globalName } }
        }
        """

    static func standIns() -> [Result<StandIn, StandIn.Skip>] {
        let files = [("Models.swift", models), ("Filters.swift", predicates)]
        let index = ModelIndex(files.map { FileDeclarations(path: $0.0, text: $0.1) })
        let types = AppTypes(files.map { AppTypes.declarations(in: SourceFile(path: $0.0, text: $0.1)) })
        return Calibration.contexts(in: SourceFile(path: "Filters.swift", text: predicates), models: index)
            .map { StandIn.make($0, types: types) }
    }

    @Test func eachPredicateIsRebuiltOrSkippedForItsReason() {
        let results = Self.standIns()
        #expect(results.count == 8)
        let built = results.compactMap { try? $0.get() }
        #expect(built.map(\.root) == ["Trip", "Trip", "Trip", "Schema.Leg", "Trip", "Trip"])
        #expect(built.map(\.rootIsWritten) == [true, false, true, true, true, true])
        let skips = results.compactMap { if case .failure(let skip) = $0 { skip } else { nil } }
        #expect(skips.map(\.category) == ["captured value: type not declared", "captured value: declaration not found"])
        // Members the predicate does not read are left out; a computed one it reads is declared.
        #expect(!built[0].source.contains("var start"))
        #expect(built[5].source.contains("var isLong: Bool { fatalError() }"))
        // The inferred input is stated for the compiler.
        #expect(built[1].source.contains("let _: Predicate<Trip> = #Predicate {"))
        // Captured values become parameters, typed as the app's code makes them.
        #expect(built[2].source.contains("static func predicate(start: Date, planned: String)"))
        #expect(built[3].source.contains("static func predicate(id: PersistentIdentifier)"))
        #expect(built[4].source.contains("struct Place: Codable, Hashable {"))
    }

    @Test(.enabled(if: Oracle.isAvailable, "needs swiftc"))
    func theRealMacroAcceptsEveryStandIn() throws {
        for standIn in Self.standIns().compactMap({ try? $0.get() }) {
            let output = try Oracle.compilerOutput(for: standIn.source)
            #expect(!output.contains("error:"), "\(standIn.source.suffix(600))\n\(output)")
        }
    }

    @Test func theTallyIsTheRulesOwn() throws {
        let tallies = Self.standIns().compactMap { try? $0.get().tally }
        // `budget > 3`: an integer literal against `Int32`.
        #expect(tallies[0].literalsOfOtherType == 1 && tallies[0].methodCalls == 1)
        #expect(tallies[3].capturedThroughOptionalChains == 1)
        #expect(ComparisonKind.kinds(of: tallies[0]).map(\.name) == ["lit_int32", "call_lsc"])
    }
}
