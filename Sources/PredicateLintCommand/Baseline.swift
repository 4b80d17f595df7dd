import Foundation
import PredicateLintCore

/// Findings accepted on a given day, so that only new ones are reported. A finding is known by
/// its file, its rule and its line's text with spacing normalized, and counted: moving code
/// or inserting lines elsewhere keeps it matched; a second identical problem is new.
public struct Baseline: Equatable {
    public struct Entry: Equatable, Hashable {
        /// Relative to the baseline file's folder, so the baseline works from any directory.
        public let file: String
        public let rule: String
        public let lineText: String
    }

    public private(set) var counts: [Entry: Int] = [:]

    public init(findings: [Finding], sources: [String: SourceFile], baselinePath: String) {
        for finding in findings {
            counts[Self.entry(for: finding, sources: sources, baselinePath: baselinePath), default: 0] += 1
        }
    }

    static func entry(for finding: Finding, sources: [String: SourceFile], baselinePath: String) -> Entry {
        Entry(file: relativePath(finding.path, toFolderOf: baselinePath), rule: finding.ruleID,
              lineText: Fingerprint.normalizedLine(of: finding, in: sources[finding.path]))
    }

    /// The findings the baseline does not account for, and how many baselined ones were not
    /// seen (fixed since, or moved beyond recognition) in the files that were checked: `checked`
    /// holds their paths as the baseline writes them (nil: every file). A run over part of a
    /// project (the build plugin lints a target at a time) has not fixed the rest.
    public func filter(_ findings: [Finding], sources: [String: SourceFile], baselinePath: String, checked: Set<String>? = nil)
        -> (new: [Finding], fixed: Int) {
        var remaining = counts
        var new: [Finding] = []
        for finding in findings {
            let entry = Self.entry(for: finding, sources: sources, baselinePath: baselinePath)
            // An entry written before the finding's case moved to another rule names the old id.
            let candidates = RuleRegistry.namesCovering(finding.ruleID).map {
                Entry(file: entry.file, rule: $0, lineText: entry.lineText)
            }
            if let match = candidates.first(where: { (remaining[$0] ?? 0) > 0 }) {
                remaining[match, default: 0] -= 1
            } else {
                new.append(finding)
            }
        }
        return (new, remaining.filter { checked?.contains($0.key.file) ?? true }.values.reduce(0, +))
    }

    // MARK: The file

    /// One finding per line, sorted, so that a baseline's diff in review shows what changed.
    public func serialized() -> String {
        let entries = counts.sorted { ($0.key.file, $0.key.rule, $0.key.lineText) < ($1.key.file, $1.key.rule, $1.key.lineText) }
            .map { entry, count -> JSON in
                ["file": .string(entry.file), "rule": .string(entry.rule), "line": .string(entry.lineText), "count": .integer(count)]
            }
        let document: JSON = ["version": 1, "findings": .array(entries)]
        return document.serialized(.indented(inlineFrom: 2)) + "\n"
    }

    public struct Failure: Error, Equatable {
        public let message: String
    }

    public init(parsing text: String) throws(Failure) {
        let json: JSON
        do {
            json = try JSON.parse(text)
        } catch {
            throw Failure(message: "is not a baseline (line \(error.line): \(error.message)); write one with --write-baseline")
        }
        guard let entries = json["findings"]?.array else {
            throw Failure(message: "is not a baseline: expected {\"version\": 1, \"findings\": [...]}; write one with --write-baseline")
        }
        for entry in entries {
            guard let file = entry["file"]?.string, let rule = entry["rule"]?.string, let line = entry["line"]?.string,
                  let count = entry["count"]?.integer, count >= 1 else {
                throw Failure(message: "has an entry without file, rule, line and a whole count of 1 or more; "
                    + "write it again with --write-baseline")
            }
            let entry = Entry(file: file, rule: rule, lineText: line)
            let (total, overflow) = counts[entry, default: 0].addingReportingOverflow(count)
            guard !overflow else { throw Failure(message: "has counts too large to add up; write it again with --write-baseline") }
            counts[entry] = total
        }
    }

    /// The baseline in a file, or why it cannot be used.
    static func read(_ path: String) -> Result<Baseline, Failure> {
        guard let data = FileManager.default.contents(atPath: path) else {
            return .failure(Failure(message: "cannot be read; write a baseline with --write-baseline first"))
        }
        return Result { () throws(Failure) in try Baseline(parsing: String(decoding: data, as: UTF8.self)) }
    }

    static func relativePath(_ path: String, toFolderOf file: String) -> String {
        Paths.relative(path, to: Paths.folder(of: file)) ?? URL(fileURLWithPath: path).standardizedFileURL.path
    }
}
