import SwiftData
import SwiftUI

struct ActorSearchView: View {
    let pattern = /Smith|Jones/

    // regex: a regex literal builds on iOS 18 and fails when the fetch runs.
    @Query(filter: #Predicate<Actor> { $0.name.contains(/^Kate/) }) private var kates: [Actor]

    // Fine: a fixed name the app itself wrote, matched exactly on purpose.
    @Query(filter: #Predicate<Actor> { $0.name.contains("Kate") }) private var exactKates: [Actor]
    @Query(filter: #Predicate<Actor> { $0.name.localizedStandardContains("Kate") }) private var anyKates: [Actor]

    // stored-collection: `tags` is kept as one encoded value, so `contains` on it crashes the fetch.
    @Query(filter: #Predicate<Actor> { $0.movies.contains { $0.tags.contains("classic") } }) private var classicActors: [Actor]

    @Query private var actors: [Actor]

    var body: some View {
        // Fine: the regex runs in memory, outside any predicate.
        List(actors.filter { $0.name.contains(pattern) }) { actor in
            Text(actor.name)
        }
    }

    // regex: a captured regex constant fails the same way.
    func matchingActors() -> Predicate<Actor> {
        #Predicate { $0.name.contains(pattern) }
    }
}

/// The results for what a person types into the search field.
struct ActorSearchResults: View {
    @Query private var matches: [Actor]

    init(searchText: String, initial: Character?) {
        if let initial {
            // non-codable-capture: a `Character` is not Codable, so this does not build; capture `String(initial)`.
            _matches = Query(filter: #Predicate<Actor> { $0.name.starts(with: "A") || $0.name.contains(initial) })
        } else {
            // case-sensitive-contains: someone typing "kate" does not find "Kate"; use `localizedStandardContains`.
            _matches = Query(filter: #Predicate<Actor> { $0.name.contains(searchText) })
        }
    }

    var body: some View {
        List(matches) { actor in Text(actor.name) }
    }

    static func adults(olderThan age: Int) -> Predicate<Actor> {
        // multi-statement-body: a predicate is one expression; fold the `let` into it with `&&`.
        #Predicate<Actor> { actor in
            let isAdult = actor.age >= 18
            return isAdult && actor.age > age
        }
    }
}
