import Foundation

enum Paths {
    /// `path` relative to `folder`, or nil when it is not inside it. Relative paths are taken
    /// from `base` (the current directory unless given); `.` and `..` are resolved first.
    static func relative(_ path: String, to folder: String, base: String? = nil) -> String? {
        let baseURL = base.map { URL(fileURLWithPath: $0, isDirectory: true) }
        let absolute = URL(fileURLWithPath: path, relativeTo: baseURL).standardizedFileURL.path
        let root = URL(fileURLWithPath: folder, relativeTo: baseURL).standardizedFileURL.path
        return absolute.hasPrefix(root + "/") ? String(absolute.dropFirst(root.count + 1)) : nil
    }

    /// The folder a file is in, standardized.
    static func folder(of file: String) -> String {
        URL(fileURLWithPath: file).standardizedFileURL.deletingLastPathComponent().path
    }
}
