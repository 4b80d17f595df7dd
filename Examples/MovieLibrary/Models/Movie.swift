import Foundation
import SwiftData

@Model
final class Movie {
    var name: String
    var year: Int
    var rating: Double
    var isFavorite: Bool
    var subtitle: String?
    var tags: [String]
    var releaseDate: Date
    @Relationship(deleteRule: .cascade) var cast: [Actor]
    var director: Director?

    init(name: String, year: Int, rating: Double = 0, releaseDate: Date = .now) {
        self.name = name
        self.year = year
        self.rating = rating
        self.isFavorite = false
        self.tags = []
        self.releaseDate = releaseDate
        self.cast = []
    }
}
