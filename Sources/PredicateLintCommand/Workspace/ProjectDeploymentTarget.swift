import Foundation
import PredicateLintCore

/// The deployment target a project states, read as text (nothing is run): `platforms:` in
/// `Package.swift`, and the `*_DEPLOYMENT_TARGET` build settings of Xcode projects (the lowest
/// value across targets and configurations wins, each inheriting from the project's). Where both a manifest and Xcode projects
/// are in the project's folder, the lowest of all wins: the app runs on the oldest.
public struct ProjectDeploymentTarget: Sendable, Equatable {
    public let target: DeploymentTarget
    /// The files it was read from, relative to the project's folder.
    public let sources: [String]

    /// The two kinds of file a project states its target in.
    public enum SourceKind: String, Sendable {
        case packageManifest = "Package.swift"
        case xcodeProject = "project.pbxproj"
    }

    /// What the project's folder states, or nil. `stated` gives a file's target, or nil when
    /// it cannot be read or states none (the workspace passes one that remembers files it
    /// has read before).
    public static func read(projectFolder folder: String,
                            stated: (_ path: String, SourceKind) -> DeploymentTarget? = stated(inFile:kind:)) -> ProjectDeploymentTarget? {
        var found: [(DeploymentTarget, String)] = []
        let entries = (FileDiscovery.directoryEntries(folder) ?? []).map(\.0).sorted()
        if entries.contains("Package.swift"), let target = stated("\(folder)/Package.swift", .packageManifest) {
            found.append((target, "Package.swift"))
        }
        var projects = entries.filter { $0.hasSuffix(".xcodeproj") }
        for workspace in entries where workspace.hasSuffix(".xcworkspace") {
            projects += projectsReferenced(by: read("\(folder)/\(workspace)/contents.xcworkspacedata") ?? "")
        }
        for project in Set(projects).sorted() {
            let file = "\(project)/project.pbxproj"
            if let target = stated("\(folder)/\(file)", .xcodeProject) { found.append((target, file)) }
        }
        guard let first = found.first else { return nil }
        let target = found.dropFirst().reduce(first.0) { $0.lowest(with: $1.0) }
        return ProjectDeploymentTarget(target: target, sources: found.map(\.1))
    }

    /// The target the file at `path` states, read now.
    public static func stated(inFile path: String, kind: SourceKind) -> DeploymentTarget? {
        read(path).flatMap { stated(in: $0, kind: kind) }
    }

    public static func stated(in text: String, kind: SourceKind) -> DeploymentTarget? {
        switch kind {
        case .packageManifest: fromPackageManifest(text)
        case .xcodeProject: fromXcodeProject(text)
        }
    }

    static func older(_ a: [Int], _ b: [Int]) -> [Int] {
        DeploymentTarget.compare(a, b) <= 0 ? a : b
    }

    private static func read(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }

    // MARK: Package.swift

    /// `platforms: [.iOS(.v17), .macOS("14.4"), .watchOS(.v10_2)]`, read from the parsed
    /// manifest (behind the parse guard, so in time linear in its size).
    public static func fromPackageManifest(_ text: String) -> DeploymentTarget? {
        PackageManifest(text: text).deploymentTarget
    }
}
