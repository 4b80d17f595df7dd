import Foundation
import Testing

/// `docs/Architecture.md` is the map of the code: every source file it names exists, every
/// source file is named in it (a glob such as `Rules/*Rule.swift` counts), and every type its
/// tables name as a piece is declared somewhere in `Sources/`.
@Suite struct ArchitectureMapTests {
    static let sources = repositoryRoot.appendingPathComponent("Sources")
    static let map = (try? String(contentsOf: repositoryRoot.appendingPathComponent("docs/Architecture.md"), encoding: .utf8)) ?? ""

    /// Every file under `Sources/`, as a path relative to it (`PredicateLintCore/Linter.swift`).
    static func sourceFiles() throws -> [String] {
        let enumerator = try #require(FileManager.default.enumerator(atPath: sources.path))
        return enumerator.compactMap { $0 as? String }.filter { path in [".swift", ".c", ".h"].contains { path.hasSuffix($0) } }
    }

    /// The code spans of the map that name source files: `Workspace/Workspace.swift`, and, after
    /// one such span in the same table cell or list item, a bare `TypeShapes.swift` in its folder.
    static func namedPaths() -> [String] {
        var paths: [String] = []
        for line in map.split(separator: "\n") {
            for cell in line.split(separator: "|") {
                var folder = ""
                for span in cell.split(separator: "`").enumerated().filter({ $0.offset % 2 == 1 }).map({ String($0.element) }) {
                    guard [".swift", ".c", ".h"].contains(where: { span.hasSuffix($0) }), !span.contains(" ") else { continue }
                    if let slash = span.lastIndex(of: "/") {
                        folder = String(span[...slash])
                        paths.append(span)
                    } else {
                        paths.append(folder + span)
                    }
                }
            }
        }
        return paths
    }

    /// Where a named path is: a file under `Sources/`, under a target's folder, or a glob's matches.
    static func matches(_ named: String, among files: [String]) -> [String] {
        if named.contains("*") {
            let pattern = "^(.*/)?" + NSRegularExpression.escapedPattern(for: named).replacingOccurrences(of: "\\*", with: "[^/]*") + "$"
            return files.filter { $0.range(of: pattern, options: .regularExpression) != nil }
        }
        return files.filter { $0 == named || $0.hasSuffix("/" + named) }
    }

    @Test func everyPathTheMapNamesExists() throws {
        let files = try Self.sourceFiles()
        let named = Self.namedPaths()
        #expect(named.count > 50, "the map names \(named.count) files: is the parser still reading it?")
        // Files of the repository outside `Sources/` (`Package.swift`, a test, a script) are named too.
        let outside = { (path: String) in FileManager.default.fileExists(atPath: repositoryRoot.appendingPathComponent(path).path) }
        for path in named where !outside(path) {
            #expect(!Self.matches(path, among: files).isEmpty, "docs/Architecture.md names \(path), which is not in Sources/")
        }
    }

    @Test func everySourceFileIsOnTheMap() throws {
        let files = try Self.sourceFiles()
        let named = Self.namedPaths()
        for file in files {
            #expect(named.contains { !Self.matches($0, among: [file]).isEmpty },
                    "Sources/\(file) is not on docs/Architecture.md's map; add it to the table of its side")
        }
    }

    @Test func everyPieceTheMapNamesIsDeclared() throws {
        var declared = ""
        for file in try Self.sourceFiles() where file.hasSuffix(".swift") {
            declared += try String(contentsOf: Self.sources.appendingPathComponent(file), encoding: .utf8)
        }
        // The first cell of each table row of the two "piece | file | owns" tables.
        let rows = Self.map.split(separator: "\n").filter { $0.hasPrefix("| `") }
        let pieces = rows.flatMap { row -> [String] in
            let cell = row.split(separator: "|").first ?? ""
            return cell.split(separator: "`").enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
        }.filter { $0.first?.isUppercase == true && !$0.contains("(") && !$0.contains(" ") }
        #expect(pieces.count > 50)
        for piece in pieces {
            let name = piece.split(separator: ".").first.map(String.init) ?? piece
            let declaration = "(struct|class|enum|protocol|actor|typealias|extension) \(name)\\b"
            #expect(declared.range(of: declaration, options: .regularExpression) != nil,
                    "docs/Architecture.md names `\(piece)`, which no source file declares")
        }
    }

    /// Every type that declares itself `@unchecked Sendable`, or keeps a lock, a queue, a
    /// semaphore or a `Mutex` as a member, is a row of the map's "Shared mutable state", which
    /// says why.
    @Test func everySharedMutableStateIsOnTheMap() throws {
        let section = try #require(Self.map.components(separatedBy: "## Shared mutable state").dropFirst().first?
            .components(separatedBy: "\n## ").first)
        let listed = Set(section.split(separator: "\n").filter { $0.hasPrefix("| `") }.flatMap { row in
            (row.split(separator: "|").first ?? "").split(separator: "`").enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
        })
        let typeLine = try Regex(#"^(?:(?:public|final|private|fileprivate|internal) )*(?:class|struct|enum|actor|extension) (\w+)"#)
        let unchecked = try Regex(#"(?:class|struct) (\w+)[^{]*@unchecked Sendable"#)
        let guardMember = try Regex(#"^    (?:(?:public|private|fileprivate|internal|static) )*let \w+(?:: (?:NSLock|Mutex|DispatchQueue|DispatchSemaphore|DispatchGroup)\b| = (?:NSLock|Mutex|DispatchQueue|DispatchSemaphore|DispatchGroup)\b)"#)
        var holders: Set<String> = []
        for file in try Self.sourceFiles() where file.hasSuffix(".swift") {
            var owner: String?
            for line in try String(contentsOf: Self.sources.appendingPathComponent(file), encoding: .utf8).split(separator: "\n") {
                if let match = line.firstMatch(of: typeLine) { owner = String(match.output[1].substring ?? "") }
                if let match = line.firstMatch(of: unchecked) { holders.insert(String(match.output[1].substring ?? "")) }
                if line.firstMatch(of: guardMember) != nil, let owner { holders.insert(owner) }
            }
        }
        #expect(holders.count > 10, "the scan finds the state it looks for: \(holders.sorted())")
        #expect(holders.subtracting(listed).isEmpty, "not in the map's Shared mutable state: \(holders.subtracting(listed).sorted())")
        #expect(listed.subtracting(holders).isEmpty, "in the map but holding no such state: \(listed.subtracting(holders).sorted())")
    }
}
