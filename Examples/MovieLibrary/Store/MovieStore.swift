import Foundation
import SwiftData

@MainActor
final class MovieStore {
    let context: ModelContext
    var minimumRating = 4.0

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

    // availability: `#Expression` needs iOS 18; this app supports iOS 17 (Package.swift).
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

    // captured-self: `self.` captures the store, which is not Codable.
    func acclaimed() throws -> [Movie] {
        try context.fetch(FetchDescriptor(predicate: #Predicate<Movie> { $0.rating >= self.minimumRating }))
    }

    // Fine: `minimumRating` alone captures the value when the predicate is made.
    func wellRated() throws -> [Movie] {
        try context.fetch(FetchDescriptor(predicate: #Predicate<Movie> { $0.rating >= minimumRating }))
    }

    // static-member: `Date.now` inside the predicate is a key path on the type.
    func alreadyOut() throws -> [Movie] {
        try context.fetch(FetchDescriptor(predicate: #Predicate<Movie> { $0.releaseDate < Date.now }))
    }

    // implicit-member: `.orderedSame` has no base; `same` below is the supported form.
    func exactTitle(_ title: String) throws -> [Movie] {
        let implicit = #Predicate<Movie> { $0.name.localizedCompare(title) == .orderedSame }
        let same = ComparisonResult.orderedSame
        let captured = #Predicate<Movie> { $0.name.localizedCompare(title) == same }
        return try context.fetch(FetchDescriptor(predicate: Bool.random() ? implicit : captured))
    }

    // force-unwrap: SwiftData refuses `!`; the optional chain below is the supported form.
    func byDirector(_ name: String) throws -> [Movie] {
        let forced = #Predicate<Movie> { $0.director!.name == name }
        let chained = #Predicate<Movie> { $0.director?.name == name }
        return try context.fetch(FetchDescriptor(predicate: Bool.random() ? forced : chained))
    }

    // Fine: a predicate that is always `true` failed only in iOS 17's betas.
    func everything() throws -> [Movie] {
        try context.fetch(FetchDescriptor(predicate: #Predicate<Movie> { _ in true }))
    }

    // codable-property: `genre` is stored as encoded data; comparing it throws before iOS 27 and
    // macOS 27, and this app supports iOS 17 and macOS 14 (Package.swift).
    func movies(in genre: Genre) throws -> [Movie] {
        try context.fetch(FetchDescriptor(predicate: #Predicate<Movie> { $0.genre == genre }))
    }

    // Fine: the raw value has its own stored property.
    func movies(inGenreNamed genre: Genre) throws -> [Movie] {
        let name = genre.rawValue
        return try context.fetch(FetchDescriptor(predicate: #Predicate<Movie> { $0.genreName == name }))
    }

    // coalesce-in-contains: `??` inside `contains` becomes a conditional the store cannot test with `IN`.
    func movies(subtitled subtitles: [String]) throws -> [Movie] {
        try context.fetch(FetchDescriptor(predicate: #Predicate<Movie> { subtitles.contains($0.subtitle ?? "") }))
    }

    // Fine: with an optional list the column stands alone on the left of `IN`.
    func movies(subtitledAnyOf subtitles: [String]) throws -> [Movie] {
        let optionalSubtitles: [String?] = subtitles
        return try context.fetch(FetchDescriptor(predicate: #Predicate<Movie> { optionalSubtitles.contains($0.subtitle) }))
    }

    // codable-struct-member: an opt-in rule; how an optional struct is stored is not documented.
    func highEarners() throws -> [Movie] {
        try context.fetch(FetchDescriptor(predicate: #Predicate<Movie> { $0.earnings?.total ?? 0 > 1_000_000 }))
    }

    // model-comparison: a model instance cannot be captured; `--fix` will compare IDs.
    func movies(by director: Director) throws -> [Movie] {
        try context.fetch(FetchDescriptor(predicate: #Predicate<Movie> { $0.director == director }))
    }

    // Fine: the identifier is captured instead.
    func movies(byDirectorWithID directorID: PersistentIdentifier) throws -> [Movie] {
        try context.fetch(FetchDescriptor(predicate: #Predicate<Movie> { $0.director?.persistentModelID == directorID }))
    }

    // date-arithmetic: adding seconds to a `Date` does not build here; `--fix` works the bound out first.
    func releasedAWeekBefore(_ cutoff: Date) throws -> [Movie] {
        try context.fetch(FetchDescriptor(predicate: #Predicate<Movie> { $0.releaseDate + 604_800 < cutoff }))
    }

    // coalesced-string-receiver: an opt-in rule; the `?.… ?? false` form below runs in several apps.
    func movies(subtitleContaining text: String) throws -> [Movie] {
        let coalesced = #Predicate<Movie> { ($0.subtitle ?? "").localizedStandardContains(text) }
        let chained = #Predicate<Movie> { $0.subtitle?.localizedStandardContains(text) ?? false }
        return try context.fetch(FetchDescriptor(predicate: Bool.random() ? coalesced : chained))
    }

    // date-url-member: an opt-in rule; compare whole dates worked out before the query instead.
    func releasedAfter(seconds: TimeInterval) throws -> [Movie] {
        try context.fetch(FetchDescriptor(predicate: #Predicate<Movie> { $0.releaseDate.timeIntervalSince1970 > seconds }))
    }

    // parameter-count: a predicate that keeps everything still takes the movie: `{ _ in true }`.
    func everything() throws -> [Movie] {
        try context.fetch(FetchDescriptor<Movie>(predicate: #Predicate { true }))
    }
}
