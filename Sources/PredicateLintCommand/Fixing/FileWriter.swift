import Foundation

/// Replaces a file's contents without ever leaving it half-written: the new text goes to a
/// temporary file in the same folder, which then takes the original's place in one rename.
/// The original's permissions, owner, extended attributes (ACLs among them) and byte-order
/// mark are kept; a symbolic link stays a
/// link (its target is fixed); a file with other hard links, or whose owner we could not keep,
/// is left alone; and a file that changed since it was read is never overwritten.
public enum FileWriter {
    public struct Failure: Error, Equatable {
        public let message: String
    }

    /// The marker in our temporary files' names: `.Movie.swift.predicate-lint-<pid>-<UUID>`.
    static let temporaryMarker = ".predicate-lint-"

    /// The temporary file beside `name`: as much of the name as fits, since a file system takes
    /// names of at most 255 bytes and the file's own name may already be that long.
    static func temporaryName(for name: String) -> String {
        let suffix = "\(temporaryMarker)\(getpid())-\(UUID().uuidString)"
        var kept = Substring(name)
        while 1 + kept.utf8.count + suffix.utf8.count > 255 { kept = kept.dropLast() }
        return ".\(kept)\(suffix)"
    }

    /// Fault injection for `FaultTests`, read once: with this variable set, the process sends
    /// itself SIGTERM while a temporary file is in place, as an impatient user would, and
    /// waits for it, so the test sees exactly that moment instead of racing for it.
    static let interruptsBeforeReplacing = ProcessInfo.processInfo.environment["PREDICATE_LINT_TEST_INTERRUPT_BEFORE_REPLACING"] != nil

    /// `expecting`: the digest of the text (after any byte-order mark) the fix was made from;
    /// nil to skip the check. `beforeReplacing` runs just before the check (for tests that edit
    /// the file at that moment).
    public static func replaceContents(ofFile path: String, with text: String, byteOrderMark: Bool,
                                       expecting original: ContentDigest? = nil,
                                       writeData: (Data, URL) throws -> Void = { try $0.write(to: $1, options: .withoutOverwriting) },
                                       beforeReplacing: () -> Void = {})
        throws(Failure) {
        // A symbolic link is kept, and what it points to is fixed, as editors do.
        guard let resolved = realpath(path, nil) else { throw Failure(message: "no longer exists; nothing was written") }
        let target = String(cString: resolved)
        free(resolved)
        var info = stat()
        guard stat(target, &info) == 0 else { throw Failure(message: "no longer exists; nothing was written") }
        let permissions = UInt16(info.st_mode & 0o7777)
        // Read-only means the user does not want it changed, whoever we run as (root can
        // write anything).
        guard permissions & 0o222 != 0 else {
            throw Failure(message: "is read-only; make it writable to fix it, or leave it out")
        }
        guard info.st_nlink <= 1 else {
            throw Failure(message: "has \(info.st_nlink) hard links, which replacing it would break; it was left alone "
                + "(fix it with --dry-run and apply the diff, or fix one copy)")
        }
        let url = URL(fileURLWithPath: target)
        let temporary = url.deletingLastPathComponent().appendingPathComponent(temporaryName(for: url.lastPathComponent))
        var data = byteOrderMark ? Data([0xEF, 0xBB, 0xBF]) : Data()
        data.append(Data(text.utf8))
        guard InFlightFiles.shared.begin(temporary.path) else { InFlightFiles.shared.park() }
        defer { InFlightFiles.shared.end(temporary.path) }
        func discard(_ message: String) -> Failure {
            unlink(temporary.path)
            return Failure(message: message)
        }
        do {
            try writeData(data, temporary)
        } catch {
            throw discard("could not be written (\(OutputFile.reason(error))); the file is unchanged")
        }
        guard chmod(temporary.path, mode_t(permissions)) == 0 else {
            throw discard("could not keep its permissions; the file is unchanged")
        }
        // The new file must have the old one's owner and group (root can give it any; anyone
        // else only their own, or change nothing). Its group is not always ours: on macOS a new
        // file takes its folder's group, and on Linux it does in a setgid folder.
        var written = stat()
        guard stat(temporary.path, &written) == 0 else { throw discard("could not be written; the file is unchanged") }
        if written.st_uid != info.st_uid || written.st_gid != info.st_gid, chown(temporary.path, info.st_uid, info.st_gid) != 0 {
            throw discard("belongs to another user or group, which replacing it would change; it was left alone")
        }
        // Mode and owner first: setting an access control list sets the group bits, as chmod
        // would, so the ACL copied last leaves both as the original has them.
        if let lost = ExtendedAttributes.copy(from: target, to: temporary.path) {
            throw discard("could not keep \(lost), which replacing it would lose; it was left alone "
                + "(fix it with --dry-run and apply the diff)")
        }
        if interruptsBeforeReplacing {
            kill(getpid(), SIGTERM)
            InFlightFiles.shared.waitForInterruption()
        }
        beforeReplacing()
        // An edit made while the fix was computed wins: the file is left as the user has it.
        if let original, currentDigest(of: target) != original {
            throw discard("changed while it was being fixed; it was left alone, so run the fix again")
        }
        var renameError: Int32 = 0
        guard InFlightFiles.shared.commit({ renameError = rename(temporary.path, target) == 0 ? 0 : errno }) else {
            unlink(temporary.path)
            InFlightFiles.shared.end(temporary.path)
            InFlightFiles.shared.park()
        }
        guard renameError == 0 else {
            throw discard("could not be replaced (\(String(cString: strerror(renameError)))); the file is unchanged")
        }
    }

    /// The digest of a file's text as `ScannedFile` computes it (after a byte-order mark).
    static func currentDigest(of path: String) -> ContentDigest? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return SHA256.digest(data.starts(with: [0xEF, 0xBB, 0xBF]) ? Data(data.dropFirst(3)) : data)
    }
}

/// Temporary files being written right now. SIGINT and SIGTERM are taken by a thread of their
/// own (not a signal handler, where almost nothing is safe): it stops new writes, lets the ones
/// under way finish or give up (a rename is the only commit, and happens under the same lock),
/// removes what is left, and then ends the process as the signal would have. So an interrupted
/// `--fix` leaves every file either as it was or fully fixed, and nothing beside it.
final class InFlightFiles: @unchecked Sendable {
    static let shared = InFlightFiles()
    private var paths: Set<String> = []
    private var interrupted = false
    private let lock = NSLock()

    /// Registers a temporary file about to be written; false once the run is interrupted.
    func begin(_ path: String) -> Bool {
        lock.withLock {
            guard !interrupted else { return false }
            paths.insert(path)
            return true
        }
    }

    func end(_ path: String) { lock.withLock { _ = paths.remove(path) } }

    /// Runs `replace` (the rename) unless the run was interrupted; false if it was.
    func commit(_ replace: () -> Void) -> Bool {
        lock.withLock {
            guard !interrupted else { return false }
            replace()
            return true
        }
    }

    /// Once the run is interrupted, a writer has nothing left to do: it waits for the end of
    /// the process, so that nothing carries on as if the run had finished.
    func park() -> Never {
        while true { sleep(60) }
    }

    /// For the fault-injection hook: blocks until the interruption has been taken.
    func waitForInterruption() {
        while !lock.withLock({ interrupted }) { usleep(1_000) }
    }

    /// Stops new writes, waits a moment for those under way to give up, removes what remains.
    func interrupt() {
        lock.withLock { interrupted = true }
        for _ in 0..<200 where !lock.withLock({ paths.isEmpty }) { usleep(5_000) }
        lock.withLock { for path in paths { unlink(path) } }
    }

    /// Blocks SIGINT and SIGTERM in this thread and every thread started after it, and waits
    /// for them on a thread of its own.
    static func installSignalHandlers() {
        var handled = sigset_t()
        sigemptyset(&handled)
        sigaddset(&handled, SIGINT)
        sigaddset(&handled, SIGTERM)
        pthread_sigmask(SIG_BLOCK, &handled, nil)
        let watched = handled
        let thread = Thread {
            var set = watched
            var received: Int32 = 0
            guard sigwait(&set, &received) == 0 else { return }
            InFlightFiles.shared.interrupt()
            signal(received, SIG_DFL)
            pthread_sigmask(SIG_UNBLOCK, &set, nil)
            kill(getpid(), received)
        }
        thread.start()
    }

    /// Leftovers of a run that was killed outright (SIGKILL cannot be caught): our temporary
    /// files, recognised by name, found while walking the user's folders, whose writer is no
    /// longer running. A live process's file is another `--fix` at work, and is left to it.
    static func isLeftover(_ name: String) -> Bool {
        guard name.hasPrefix("."), let marker = name.range(of: FileWriter.temporaryMarker) else { return false }
        let tail = name[marker.upperBound...]
        guard let dash = tail.firstIndex(of: "-"), let pid = pid_t(tail[..<dash]), pid > 0,
              UUID(uuidString: String(tail[tail.index(after: dash)...])) != nil else { return false }
        return kill(pid, 0) != 0 && errno == ESRCH
    }
}
