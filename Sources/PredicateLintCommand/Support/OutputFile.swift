import Foundation
#if canImport(Darwin)
import Darwin
#else
import Glibc
#endif

/// Writing what a run produces (the report, a baseline, the build plugin's stamp) to a path
/// the user named, without harming what is there: a regular file is replaced in one step (also
/// where a symbolic link points to it, which stays a link); a pipe or a character device
/// (`/dev/null`, a shell's `>(…)`) is written to as a stream, never replaced by a plain file;
/// a name of one of the process's open descriptors (`/dev/stdout`, `/dev/fd/3`) is written to
/// through that descriptor, as the shell opened it; anything else (a folder, a socket, a block
/// device) is refused.
enum OutputFile {
    /// Nil when written; else why not ("it is a folder; …").
    static func write(_ data: Data, to path: String) -> String? {
        if let descriptor = openDescriptor(named: path) {
            return withoutSIGPIPE { writeAll(data, to: descriptor).map { "writing failed (\(String(cString: strerror($0))))" } }
        }
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

    /// A new regular file in place of `path`, written beside it and renamed over it; an
    /// existing file's permissions are kept. Plain POSIX calls, so that a failure names what
    /// the system said (`No space left on device`, `File too large`).
    private static func replace(_ path: String, with data: Data) -> String? {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[...$0]) } ?? ""
        // Named as `--fix` names its temporary files, so a killed run's is recognised and removed.
        let temporary = folder + FileWriter.temporaryName(for: String(path[(slash.map { path.index(after: $0) } ?? path.startIndex)...]))
        var existing = stat()
        let mode = stat(path, &existing) == 0 ? mode_t(existing.st_mode & 0o7777) : nil
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else {
            return "writing failed (\(String(cString: strerror(errno)))); check the folder exists and is writable"
        }
        var failure = writeAll(data, to: descriptor)
        if failure == nil, let mode, fchmod(descriptor, mode) != 0 { failure = errno }
        if close(descriptor) != 0, failure == nil { failure = errno }
        if failure == nil, rename(temporary, path) != 0 { failure = errno }
        guard let failure else { return nil }
        unlink(temporary)
        return "writing failed (\(String(cString: strerror(failure)))); check the folder is writable and has room"
    }

    /// Written as it is, from the start, without truncating or replacing it.
    private static func stream(_ data: Data, to path: String) -> String? {
        let descriptor = open(path, O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return "it could not be opened for writing (\(String(cString: strerror(errno))))" }
        defer { close(descriptor) }
        return withoutSIGPIPE { writeAll(data, to: descriptor).map { "writing failed (\(String(cString: strerror($0))))" } }
    }

    /// The descriptor `path` names when it names one this process has open: `/dev/stdout`,
    /// `/dev/stderr`, `/dev/fd/N` (and Linux's `/proc/self/fd/N`). Opening such a name again is
    /// not the same: Linux opens the file anew (at its start, without the shell's append mode;
    /// a pipe's name there is no path at all) and macOS names a folder of descriptors, where no
    /// file can be put beside it.
    static func openDescriptor(named path: String) -> Int32? {
        let number: Substring
        switch path {
        case "/dev/stdout": return STDOUT_FILENO
        case "/dev/stderr": return STDERR_FILENO
        case _ where path.hasPrefix("/dev/fd/"): number = path.dropFirst("/dev/fd/".count)
        case _ where path.hasPrefix("/proc/self/fd/"): number = path.dropFirst("/proc/self/fd/".count)
        default: return nil
        }
        guard let descriptor = Int32(number), descriptor >= 0, fcntl(descriptor, F_GETFD) != -1 else { return nil }
        return descriptor
    }

    /// `body`, with a pipe whose reader has gone failing the write instead of ending the process.
    private static func withoutSIGPIPE<Result>(_ body: () -> Result) -> Result {
        let previous = signal(SIGPIPE, SIG_IGN)
        defer { signal(SIGPIPE, previous) }
        return body()
    }

    /// What the system said of a failed Foundation write (`No space left on device`), rather
    /// than Foundation's generic wording around it.
    static func reason(_ error: any Error) -> String {
        if let posix = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError, posix.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(posix.code)))
        }
        return (error as NSError).localizedDescription
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
