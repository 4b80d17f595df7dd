import Foundation

/// What a run reads and writes beside the files it lints, through the workspace like the rest:
/// folders named on the command line, `--models` sources, the report, the baseline, the build
/// plugin's stamp, and the files `--fix` rewrites.
extension Workspace {
    /// Whether `path` is a folder.
    func isFolder(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// Every Swift file under `paths`, without learning about them for this workspace's roots
    /// (sources read for their declarations only).
    func swiftFiles(in paths: [String]) -> FileDiscovery.Result {
        FileDiscovery.swiftFiles(in: paths)
    }

    /// Writes `text` to `path`, replacing it in one step; false when it cannot.
    func write(_ text: String, to path: String) -> Bool {
        (try? text.write(toFile: path, atomically: true, encoding: .utf8)) != nil
    }

    /// Creates `path` empty, or empties it; false when it cannot.
    func touch(_ path: String) -> Bool {
        FileManager.default.createFile(atPath: path, contents: Data())
    }

    /// A fixed file's new text, written only if the file still holds what was read (`original`).
    func replaceContents(ofFile path: String, with text: String, byteOrderMark: Bool, expecting original: ContentDigest)
        throws(FileWriter.Failure) {
        try FileWriter.replaceContents(ofFile: path, with: text, byteOrderMark: byteOrderMark, expecting: original)
    }
}
