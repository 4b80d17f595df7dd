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

/// Completion scripts come from the same table as the parser and `--help`.
@Suite struct CompletionTests {
    func script(_ shell: String) -> String {
        let output = Command.run(["completions", shell])
        #expect(output.exitCode == 0)
        return output.standardOutput
    }

    /// Every option and command is offered, in every shell's script.
    @Test(arguments: ["bash", "zsh", "fish"])
    func everyOptionAndCommandIsOffered(_ shell: String) {
        let text = script(shell)
        for option in ArgumentParser.options { for name in option.names {
            let spelled = shell == "fish" ? (name.hasPrefix("--") ? "-l \(name.dropFirst(2))" : "-s \(name.dropFirst())") : name
            #expect(text.contains(spelled), "\(shell) misses \(name)")
        } }
        for command in ArgumentParser.subcommands { #expect(text.contains(command.name), "\(shell) misses \(command.name)") }
    }

    /// bash parses the script, registers it, and completes an option, a value and a rule.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/bin/bash") || FileManager.default.isExecutableFile(atPath: "/usr/bin/bash")))
    func bashLoadsAndCompletes() throws {
        let tree = try TemporaryTree(["completion.bash": script("bash")])
        let check = """
            set -e
            bash -n "\(tree.path("completion.bash"))"
            source "\(tree.path("completion.bash"))"
            complete -p predicate-lint
            COMP_WORDS=(predicate-lint --rep); COMP_CWORD=1; _predicate_lint; echo "option: ${COMPREPLY[*]}"
            COMP_WORDS=(predicate-lint --reporter sa); COMP_CWORD=2; _predicate_lint; echo "value: ${COMPREPLY[*]}"
            COMP_WORDS=(predicate-lint explain has-); COMP_CWORD=2; _predicate_lint; echo "rule: ${COMPREPLY[*]}"
            """
        let (status, output) = try runProgram("/usr/bin/env", ["bash", "-c", check])
        #expect(status == 0, "\(output)")
        #expect(output.contains("complete -o filenames -F _predicate_lint predicate-lint"), "\(output)")
        #expect(output.contains("option: --reporter"), "\(output)")
        #expect(output.contains("value: sarif"), "\(output)")
        #expect(output.contains("rule: has-prefix"), "\(output)")
    }

    @Test func versionIsACommandToo() {
        #expect(Command.run(["version"]).standardOutput == ToolVersion.current + "\n")
        #expect(Command.run(["--version"]).standardOutput == ToolVersion.current + "\n")
        #expect(Command.run(["completions", "tcsh"]).exitCode == 2)
    }
}

/// `make install` puts a working binary and the completions under a prefix; `make uninstall`
/// takes them away. (The debug binary, which the tests have just built, stands in for release:
/// `make` must not build, since `swift test` holds the build folder while the tests run.)
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/make")
                    && FileManager.default.isExecutableFile(atPath: BinaryTests.executable.path), "needs make and the built tool"))
struct InstallTests {
    static func make(_ arguments: [String]) throws -> (status: Int32, output: String) {
        try runProgram("/usr/bin/make", ["-C", repositoryRoot.path, "BINARY=\(BinaryTests.executable.path)"] + arguments)
    }

    @Test func installAndUninstallUnderAPrefix() throws {
        let prefix = try TemporaryTree()
        let installed = try Self.make(["install", "PREFIX=\(prefix.path())"])
        #expect(installed.status == 0, "\(installed.output)")
        #expect(installed.output.contains("Installed \(prefix.path("bin/predicate-lint")) (\(ToolVersion.current))"))
        let binary = prefix.path("bin/predicate-lint")
        #expect(try runProgram(binary, ["--version"]).output == ToolVersion.current + "\n")
        for completion in ["share/bash-completion/completions/predicate-lint", "share/zsh/site-functions/_predicate-lint",
                           "share/fish/vendor_completions.d/predicate-lint.fish"] {
            #expect(FileManager.default.fileExists(atPath: prefix.path(completion)), "\(completion)")
        }
        let removed = try Self.make(["uninstall", "PREFIX=\(prefix.path())"])
        #expect(removed.status == 0)
        #expect(!FileManager.default.fileExists(atPath: binary))
    }
}

/// One version, said once: the CHANGELOG's newest entry and every snippet that names a release
/// (the README's package dependency and pre-commit `rev`, the pre-commit hook file's comment)
/// say `ToolVersion.current`.
@Suite struct VersionTests {
    @Test func everySnippetNamesTheCurrentVersion() throws {
        let version = ToolVersion.current
        let changelog = try String(contentsOf: repositoryRoot.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        let newest = changelog.split(separator: "\n").first { $0.hasPrefix("## ") }
        #expect(newest?.hasPrefix("## \(version)") == true, "\(newest ?? "")")
        for file in ["README.md", ".pre-commit-hooks.yaml", "action.yml"] {
            let text = try String(contentsOf: repositoryRoot.appendingPathComponent(file), encoding: .utf8)
            for match in text.matches(of: /(?:from: "|rev: v|@v)(\d+\.\d+\.\d+)/) {
                #expect(String(match.1) == version, "\(file) names \(match.0)")
            }
        }
    }
}
