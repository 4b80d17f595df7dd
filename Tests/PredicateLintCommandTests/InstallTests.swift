import Foundation
import Testing
@testable import PredicateLintCommand

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
        // A prefix zsh does not search: the output says what to add (zsh is not installed here,
        // and a prefix of its own is never on a zsh's default fpath).
        #expect(installed.output.contains("fpath=(\(prefix.path("share/zsh/site-functions")) $fpath)"), "\(installed.output)")
        let removed = try Self.make(["uninstall", "PREFIX=\(prefix.path())"])
        #expect(removed.status == 0)
        #expect(!FileManager.default.fileExists(atPath: binary))
    }
}
