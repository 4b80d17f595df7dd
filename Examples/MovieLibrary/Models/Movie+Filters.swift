import Foundation
import SwiftData

// Reusable predicates, kept beside the model they filter.
extension Movie {
    static func released(after year: Int) -> Predicate<Movie> {
        #Predicate { $0.year > year }
    }

    /// Fine: `starts(with:)` is the supported way to test a prefix.
    /// superfluous-disable: the comment below outlived the `hasPrefix` it was written for.
    static func titled(startingWith prefix: String) -> Predicate<Movie> {
        // predicate-lint:disable:next has-prefix - legacy search, fixed in 2.3
        #Predicate { $0.name.starts(with: prefix) }
    }

    /// has-prefix: the macro rejects `hasPrefix(_:)`.
    static func sequels(of name: String) -> Predicate<Movie> {
        #Predicate { $0.name.hasPrefix(name) && $0.year > 2000 }
    }

    /// unsupported-member: `hasSuffix(_:)` has no predicate equivalent.
    static var directorsCuts: Predicate<Movie> {
        #Predicate { $0.name.hasSuffix("Director's Cut") }
    }

    /// Fine: the sort key is computed outside the predicate, in ordinary Swift.
    var sortKey: String {
        name.lowercased().hasPrefix("the ") ? String(name.dropFirst(4)) : name
    }
}
