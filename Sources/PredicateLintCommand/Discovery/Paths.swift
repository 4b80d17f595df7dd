import Foundation
import PredicateLintCore

enum Paths {
    /// A path as line-based output shows it: control characters (a newline in a file name
    /// would start a line of its own, which could pass for a finding) written as escapes.
    static func onOneLine(_ path: String) -> String {
        path.escapingControlCharacters
    }

    /// A name whose characters outside ASCII are written as `\u{…}`: two names that look
    /// alike on screen (precomposed and decomposed) then read apart.
    static func escapingNonASCII(_ name: String) -> String {
        name.unicodeScalars.map { $0.isASCII ? String($0) : "\\u{\(String($0.value, radix: 16, uppercase: true))}" }.joined()
    }

    /// Bytes that are not UTF-8, as text: ASCII as it is (control characters aside, which
    /// `onOneLine` escapes), every other byte as `\xNN`.
    static func escapingBytes(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        bytes.map { $0 < 0x80 ? String(UnicodeScalar($0)) : "\\x" + String($0, radix: 16, uppercase: true) }.joined()
    }

    /// `path` relative to `folder`, or nil when it is not inside it. Relative paths are taken
    /// from `base` (the current directory unless given); `.` and `..` are resolved first.
    static func relative(_ path: String, to folder: String, base: String? = nil) -> String? {
        // Asked for every file a configuration covers: two paths with nothing to standardize
        // are compared as they are (Foundation's URL takes microseconds).
        if let path = standardAbsolute(path, base: base), let folder = standardAbsolute(folder, base: base), folder != "/" {
            return path.hasPrefix(folder + "/") ? String(path.dropFirst(folder.count + 1)) : nil
        }
        let baseURL = base.map { URL(fileURLWithPath: $0, isDirectory: true) }
        let absolute = URL(fileURLWithPath: path, relativeTo: baseURL).standardizedFileURL.path
        let root = URL(fileURLWithPath: folder, relativeTo: baseURL).standardizedFileURL.path
        return absolute.hasPrefix(root + "/") ? String(absolute.dropFirst(root.count + 1)) : nil
    }

    /// No empty, `.` or `..` component and no trailing `/` in `path` past its first `skipping`
    /// bytes (an absolute path's leading `/`): nothing to standardize.
    private static func isStandard(_ path: String, skipping: Int) -> Bool {
        var path = path
        // Asked of every path, several times a run: over the bytes, not the view's indices.
        return path.withUTF8 { bytes in
            var componentLength = 0
            var dots = 0
            for byte in bytes.dropFirst(skipping) {
                if byte == UInt8(ascii: "/") {
                    if componentLength == 0 || componentLength == dots && dots <= 2 { return false }
                    componentLength = 0
                    dots = 0
                } else {
                    componentLength += 1
                    if byte == UInt8(ascii: ".") { dots += 1 }
                }
            }
            return componentLength > 0 && !(componentLength == dots && dots <= 2)
        }
    }

    /// Whether `path` is `folder` or lies below it (both standardized).
    static func isWithin(_ path: String, folder: String) -> Bool {
        path == folder || path.hasPrefix(folder == "/" ? "/" : folder + "/")
    }

    /// An absolute path with nothing to standardize: as `folder(of:)` gives folders.
    static func isStandardAbsolute(_ path: String) -> Bool {
        path.utf8.first == UInt8(ascii: "/") && (path == "/" || isStandard(path, skipping: 1))
    }

    /// The directory relative paths are taken from. The tool never changes it, so it is asked
    /// once rather than by every `URL(fileURLWithPath:)` (a system call each, for every file
    /// of `predicate-lint lint .`).
    private static let workingDirectory = FileManager.default.currentDirectoryPath

    /// `path` made absolute without Foundation's URL when there is nothing to standardize:
    /// an absolute path as it is, a relative one below `base` (the working directory unless
    /// given). Nil otherwise.
    private static func standardAbsolute(_ path: String, base: String? = nil) -> String? {
        if isStandardAbsolute(path) { return path }
        let base = base ?? workingDirectory
        guard path.utf8.first != UInt8(ascii: "/"), isStandard(path, skipping: 0), isStandardAbsolute(base) else { return nil }
        return base == "/" ? "/" + path : base + "/" + path
    }

    /// The part of `path` before its last `/`, as written (nil when it has none). Found over
    /// the bytes: `/` is never part of a larger character, and a search by characters (or by
    /// the view's indices) walks back through the path one step at a time.
    static func writtenFolder(of path: String) -> Substring? {
        let slash = path.utf8.withContiguousStorageIfAvailable { $0.lastIndex(of: UInt8(ascii: "/")) }
            ?? path.utf8.lastIndex(of: UInt8(ascii: "/")).map { path.utf8.distance(from: path.utf8.startIndex, to: $0) }
        return slash.map { path[..<path.utf8.index(path.utf8.startIndex, offsetBy: $0)] }
    }

    /// The first of `paths` in each folder, in the order of `paths` (sorted paths give them
    /// sorted): for what all files of a folder share (their configuration, their project),
    /// asked once per folder rather than once per file. Folders are told apart as written,
    /// without standardizing: two spellings of one folder give one path each, which only
    /// asks the same question twice.
    static func oneFilePerFolder(_ paths: [String]) -> [String] {
        var seen: Set<Substring> = []
        var first: [String] = []
        var previous: Substring?
        for path in paths {
            let folder = writtenFolder(of: path) ?? "."
            // Files of one folder mostly come together (discovery sorts them): those are
            // skipped without hashing.
            if folder == previous { continue }
            previous = folder
            if seen.insert(folder).inserted { first.append(path) }
        }
        return first
    }

    /// `path` with every symbolic link followed (`realpath`), or nil when some part of it
    /// does not exist. Where a file really is, which its spelling need not say.
    static func real(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// `path` absolute and standardized.
    static func absolute(_ path: String) -> String {
        standardAbsolute(path) ?? URL(fileURLWithPath: path).standardizedFileURL.path
    }

    /// The folder a file is in, standardized.
    static func folder(of file: String) -> String {
        // Asked for every file, often several times: a path with nothing to standardize is
        // cut at its last `/` (Foundation's URL takes microseconds per call).
        if let absolute = standardAbsolute(file), let folder = writtenFolder(of: absolute) {
            return folder.isEmpty ? "/" : String(folder)
        }
        return URL(fileURLWithPath: file).standardizedFileURL.deletingLastPathComponent().path
    }
}
