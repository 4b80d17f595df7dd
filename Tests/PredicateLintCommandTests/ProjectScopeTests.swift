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
}
