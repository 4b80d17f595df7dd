/// The app that every rule example lives in: two files of SwiftData models, written the way an
/// app writes them. The generic rule test lints each example as a third file beside these, so
/// model-aware rules see a model in one file, an extension in another and the predicate in the
/// example. The oracle test compiles them too, with the SwiftData attributes taken off.
public enum ExampleModels {
    public static let files: [(path: String, source: String)] = [("Models.swift", models), ("Movie+Display.swift", movieExtension)]

    public static let models = #"""
        import Foundation
        import SwiftData

        enum Genre: String, Codable { case drama, comedy, documentary }
        struct Money: Codable, Equatable { var amount: Decimal; var currency: String }
        typealias Tags = [String]

        @Model final class Movie {
            @Attribute(.unique) var name = ""
            var year = 0
            var rating = 0.0
            var isFavorite = false
            var subtitle: String? = nil
            var tags: Tags = []
            var releaseDate = Date()
            var genre = Genre.drama
            /// The genre's raw value, stored so that predicates can filter on it.
            var genreName: String = Genre.drama.rawValue
            var budget = Money(amount: 0, currency: "USD")
            var boxOffice: Money? = nil
            @Relationship(deleteRule: .cascade, inverse: \Actor.movies) var cast: [Actor] = []
            var director: Director? = nil
            var awards: [Award]? = nil
            @Transient var isSelected = false
        }

        @Model final class Actor {
            var name = ""
            var age = 0
            var nickname: String? = nil
            var movies: [Movie] = []
        }

        @Model final class Director {
            var name = ""
        }

        @Model final class Award {
            var title = ""
            var year = 0
            var movie: Movie? = nil
        }

        @Model final class Website {
            var url = ""
            var type = ""
        }

        // A mesh-network message: `Int32` fields, whose literals the type checker must infer.
        @Model final class Node {
            var number: Int32 = 0
        }

        @Model final class Message {
            var text = ""
            var isRead = false
            var isMuted = false
            var isPinned = false
            var isArchived = false
            var hops: Int32 = 0
            var sender: Node? = nil
            var relay: Node? = nil
            var via: Node? = nil
        }
        """#

    public static let movieExtension = #"""
        import Foundation

        extension Movie {
            var displayTitle: String { subtitle.map { "\(name): \($0)" } ?? name }
            var isClassic: Bool { year < 1970 }
            var castCount: Int {
                get { cast.count }
            }
        }
        """#
}
