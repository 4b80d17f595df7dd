import Foundation

/// Which files a file's code can see, as the compiler decides it for SwiftPM packages: a
/// target's sources see their own module and the modules of the targets and products it
/// depends on (through local packages too), and nothing else. So a SwiftData package beside
/// a Core Data package that declares classes of the same names resolves its names to its own
/// models, as the compiler does, rather than calling them ambiguous.
///
/// Wherever the manifests leave any doubt, a file sees everything, as if there were no
/// packages: a file outside every package (an Xcode app's sources; `--models` files), in a
/// package whose manifest is not written out literally, or in a target whose dependencies
/// cannot all be followed to readable manifests. Seeing more only makes more names
/// ambiguous, and an ambiguous name gets no finding.
public struct SourceModules: Sendable, Equatable {
    /// One SwiftPM target: its package's folder and its name.
    public struct Module: Sendable, Hashable, Comparable, CustomStringConvertible {
        public let package: String
        public let target: String

        public var description: String { "\(target) (\(package))" }

        public static func < (lhs: Module, rhs: Module) -> Bool { (lhs.package, lhs.target) < (rhs.package, rhs.target) }
    }

    /// Where a file sits among the packages.
    public enum Placement: Sendable, Equatable {
        /// Outside every package, or in one whose manifest could not be read.
        case unplaced
        /// In a target's source folder.
        case module(Module)
        /// In a readable package, in no target's folder: compiled into no module.
        case outsideTargets
    }

    /// By the package's folder, as the paths spell it.
    private let manifests: [String: PackageManifest]
    /// Longest first, so the nearest package folder of a path is found first.
    private let folders: [String]

    public static let none = SourceModules(manifests: [:])

    /// `manifests`: each `Package.swift` by its folder, spelled as the files' paths are.
    public init(manifests: [String: PackageManifest]) {
        self.manifests = manifests.filter(\.value.isManifest)
        folders = self.manifests.keys.sorted { ($0.utf8.count, $0) > ($1.utf8.count, $1) }
    }

    /// The manifests among a project's files (those named `Package.swift`).
    public init(files: [SourceFile]) {
        self.init(manifests: Dictionary(files.filter { Self.isManifestPath($0.path) }.map {
            (Self.folder(ofManifest: $0.path), PackageManifest(text: $0.text))
        }, uniquingKeysWith: { first, _ in first }))
    }

    public static func isManifestPath(_ path: String) -> Bool {
        path == "Package.swift" || path.hasSuffix("/Package.swift")
    }

    /// The folder of a `Package.swift` path, as the paths spell it (`""` for the current one).
    public static func folder(ofManifest path: String) -> String {
        String(path.dropLast("Package.swift".utf8.count).dropLast(path == "Package.swift" ? 0 : 1))
    }

    public var isEmpty: Bool { manifests.isEmpty }

    public func placement(of path: String) -> Placement {
        guard let folder = folders.first(where: { Self.isWithin(path, $0) }), let manifest = manifests[folder] else { return .unplaced }
        guard manifest.isReadable else { return .unplaced }
        let relative = Self.relative(path, to: folder)
        for target in manifest.targets where target.sourceFolders.contains(where: { Self.isWithin(relative, Self.normalized($0)) }) {
            return .module(Module(package: folder, target: target.name))
        }
        return .outsideTargets
    }

    /// The modules a file's code can see, its own included; nil where it may see anything.
    public func visibleModules(from path: String) -> Set<Module>? {
        guard case .module(let module) = placement(of: path) else { return nil }
        var seen: Set<Module> = [module]
        var pending = [module]
        while let next = pending.popLast() {
            guard let reached = dependencies(of: next) else { return nil }
            for module in reached where seen.insert(module).inserted { pending.append(module) }
        }
        return seen
    }

    /// Whether code that sees `visible` sees a declaration in the file at `path`.
    public func isVisible(_ path: String, from visible: Set<Module>) -> Bool {
        guard case .module(let module) = placement(of: path) else { return false }
        return visible.contains(module)
    }

    /// The modules one target depends on directly; nil where one cannot be followed.
    private func dependencies(of module: Module) -> [Module]? {
        guard let manifest = manifests[module.package],
              let target = manifest.targets.first(where: { $0.name == module.target }), target.dependenciesAreKnown else { return nil }
        var modules: [Module] = []
        for dependency in target.dependencies {
            switch dependency {
            case .target(let name):
                guard manifest.targets.contains(where: { $0.name == name }) else { return nil }
                modules.append(Module(package: module.package, target: name))
            case .byName(let name):
                if manifest.targets.contains(where: { $0.name == name }) {
                    modules.append(Module(package: module.package, target: name))
                    continue
                }
                // A product of some dependency: a local one that vends it, else a remote one.
                var found = false
                for package in manifest.packageDependencies {
                    guard package.localPath != nil else { continue }
                    guard let (folder, other) = localPackage(package, of: module.package) else { return nil }
                    if let targets = other.products[name] {
                        modules += targets.map { Module(package: folder, target: $0) }
                        found = true
                    }
                }
                if !found && !manifest.packageDependencies.contains(where: { $0.localPath == nil }) { return nil }
            case .product(let name, let packageName):
                guard let package = manifest.packageDependencies.first(where: {
                    $0.identity == packageName.lowercased() || $0.name == packageName
                }) else { return nil }
                // A remote package's sources are not among the project's files.
                guard package.localPath != nil else { continue }
                guard let (folder, other) = localPackage(package, of: module.package), let targets = other.products[name] else { return nil }
                modules += targets.map { Module(package: folder, target: $0) }
            }
        }
        return modules
    }

    private func localPackage(_ package: PackageManifest.PackageDependency, of folder: String) -> (String, PackageManifest)? {
        guard let path = package.localPath else { return nil }
        let resolved = path.hasPrefix("/") ? Self.normalized(path) : Self.normalized("\(folder)/\(path)")
        guard let manifest = manifests[resolved], manifest.isReadable else { return nil }
        return (resolved, manifest)
    }

    // MARK: Paths, as text

    static func isWithin(_ path: String, _ folder: String) -> Bool {
        folder.isEmpty || folder == "." || path.hasPrefix(folder + "/") || path == folder
    }

    static func relative(_ path: String, to folder: String) -> String {
        folder.isEmpty || folder == "." ? path : String(path.dropFirst(folder.utf8.count + 1))
    }

    /// `a/./b/../c/` as `a/c`; a leading `/` kept.
    static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." { parts.removeLast() } else { parts.append(part) }
        }
        return (path.hasPrefix("/") ? "/" : "") + parts.joined(separator: "/")
    }
}

/// One project's model indexes by what its files see: one index per set of modules a
/// package target sees; for a file of an Xcode app (a folder holding an `.xcodeproj`), what
/// lies outside the other apps' folders, since two apps are compiled apart even where a root
/// manifest or workspace holds both; every declaration for any other file (or where the
/// manifests leave doubt). Each built when first asked. Safe to ask from many threads.
public final class ModuleScopedIndexes: @unchecked Sendable {
    /// Every declaration of the project.
    public let whole: ModelIndex
    private let modules: SourceModules
    private let files: [(path: String, declarations: FileDeclarations)]
    private let seenByAll: Set<String>
    /// Folders below the project's holding an `.xcodeproj`, deepest first.
    private let appFolders: [String]
    private var byVisibleModules: [Set<SourceModules.Module>: ModelIndex] = [:]
    private var byAppFolder: [String: ModelIndex] = [:]
    private let lock = NSLock()

    /// `files` by path, in a stable order; `seenByAll`: paths every file sees whatever its
    /// module (`--models`: a target's dependencies); `appFolders`: the folders of the Xcode
    /// apps inside the project (not the project's own folder).
    public init(files: [(path: String, declarations: FileDeclarations)], modules: SourceModules, seenByAll: Set<String> = [],
                appFolders: [String] = []) {
        self.files = files
        self.modules = modules
        self.seenByAll = seenByAll
        self.appFolders = appFolders.sorted { $0.utf8.count > $1.utf8.count }
        whole = ModelIndex(files.map(\.declarations), ownModules: ModelIndex.ownModules(ofPaths: files.map(\.path)))
    }

    /// The deepest app folder holding `path`.
    private func app(of path: String) -> String? {
        appFolders.first { SourceModules.isWithin(path, $0) && path != $0 }
    }

    /// The declarations the code of the file at `path` can see.
    public func index(for path: String) -> ModelIndex {
        guard !modules.isEmpty, let visible = modules.visibleModules(from: path) else { return appIndex(for: path) }
        if let known = lock.withLock({ byVisibleModules[visible] }) { return known }
        // Built outside the lock: two threads may build the same one, and the first is kept.
        let seen = files.filter { seenByAll.contains($0.path) || modules.isVisible($0.path, from: visible) }
        let index = ModelIndex(seen.map(\.declarations), ownModules: ModelIndex.ownModules(ofPaths: seen.map(\.path)))
        return lock.withLock {
            if let first = byVisibleModules[visible] { return first }
            byVisibleModules[visible] = index
            return index
        }
    }

    /// For a file outside the packages' targets: inside an app, everything but the other apps'
    /// files (an app nested in another sees the outer one's); elsewhere, everything.
    private func appIndex(for path: String) -> ModelIndex {
        guard let app = app(of: path) else { return whole }
        if let known = lock.withLock({ byAppFolder[app] }) { return known }
        let seen = files.filter { file in
            guard !seenByAll.contains(file.path), let other = self.app(of: file.path) else { return true }
            return SourceModules.isWithin(app, other)
        }
        let index = ModelIndex(seen.map(\.declarations), ownModules: ModelIndex.ownModules(ofPaths: seen.map(\.path)))
        return lock.withLock {
            if let first = byAppFolder[app] { return first }
            byAppFolder[app] = index
            return index
        }
    }
}
