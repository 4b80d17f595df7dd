import SwiftData
import SwiftUI

struct ActorSearchView: View {
    let pattern = /Smith|Jones/

    // regex: a regex literal builds on iOS 18 and fails when the fetch runs.
    @Query(filter: #Predicate<Actor> { $0.name.contains(/^Kate/) }) private var kates: [Actor]

    // case-sensitive-contains: misses "kate" and "Kaťe"; `localizedStandardContains` below does not.
    @Query(filter: #Predicate<Actor> { $0.name.contains("Kate") }) private var exactKates: [Actor]
    @Query(filter: #Predicate<Actor> { $0.name.localizedStandardContains("Kate") }) private var anyKates: [Actor]

    // Fine: `contains(_:)` on an array of strings is a membership test, not text matching.
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
