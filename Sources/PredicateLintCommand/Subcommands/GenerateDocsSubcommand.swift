import Foundation
import PredicateLintCore

/// `predicate-lint generate-docs DIR [--readme FILE]`: one Markdown page per rule, and the
/// README's rule table.
enum GenerateDocsSubcommand {
    static let subcommand = Subcommand(
        name: "generate-docs", usage: "predicate-lint generate-docs DIR [--readme FILE]",
        help: "Write one Markdown page per rule, and an index, into DIR; with --readme FILE, also the rule table and the synopsis between FILE's markers.",
        argument: .folder,
        parse: { arguments throws(UsageError) in
            var rest = arguments
            let readme = try rest.takeValue(of: "--readme")
            guard rest.count == 1, let directory = rest.first else {
                throw UsageError(message: "`generate-docs` takes one folder: `predicate-lint generate-docs docs/rules [--readme README.md]`")
            }
            return .generateDocs(directory: directory, readme: readme)
        })

    static func run(directory: String, readme: String?) -> CommandOutput {
        let pages = RuleDocumentation.markdownPages()
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            for (name, text) in pages {
                try text.write(toFile: "\(directory)/\(name)", atomically: true, encoding: .utf8)
            }
        } catch {
            return CommandOutput(standardError: "error: \(directory): the pages could not be written there; check it is a writable folder\n", exitCode: 2)
        }
        var written = "Wrote \(Wording.count(pages.count, "page")) to \(directory)\n"
        if let readme {
            guard let text = try? String(contentsOfFile: readme, encoding: .utf8),
                  let updated = RuleDocumentation.updatingRuleTable(in: text) else {
                return CommandOutput(standardError: "error: \(readme): cannot be read, or has no rule-table markers "
                    + "(\(RuleDocumentation.readmeTableStart) … \(RuleDocumentation.readmeTableEnd))\n", exitCode: 2)
            }
            do {
                try updated.write(toFile: readme, atomically: true, encoding: .utf8)
            } catch {
                return CommandOutput(standardError: "error: \(readme): could not be written\n", exitCode: 2)
            }
            written += "Updated the rule table in \(readme)\n"
        }
        return CommandOutput(standardError: written)
    }
}
