import Foundation
import PredicateLintCore

/// The deployment target each project states, read once per folder with a package manifest or
/// Xcode project: what `Workspace` applies to a file whose configuration names none.
final class DeploymentTargets: @unchecked Sendable {
    private let cache: ResultCache?
    private let now: @Sendable () -> Int64
    /// What each folder with a package manifest or Xcode project states, once read.
    private var targetsByFolder: [String: ProjectDeploymentTarget?] = [:]
    /// Project files earlier runs read for deployment targets (`statedTarget`): the run's
    /// project-file index.
    private let knownProjectFiles: [FileIdentity: KnownFile]
    /// Project files read here that the index did not hold: the run writes them with the rest.
    private var learnedProjectFiles: [FileIdentity: KnownFile] = [:]
    /// Each project file read, as it was then: for servers, which must notice it change.
    private var readStamps: [String: FileStamp?] = [:]
    private let lock = NSLock()

    init(cache: ResultCache?, knownProjectFiles: [FileIdentity: KnownFile] = [:], now: @escaping @Sendable () -> Int64) {
        self.cache = cache
        self.knownProjectFiles = knownProjectFiles
        self.now = now
    }

    /// The project files read for their targets that the project-file index did not hold.
    var learned: [FileIdentity: KnownFile] {
        lock.withLock { learnedProjectFiles }
    }

    /// What the nearest of `folders` (a file's marked folders, nearest first) that states a
    /// target states, else SwiftData's oldest systems.
    func target(stated folders: [String]) -> AppliedDeploymentTarget {
        for folder in folders {
            let found: ProjectDeploymentTarget?
            if let known = lock.withLock({ targetsByFolder[folder] }) {
                found = known
            } else {
                found = ProjectDeploymentTarget.read(projectFolder: folder, stated: statedTarget(inFile:kind:))
                lock.withLock { targetsByFolder[folder] = .some(found) }
            }
            if let found {
                return AppliedDeploymentTarget(target: found.target, source: found.sources.map { "\(folder)/\($0)" }.joined(separator: ", "))
            }
        }
        return AppliedDeploymentTarget(target: .swiftDataMinimum, source: "none stated; SwiftData's oldest systems")
    }

    /// Forgets what was read: a configuration changed, and projects are read again.
    func forget() {
        lock.withLock {
            targetsByFolder = [:]
            readStamps = [:]
        }
    }

    /// Whether a project file read (`Package.swift`, `project.pbxproj`) changed on disk since:
    /// a `stat` each.
    func projectFileChanged() -> Bool {
        lock.withLock { readStamps }.contains { path, stamp in FileStamp(path: path) != stamp }
    }

    /// The target a project file states. With a cache, a file whose stamp is as an earlier
    /// run saw it is known by that run's digest and not read again (a large Xcode project
    /// took milliseconds to read on every run).
    private func statedTarget(inFile path: String, kind: ProjectDeploymentTarget.SourceKind) -> DeploymentTarget? {
        // Stamped before reading, as sources are.
        let stamp = FileStamp(path: path)
        lock.withLock { readStamps[path] = .some(stamp) }
        guard let cache else { return ProjectDeploymentTarget.stated(inFile: path, kind: kind) }
        let known = stamp.flatMap { knownProjectFiles[$0.identity] }
        if let stamp, let known, known.stamp == stamp, let stated = cache.statedTarget(kind: kind.rawValue, digest: known.digest) {
            return stated
        }
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        let digest = SHA256.digest(data)
        let stated = ProjectDeploymentTarget.stated(in: String(decoding: data, as: UTF8.self), kind: kind)
        cache.store(statedTarget: stated, kind: kind.rawValue, digest: digest)
        if let stamp, stamp.isSettled(before: now()) {
            lock.withLock { learnedProjectFiles[stamp.identity] = KnownFile(stamp: stamp, digest: digest, byteOrderMark: false) }
        }
        return stated
    }
}

/// A deployment target and where it was found, as `config --effective` shows it.
public struct AppliedDeploymentTarget: Sendable, Equatable {
    public let target: DeploymentTarget
    public let source: String
}
