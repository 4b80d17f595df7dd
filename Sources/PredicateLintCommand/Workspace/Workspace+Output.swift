import Foundation

/// What a run reads and writes beside the files it lints, through the workspace like the rest
/// (`LintRun` calls no file API itself: `CommandBoundaryTests`): folders named on the command
/// line, `--models` sources, files read again, the report, the baseline, the build plugin's
/// stamp, and the files `--fix` rewrites.
extension Workspace {
    /// Whether `path` is a folder.
    func isFolder(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// Where the file at `path` really is (links resolved), or nil when it is not there.
    func realPath(_ path: String) -> String? {
        Paths.real(path)
    }

    /// A scanned file's text read again (for `--fix`, and for a report that quotes a file whose
    /// findings came from the cache).
    func load(_ file: ScannedFile) -> Result<ScannedFile.Loaded, InputProblem> {
        file.load()
    }

    /// The baseline at `path`.
    func readBaseline(_ path: String) -> Result<Baseline, Baseline.Failure> {
        Baseline.read(path)
    }

    /// What `--fix` may write: the files under `paths`, really (`FixReach`).
    func fixReach(of paths: [String]) -> FixReach {
        FixReach(paths: paths)
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
