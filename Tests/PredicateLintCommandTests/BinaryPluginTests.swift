import Foundation
import Testing

/// The release step's binary plugin package, used as SwiftLint users use SwiftLintPlugins: a
/// consumer depends on it and its build shows PredicateLint's findings, with nothing of
/// swift-syntax (or of PredicateLint) compiled. The bundle here holds the debug binary the
/// tests have just built (`--binary`; a release bundle is built by the script itself).
@Suite(.enabled(if: swiftOnPath != nil && FileManager.default.isExecutableFile(atPath: BinaryTests.executable.path)
                    && FileManager.default.isExecutableFile(atPath: "/usr/bin/zip"), "needs swift, zip and the built tool"))
struct BinaryPluginTests {
    @Test func aConsumerOfTheBinaryPluginSeesFindingsWithoutBuildingSwiftSyntax() throws {
        let tree = try TemporaryTree()
        let made = try runProgram(repositoryRoot.appendingPathComponent("Scripts/release-artifacts.sh").path,
                                  ["--out", tree.path("out"), "--binary", BinaryTests.executable.path])
        try #require(made.status == 0, "\(made.output)")

        // The bundle: SE-0305's info.json naming a variant for this machine, the binary, the
        // libraries it loads, and their licenses.
        let bundle = tree.path("out/predicate-lint.artifactbundle")
        let info = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: bundle + "/info.json"))) as? [String: Any])
        #expect(info["schemaVersion"] as? String == "1.0")
        let artifact = (info["artifacts"] as? [String: Any])?["predicate-lint"] as? [String: Any]
        #expect(artifact?["type"] as? String == "executable")
        let variant = try #require((artifact?["variants"] as? [[String: Any]])?.first)
        let binary = bundle + "/" + (variant["path"] as? String ?? "")
        #expect(FileManager.default.isExecutableFile(atPath: binary))
        let folder = URL(fileURLWithPath: binary).deletingLastPathComponent().path
        for library in ["libSwiftSyntax.so", "libswiftCore.so", "libFoundation.so"] {
            #expect(FileManager.default.fileExists(atPath: folder + "/" + library), "\(library)")
        }
        #expect(FileManager.default.fileExists(atPath: folder + "/licenses/Swift-LICENSE.txt"))
        #expect(FileManager.default.fileExists(atPath: tree.path("out/predicate-lint.artifactbundle.zip")))
        // With the toolchain hidden (an empty folder mounted over it, where this machine lets
        // a test make a mount namespace), the bundled binary still runs and lints.
        let toolchain = URL(fileURLWithPath: swiftOnPath!).resolvingSymlinksInPath().deletingLastPathComponent().deletingLastPathComponent().path
        if (try? runProgram("/usr/bin/unshare", ["-m", "true"]))?.status == 0 {
            try FileManager.default.createDirectory(atPath: tree.path("empty"), withIntermediateDirectories: true)
            try tree.write("Sample.swift", try Data(contentsOf: repositoryRoot.appendingPathComponent("Tests/Fixtures/PluginFixture/Sources/Store/Store.swift")))
            let hidden = try runProgram("/usr/bin/unshare", ["-m", "/bin/sh", "-c",
                "mount --bind '\(tree.path("empty"))' '\(toolchain)' && test ! -e '\(toolchain)/bin/swift' && '\(binary)' '\(tree.path("Sample.swift"))'"])
            #expect(hidden.output.contains("[force-unwrap]"), "\(hidden.output)")
        }

        try tree.write("consumer/Package.swift", Data("""
            // swift-tools-version: 6.0
            import PackageDescription
            let package = Package(name: "Consumer",
                dependencies: [.package(path: "\(tree.path("out/predicate-lint-plugins"))")],
                targets: [.target(name: "Store", plugins: [.plugin(name: "PredicateLintBuildToolPlugin", package: "predicate-lint-plugins")])])

            """.utf8))
        try tree.write("consumer/Sources/Store/Store.swift",
                       try Data(contentsOf: repositoryRoot.appendingPathComponent("Tests/Fixtures/PluginFixture/Sources/Store/Store.swift")))
        let build = try runProgram(swiftOnPath!, ["build", "--package-path", tree.path("consumer"),
                                                  "--cache-path", tree.path("cache"), "--scratch-path", tree.path("consumer/.build")])
        #expect(build.status == 0, "\(build.output)")
        #expect(build.output.contains("Store.swift:5:61: warning: SwiftData rejects force unwraps"), "\(build.output)")
        #expect(!build.output.contains("SwiftSyntax") && !build.output.contains("PredicateLintCore"), "\(build.output)")
    }
}
