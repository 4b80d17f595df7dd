import Foundation
import SwiftData

/// A generic store for any model that has a name.
protocol Named: PersistentModel {
    var name: String { get }
}

@MainActor
final class Repository<Model: Named> {
    let context: ModelContext

    init(context: ModelContext) {
        self.context = context
    }

    func all() throws -> [Model] {
        try context.fetch(FetchDescriptor<Model>())
    }

    // generic-predicate: works in Debug, crashes in Release builds.
    func named(_ name: String) throws -> [Model] {
        try context.fetch(FetchDescriptor<Model>(predicate: #Predicate { $0.name == name }))
    }
}

extension Repository where Model == Movie {
    // Fine: the predicate is over the concrete model.
    func favorites() throws -> [Movie] {
        try context.fetch(FetchDescriptor<Movie>(predicate: #Predicate { $0.isFavorite }))
    }
}
