import Foundation
import Testing

/// The GitHub workflow is where the macOS build is proven (nothing here builds for macOS): each
/// of its jobs runs the README's two commands and a release build with swift-syntax from its
/// package, as a Mac builds it, and `.ci/run` runs the same test command.
@Suite struct WorkflowTests {
    static func text(_ path: String) throws -> String {
        try String(contentsOf: repositoryRoot.appendingPathComponent(path), encoding: .utf8)
    }

    /// The commands of the README's "Try it" block, without their comments.
    static func readmeCommands() throws -> [String] {
        let section = try #require(try text("README.md").components(separatedBy: "## Try it").dropFirst().first)
        let block = try #require(section.components(separatedBy: "```sh\n").dropFirst().first?.components(separatedBy: "```").first)
        return block.split(separator: "\n").compactMap { line in
            line.split(separator: "#").first.map { $0.trimmingCharacters(in: .whitespaces) }
        }.filter { !$0.isEmpty }
    }

    /// Each job's lines, by the job's name: the lines under `jobs:` indented by two spaces
    /// start one.
    static func jobs(_ workflow: String) -> [String: String] {
        var jobs: [String: String] = [:]
        var current: String?
        for line in workflow.components(separatedBy: "jobs:\n").dropFirst().joined().split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("  "), !line.hasPrefix("   "), line.hasSuffix(":") {
                current = String(line.dropFirst(2).dropLast())
            } else if let current {
                jobs[current, default: ""] += line + "\n"
            }
        }
        return jobs
    }

    @Test func eachJobRunsTheReadmesCommandsWithTheSwiftSyntaxPackage() throws {
        let commands = try Self.readmeCommands()
        #expect(commands == ["swift run predicate-lint Examples/MovieLibrary", "swift test --disable-xctest -q"])
        let workflow = try Self.text(".github/workflows/ci.yml")
        #expect(workflow.contains("\nenv:\n  PREDICATE_LINT_SWIFT_SYNTAX: package\n"), "for every job")
        let jobs = Self.jobs(workflow)
        for runner in ["macos-latest", "ubuntu-latest"] {
            let job = try #require(jobs.values.first { $0.contains("runs-on: \(runner)\n") }, "a job on \(runner)")
            for command in commands + ["swift build -c release"] { #expect(job.contains(command), "\(runner): \(command)") }
        }
        #expect(try Self.text(".ci/run").contains("\n" + commands[1] + "\n"))
    }
}
