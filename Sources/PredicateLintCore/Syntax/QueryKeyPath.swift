import SwiftSyntax

/// A key path that a query hands to SwiftData beside its predicate: a sort or section key, a
/// relationship to prefetch, a property to fetch, or a model's index or uniqueness key. The
/// store resolves each of them against the schema, as it resolves a predicate's key paths, so
/// the model-aware rules judge them too.
public struct QueryKeyPath: Sendable {
    public enum Role: String, Sendable, CaseIterable {
        /// `SortDescriptor(\.x)` handed to a fetch, `@Query(sort: \.x)`.
        case sort
        /// `@Query(sectionBy: \.x)` (iOS 27).
        case section
        /// An entry of `relationshipKeyPathsForPrefetching`.
        case prefetch
        /// An entry of `propertiesToFetch`.
        case propertyToFetch
        /// A key of `#Index<Model>(…)` or `#Unique<Model>(…)`.
        case index

        /// What the store does with it, for messages: "sorting by `x`".
        public var purpose: String {
            switch self {
            case .sort: "sorting by"
            case .section: "sectioning by"
            case .prefetch: "prefetching"
            case .propertyToFetch: "fetching"
            case .index: "indexing"
            }
        }
    }

    public let role: Role
    /// `\.name`, `\Movie.director?.name`.
    public let keyPath: KeyPathExprSyntax
    /// The model the key path starts at, as written (`Movie`), where the code states it:
    /// the key path's own root, the sort descriptor's or the fetch's generic argument, the
    /// `@Query` property's element type, the model an `#Index` is declared in.
    public let rootType: String?
    /// The declarations the key path is written in, outermost first, as `PredicateSite.scope`.
    public let scope: [String]

    /// The property names of the path, in order: `director`, `name` for `\.director?.name`.
    public var properties: [TokenSyntax] {
        keyPath.components.compactMap { $0.component.as(KeyPathPropertyComponentSyntax.self)?.declName.baseName }
    }
}

/// A call that fetches with a descriptor: `context.fetchIdentifiers(d)`, `context.fetch(d,
/// batchSize: n)`, with what the code in view of it says about the descriptor's settings.
public struct FetchCall: Sendable {
    public enum Kind: String, Sendable {
        /// `fetchIdentifiers(_:)`.
        case identifiers
        /// `fetch(_:batchSize:)`.
        case batched
    }

    /// What the code says about a descriptor built in view of the fetch: in the call itself,
    /// or in a local variable of the same function.
    public struct Descriptor: Sendable {
        /// Whether it is given a non-empty `sortBy`, in its initializer or by an assignment.
        public let sorts: Bool
        /// Whether `includePendingChanges` is `true` as far as the code shows: left at
        /// SwiftData's default, or set only to the literal `true`. False where it is set to
        /// `false` or to a value the code computes (which is not judged).
        public let includesPendingChanges: Bool
    }

    public let kind: Kind
    public let call: FunctionCallExprSyntax
    /// Nil when the descriptor comes from elsewhere (a parameter, a property, a function).
    public let descriptor: Descriptor?
}
