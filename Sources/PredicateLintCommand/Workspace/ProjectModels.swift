import PredicateLintCore

/// The models of one project: the declarations of every file that can shape them, merged into
/// one `ModelIndex`, and a digest of which files (at which content) those were, so that cached
/// findings are tied to the models they were checked against.
public struct ProjectModels: Sendable {
    public struct Contribution: Sendable, Equatable {
        public let contentDigest: ContentDigest
        public let declarations: FileDeclarations

        public init(contentDigest: ContentDigest, declarations: FileDeclarations) {
            self.contentDigest = contentDigest
            self.declarations = declarations
        }
    }

    /// By file path.
    public private(set) var contributions: [String: Contribution]
    public private(set) var index: ModelIndex
    public private(set) var digest: String

    public static let empty = ProjectModels(contributions: [:])

    public init(contributions: [String: Contribution]) {
        self.contributions = contributions
        let paths = contributions.keys.sorted()
        index = ModelIndex(paths.compactMap { contributions[$0]?.declarations }, ownModules: ModelIndex.ownModules(ofPaths: paths))
        digest = SHA256.digest(paths.flatMap { [$0, contributions[$0]!.contentDigest.description] }).description
    }

    /// The same models with one file's declarations replaced (nil: the file no longer counts).
    /// Unchanged declarations leave the models as they are, so an edit that does not touch a
    /// declaration does not make every open document look stale.
    public func replacing(_ path: String, with contribution: Contribution?) -> ProjectModels? {
        guard contributions[path]?.declarations != contribution?.declarations else { return nil }
        var changed = contributions
        changed[path] = contribution
        return ProjectModels(contributions: changed)
    }
}
