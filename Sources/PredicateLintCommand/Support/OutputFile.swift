import Foundation
#if canImport(Darwin)
import Darwin
#else
import Glibc
#endif

/// Writing what a run produces (the report, a baseline, the build plugin's stamp) to a path
/// the user named, without harming what is there: a regular file is replaced in one step (also
/// where a symbolic link points to it, which stays a link); a pipe or a character device
/// (`/dev/null`, `/dev/stdout`, a shell's `>(…)`) is written to as a stream, never replaced by
/// a plain file; anything else (a folder, a socket, a block device) is refused.
enum OutputFile {
    /// Nil when written; else why not ("it is a folder; …").
    static func write(_ data: Data, to path: String) -> String? {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            guard errno == ENOENT else { return "it cannot be looked at (\(String(cString: strerror(errno)))); check the path" }
            return replace(path, with: data)
        }
        var target = path
        if info.st_mode & S_IFMT == S_IFLNK {
            guard let resolved = realpath(path, nil) else {
                return "it is a symbolic link to nothing; point it at a file, or remove it"
            }
            target = String(cString: resolved)
            free(resolved)
            guard stat(target, &info) == 0 else { return "it is a symbolic link that cannot be followed; check it" }
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return replace(target, with: data)
        case S_IFIFO, S_IFCHR: return stream(data, to: target)
        case S_IFDIR: return "it is a folder; name a file in it"
        default: return "it is neither a file, a pipe nor a character device; name a file"
        }
    }

    /// A new regular file in place of `path`, written beside it and renamed over it.
    private static func replace(_ path: String, with data: Data) -> String? {
        do {
            try data.write(to: URL(fileURLWithPath: path), options: .atomic)
            return nil
        } catch {
            return "writing failed (\((error as NSError).localizedDescription)); check the folder exists and is writable"
        }
    }

    /// Written as it is, from the start, without truncating or replacing it.
    private static func stream(_ data: Data, to path: String) -> String? {
        let descriptor = open(path, O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return "it could not be opened for writing (\(String(cString: strerror(errno))))" }
        defer { close(descriptor) }
        // A pipe whose reader has gone fails the write instead of ending the process.
        let previous = signal(SIGPIPE, SIG_IGN)
        defer { signal(SIGPIPE, previous) }
        return writeAll(data, to: descriptor).map { "writing failed (\(String(cString: strerror($0))))" }
    }

    /// Writes every byte to an open descriptor, again where a signal interrupted it; nil when
    /// done, else the `errno` of the write that failed. The cache's entries are written this way too.
    static func writeAll(_ data: Data, to descriptor: Int32) -> Int32? {
        data.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let count = Foundation.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { return count < 0 ? errno : EIO }
                offset += count
            }
            return nil
        }
    }
}
