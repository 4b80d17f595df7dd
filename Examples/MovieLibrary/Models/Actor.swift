import Foundation
import SwiftData

@Model
final class Actor {
    var name: String
    var age: Int
    var nickname: String?
    var movies: [Movie]

    init(name: String, age: Int) {
        self.name = name
        self.age = age
        self.movies = []
    }
}

@Model
final class Director {
    var name: String
    @Relationship(inverse: \Movie.director) var movies: [Movie]

    init(name: String) {
        self.name = name
        self.movies = []
    }
}

@Model
final class Award {
    var title: String
    var year: Int
    var movie: Movie?

    init(title: String, year: Int) {
        self.title = title
        self.year = year
    }
}
