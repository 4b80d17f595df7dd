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
}
