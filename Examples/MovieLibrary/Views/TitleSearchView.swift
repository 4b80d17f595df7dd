import SwiftData
import SwiftUI

/// Typed text that reaches a predicate two calls away from its field.
struct TitleSearchView: View {
    @Environment(\.modelContext) private var context
    @State private var entered = ""
    @State private var found: [Movie] = []

    var body: some View {
        TextField("Title", text: $entered)
            .onSubmit { found = results(for: entered) }
        List(found) { Text($0.name) }
    }

    private func results(for text: String) -> [Movie] {
        (try? TitleFinder(context: context).movies(titled: text)) ?? []
    }
}

struct TitleFinder {
    let context: ModelContext

    func movies(titled title: String) throws -> [Movie] {
        // case-sensitive-contains: `title` is what the field above holds, passed on twice.
        try context.fetch(FetchDescriptor(predicate: #Predicate<Movie> { $0.name.contains(title) }))
    }

    // Fine: every call passes a fixed name, not typed text.
    func movies(inGenre genre: String) throws -> [Movie] {
        try context.fetch(FetchDescriptor(predicate: #Predicate<Movie> { $0.genreName.contains(genre) }))
    }

    func classics() throws -> [Movie] { try movies(inGenre: "Classic") }
}
