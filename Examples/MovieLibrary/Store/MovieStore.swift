import Foundation
import SwiftData

@MainActor
final class MovieStore {
    let context: ModelContext

    init(context: ModelContext) {
        self.context = context
    }

    // Fine: the date is captured before the predicate.
    func upcoming() throws -> [Movie] {
        let now = Date.now
        let descriptor = FetchDescriptor<Movie>(predicate: #Predicate { $0.releaseDate > now })
        return try context.fetch(descriptor)
    }

    // unsupported-member: `Date()` is an initializer, which the macro rejects.
    func released() throws -> [Movie] {
        let descriptor = FetchDescriptor<Movie>(predicate: #Predicate { $0.releaseDate <= Date() })
        return try context.fetch(descriptor)
    }

    // unsupported-member: `count(where:)`; `filter { … }.count` below is the supported form.
    func ensembleMovies() throws -> [Movie] {
        let crowded = #Predicate<Movie> { $0.cast.count(where: { $0.age > 60 }) > 3 }
        let supported = #Predicate<Movie> { $0.cast.filter { $0.age > 60 }.count > 3 }
        return try context.fetch(FetchDescriptor(predicate: Bool.random() ? crowded : supported))
    }

    // custom-operator: `&` has no predicate translation; `%` does.
    func evenYears() throws -> [Movie] {
        let bitwise: Predicate<Movie> = #Predicate { $0.year & 1 == 0 }
        let arithmetic: Predicate<Movie> = #Predicate { $0.year % 2 == 0 }
        return try context.fetch(FetchDescriptor(predicate: Bool.random() ? bitwise : arithmetic))
    }

    // Fine: an expression that computes a score with supported arithmetic.
    let score = #Expression<Movie, Double> { $0.rating * 2 }

    func search(_ text: String) throws -> [Movie] {
        // case-folded-contains: the macro suggests `localizedStandardContains` itself.
        let descriptor = FetchDescriptor<Movie>(
            predicate: #Predicate { $0.name.localizedCaseInsensitiveContains(text) })
        return try context.fetch(descriptor)
    }

    func castMembers(named name: String) throws -> [Movie] {
        // unsupported-member: `map` is rejected; `contains(where:)` below says the same thing.
        let mapped = #Predicate<Movie> { $0.cast.map { $0.name }.contains(name) }
        let supported = #Predicate<Movie> { $0.cast.contains { $0.name == name } }
        return try context.fetch(FetchDescriptor(predicate: Bool.random() ? mapped : supported))
    }
}
