import SwiftData
import SwiftUI

struct MovieListView: View {
    // Fine: the guide's way to match text.
    @Query(filter: #Predicate<Movie> {
        $0.name.localizedStandardContains("titanic")
    }) private var titanicMovies: [Movie]

    // Fine: `!` on the Boolean test.
    @Query(filter: #Predicate<Movie> { !$0.cast.isEmpty }, sort: \Movie.name) private var castMovies: [Movie]

    // boolean-comparison: builds, then crashes when SwiftData runs it.
    @Query(filter: #Predicate<Movie> { $0.cast.isEmpty == false }, sort: \Movie.name) private var crashingMovies: [Movie]

    // Fine: a stored Bool compared with a literal, and an optional chain that `!` cannot negate.
    @Query(filter: #Predicate<Movie> { $0.isFavorite == true && $0.subtitle?.isEmpty == false }) private var favorites: [Movie]

    @Query private var searchResults: [Movie]

    // transient-property: `isSelected` is never saved, so the store cannot filter on it.
    @Query(filter: #Predicate<Movie> { $0.isSelected }) private var selected: [Movie]

    // computed-property: `sortKey` is computed in Movie+Filters.swift.
    @Query(filter: #Predicate<Movie> { $0.sortKey.starts(with: "A") }) private var aMovies: [Movie]

    // Fine: `name` is stored.
    @Query(filter: #Predicate<Movie> { $0.name.starts(with: "A") }) private var aNames: [Movie]

    // optional-to-many: `awards` is an optional to-many relationship.
    @Query(filter: #Predicate<Movie> { $0.awards?.isEmpty == false }) private var awarded: [Movie]

    // Fine: asked from the other side of the relationship.
    @Query(filter: #Predicate<Award> { $0.year > 2000 }) private var recentAwards: [Award]

    // unknown-member: Movie has no `title` (opt-in: `--enable-all-rules`).
    @Query(filter: #Predicate<Movie> { $0.title.localizedStandardContains("Heat") }) private var heat: [Movie]

    // Fine: in a property initializer `now` is the static member, captured as a value.
    static var now: Date { .now }
    @Query(filter: #Predicate<Movie> { $0.releaseDate < now }) private var released: [Movie]

    init(search: String) {
        // case-folded-contains: `lowercased()` is rejected; `localizedStandardContains` ignores case already.
        _searchResults = Query(filter: #Predicate { $0.name.lowercased().contains(search) }, sort: \Movie.name)
    }

    var body: some View {
        List(searchResults) { movie in
            // Fine: ordinary Swift outside any predicate.
            Text(movie.name.lowercased().contains("titanic") ? "🚢 \(movie.name)" : movie.name)
        }
    }
}
