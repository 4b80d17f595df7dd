import Foundation
import Testing
@testable import PredicateLintCommand

/// Models are shared within one project and never across projects: a repository can hold
/// several apps with unrelated models of the same name.
@Suite struct ProjectScopeTests {
    static let predicate = "let p = #Predicate<Item> { $0.isCheap }\n"

    func rules(_ output: CommandOutput, in file: String) -> [String] {
        output.standardOutput.split(separator: "\n").filter { $0.contains(file) }.compactMap { line in
            line.split(separator: "[").last.map { String($0.dropLast()) }
        }
    }

    @Test func twoAppsWithAModelOfTheSameNameDoNotMix() throws {
        let tree = try TemporaryTree([
            "Shop/Shop.xcodeproj/project.pbxproj": "// Xcode project\n",
            "Shop/Models/Item.swift": "@Model final class Item {\n var price = 0\n var isCheap: Bool { price < 10 }\n}\n",
            "Shop/Views/List.swift": Self.predicate,
            "Blog/Package.swift": "// swift-tools-version: 6.0\n",
            "Blog/Sources/Blog/Item.swift": "@Model final class Item {\n var isCheap = false\n}\n",
            "Blog/Sources/Blog/List.swift": Self.predicate,
        ])
        let output = Command.run(["--no-cache", tree.path()])
        #expect(rules(output, in: "Shop/Views/List.swift") == ["computed-property"])
        #expect(rules(output, in: "Blog/Sources/Blog/List.swift") == [])
    }

    /// Two Xcode apps under a root manifest whose targets hold neither, or under a root
    /// workspace: each app sees its own models and the shared package's, never the other
    /// app's. Before, the two `Item`s made the name ambiguous and every model finding of both
    /// apps was dropped.
    @Test(arguments: ["Package.swift", "All.xcworkspace/contents.xcworkspacedata"])
    func twoAppsUnderOneRootDoNotMix(_ rootMarker: String) throws {
        let tree = try TemporaryTree([
            rootMarker: rootMarker.hasSuffix(".swift")
                ? "// swift-tools-version: 6.0\nimport PackageDescription\nlet package = Package(name: \"Tools\", targets: [.executableTarget(name: \"Lint\", path: \"Tools/Lint\")])\n"
                : "<Workspace version = \"1.0\"></Workspace>\n",
            "Tools/Lint/main.swift": "print(1)\n",
            "Shop/Shop.xcodeproj/project.pbxproj": "// Xcode project\n",
            "Shop/Models/Item.swift": "@Model final class Item {\n var price = 0\n var isCheap: Bool { price < 10 }\n}\n",
            "Shop/Views/List.swift": Self.predicate + "let q = #Predicate<Tag> { $0.isHidden }\n",
            "Blog/Blog.xcodeproj/project.pbxproj": "// Xcode project\n",
            "Blog/Item.swift": "@Model final class Item {\n var isCheap = false\n}\n",
            "Blog/List.swift": Self.predicate + "let q = #Predicate<Tag> { $0.isHidden }\n",
            "Shared/Tag.swift": "@Model final class Tag {\n var name = \"\"\n var isHidden: Bool { name.isEmpty }\n}\n",
        ])
        let output = Command.run(["--no-cache", tree.path()])
        #expect(rules(output, in: "Shop/Views/List.swift") == ["computed-property", "computed-property"], "\(output.standardOutput)")
        #expect(rules(output, in: "Blog/List.swift") == ["computed-property"], "only the shared Tag's: \(output.standardOutput)")
    }

    @Test func aLocalPackageInsideAnAppBelongsToTheApp() throws {
        let tree = try TemporaryTree([
            "App/App.xcodeproj/project.pbxproj": "// Xcode project\n",
            "App/Packages/Core/Package.swift": "// swift-tools-version: 6.0\n",
            "App/Packages/Core/Sources/Core/Item.swift": "@Model final class Item {\n var price = 0\n var isCheap: Bool { price < 10 }\n}\n",
            "App/Sources/List.swift": Self.predicate,
        ])
        let output = Command.run(["--no-cache", tree.path()])
        #expect(rules(output, in: "App/Sources/List.swift") == ["computed-property"])
        let workspace = try Workspace(roots: [tree.path()])
        #expect(workspace.project(of: tree.path("App/Packages/Core/Sources/Core/Item.swift"))
                == workspace.project(of: tree.path("App/Sources/List.swift")))
    }

    /// A SwiftData package beside a Core Data package with a class of the same name: the
    /// store's files see their own module (as the compiler does), so its model is no longer
    /// ambiguous there; the app, which may import both, still sees both. The manifests count
    /// for the cache: a store that comes to depend on the legacy package sees both again.
    @Test func aPackageTargetSeesOnlyWhatItsManifestsLetItSee() throws {
        let manifest = { (name: String, dependencies: String) in
            "// swift-tools-version: 6.0\nimport PackageDescription\nlet package = Package(name: \"\(name)\", products: [.library(name: \"\(name)\", targets: [\"\(name)\"])], \(dependencies)targets: [.target(name: \"\(name)\"\(dependencies.isEmpty ? "" : ", dependencies: [\"Legacy\"]"))])\n"
        }
        let tree = try TemporaryTree([
            "App/App.xcodeproj/project.pbxproj": "// Xcode project\n",
            "App/Packages/Store/Package.swift": manifest("Store", ""),
            "App/Packages/Store/Sources/Store/Item.swift": "@Model final class Item {\n var price = 0\n var isCheap: Bool { price < 10 }\n}\n",
            "App/Packages/Store/Sources/Store/List.swift": Self.predicate,
            "App/Packages/Legacy/Package.swift": manifest("Legacy", ""),
            "App/Packages/Legacy/Sources/Legacy/Item.swift": "final class Item: NSManagedObject {\n @NSManaged var price: Int\n}\n",
            "App/Sources/List.swift": Self.predicate,
        ])
        let arguments = ["--cache-path", tree.path("cache"), tree.path("App")]
        for _ in 0..<2 {
            let output = Command.run(arguments)
            #expect(rules(output, in: "Store/Sources/Store/List.swift") == ["computed-property"])
            #expect(rules(output, in: "App/Sources/List.swift") == [])
        }
        #expect(rules(Command.run(["--no-cache", tree.path("App/Packages/Store/Sources")]), in: "Store/List.swift") == ["computed-property"])
        try tree.write("App/Packages/Store/Package.swift", Data(manifest("Store", "dependencies: [.package(path: \"../Legacy\")], ").utf8))
        #expect(rules(Command.run(arguments), in: "Store/Sources/Store/List.swift") == [])

        // A server's workspace takes an edited manifest (an editor's buffer) as it is.
        var workspace = try Workspace(roots: [tree.path("App")])
        let discovery = workspace.discoverFiles()
        workspace = workspace.knowing(discovery).indexingModels(of: workspace.scan(discovery.files).files)
        let list = tree.path("App/Packages/Store/Sources/Store/List.swift")
        #expect(!workspace.models(for: list).index(for: list).isModel("Item"), "the store sees both classes")
        let storeManifest = tree.path("App/Packages/Store/Package.swift")
        let updated = try #require(workspace.updatingManifest(storeManifest, text: manifest("Store", "")))
        #expect(updated.workspace.models(for: list).index(for: list).isModel("Item"), "the store sees only its model")
        #expect(!workspace.models(for: list).index(for: list).isModel("Item"), "the snapshot it came from is as it was")
        #expect(updated.workspace.updatingManifest(storeManifest, text: manifest("Store", "")) == nil, "unchanged")
    }

    @Test func withoutMarkersTheLintedPathIsOneProject() throws {
        let tree = try TemporaryTree([
            "Models/Item.swift": "@Model final class Item {\n var price = 0\n var isCheap: Bool { price < 10 }\n}\n",
            "Views/List.swift": Self.predicate,
        ])
        #expect(rules(Command.run(["--no-cache", tree.path()]), in: "Views/List.swift") == ["computed-property"])
    }

    /// Linting `Sources` and `Tests` of one package shares the package's models.
    @Test func lintedPathsInsideOnePackageShareIt() throws {
        let tree = try TemporaryTree([
            "Package.swift": "// swift-tools-version: 6.0\n",
            "Sources/Store/Item.swift": "@Model final class Item {\n var price = 0\n var isCheap: Bool { price < 10 }\n}\n",
            "Tests/StoreTests/ListTests.swift": Self.predicate,
        ])
        let output = Command.run(["--no-cache", tree.path("Sources"), tree.path("Tests")])
        #expect(rules(output, in: "Tests/StoreTests/ListTests.swift") == ["computed-property"])
    }

    /// Each folder's project is found from its parent's; whatever order folders are asked in,
    /// the answer is the rule's: the outermost marked folder from the outermost root down,
    /// else the nearest marked folder above that root, else the root.
    @Test(arguments: [false, true])
    func projectsFollowTheRuleInAnyOrder(deepestFirst: Bool) throws {
        let tree = try TemporaryTree([
            "Repo/Package.swift": "",
            "Repo/Sources/A/B/C/File.swift": "",
            "Repo/Apps/Shop/Shop.xcodeproj/project.pbxproj": "",
            "Repo/Apps/Shop/Sources/Deep/Er/File.swift": "",
            "Repo/Apps/Shop/Packages/Kit/Package.swift": "",
            "Repo/Apps/Shop/Packages/Kit/Sources/Kit/File.swift": "",
            "Loose/Notes/Deeper/File.swift": "",
            "Loose/Other.xcworkspace/contents.xcworkspacedata": "",
        ])
        let roots = [tree.path("Repo/Apps"), tree.path("Repo/Sources/A"), tree.path("Loose/Notes")]
        let locator = ProjectMap(roots: roots)
        let files = ["Repo/Sources/A/B/C/File.swift", "Repo/Apps/Shop/Sources/Deep/Er/File.swift",
                     "Repo/Apps/Shop/Packages/Kit/Sources/Kit/File.swift", "Loose/Notes/Deeper/File.swift",
                     "Repo/Apps/Shop/Packages/Kit/Package.swift", "Repo/Package.swift"].map { tree.path($0) }
        // The rule, written out: walk down from the root, then up above it.
        func marked(_ folder: String) -> Bool {
            ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).contains(where: Project.isMarker)
        }
        func expected(_ file: String) -> String {
            let folder = (file as NSString).deletingLastPathComponent
            let root = roots.first { folder == $0 || folder.hasPrefix($0 + "/") } ?? folder
            var candidate = root
            if marked(candidate) { return candidate }
            for component in folder.dropFirst(root.count).split(separator: "/") {
                candidate += "/" + component
                if marked(candidate) { return candidate }
            }
            var above = root
            while above != "/" {
                above = (above as NSString).deletingLastPathComponent
                if marked(above) { return above }
            }
            return root
        }
        let order = deepestFirst ? files.sorted { $0.count > $1.count } : files.sorted { $0.count < $1.count }
        for file in order { #expect(locator.project(of: file).folder == expected(file), "\(file)") }
        #expect(locator.project(of: files[0]).folder == tree.path("Repo"))
        #expect(locator.project(of: files[2]).folder == tree.path("Repo/Apps/Shop"))
        #expect(locator.project(of: files[3]).folder == tree.path("Loose"))
    }
}
