import Foundation
import Testing
@testable import PredicateLintCommand

/// How the package behaves when someone else depends on it, or installs it.
@Suite(.enabled(if: swiftOnPath != nil, "needs swift on PATH"))
struct PackagingTests {
    /// `swift package dump-package` for the manifest placed at `folder` (nothing else is
    /// needed to evaluate it): the targets whose settings carry unsafe flags, and the
    /// dependencies' URLs.
    static func evaluateManifest(at folder: URL) throws -> (unsafe: [String], dependencies: [String]) {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try? FileManager.default.removeItem(at: folder.appendingPathComponent("Package.swift"))
        try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("Package.swift"),
                                         to: folder.appendingPathComponent("Package.swift"))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: swiftOnPath!)
        process.arguments = ["package", "dump-package", "--package-path", folder.path]
        var environment = ProcessInfo.processInfo.environment
        environment["PREDICATE_LINT_SWIFT_SYNTAX"] = nil
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let manifest = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let targets = manifest["targets"] as? [[String: Any]] ?? []
        let unsafe = try targets.filter { target in
            let settings = try JSONSerialization.data(withJSONObject: target["settings"] ?? [])
            return String(decoding: settings, as: UTF8.self).contains("unsafeFlags")
        }.compactMap { $0["name"] as? String }
        let dependencies = String(decoding: try JSONSerialization.data(withJSONObject: manifest["dependencies"] ?? []), as: UTF8.self)
        return (unsafe, dependencies.contains("swift-syntax") ? ["swift-syntax"] : [])
    }

    /// Checked out as a dependency (by SwiftPM or by Xcode), the manifest carries no unsafe
    /// flags, which SwiftPM refuses in a dependency required by version: the plugin and
    /// everything it builds use the swift-syntax package instead.
    @Test(arguments: [".build/checkouts/predicate-lint", "DerivedData/App/SourcePackages/checkouts/predicate-lint"])
    func asADependencyTheManifestHasNoUnsafeFlags(_ checkout: String) throws {
        let tree = try TemporaryTree()
        let (unsafe, dependencies) = try Self.evaluateManifest(at: URL(fileURLWithPath: tree.path(checkout)))
        #expect(unsafe.isEmpty, "unsafe flags in \(unsafe)")
        #expect(dependencies == ["swift-syntax"])
    }

    /// Built as itself (the README's commands, CI), it links the toolchain's copy where there is one.
    @Test func builtAsItselfItUsesTheToolchainsSwiftSyntax() throws {
        let tree = try TemporaryTree()
        let (unsafe, dependencies) = try Self.evaluateManifest(at: URL(fileURLWithPath: tree.path("predicate-lint")))
        let host = URL(fileURLWithPath: swiftOnPath!).resolvingSymlinksInPath()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("lib/swift/host/SwiftSyntax.swiftmodule")
        if FileManager.default.fileExists(atPath: host.path) {
            #expect(unsafe.contains("PredicateLintCore") && dependencies.isEmpty)
        } else {
            #expect(unsafe.isEmpty && dependencies == ["swift-syntax"])
        }
    }

    /// A consumer that depends on a release by URL and version resolves swift-syntax. While
    /// resolving, SwiftPM reads this manifest out of the repository (its package directory said
    /// to be `/`), then again from the checkout: both readings must declare swift-syntax, or
    /// resolution ends with "unresolved". The release is this working tree's manifest committed
    /// and tagged in a scratch clone; swift-syntax is a stand-in with the same products, reached
    /// through `set-mirror` (no network here), so only resolution is tested, in a few seconds.
    @Test(.enabled(if: gitOnPath != nil && FileManager.default.fileExists(atPath: repositoryRoot.appendingPathComponent(".git").path)))
    func aConsumerResolvesAReleaseByVersion() throws {
        let tree = try TemporaryTree()
        func git(_ arguments: [String], in folder: String) throws {
            let result = try runProgram(gitOnPath!, ["-C", folder, "-c", "user.email=test@example.com", "-c", "user.name=test"] + arguments)
            #expect(result.status == 0, "git \(arguments): \(result.output)")
        }
        let names = ["SwiftSyntax", "SwiftParser", "SwiftOperators", "SwiftDiagnostics"]
        let products = names.map { ".library(name: \"\($0)\", targets: [\"\($0)\"])" }.joined(separator: ", ")
        let targets = names.map { ".target(name: \"\($0)\")" }.joined(separator: ", ")
        try tree.write("swift-syntax/Package.swift", Data("""
            // swift-tools-version: 5.9
            import PackageDescription
            let package = Package(name: "swift-syntax", products: [\(products)], targets: [\(targets)])

            """.utf8))
        for name in names { try tree.write("swift-syntax/Sources/\(name)/\(name).swift", Data("public let stub = 0\n".utf8)) }
        try git(["init", "-q"], in: tree.path("swift-syntax"))
        try git(["add", "-A"], in: tree.path("swift-syntax"))
        try git(["commit", "-qm", "stand-in"], in: tree.path("swift-syntax"))
        try git(["tag", "602.0.0"], in: tree.path("swift-syntax"))

        let release = tree.path("predicate-lint")
        _ = try runProgram(gitOnPath!, ["clone", "-q", "--local", repositoryRoot.path, release])
        try? FileManager.default.removeItem(atPath: release + "/Package.swift")
        try FileManager.default.copyItem(atPath: repositoryRoot.appendingPathComponent("Package.swift").path, toPath: release + "/Package.swift")
        try git(["commit", "-qam", "this working tree's manifest", "--allow-empty"], in: release)
        // The clone's own release tags would be newer than this one, and chosen instead.
        let (_, tags) = try runProgram(gitOnPath!, ["-C", release, "tag", "--list"])
        for tag in tags.split(separator: "\n") { try git(["tag", "-d", String(tag)], in: release) }
        try git(["tag", "0.1.0"], in: release)

        try tree.write("consumer/Package.swift", Data("""
            // swift-tools-version: 6.0
            import PackageDescription
            let package = Package(name: "Consumer",
                dependencies: [.package(url: "file://\(release)", from: "0.1.0")],
                targets: [.target(name: "App", plugins: [.plugin(name: "PredicateLintBuildToolPlugin", package: "predicate-lint")])])

            """.utf8))
        try tree.write("consumer/Sources/App/App.swift", Data("let app = 0\n".utf8))
        let consumer = tree.path("consumer")
        let scratch = ["--cache-path", tree.path("cache"), "--security-path", tree.path("security"), "--config-path", tree.path("config")]
        let mirror = try runProgram(swiftOnPath!, ["package", "--package-path", consumer] + scratch + ["config", "set-mirror",
            "--original", "https://github.com/swiftlang/swift-syntax.git", "--mirror", "file://" + tree.path("swift-syntax")])
        #expect(mirror.status == 0, "\(mirror.output)")
        let resolve = try runProgram(swiftOnPath!, ["package", "--package-path", consumer] + scratch + ["resolve"])
        #expect(resolve.status == 0, "\(resolve.output)")
        let resolved = (try? String(contentsOfFile: consumer + "/Package.resolved", encoding: .utf8)) ?? ""
        #expect(resolved.contains("\"identity\" : \"swift-syntax\""), "\(resolved)")
        #expect(resolved.contains("\"version\" : \"0.1.0\""), "\(resolved)")
    }
}

let gitOnPath: String? = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
    .map { "\($0)/git" }.first { FileManager.default.isExecutableFile(atPath: $0) }
