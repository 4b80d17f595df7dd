import PredicateLintCore

/// The models of one project: the declarations of every file that can shape them, merged into
/// one `ModelIndex`, and a digest of which files (at which content) those were, so that cached
/// findings are tied to the models they were checked against. Where the project holds SwiftPM
/// packages, a file of one of their targets is checked against the declarations its module
/// can see (`SourceModules`), as the compiler resolves its names.
public struct ProjectModels: Sendable {
    public struct Contribution: Sendable, Equatable {
        public let contentDigest: ContentDigest
        public let declarations: FileDeclarations

        public init(contentDigest: ContentDigest, declarations: FileDeclarations) {
            self.contentDigest = contentDigest
            self.declarations = declarations
        }
    }

    /// A package manifest of the project, by its file's path.
    public struct Manifest: Sendable, Equatable {
        public let contentDigest: ContentDigest
        public let manifest: PackageManifest

        public init(contentDigest: ContentDigest, manifest: PackageManifest) {
            self.contentDigest = contentDigest
            self.manifest = manifest
        }
    }

    /// By file path.
    public private(set) var contributions: [String: Contribution]
    public let manifests: [String: Manifest]
    /// Files every file sees, whatever its module (`--models`: a target's dependencies).
    public let seenByAll: Set<String>
    /// The folders of the Xcode apps inside the project: an app's files do not see another's.
    public let appFolders: [String]
    /// Every declaration of the project: what a file outside the packages' targets sees.
    public var index: ModelIndex { indexes.whole }
    public private(set) var digest: String
    private let indexes: ModuleScopedIndexes

    public static let empty = ProjectModels(contributions: [:])

    public init(contributions: [String: Contribution], manifests: [String: Manifest] = [:], seenByAll: Set<String> = [],
                appFolders: [String] = []) {
        self.contributions = contributions
        self.manifests = manifests
        self.seenByAll = seenByAll
        self.appFolders = appFolders.sorted()
        let paths = contributions.keys.sorted()
        indexes = ModuleScopedIndexes(
            files: paths.map { (path: $0, declarations: contributions[$0]!.declarations) },
            modules: SourceModules(manifests: Dictionary(uniqueKeysWithValues: manifests.map {
                (SourceModules.folder(ofManifest: $0.key), $0.value.manifest)
            })),
            seenByAll: seenByAll, appFolders: appFolders)
        let manifestPaths = manifests.keys.sorted()
        digest = SHA256.digest(paths.flatMap { [$0, contributions[$0]!.contentDigest.description] }
            + manifestPaths.flatMap { ["manifest", $0, manifests[$0]!.contentDigest.description] }
            + self.appFolders.map { "app \($0)" }).description
    }

    /// The declarations the code of the file at `path` can see: its module's and its
    /// dependencies', where the manifests say; else every one.
    public func index(for path: String) -> ModelIndex {
        indexes.index(for: path)
    }

    /// The same models with one file's declarations replaced (nil: the file no longer counts).
    /// Unchanged declarations leave the models as they are, so an edit that does not touch a
    /// declaration does not make every open document look stale.
    public func replacing(_ path: String, with contribution: Contribution?) -> ProjectModels? {
        guard contributions[path]?.declarations != contribution?.declarations else { return nil }
        var changed = contributions
        changed[path] = contribution
        return ProjectModels(contributions: changed, manifests: manifests, seenByAll: seenByAll, appFolders: appFolders)
    }

    /// The same models with one package manifest replaced (nil: it is gone), or nil when its
    /// reading is unchanged.
    public func replacing(manifest path: String, with manifest: Manifest?) -> ProjectModels? {
        guard manifests[path] != manifest else { return nil }
        var changed = manifests
        changed[path] = manifest
        return ProjectModels(contributions: contributions, manifests: changed, seenByAll: seenByAll, appFolders: appFolders)
    }
}
