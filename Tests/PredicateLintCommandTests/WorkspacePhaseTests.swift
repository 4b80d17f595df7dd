import Foundation
import Testing
@testable import PredicateLintCommand
import PredicateLintCore

/// "No answer depends on what was asked before": a `Workspace` built in phases answers every
/// question about a file as one that was never told anything does (the phases only spare the
/// file system questions), whatever order the questions come in; and a phase leaves the
/// snapshot it started from as it was.
@Suite struct WorkspacePhaseTests {
    static let files = [
        "Repo/Package.swift": "let package = Package(name: \"Repo\", platforms: [.iOS(.v18)])\n",
        "Repo/Sources/Repo/Model.swift": "@Model final class Item { var price = 0 }\n",
        "Repo/Sources/Repo/.predicate-lint.json": #"{ "disabled_rules": ["has-prefix"] }"#,
        "Repo/Sources/Repo/Deep/List.swift": "let p = #Predicate<Item> { $0.price > 1 }\n",
        "Repo/Apps/Shop/Shop.xcodeproj/project.pbxproj": "IPHONEOS_DEPLOYMENT_TARGET = 17.0;\n",
        "Repo/Apps/Shop/Sources/View.swift": "let q = #Predicate<Item> { $0.price < 2 }\n",
        "Repo/Apps/Shop/.predicate-lint.json": #"{ "deployment_target": "iOS 17.4" }"#,
        "Loose/Notes/Note.swift": "let n = 1\n",
    ]

    /// Everything a run asks about a file, in one comparable line.
    static func answers(_ workspace: Workspace, _ path: String) -> String {
        let configuration = (try? workspace.configuration(for: path).get())?.path ?? "broken"
        let target = workspace.deploymentTarget(for: path).map { "\($0.target) from \($0.source)" } ?? "none"
        return "\(workspace.project(of: path).folder) | \(configuration) | \(target) | \(workspace.linter(for: path)?.configurationDigest ?? "excluded")"
    }

    @Test func phasesChangeNoAnswer() throws {
        let tree = try TemporaryTree(Self.files)
        let roots = [tree.path("Repo/Sources"), tree.path("Repo/Apps/Shop"), tree.path("Loose")]
        let fresh = try Workspace(roots: roots)
        let discovery = fresh.discoverFiles()
        let paths = discovery.files
        #expect(paths.count == 4)
        let expected = paths.map { Self.answers(fresh, $0) }
        let known = fresh.knowing(discovery)
        let resolved = known.resolving(forFiles: paths)
        for workspace in [known, resolved, fresh.resolving(forFiles: paths.reversed())] {
            #expect(paths.map { Self.answers(workspace, $0) } == expected)
            #expect(paths.reversed().map { Self.answers(workspace, $0) } == expected.reversed())
        }
        // The configuration names a target for the app; the package's manifest states one.
        #expect(expected.contains { $0.contains("iOS 17.4") } && expected.contains { $0.contains("iOS 18") })
    }

    /// A server indexes the project of a document opened in a large root on its own first:
    /// the models must be those the whole root's index gives that project.
    @Test func aProjectIndexedOnItsOwnHasTheWholeIndexsModels() throws {
        let tree = try TemporaryTree(Self.files.merging(["Repo/Sources/Repo/Local/Package.swift": "let package = Package(name: \"Local\")\n",
                                                          "Repo/Sources/Repo/Local/Extra.swift": "extension Item { var cheap: Bool { price < 2 } }\n"]) { $1 })
        let root = try Workspace(roots: [tree.path()])
        let discovery = root.discoverFiles()
        let whole = root.knowing(discovery, configurations: false).indexingModels(of: root.scan(discovery.files).files)
        for path in [tree.path("Repo/Sources/Repo/Deep/List.swift"), tree.path("Repo/Apps/Shop/Sources/View.swift")] {
            let first = try #require(root.indexingModels(ofProjectOf: path))
            #expect(first.project == Project(folder: tree.path("Repo")))
            #expect(first.workspace.models(for: path).digest == whole.models(for: path).digest)
            #expect(first.workspace.models(for: path).contributions.count == 2, "the model and its extension")
        }
        // A file of the root's own project: that is the whole index's work.
        #expect(root.indexingModels(ofProjectOf: tree.path("Loose/Notes/Note.swift")) == nil)
    }

    @Test func aPhaseLeavesItsStartingSnapshotAsItWas() throws {
        let tree = try TemporaryTree(Self.files)
        let list = tree.path("Repo/Sources/Repo/Deep/List.swift")
        let partial = try Workspace(roots: [list])
        let before = partial.project(of: list)
        let project = Project(folder: tree.path("Repo"))
        let whole = partial.includingWholeProjects([project], listed: partial.swiftFiles(in: [project.folder]))
        #expect(partial.project(of: list) == before)
        #expect(whole.project(of: tree.path("Repo/Apps/Shop/Sources/View.swift")) == project, "the app belongs to the whole package")
        #expect(partial.project(of: tree.path("Repo/Apps/Shop/Sources/View.swift")) != project)
    }
}
