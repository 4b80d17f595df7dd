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

/// A call that fetches with a descriptor (`context.fetch(d)`, `context.fetchIdentifiers(d)`,
/// `context.fetch(d, batchSize: n)` …), with what the code in view of it says about the
/// descriptor's settings. A rule over fetches picks the kinds and settings it judges.
public struct FetchCall: Sendable {
    /// Which of `ModelContext`'s fetches, told by its name and argument labels.
    public enum Kind: String, Sendable, CaseIterable {
        /// `fetch(_:)`.
        case fetch
        /// `fetch(_:batchSize:)`.
        case batched
        /// `fetchIdentifiers(_:)`.
        case identifiers
        /// `fetchIdentifiers(_:batchSize:)`.
        case batchedIdentifiers
        /// `fetchCount(_:)`.
        case count

        /// Each kind's method and the labels of its arguments after the descriptor.
        static let shapes: [(kind: Kind, name: String, labels: [String])] = [
            (.fetch, "fetch", []), (.batched, "fetch", ["batchSize"]),
            (.identifiers, "fetchIdentifiers", []), (.batchedIdentifiers, "fetchIdentifiers", ["batchSize"]),
            (.count, "fetchCount", []),
        ]
        static let names = Set(shapes.map(\.name))

        init?(name: String, labels: [String]) {
            guard let shape = Self.shapes.first(where: { $0.name == name && $0.labels == labels }) else { return nil }
            self = shape.kind
        }
    }

    /// What the code says about a descriptor built in view of the fetch: in the call itself,
    /// or in a local variable of the same function.
    public struct Descriptor: Sendable {
        /// One thing the code does to a setting: gives it a value (an initializer's argument,
        /// `d.fetchLimit = 10`), or appends to it (`d.sortBy.append(…)`: `value` is nil).
        public struct Change: Sendable {
            public let setting: String
            public let value: ExprSyntax?
        }

        /// In the order the code makes them: the initializer's arguments, then the statements
        /// of the function that holds the descriptor.
        public let changes: [Change]

        /// The changes to one setting, in order.
        public func changes(to setting: String) -> [Change] {
            changes.filter { $0.setting == setting }
        }
    }

    public let kind: Kind
    public let call: FunctionCallExprSyntax
    /// Nil when the descriptor comes from elsewhere (a parameter, a property, a function).
    public let descriptor: Descriptor?
}
