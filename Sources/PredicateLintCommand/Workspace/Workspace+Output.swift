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
    /// (sources read for their declarations only); within the confinement, if any.
    func swiftFiles(in paths: [String]) -> FileDiscovery.Result {
        FileDiscovery.swiftFiles(in: paths, confinedTo: settings.confinement)
    }

    /// Writes `text` to `path` (`OutputFile`: a file replaced in one step, through a link; a
    /// pipe or device written as a stream); nil when written, else why not.
    func write(_ text: String, to path: String) -> String? {
        OutputFile.write(Data(text.utf8), to: path)
    }

    /// Creates `path` empty, or empties it, in the same way; nil when done, else why not.
    func touch(_ path: String) -> String? {
        OutputFile.write(Data(), to: path)
    }

    /// A fixed file's new text, written only if the file still holds what was read (`original`).
    func replaceContents(ofFile path: String, with text: String, byteOrderMark: Bool, expecting original: ContentDigest)
        throws(FileWriter.Failure) {
        try FileWriter.replaceContents(ofFile: path, with: text, byteOrderMark: byteOrderMark, expecting: original)
    }
}
