import Foundation
import SwiftData

enum Genre: String, Codable, CaseIterable {
    case drama, comedy, documentary
}

/// What a film earned, kept as a Codable struct inside the movie's row.
struct Earnings: Codable {
    var total: Double
    var currency: String
}

@Model
final class Movie {
    var name: String
    var year: Int
    var rating: Double
    var isFavorite: Bool
    var subtitle: String?
    var tags: [String]
    var releaseDate: Date
    var genre: Genre
    /// `genre`'s raw value, stored so that predicates can filter on it.
    var genreName: String
    @Relationship(deleteRule: .cascade) var cast: [Actor]
    var director: Director?
    var awards: [Award]?
    var earnings: Earnings?
    /// Whether the row is selected in the list: UI state, never saved.
    @Transient var isSelected = false

    init(name: String, year: Int, rating: Double = 0, releaseDate: Date = .now) {
        self.name = name
        self.year = year
        self.rating = rating
        self.isFavorite = false
        self.tags = []
        self.releaseDate = releaseDate
        self.genre = .drama
        self.genreName = Genre.drama.rawValue
        self.cast = []
    }
}
