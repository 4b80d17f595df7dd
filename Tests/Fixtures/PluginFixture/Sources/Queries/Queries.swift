#if canImport(SwiftData)
import Models
import SwiftData

// `isLong` is computed, in another target: the store does not have it.
public let longTrips = #Predicate<Trip> { $0.isLong }
#endif
