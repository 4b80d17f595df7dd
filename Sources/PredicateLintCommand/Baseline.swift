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
    /// seen (fixed since, or moved beyond recognition).
    public func filter(_ findings: [Finding], sources: [String: SourceFile], baselinePath: String)
        -> (new: [Finding], fixed: Int) {
        var remaining = counts
        var new: [Finding] = []
        for finding in findings {
            let entry = Self.entry(for: finding, sources: sources, baselinePath: baselinePath)
            if let count = remaining[entry], count > 0 {
                remaining[entry] = count - 1
            } else {
                new.append(finding)
            }
        }
        return (new, remaining.values.reduce(0, +))
    }

    // MARK: The file

    public func serialized() -> String {
        let entries = counts.sorted { ($0.key.file, $0.key.rule, $0.key.lineText) < ($1.key.file, $1.key.rule, $1.key.lineText) }
            .map { entry, count in
                "{\"file\": \(Reporter.quoted(entry.file)), \"rule\": \(Reporter.quoted(entry.rule)), "
                    + "\"line\": \(Reporter.quoted(entry.lineText)), \"count\": \(count)}"
            }
        return "{\"version\": 1, \"findings\": [" + (entries.isEmpty ? "" : "\n  " + entries.joined(separator: ",\n  ") + "\n") + "]}\n"
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
        guard case .object(let top) = json, case .array(let entries)? = top.first(where: { $0.key == "findings" })?.value else {
            throw Failure(message: "is not a baseline: expected {\"version\": 1, \"findings\": [...]}; write one with --write-baseline")
        }
        for entry in entries {
            guard case .object(let fields) = entry,
                  case .string(let file)? = fields.first(where: { $0.key == "file" })?.value,
                  case .string(let rule)? = fields.first(where: { $0.key == "rule" })?.value,
                  case .string(let line)? = fields.first(where: { $0.key == "line" })?.value,
                  case .number(let count)? = fields.first(where: { $0.key == "count" })?.value, count >= 1 else {
                throw Failure(message: "has an entry without file, rule, line and count; write it again with --write-baseline")
            }
            counts[Entry(file: file, rule: rule, lineText: line), default: 0] += Int(count)
        }
    }

    static func relativePath(_ path: String, toFolderOf file: String) -> String {
        Paths.relative(path, to: Paths.folder(of: file)) ?? URL(fileURLWithPath: path).standardizedFileURL.path
    }
}
