import Foundation
import Testing

/// The plugins as users get them from a release: the binary plugin package that
/// `Scripts/release-artifacts.sh` makes, here around the debug binary the tests have just built
/// (`--binary`), so that nothing of PredicateLint or swift-syntax is compiled for it. It is made
/// once per test run in `.build/binary-plugin`, and the fixture package that uses it is built in
/// `.build/plugin-fixture`, so later runs rebuild only what changed. (The source package's
/// plugins run the same plugin code on a tool built from source; a consumer that depends on a
/// release by version is resolved in `PackagingTests`.)
@Suite(.enabled(if: swiftOnPath != nil && FileManager.default.isExecutableFile(atPath: BinaryTests.executable.path),
                "needs swift and the built tool"))
struct PluginIntegrationTests {
    /// The release step's output: the artifact bundle and the plugin package around it.
    static let made: Result<URL, any Error> = Result {
        let out = repositoryRoot.appendingPathComponent(".build/binary-plugin")
        // Made again only when the binary or a plugin's source changed: it copies 100 MB of
        // libraries, and a new bundle makes SwiftPM take the fixture's artifact afresh.
        let bundled = try? FileManager.default.contentsOfDirectory(atPath: out.path + "/predicate-lint-plugins/predicate-lint.artifactbundle")
            .first { $0.hasPrefix("predicate-lint-") }
            .flatMap { FileManager.default.contents(atPath: out.path + "/predicate-lint-plugins/predicate-lint.artifactbundle/\($0)/predicate-lint") }
        let pluginSources = ["PredicateLintBuildToolPlugin/Plugin.swift", "PredicateLintCommandPlugin/Plugin.swift"]
        let samePlugins = pluginSources.allSatisfy {
            FileManager.default.contents(atPath: out.path + "/predicate-lint-plugins/Plugins/" + $0)
                == FileManager.default.contents(atPath: repositoryRoot.appendingPathComponent("Plugins/" + $0).path)
        }
        if let bundled, samePlugins, bundled == FileManager.default.contents(atPath: BinaryTests.executable.path) { return out }
        let (status, output) = try runProgram(repositoryRoot.appendingPathComponent("Scripts/release-artifacts.sh").path,
                                              ["--out", out.path, "--binary", BinaryTests.executable.path, "--no-zip"])
        guard status == 0 else { throw ReleaseStepFailed(output: output) }
        return out
    }

    struct ReleaseStepFailed: Error { let output: String }

    /// SE-0305's `info.json`, the binary, the libraries it loads and their licenses; with the
    /// toolchain hidden (an empty folder mounted over it, where the machine lets a test make a
    /// mount namespace), the bundled binary still runs and lints.
    @Test func theBundleHoldsWhatTheBinaryNeeds() throws {
        let bundle = try Self.made.get().appendingPathComponent("predicate-lint.artifactbundle").path
        let info = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: bundle + "/info.json"))) as? [String: Any])
        #expect(info["schemaVersion"] as? String == "1.0")
        let artifact = (info["artifacts"] as? [String: Any])?["predicate-lint"] as? [String: Any]
        #expect(artifact?["type"] as? String == "executable")
        let variant = try #require((artifact?["variants"] as? [[String: Any]])?.first)
        #expect((variant["supportedTriples"] as? [String])?.isEmpty == false)
        let binary = bundle + "/" + (variant["path"] as? String ?? "")
        #expect(FileManager.default.isExecutableFile(atPath: binary))
        let folder = URL(fileURLWithPath: binary).deletingLastPathComponent().path
        #if os(Linux)
        // swift-syntax is a library of its own where the toolchain's was linked; built from
        // its package (PREDICATE_LINT_SWIFT_SYNTAX=package) it is inside the binary. This test
        // process was linked as the binary was.
        let syntaxIsShared = dlopen("libSwiftSyntax.so", RTLD_NOW | RTLD_NOLOAD) != nil
        for library in ["libswiftCore.so", "libFoundation.so", "lib_FoundationICU.so"] + (syntaxIsShared ? ["libSwiftSyntax.so"] : []) {
            #expect(FileManager.default.fileExists(atPath: folder + "/" + library), "\(library)")
        }
        #else
        // macOS: the Swift runtime and Foundation are the system's, swift-syntax is inside the
        // binary, and nothing is beside it; every library it loads must be the system's.
        let loaded = try runProgram("/usr/bin/otool", ["-L", binary]).output.split(separator: "\n").dropFirst()
            .map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(!loaded.isEmpty)
        for library in loaded {
            #expect(library.hasPrefix("/usr/lib/") || library.hasPrefix("/System/Library/"), "the bundle lacks \(library)")
        }
        #endif
        for notice in ["Swift-LICENSE.txt", "NOTICE.md", "swift-foundation-icu-LICENSE.md"] {
            #expect(FileManager.default.fileExists(atPath: folder + "/licenses/" + notice), "\(notice)")
        }

        let toolchain = URL(fileURLWithPath: swiftOnPath!).resolvingSymlinksInPath().deletingLastPathComponent().deletingLastPathComponent().path
        guard (try? runProgram("/usr/bin/unshare", ["-m", "true"]))?.status == 0 else { return }
        let tree = try TemporaryTree(["Sample.swift": try String(contentsOf: repositoryRoot.appendingPathComponent(
            "Tests/Fixtures/PluginFixture/Sources/Store/Store.swift"), encoding: .utf8)])
        try FileManager.default.createDirectory(atPath: tree.path("empty"), withIntermediateDirectories: true)
        let hidden = try runProgram("/usr/bin/unshare", ["-m", "/bin/sh", "-c",
            "mount --bind '\(tree.path("empty"))' '\(toolchain)' && test ! -e '\(toolchain)/bin/swift' && '\(binary)' '\(tree.path("Sample.swift"))'"])
        #expect(hidden.output.contains("[force-unwrap]"), "\(hidden.output)")
    }

    /// A package that uses the build-tool plugin, as a user's would: one target's own findings,
    /// and one that needs the models of the target it depends on; then the command plugin.
    @Test func theBuildToolPluginReportsFindingsInTheBuild() throws {
        let plugins = try Self.made.get().appendingPathComponent("predicate-lint-plugins").path
        let folder = repositoryRoot.appendingPathComponent(".build/plugin-fixture")
        let link = folder.appendingPathComponent("predicate-lint-plugins").path
        let fixture = folder.appendingPathComponent("PluginFixture")
        // SwiftPM names a path dependency after its folder; the link gives it the name the
        // fixture's manifest uses, wherever this repository was cloned.
        try FileManager.default.createDirectory(at: fixture, withIntermediateDirectories: true)
        if (try? FileManager.default.destinationOfSymbolicLink(atPath: link)) != plugins {
            try? FileManager.default.removeItem(atPath: link)
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: plugins)
        }
        // The sources are written afresh (a new modification time), so the plugin runs again;
        // a configuration a run before left is removed.
        try? FileManager.default.removeItem(at: fixture.appendingPathComponent("Sources/Store/.predicate-lint.json"))
        let source = repositoryRoot.appendingPathComponent("Tests/Fixtures/PluginFixture")
        for file in ["Package.swift", "Sources/Store/Store.swift", "Sources/Models/Trip.swift", "Sources/Queries/Queries.swift"] {
            let target = fixture.appendingPathComponent(file)
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? FileManager.default.removeItem(at: target)
            try Data(contentsOf: source.appendingPathComponent(file)).write(to: target)
        }

        // One target at a time: in one build, the error in `Queries` may stop the build before
        // `Store`'s findings are printed.
        func build(_ target: String) throws -> (status: Int32, output: String) {
            try runProgram(swiftOnPath!, ["build", "--package-path", fixture.path, "--target", target])
        }
        let store = try build("Store")
        #expect(store.status == 0, "a warning does not fail the build: \(store.output)")
        #expect(store.output.contains("Sources/Store/Store.swift:5:61: warning: SwiftData rejects force unwraps"), "\(store.output)")
        #expect(store.output.contains("[force-unwrap]"))
        #expect(!store.output.contains("Store.swift:8:"), "the correct predicate stays quiet")
        #expect(!store.output.contains("SwiftSyntax") && !store.output.contains("PredicateLintCore"), "nothing of ours is compiled: \(store.output)")
        // A configuration is an input of the check: the build runs it again when one is
        // written, and again when it changes (before, the second build said nothing new).
        let configuration = fixture.appendingPathComponent("Sources/Store/.predicate-lint.json")
        try Data(#"{ "disabled_rules": ["force-unwrap"] }"#.utf8).write(to: configuration)
        let quiet = try build("Store")
        #expect(quiet.status == 0 && !quiet.output.contains("[force-unwrap]"), "\(quiet.output)")
        try Data(#"{ "disabled_rules": [] }"#.utf8).write(to: configuration)
        let again = try build("Store")
        #expect(again.output.contains("Sources/Store/Store.swift:5:61: warning: SwiftData rejects force unwraps"), "\(again.output)")
        try FileManager.default.removeItem(at: configuration)
        // The cross-target error fails the build, as an error should.
        let queries = try build("Queries")
        #expect(queries.status != 0, "\(queries.output)")
        #expect(queries.output.contains("Sources/Queries/Queries.swift:6:46: error: `isLong` is a computed property of `Trip`"), "\(queries.output)")
        // Each target reports its own findings, once: `Models` builds too, and reports nothing.
        #expect(queries.output.components(separatedBy: "[computed-property]").count == 2, "\(queries.output)")

        // The command plugin, on the one target: its dependency's models are read, and both the
        // finding and the verdict are shown (in a pipe SwiftPM prints the verdict first).
        let (commandStatus, commandOutput) = try runProgram(swiftOnPath!, [
            "package", "--package-path", fixture.path, "--allow-writing-to-package-directory",
            "predicate-lint", "--target", "Queries", "--no-cache",
        ])
        #expect(commandStatus != 0, "\(commandOutput)")
        let finding = commandOutput.range(of: "Queries.swift:6:46: error: `isLong` is a computed property")
        let verdict = commandOutput.range(of: "predicate-lint found problems")
        #expect(finding != nil && verdict != nil, "\(commandOutput)")
    }
}

let swiftOnPath: String? = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
    .map { "\($0)/swift" }.first { FileManager.default.isExecutableFile(atPath: $0) }
