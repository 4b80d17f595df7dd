import Foundation
import PredicateLintCore

extension Reporter {
    /// A GitHub-flavoured Markdown table for a pull-request comment: a count, then a row per
    /// finding with its place, severity, rule (linked to its page) and message.
    static func markdown(_ input: ReportInput) -> String {
        let errors = input.findings.filter { $0.severity == .error }.count
        let warnings = input.findings.count - errors
        // Files that could not be checked are not clean: a comment that says so would mislead.
        let unchecked = input.uncheckedInputs == 0 ? ""
            : " \(Wording.count(input.uncheckedInputs, "input")) could not be checked; the run's errors say why."
        guard !input.findings.isEmpty else {
            return "**PredicateLint** found no problems" + (unchecked.isEmpty ? ".\n" : " in what it checked." + unchecked + "\n")
        }
        var output = "**PredicateLint** found \(Wording.count(errors, "error")) and \(Wording.count(warnings, "warning")).\(unchecked)\n\n"
            + "| file | line | severity | rule | message |\n|---|---:|---|---|---|\n"
        for finding in input.findings {
            let cells = [
                markdownCode(Paths.onOneLine(input.relativePath(finding.path))),
                "\(finding.line)", finding.severity.rawValue,
                "[`\(finding.ruleID)`](\(RuleDocumentation.pageURL(for: finding.ruleID)))", markdownCell(finding.message),
            ]
            output += "| " + cells.joined(separator: " | ") + " |\n"
        }
        return output
    }

    /// Text that stays inside one table cell and means nothing to Markdown but the code spans
    /// it was written with: a message quotes source (a raw identifier, a string literal), which
    /// must not become an image, a link, emphasis or HTML. Code spans are found as CommonMark
    /// finds them (a run of backticks closed by a run of the same length) and kept literal,
    /// where entities would show as typed; every other ASCII punctuation character is
    /// backslash-escaped, which renders it as itself. Pipes are escaped everywhere (GFM tables
    /// ask that even in code spans), and line breaks become spaces.
    static func markdownCell(_ text: String) -> String {
        let characters = Array(text.replacingOccurrences(of: "\r\n", with: " ").map { $0 == "\n" || $0 == "\r" ? " " : $0 })
        var result = ""
        var index = 0
        func backtickRun(at start: Int) -> Int {
            var end = start
            while end < characters.count, characters[end] == "`" { end += 1 }
            return end - start
        }
        while index < characters.count {
            let character = characters[index]
            if character == "`" {
                let length = backtickRun(at: index)
                var search = index + length
                var close: Int?
                while search < characters.count {
                    if characters[search] == "`" {
                        let run = backtickRun(at: search)
                        if run == length { close = search; break }
                        search += run
                    } else {
                        search += 1
                    }
                }
                if let close {
                    let fence = String(repeating: "`", count: length)
                    result += fence + characters[(index + length)..<close].map { $0 == "|" ? "\\|" : String($0) }.joined() + fence
                    index = close + length
                    continue
                }
                // No closing run: the backticks are text.
                result += String(repeating: "\\`", count: length)
                index += length
                continue
            }
            if let ascii = character.asciiValue, ascii > 0x20, ascii < 0x7F, !character.isLetter, !character.isNumber {
                result += "\\" + String(character)
            } else {
                result.append(character)
            }
            index += 1
        }
        return result
    }

    /// `text` as one code span: fenced by more backticks than any run inside it (padded with a
    /// space where it starts or ends with one), pipes escaped.
    static func markdownCode(_ text: String) -> String {
        var longest = 0
        var run = 0
        for character in text {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: longest + 1)
        let padding = text.hasPrefix("`") || text.hasSuffix("`") ? " " : ""
        return fence + padding + text.replacingOccurrences(of: "|", with: "\\|") + padding + fence
    }
}
