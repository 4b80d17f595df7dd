import Foundation
import Testing
@testable import PredicateLintCommand
import PredicateLintCore
import SyntheticCorpus

/// The deployment target, found where the project states it (read as text), or configured.
@Suite struct DeploymentTargetTests {
    @Test(arguments: [
        ("platforms: [.iOS(.v17), .macOS(.v14)]", "iOS 17, macOS 14"),
        (#"platforms: [.iOS("17.4"), .macOS("14.4")]"#, "iOS 17.4, macOS 14.4"),
        ("platforms: [.macOS(.v10_15), .watchOS(.v10), .tvOS(.v17), .visionOS(.v1)]", "macOS 10.15, tvOS 17, watchOS 10, visionOS 1"),
        ("platforms: [\n  // .iOS(.v16),\n  .iOS(.v18), /* .macOS(.v13) */ .macOS(.v15)\n]", "iOS 18, macOS 15"),
    ])
    func swiftPackageManifests(_ platforms: String, _ expected: String) {
        let manifest = "// swift-tools-version: 6.0\nimport PackageDescription\nlet package = Package(name: \"App\", \(platforms), targets: [])\n"
        #expect(ProjectDeploymentTarget.fromPackageManifest(manifest)?.description == expected)
    }

    @Test func aManifestWithoutPlatformsStatesNothing() {
        #expect(ProjectDeploymentTarget.fromPackageManifest("let package = Package(name: \"App\", targets: [])") == nil)
    }

    /// Two configurations and two targets: the lowest value of each platform wins.
    @Test func xcodeBuildSettings() {
        let project = """
            /* Debug */ = { buildSettings = { IPHONEOS_DEPLOYMENT_TARGET = 17.4; MACOSX_DEPLOYMENT_TARGET = 14.0; }; };
            /* Release */ = { buildSettings = { IPHONEOS_DEPLOYMENT_TARGET = 17.4; MACOSX_DEPLOYMENT_TARGET = 14.0; }; };
            /* Widget Debug */ = { buildSettings = { IPHONEOS_DEPLOYMENT_TARGET = "17.0"; XROS_DEPLOYMENT_TARGET = 1.1; }; };
            /* Watch Release */ = { buildSettings = { WATCHOS_DEPLOYMENT_TARGET = 10.2; TVOS_DEPLOYMENT_TARGET = 17.0; }; };
            """
        #expect(ProjectDeploymentTarget.fromXcodeProject(project)?.description == "iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.2, visionOS 1.1")
    }

    /// A `project.pbxproj` with the project's configurations and each target's.
    static func xcodeProject(project: String, targets: [(type: String, settings: String)]) -> String {
        var objects = """
            /* Begin XCBuildConfiguration section */
            P1 /* Debug */ = { isa = XCBuildConfiguration; buildSettings = { \(project) SWIFT_VERSION = 5.0; }; name = Debug; };
            P2 /* Release */ = { isa = XCBuildConfiguration; buildSettings = { \(project) }; name = Release; };
            PL = { isa = XCConfigurationList; buildConfigurations = ( P1 /* Debug */, P2 /* Release */, ); };
            R = { isa = PBXProject; buildConfigurationList = PL /* Build configuration list for PBXProject "App" */; };

            """
        for (index, target) in targets.enumerated() {
            objects += """
                T\(index)D /* Debug */ = { isa = XCBuildConfiguration; buildSettings = { \(target.settings) INFOPLIST_KEY_UILaunchScreen_Generation = YES; }; name = Debug; };
                T\(index)R /* Release */ = { isa = XCBuildConfiguration; buildSettings = { \(target.settings) }; name = Release; };
                T\(index)L = { isa = XCConfigurationList; buildConfigurations = ( T\(index)D /* Debug */, T\(index)R /* Release */, ); };
                T\(index) /* Target */ = { isa = PBXNativeTarget; buildConfigurationList = T\(index)L; name = "T\(index)"; productType = "com.apple.product-type.\(target.type)"; shellScript = "echo \\"}\\" /* not a comment */"; };

                """
        }
        return "// !$*UTF8*$!\n{\n\tarchiveVersion = 1;\n\tobjects = {\n" + objects + "\t};\n\trootObject = R;\n}\n"
    }

    /// The property-list reader finds what the regular expressions it replaced found, on awkward
    /// but well-formed text and on every `project.pbxproj` of the apps named by
    /// `PREDICATE_LINT_SKELETON_CORPUS` (when set). The expressions stay here as the oracle.
    @Test func thePropertyListReaderFindsWhatThePatternsFound() {
        var texts = [
            Self.xcodeProject(project: "MACOSX_DEPLOYMENT_TARGET = 13.0;", targets: [(type: "application", settings: "SDKROOT = iphoneos ;")]),
            "XIPHONEOS_DEPLOYMENT_TARGET = 1; IPHONEOS_DEPLOYMENT_TARGET=17.0 ;_IPHONEOS_DEPLOYMENT_TARGET = \"16\";",
            "RECOMMENDED_MACOSX_DEPLOYMENT_TARGET = 10.9; MACOSX_DEPLOYMENT_TARGET = 14; MACOSX_DEPLOYMENT_TARGET = x; TVOS_DEPLOYMENT_TARGET\n=\n17.2\n;",
            "SDKROOT = \"x\" y; SDKROOT = macosx; path = Sources/App; /* SDKROOT = no; */",
            "filename = a; productName = b; \"name\" = c; name = \"My App\"; name = d;",
            "buildConfigurationList=X1; buildConfigurations = ( A, B /* b */ , ); buildConfigurations = (C,);",
            "SUPPORTED_PLATFORMS = \"iphoneos iphonesimulator\"; SUPPORTED_PLATFORMS = macosx;",
        ]
        if let root = ProcessInfo.processInfo.environment["PREDICATE_LINT_SKELETON_CORPUS"] {
            let projects = (FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String } ?? [])
                .filter { $0.hasSuffix("project.pbxproj") }
            texts += projects.compactMap { try? String(contentsOfFile: "\(root)/\($0)", encoding: .utf8) }
        }
        let setting = /\b([A-Z]+_DEPLOYMENT_TARGET)\s*=\s*"?(\d+(?:\.\d+)*)"?\s*;/
        for text in texts.map({ Substring($0) }) {
            let uncommented = Substring(text.replacing(/\/\*[^*]*\*\//, with: ""))
            let expected = uncommented.matches(of: setting).compactMap { match -> String? in
                ProjectDeploymentTarget.buildSettings[String(match.1)] == nil ? nil : "\(match.1)=\(match.2)"
            }
            let assignments = PropertyListText.assignments(in: text)
            let found = assignments.compactMap { assignment -> String? in
                guard case .scalar(let value) = assignment.value, ProjectDeploymentTarget.buildSettings[String(assignment.key)] != nil,
                      DeploymentTarget.version(value) != nil else { return nil }
                return "\(assignment.key)=\(value)"
            }
            #expect(found == expected, "\(text.prefix(80))")
            for key in ["SUPPORTED_PLATFORMS", "SDKROOT", "buildConfigurationList", "name"] {
                let pattern = try! Regex("(?:^|[^A-Za-z0-9_])\"?\(key)\"?\\s*=\\s*\"?([^\";()]*?)\"?\\s*;", as: (Substring, Substring).self)
                #expect(PropertyListText.scalar(key, in: assignments).map(String.init) == uncommented.firstMatch(of: pattern).map { String($0.1) },
                        "\(key) in \(text.prefix(80))")
            }
        }
        #expect(PropertyListText.list("buildConfigurations", in: PropertyListText.assignments(in: Substring(texts[5]))) == ["A", "B"])
    }

    /// Malformed project and manifest text, shaped to make the backtracking readers this tool
    /// used take minutes (each try ran to the end of the file, once per occurrence): read in
    /// one pass now. The time limit is far above any run; past it the readers are not linear.
    @Test(.timeLimit(.minutes(1)))
    func malformedProjectFilesAreReadInOnePass() {
        let hostileProjects = [
            String(repeating: "A", count: 200_000) + String(repeating: "_DEPLOYMENT_TARGET", count: 20_000),
            "objects = { L = { isa = XCConfigurationList; buildConfigurations = (" + String(repeating: "x", count: 400_000) + " }; };",
            // A closed list of one long word: the release build of b498fb7 took more than two
            // minutes over these 44 KB (measured with `config --effective`).
            "objects = { C = { isa = XCBuildConfiguration; buildSettings = { IPHONEOS_DEPLOYMENT_TARGET = 18.0; }; name = Debug; }; "
                + "L = { isa = XCConfigurationList; buildConfigurations = ( " + String(repeating: "x", count: 44_000) + " ); }; "
                + "T = { isa = PBXNativeTarget; buildConfigurationList = L; name = App; }; };",
            String(repeating: "SDKROOT = \"", count: 40_000) + String(repeating: "a", count: 200_000),
            String(repeating: "SUPPORTED_PLATFORMS = ", count: 40_000),
            String(repeating: "/* ", count: 100_000),
            String(repeating: "IPHONEOS_DEPLOYMENT_TARGET = 1.", count: 40_000),
        ]
        for text in hostileProjects {
            _ = ProjectDeploymentTarget.fromXcodeProject(text)
            _ = ProjectDeploymentTarget.projectsReferenced(by: String(repeating: "location = \"group:", count: 40_000))
        }
        let hostileManifest = "import PackageDescription\nlet package = Package(name: \"A\", platforms: [.iOS(.v17)])\n"
            + String(repeating: "/* ", count: 100_000)
        #expect(ProjectDeploymentTarget.fromPackageManifest(hostileManifest)?.description == "iOS 17", "the comment opens after the platforms")
    }

    /// Project and workspace files, mutated: the readers never crash or hang, and state only
    /// versions they could read.
    @Test(arguments: 0..<4)
    func projectFileMutationsNeverCrash(_ shard: Int) {
        let seeds = [
            Self.xcodeProject(project: "IPHONEOS_DEPLOYMENT_TARGET = 17.0; SDKROOT = iphoneos;",
                              targets: [(type: "application", settings: #"MACOSX_DEPLOYMENT_TARGET = "14.4"; SUPPORTED_PLATFORMS = "macosx";"#),
                                        (type: "bundle.unit-test", settings: "IPHONEOS_DEPLOYMENT_TARGET = 16.0;")]),
            #"<?xml version="1.0"?><Workspace version = "1.0"><FileRef location = "group:App.xcodeproj"></FileRef>"#
                + #"<FileRef location = "container:Other/Tool.xcodeproj"></FileRef></Workspace>"#,
        ]
        var random = SeededRandom(seed: UInt64(shard) &* 15_485_863 &+ 5)
        for _ in 0..<300 {
            let text = Mutation.mutate(seeds[random.next(upTo: seeds.count)], splicingFrom: seeds, &random)
            for version in ProjectDeploymentTarget.fromXcodeProject(text)?.minimums.values.map({ $0 }) ?? [] {
                #expect(!version.isEmpty && version.allSatisfy { $0 >= 0 }, "\(text)")
            }
            for project in ProjectDeploymentTarget.projectsReferenced(by: text) {
                #expect(project.hasSuffix(".xcodeproj") && !project.contains(".."), "\(text)")
            }
        }
    }

    /// Targets inherit the project's settings; the project's own default counts only where a
    /// target inherits it; test bundles, and platforms a target is not built for, do not count.
    @Test func xcodeTargetsInheritFromTheProject() {
        let project = "IPHONEOS_DEPLOYMENT_TARGET = 17.0; SDKROOT = iphoneos;"
        let app = (type: "application", settings: #"IPHONEOS_DEPLOYMENT_TARGET = 18.0; SUPPORTED_PLATFORMS = "iphoneos iphonesimulator";"#)
        let tests = (type: "bundle.unit-test", settings: "IPHONEOS_DEPLOYMENT_TARGET = 16.0; MACOSX_DEPLOYMENT_TARGET = 13.0; SDKROOT = auto;")
        let leftover = (type: "application", settings: "IPHONEOS_DEPLOYMENT_TARGET = 18.2; MACOSX_DEPLOYMENT_TARGET = 14.0;")
        let widget = (type: "app-extension", settings: "PRODUCT_NAME = Widget;")
        let mac = (type: "application", settings: "MACOSX_DEPLOYMENT_TARGET = 15.0; SDKROOT = macosx;")
        let read = { (targets: [(type: String, settings: String)]) in
            ProjectDeploymentTarget.fromXcodeProject(Self.xcodeProject(project: project, targets: targets))?.description
        }
        #expect(read([app, tests]) == "iOS 18.0")
        #expect(read([app, tests, leftover]) == "iOS 18.0")
        #expect(read([app, widget]) == "iOS 17.0")
        #expect(read([app, mac]) == "iOS 18.0, macOS 15.0")
    }

    /// A local package inside an app is compiled for its own platforms.
    @Test func theNearestManifestOrProjectAboveAFileWins() throws {
        let tree = try TemporaryTree([
            "App.xcodeproj/project.pbxproj": Self.xcodeProject(project: "IPHONEOS_DEPLOYMENT_TARGET = 17.0;", targets: []),
            "App/Store.swift": "let a = 1\n",
            "Packages/Core/Package.swift": "let package = Package(name: \"Core\", platforms: [.iOS(.v26)])\n",
            "Packages/Core/Sources/Core/Model.swift": "let b = 1\n",
            "Packages/Plain/Package.swift": "let package = Package(name: \"Plain\")\n",
            "Packages/Plain/Sources/Plain/C.swift": "let c = 1\n",
        ])
        let workspace = try Workspace(roots: [tree.path()])
        let app = try #require(workspace.deploymentTarget(for: tree.path("App/Store.swift")))
        #expect(app.target.description == "iOS 17.0")
        let core = try #require(workspace.deploymentTarget(for: tree.path("Packages/Core/Sources/Core/Model.swift")))
        #expect(core.target.description == "iOS 26" && core.source.hasSuffix("Packages/Core/Package.swift"))
        // A manifest that names no platforms says nothing: the app's project is asked next.
        let plain = try #require(workspace.deploymentTarget(for: tree.path("Packages/Plain/Sources/Plain/C.swift")))
        #expect(plain.target.description == "iOS 17.0" && plain.source.hasSuffix("App.xcodeproj/project.pbxproj"))
    }

    /// With a cache, a project file whose stamp is as an earlier run saw it is known by that
    /// run's digest without being read; one written since is read again.
    @Test func projectFilesAreKnownByTheirStampUntilTheyChange() throws {
        let manifest = "let package = Package(name: \"Tool\", platforms: [.macOS(.v14)])\n"
        let tree = try TemporaryTree(["Tool/Package.swift": manifest, "Tool/Sources/A.swift": "let a = 1\n", "cache/.keep": ""])
        let cache = ResultCache(directory: tree.path("cache"))
        let later = FileStamp.now() + 10_000_000_000
        func target() throws -> String {
            // As a run: the indexes read first, what was learned written last.
            let indexes = CacheIndexes.read(from: cache)
            let workspace = try Workspace(roots: [tree.path("Tool")], settings: .init(cache: cache, now: { later }), indexes: indexes)
                .resolving(forFiles: [tree.path("Tool/Sources/A.swift")])
            let target = try #require(workspace.deploymentTarget(for: tree.path("Tool/Sources/A.swift"))).target.description
            var learned = CacheIndexes.Learned()
            learned.projectFiles = workspace.learnedProjectFiles
            indexes.write(learned, to: cache)
            return target
        }
        #expect(try target() == "macOS 14")
        let stamp = try #require(FileStamp(path: tree.path("Tool/Package.swift")))
        let known = try #require(cache.read(ProjectFileIndex.self)[stamp.identity])
        #expect(known.digest == SHA256.digest(manifest))
        // What the cache says for that content is what a later run gets: the file is not read.
        cache.store(statedTarget: DeploymentTarget(parsing: "macOS 13"), kind: "Package.swift", digest: known.digest)
        #expect(try target() == "macOS 13")
        // Written since (to the same size): read again.
        usleep(50_000)
        try tree.write("Tool/Package.swift", Data(manifest.replacingOccurrences(of: "v14", with: "v15").utf8))
        #expect(try target() == "macOS 15")
    }

    @Test func aProjectFolderIsReadAndTheConfigurationOverridesIt() throws {
        let tree = try TemporaryTree([
            "App/App.xcodeproj/project.pbxproj": "IPHONEOS_DEPLOYMENT_TARGET = 18.0;\nIPHONEOS_DEPLOYMENT_TARGET = 17.2;\n",
            "App/Sources/A.swift": "let a = 1\n",
            "Tool/Package.swift": "let package = Package(name: \"Tool\", platforms: [.macOS(.v15)])\n",
            "Tool/Sources/B.swift": "let b = 1\n",
            "Tool/Legacy/.predicate-lint.json": #"{ "deployment_target": "macOS 14.0" }"#,
            "Tool/Legacy/C.swift": "let c = 1\n",
            "Loose/D.swift": "let d = 1\n",
        ])
        let workspace = try Workspace(roots: [tree.path()])
        let app = try #require(workspace.deploymentTarget(for: tree.path("App/Sources/A.swift")))
        #expect(app.target.description == "iOS 17.2" && app.source.hasSuffix("App/App.xcodeproj/project.pbxproj"))
        let tool = try #require(workspace.deploymentTarget(for: tree.path("Tool/Sources/B.swift")))
        #expect(tool.target.description == "macOS 15" && tool.source.hasSuffix("Tool/Package.swift"))
        let legacy = try #require(workspace.deploymentTarget(for: tree.path("Tool/Legacy/C.swift")))
        #expect(legacy.target.description == "macOS 14.0" && legacy.source.hasSuffix(".predicate-lint.json"))
        let loose = try #require(workspace.deploymentTarget(for: tree.path("Loose/D.swift")))
        #expect(loose.target == .swiftDataMinimum && loose.source.contains("SwiftData's oldest"))
    }

    @Test func configEffectiveShowsTheTargetAndWhereItCameFrom() throws {
        let tree = try TemporaryTree(["Package.swift": "let package = Package(name: \"App\", platforms: [.iOS(.v18)])\n"])
        let output = Command.run(["config", "--effective", tree.path()])
        #expect(output.standardOutput.contains(#""deployment_target": "iOS 18""#))
        #expect(output.standardOutput.contains(#""deployment_target_source": "\#(tree.path("Package.swift"))""#))
    }

    @Test(arguments: [("iOS 17.0", "iOS 17.0"), ("ios 17.4, macOS 14", "iOS 17.4, macOS 14")])
    func configuredTargetsParse(_ text: String, _ expected: String) {
        #expect(DeploymentTarget(parsing: text)?.description == expected)
    }

    @Test func badTargetsDoNotParse() {
        for text in ["Android 14", "iOS", "iOS seventeen", "iOS 17, iOS 18", ""] { #expect(DeploymentTarget(parsing: text) == nil, "\(text)") }
    }

    @Test func releasesCompareOnEveryPlatformTheAppSupports() throws {
        let mixed = try #require(DeploymentTarget(parsing: "iOS 27.0, macOS 26.1"))
        #expect(!mixed.supports(.os27))
        #expect(mixed.platforms(before: .os27) == [.macOS])
        #expect(try #require(DeploymentTarget(parsing: "iOS 27, macOS 27")).supports(.os27))
        #expect(try #require(DeploymentTarget(parsing: "iOS 17.4")).supports(.predicateEvaluate))
        #expect(!(try #require(DeploymentTarget(parsing: "iOS 17.3")).supports(.predicateEvaluate)))
    }
}
