import Testing
@testable import PredicateLintCore

/// Which files a file's code sees, read from its packages' manifests as the compiler would.
@Suite struct SourceModulesTests {
    static let storeManifest = """
        // swift-tools-version: 6.0
        import PackageDescription

        let package = Package(
            name: "Store",
            platforms: [.iOS(.v17)],
            products: [.library(name: "Store", targets: ["Store", "StoreUI"])],
            dependencies: [
                .package(path: "../Shared"),
                .package(url: "https://github.com/pointfreeco/swift-dependencies.git", from: "1.0.0"),
            ],
            targets: [
                .target(name: "Store", dependencies: [
                    .product(name: "SharedKit", package: "Shared"),
                    .product(name: "Dependencies", package: "swift-dependencies"),
                ]),
                .target(name: "StoreUI", dependencies: ["Store", .target(name: "Theme")], path: "UI/StoreUI"),
                .target(name: "Theme"),
                .testTarget(name: "StoreTests", dependencies: [.byName(name: "Store")]),
            ]
        )
        """

    static let sharedManifest = """
        import PackageDescription
        let package = Package(
            name: "Shared",
            products: [.library(name: "SharedKit", targets: ["SharedKit"])],
            targets: [.target(name: "SharedKit"), .target(name: "Unused")]
        )
        """

    @Test func readsTargetsProductsAndPackages() throws {
        let manifest = PackageManifest(text: Self.storeManifest)
        #expect(manifest.isManifest && manifest.isReadable)
        #expect(manifest.name == "Store")
        #expect(manifest.targets.map(\.name) == ["Store", "StoreUI", "Theme", "StoreTests"])
        let store = try #require(manifest.targets.first)
        #expect(store.dependencies == [.product(name: "SharedKit", package: "Shared"), .product(name: "Dependencies", package: "swift-dependencies")])
        #expect(store.sourceFolders == ["Sources/Store", "Source/Store", "src/Store", "srcs/Store"])
        #expect(manifest.targets[1].sourceFolders == ["UI/StoreUI"])
        #expect(manifest.targets[1].dependencies == [.byName("Store"), .target("Theme")])
        #expect(manifest.targets[3].sourceFolders.first == "Tests/StoreTests")
        #expect(manifest.products == ["Store": ["Store", "StoreUI"]])
        #expect(manifest.packageDependencies.map(\.identity) == ["shared", "swift-dependencies"])
        #expect(manifest.packageDependencies.map(\.localPath) == ["../Shared", nil])
    }

    @Test(arguments: [
        // A name computed at build time.
        "import PackageDescription\nlet name = \"A\"\nlet package = Package(name: name, targets: [.target(name: name)])",
        // Dependencies from a variable.
        "import PackageDescription\nlet deps: [Target.Dependency] = []\nlet package = Package(name: \"A\", targets: [.target(name: \"A\", dependencies: deps)])",
    ])
    func computedManifestsLeaveTheirFilesSeeingEverything(text: String) {
        let modules = SourceModules(manifests: ["A": PackageManifest(text: text)])
        #expect(modules.visibleModules(from: "A/Sources/A/File.swift") == nil)
    }

    @Test func aFileNamedPackageThatIsNoManifestIsIgnored() {
        let protocolFile = PackageManifest(text: "public protocol Package: Identifiable { var name: String { get } }")
        #expect(!protocolFile.isManifest)
        let modules = SourceModules(manifests: ["App/Models": protocolFile])
        #expect(modules.isEmpty)
        #expect(modules.placement(of: "App/Models/Item.swift") == .unplaced)
    }

    /// A manifest is parsed behind the parse guard like every other file: one the guard refuses
    /// (50,000 `try`, which overflowed the parser's stack; nested `[`, which made it search for
    /// ever; more than the size limit) says nothing, at once, rather than stopping the run.
    @Test(arguments: [
        ("try", "import PackageDescription\nlet package = " + String(repeating: "try ", count: 50_000) + "Package(name: \"A\")\n"),
        ("nested brackets", "import PackageDescription\nlet package = Package(name: \"A\", targets: " + String(repeating: "[", count: 24) + "\n"),
        ("too large", "import PackageDescription\nlet package = Package(name: \"A\")\n" + String(repeating: "// padding\n", count: 400_000)),
    ])
    func aManifestTheGuardRefusesSaysNothing(_ name: String, _ text: String) {
        let manifest = PackageManifest(text: text)
        #expect(!manifest.isReadable, "\(name)")
        #expect(manifest.targets.isEmpty, "\(name)")
    }

    static let modules = SourceModules(manifests: [
        "Packages/Store": PackageManifest(text: storeManifest),
        "Packages/Shared": PackageManifest(text: sharedManifest),
    ])

    @Test func aTargetSeesItsDependenciesThroughLocalPackages() throws {
        func module(_ package: String, _ target: String) -> SourceModules.Module { .init(package: package, target: target) }
        #expect(Self.modules.placement(of: "Packages/Store/Sources/Store/Item.swift") == .module(module("Packages/Store", "Store")))
        #expect(Self.modules.placement(of: "Packages/Store/Package.swift") == .outsideTargets)
        #expect(Self.modules.placement(of: "App/ContentView.swift") == .unplaced)
        let fromUI = try #require(Self.modules.visibleModules(from: "Packages/Store/UI/StoreUI/List.swift"))
        #expect(fromUI == [module("Packages/Store", "StoreUI"), module("Packages/Store", "Store"), module("Packages/Store", "Theme"),
                           module("Packages/Shared", "SharedKit")])
        // A remote package's sources are not in the project; a product nobody vends is unknown.
        #expect(Self.modules.visibleModules(from: "Packages/Store/Sources/Store/Item.swift")?.count == 2)
        #expect(!Self.modules.isVisible("App/ContentView.swift", from: fromUI), "a package never sees the app")
        #expect(!Self.modules.isVisible("Packages/Shared/Sources/Unused/Old.swift", from: fromUI))
    }

    @Test func aDependencyThatCannotBeFollowedSeesEverything() {
        // `../Shared` is not among the manifests.
        let modules = SourceModules(manifests: ["Packages/Store": PackageManifest(text: Self.storeManifest)])
        #expect(modules.visibleModules(from: "Packages/Store/Sources/Store/Item.swift") == nil)
    }

    /// The pattern that silenced real findings: a SwiftData package beside a Core Data one
    /// that declares a class of the same name. The compiler resolves `Item` in the store's
    /// module to its own model; so do we, and only there.
    @Test func aSameNamedTypeInAnotherPackageNoLongerSilencesFindings() {
        let files = [
            ("Packages/Store/Package.swift", """
                import PackageDescription
                let package = Package(name: "Store", targets: [.target(name: "Store")])
                """),
            ("Packages/Store/Sources/Store/Item.swift", """
                import SwiftData
                @Model final class Item {
                    var title = ""
                    var created = Date.now
                    var isRecent: Bool { created > .now.addingTimeInterval(-86_400) }
                    init() {}
                }
                """),
            ("Packages/Store/Sources/Store/Queries.swift", """
                import SwiftData
                let recent = #Predicate<Item> { $0.isRecent }
                """),
            ("Packages/Legacy/Package.swift", """
                import PackageDescription
                let package = Package(name: "Legacy", targets: [.target(name: "Legacy")])
                """),
            ("Packages/Legacy/Sources/Legacy/Item.swift", """
                import CoreData
                final class Item: NSManagedObject { @NSManaged var title: String }
                """),
            ("App/Queries.swift", """
                import SwiftData
                let recentInApp = #Predicate<Item> { $0.isRecent }
                """),
        ].map { SourceFile(path: $0.0, text: $0.1) }
        let findings = Linter().lint(files)
        #expect(findings.map(\.path) == ["Packages/Store/Sources/Store/Queries.swift"])
        #expect(findings.map(\.ruleID) == ["computed-property"])
        // Without the manifests every file sees both classes, and `Item` is ambiguous.
        #expect(Linter().lint(files.filter { !SourceModules.isManifestPath($0.path) }).isEmpty)
    }
}
