import Foundation
import SwiftData

@Model
final class Screening {
    var startsAt: Date
    var seatsLeft: Int16
    var isSoldOut: Bool
    var is3D: Bool
    var isSubtitled: Bool
    var movie: Movie?
    /// Printed on the ticket as text.
    var code = UUID()

    init(startsAt: Date, seats: Int16) {
        self.startsAt = startsAt
        self.seatsLeft = seats
        self.isSoldOut = false
        self.is3D = false
        self.isSubtitled = false
    }
}
