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

/// The project of each file, from the paths being linted (the roots), as a value:
///
/// - the outermost folder at or below the root that holds a marker and contains the file, so
///   local packages inside an app's folder belong to the app;
/// - else the nearest folder above the root that holds a marker, so linting `Sources` and
///   `Tests` of one package shares its models;
/// - else the root itself.
///
/// Built once from what discovery listed (`knowing`); "whole projects" are more roots, given
/// before it is built (`addingRoots`), never a change to a map in use. A folder it does not
/// know (an editor's document elsewhere) is placed by the same search, afresh on each question.
struct ProjectMap: Sendable {
    /// Standardized folders, shortest first.
    private(set) var roots: [String]
    private var markerByFolder: [String: Bool] = [:]
    private var projectByFolder: [String: Project] = [:]

    /// `roots`: the linted paths; a file root stands for its folder.
    init(roots: [String]) {
        self.roots = roots.map { root in
            let url = URL(fileURLWithPath: root).standardizedFileURL
            var isDirectory: ObjCBool = false
            let isFolder = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
            return isFolder ? url.path : url.deletingLastPathComponent().path
        }.sorted { $0.count < $1.count }
        // The folders above each root are asked about by every file under it.
        for root in self.roots {
            var above = root
            while above != "/", !above.isEmpty {
                above = Paths.folder(of: above)
                if markerByFolder[above] == nil { markerByFolder[above] = Self.listsMarker(above) }
            }
        }
    }

    /// This map with whole projects as roots too, where only part of each was linted: their
    /// files (local packages included) then belong to them as when they are linted whole.
    func addingRoots(_ folders: [String]) -> ProjectMap {
        var map = self
        map.roots = Array(Set(roots + folders)).sorted { ($0.utf8.count, $0) < ($1.utf8.count, $1) }
        map.projectByFolder = [:]
        var found: [String: Project] = [:]
        for folder in projectByFolder.keys { _ = map.locate(folder: folder, found: &found) }
        map.projectByFolder = found
        return map
    }

    /// This map with folders whose listing was read (by discovery), and whether each holds a
    /// marker: the project of each is found now, from its parent's (each folder once).
    func knowing(_ listed: [(folder: String, hasMarker: Bool)]) -> ProjectMap {
        var map = self
        map.markerByFolder.reserveCapacity(markerByFolder.count + listed.count)
        for (folder, hasMarker) in listed { map.markerByFolder[folder] = hasMarker }
        // In any order: a folder's answer is found from its parent's, which is found first.
        var found: [String: Project] = [:]
        for (folder, _) in listed { _ = map.locate(folder: folder, found: &found) }
        map.projectByFolder.merge(found) { _, new in new }
        return map
    }

    func project(of file: String) -> Project {
        let folder = Paths.folder(of: file)
        if let known = projectByFolder[folder] { return known }
        var found: [String: Project] = [:]
        return locate(folder: folder, found: &found)
    }

    /// The outermost folder holding a marker from the outermost root that holds `folder` down
    /// to `folder`; else the nearest above that root; else the root. Found from the parent's
    /// answer; what is found is added to `found`.
    private func locate(folder: String, found: inout [String: Project]) -> Project {
        if let known = projectByFolder[folder] ?? found[folder] { return known }
        let root = roots.first { Paths.isWithin(folder, folder: $0) } ?? folder
        let project: Project
        if folder != root {
            // The parent lies below the same root, so its answer was found the same way.
            let parent = locate(folder: Paths.folder(of: folder), found: &found)
            if Paths.isWithin(parent.folder, folder: root) && hasMarker(parent.folder) {
                project = parent
            } else {
                project = hasMarker(folder) ? Project(folder: folder) : parent
            }
        } else if hasMarker(root) {
            project = Project(folder: root)
        } else {
            var above = root
            var nearest: Project?
            while above != "/", nearest == nil {
                above = Paths.folder(of: above)
                if hasMarker(above) { nearest = Project(folder: above) }
            }
            project = nearest ?? Project(folder: root)
        }
        found[folder] = project
        return project
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

    func hasMarker(_ folder: String) -> Bool {
        markerByFolder[folder] ?? Self.listsMarker(folder)
    }

    private static func listsMarker(_ folder: String) -> Bool {
        FileDiscovery.directoryEntries(folder)?.contains { Project.isMarker($0.0) } ?? false
    }
}
