import Foundation

/// Turns the paths on the command line into the Swift files to lint.
public enum FileDiscovery {
    /// Folders that hold build products or other people's code.
    public static let skippedDirectories: Set<String> = [".build", ".git", ".swiftpm", "DerivedData", "Pods", "Carthage"]

    public struct Result {
        public var files: [String] = []
        /// Paths that could not be used, each with what to do about it.
        public var problems: [InputProblem] = []
    }

    public static func swiftFiles(in paths: [String], fileManager: FileManager = .default) -> Result {
        var result = Result()
        var seen: Set<String> = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard fileManager.fileExists(atPath: path, isDirectory: &isDirectory) else {
                result.problems.append(InputProblem(path: path, message: "no such file or directory; check the path"))
                continue
            }
            if !isDirectory.boolValue {
                // A file named explicitly is linted whatever its extension: the user asked for it.
                if seen.insert(path).inserted { result.files.append(path) }
                continue
            }
            for file in swiftFiles(inDirectory: path, fileManager: fileManager, problems: &result.problems)
            where seen.insert(file).inserted {
                result.files.append(file)
            }
        }
        return result
    }

    private static func swiftFiles(inDirectory directory: String, fileManager: FileManager,
                                   problems: inout [InputProblem]) -> [String] {
        let base = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        var files: [String] = []
        var pending = [base]
        while let current = pending.popLast() {
            let entries: [String]
            do {
                entries = try fileManager.contentsOfDirectory(atPath: current)
            } catch {
                problems.append(InputProblem(path: current, message: "cannot list this directory; check its permissions"))
                continue
            }
            for entry in entries.sorted() {
                let path = current == "." && base == "." ? entry : "\(current)/\(entry)"
                var isDirectory: ObjCBool = false
                guard fileManager.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
                if isDirectory.boolValue {
                    if !skippedDirectories.contains(entry) { pending.append(path) }
                } else if entry.hasSuffix(".swift") {
                    files.append(path)
                }
            }
        }
        return files.sorted()
    }
}

/// An input the tool could not use; reported on stderr, and the run exits with 2.
public struct InputProblem: Equatable, Sendable {
    public let path: String
    public var line: Int? = nil
    public let message: String

    public init(path: String, line: Int? = nil, message: String) {
        self.path = path
        self.line = line
        self.message = message
    }

    public var description: String { "error: \(path)\(line.map { ":\($0)" } ?? ""): \(message)" }
}
