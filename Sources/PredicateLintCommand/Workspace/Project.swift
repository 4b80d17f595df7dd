import Foundation

/// An app or package: the unit whose files share models.
/// Models are shared within one project and never across projects, so two apps in one
/// repository with a model of the same name do not mix.
public struct Project: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The folder the project is named by, standardized.
    public let folder: String

    public var description: String { folder }

    public static func < (lhs: Project, rhs: Project) -> Bool { lhs.folder < rhs.folder }

    /// What marks a folder as a project's: a package manifest, an Xcode project or workspace.
    static func isMarker(_ name: String) -> Bool {
        name == "Package.swift" || name.hasSuffix(".xcodeproj") || name.hasSuffix(".xcworkspace")
    }
}

/// Finds the project of each file, from the paths being linted (the roots):
///
/// - the outermost folder at or below the root that holds a marker and contains the file, so
///   local packages inside an app's folder belong to the app;
/// - else the nearest folder above the root that holds a marker, so linting `Sources` and
///   `Tests` of one package shares its models;
/// - else the root itself.
///
/// A file under no root (an editor's document elsewhere) is placed by the same search from
/// its own folder.
final class ProjectLocator: @unchecked Sendable {
    private var roots: [String]
    private var markerByFolder: [String: Bool] = [:]
    private var projectByFolder: [String: Project] = [:]
    private let lock = NSLock()

    /// `roots`: the linted paths; a file root stands for its folder.
    init(roots: [String]) {
        self.roots = roots.map { root in
            let url = URL(fileURLWithPath: root).standardizedFileURL
            var isDirectory: ObjCBool = false
            let isFolder = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
            return isFolder ? url.path : url.deletingLastPathComponent().path
        }.sorted { $0.count < $1.count }
    }

    /// Makes whole projects roots too, where only part of each was linted: their files (local
    /// packages included) then belong to them as when they are linted whole.
    func addRoots(_ folders: [String]) {
        lock.withLock {
            roots = Array(Set(roots + folders)).sorted { ($0.count, $0) < ($1.count, $1) }
            projectByFolder = [:]
        }
    }

    func project(of file: String) -> Project {
        project(ofFolder: Paths.folder(of: file))
    }

    private func project(ofFolder folder: String) -> Project {
        if let known = lock.withLock({ projectByFolder[folder] }) { return known }
        let project = locate(folder: folder)
        lock.withLock { projectByFolder[folder] = project }
        return project
    }

    /// The outermost folder holding a marker from the outermost root that holds `folder` down
    /// to `folder`; else the nearest above that root; else the root. Found from the parent's
    /// answer (each folder is located once, however deep).
    private func locate(folder: String) -> Project {
        let roots = lock.withLock { self.roots }
        let root = roots.first { Paths.isWithin(folder, folder: $0) } ?? folder
        if folder != root {
            // The parent lies below the same root, so its answer was found the same way.
            let parent = project(ofFolder: Paths.folder(of: folder))
            if Paths.isWithin(parent.folder, folder: root) && hasMarker(parent.folder) { return parent }
            return hasMarker(folder) ? Project(folder: folder) : parent
        }
        if hasMarker(root) { return Project(folder: root) }
        var above = root
        while above != "/" {
            above = Paths.folder(of: above)
            if hasMarker(above) { return Project(folder: above) }
        }
        return Project(folder: root)
    }

    /// The folders holding a marker from the file's own folder up to its project's, nearest
    /// first: a local package inside an app is compiled for the platforms its own manifest
    /// names, so it is asked before the app.
    func markedFolders(of file: String) -> [String] {
        let project = project(of: file).folder
        var folders: [String] = []
        var folder = Paths.folder(of: file)
        while true {
            if hasMarker(folder) { folders.append(folder) }
            guard folder != project, Paths.isWithin(folder, folder: project) else { break }
            folder = Paths.folder(of: folder)
        }
        return folders
    }

    /// The folders strictly inside `project` that hold an Xcode project (`.xcodeproj`), among
    /// those holding any of `files`: each is an app compiled apart from the others. Only
    /// folders with a marker are listed, and each once.
    func appFolders(in project: Project, holding files: [String]) -> [String] {
        var candidates: Set<String> = []
        for file in files {
            var folder = Paths.folder(of: file)
            while folder != project.folder, Paths.isWithin(folder, folder: project.folder), candidates.insert(folder).inserted {
                folder = Paths.folder(of: folder)
            }
        }
        return candidates.filter { folder in
            hasMarker(folder) && (FileDiscovery.directoryEntries(folder) ?? []).contains { $0.0.hasSuffix(".xcodeproj") }
        }.sorted()
    }

    /// Folders whose listing was just read (by discovery): whether each holds a marker.
    func noteListed(_ markers: [(folder: String, hasMarker: Bool)]) {
        lock.withLock {
            markerByFolder.reserveCapacity(markerByFolder.count + markers.count)
            projectByFolder.reserveCapacity(projectByFolder.count + markers.count)
            for (folder, hasMarker) in markers { markerByFolder[folder] = hasMarker }
        }
    }

    func hasMarker(_ folder: String) -> Bool {
        if let known = lock.withLock({ markerByFolder[folder] }) { return known }
        let found = FileDiscovery.directoryEntries(folder)?.contains { Project.isMarker($0.0) } ?? false
        lock.withLock { markerByFolder[folder] = found }
        return found
    }
}
