import Foundation
import PredicateLintCore

/// The deployment target each project folder states, as a value: read once, for the folders
/// a run knows it will ask about (`reading`), from each folder's package manifest or Xcode
/// project. What `Workspace` applies to a file whose configuration names none. A folder it
/// does not know is read afresh on each question, and not kept.
struct DeploymentTargetMap: Sendable {
    private let cache: ResultCache?
    private let now: @Sendable () -> Int64
    /// Project files earlier runs read for deployment targets: the run's project-file index.
    private let knownProjectFiles: [FileIdentity: KnownFile]
    /// What each folder with a package manifest or Xcode project states, once read.
    private var targetsByFolder: [String: ProjectDeploymentTarget?] = [:]
    /// Each project file read, as it was then: for servers, which must notice it change.
    private var readStamps: [String: FileStamp?] = [:]
    /// Project files read that the index did not hold: the run writes them with the rest.
    private(set) var learned: [FileIdentity: KnownFile] = [:]

    init(cache: ResultCache?, knownProjectFiles: [FileIdentity: KnownFile] = [:], now: @escaping @Sendable () -> Int64) {
        (self.cache, self.knownProjectFiles, self.now) = (cache, knownProjectFiles, now)
    }

    /// This map with what each of `folders` (folders holding a marker) states, read on all cores.
    func reading(_ folders: [String]) -> DeploymentTargetMap {
        let unread = Array(Set(folders.filter { targetsByFolder[$0] == nil })).sorted()
        guard !unread.isEmpty else { return self }
        let read = ThreadPool.parallelMap(unread) { folder in (folder, readFolder(folder)) }
        var map = self
        for (folder, read) in read {
            map.targetsByFolder[folder] = .some(read.found)
            map.readStamps.merge(read.stamps) { _, new in new }
            map.learned.merge(read.learned) { _, new in new }
        }
        return map
    }

    /// What a folder's package manifest or Xcode project states, with each project file's
    /// stamp and those the project-file index did not hold.
    private func readFolder(_ folder: String)
        -> (found: ProjectDeploymentTarget?, stamps: [String: FileStamp?], learned: [FileIdentity: KnownFile]) {
        var stamps: [String: FileStamp?] = [:]
        var learned: [FileIdentity: KnownFile] = [:]
        let found = ProjectDeploymentTarget.read(projectFolder: folder) { path, kind in
            statedTarget(inFile: path, kind: kind, stamps: &stamps, learned: &learned)
        }
        return (found, stamps, learned)
    }

    /// What the nearest of `folders` (a file's marked folders, nearest first) that states a
    /// target states, else SwiftData's oldest systems.
    func target(stated folders: [String]) -> AppliedDeploymentTarget {
        for folder in folders {
            if let found = targetsByFolder[folder] ?? readFolder(folder).found {
                return AppliedDeploymentTarget(target: found.target, source: found.sources.map { "\(folder)/\($0)" }.joined(separator: ", "))
            }
        }
        return AppliedDeploymentTarget(target: .swiftDataMinimum, source: "none stated; SwiftData's oldest systems")
    }

    /// This map with what `other` (built from an earlier snapshot of it) read for folders this
    /// one has not; what this one read stays.
    func fillingIn(from other: DeploymentTargetMap) -> DeploymentTargetMap {
        var filled = self
        filled.targetsByFolder.merge(other.targetsByFolder) { mine, _ in mine }
        filled.readStamps.merge(other.readStamps) { mine, _ in mine }
        filled.learned.merge(other.learned) { mine, _ in mine }
        return filled
    }

    /// The folders read (each with what it states), for reading them again.
    var folders: [String] { Array(targetsByFolder.keys) }

    /// This map with nothing read: a configuration or project file changed, and projects are
    /// read again.
    func forgotten() -> DeploymentTargetMap {
        var map = self
        (map.targetsByFolder, map.readStamps) = ([:], [:])
        return map
    }

    /// Whether a project file read (`Package.swift`, `project.pbxproj`) changed on disk since:
    /// a `stat` each.
    func projectFileChanged() -> Bool {
        readStamps.contains { path, stamp in FileStamp(path: path) != stamp }
    }

    /// The target a project file states. With a cache, a file whose stamp is as an earlier
    /// run saw it is known by that run's digest and not read again (a large Xcode project
    /// took milliseconds to read on every run).
    private func statedTarget(inFile path: String, kind: ProjectDeploymentTarget.SourceKind, stamps: inout [String: FileStamp?],
                              learned: inout [FileIdentity: KnownFile]) -> DeploymentTarget? {
        // Stamped before reading, as sources are.
        let stamp = FileStamp(path: path)
        stamps[path] = .some(stamp)
        guard let cache else { return ProjectDeploymentTarget.stated(inFile: path, kind: kind) }
        if let stamp, let known = knownProjectFiles[stamp.identity], known.stamp == stamp,
           let stated = cache.statedTarget(kind: kind.rawValue, digest: known.digest) {
            return stated
        }
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        let digest = SHA256.digest(data)
        let stated = ProjectDeploymentTarget.stated(in: String(decoding: data, as: UTF8.self), kind: kind)
        cache.store(statedTarget: stated, kind: kind.rawValue, digest: digest)
        if let stamp, stamp.isSettled(before: now()) {
            learned[stamp.identity] = KnownFile(stamp: stamp, digest: digest, byteOrderMark: false)
        }
        return stated
    }
}

/// A deployment target and where it was found, as `config --effective` shows it.
public struct AppliedDeploymentTarget: Sendable, Equatable {
    public let target: DeploymentTarget
    public let source: String
}
