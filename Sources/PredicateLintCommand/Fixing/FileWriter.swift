import Foundation

/// Replaces a file's contents without ever leaving it half-written: the new text goes to a
/// temporary file in the same folder, which then takes the original's place in one rename.
/// The original's permissions and byte-order mark are kept.
public enum FileWriter {
    public struct Failure: Error, Equatable {
        public let message: String
    }

    /// The suffix of our temporary files: `.Movie.swift.predicate-lint-<UUID>`.
    static let temporaryMarker = ".predicate-lint-"

    /// Fault injection for `FaultTests`, read once: with this variable set, the process sends
    /// itself SIGTERM while a temporary file is in place, as an impatient user would, and
    /// waits for it, so the test sees exactly that moment instead of racing for it.
    static let interruptsBeforeReplacing = ProcessInfo.processInfo.environment["PREDICATE_LINT_TEST_INTERRUPT_BEFORE_REPLACING"] != nil

    public static func replaceContents(ofFile path: String, with text: String, byteOrderMark: Bool,
                                       fileManager: FileManager = .default,
                                       writeData: (Data, URL) throws -> Void = { try $0.write(to: $1, options: .withoutOverwriting) })
        throws(Failure) {
        let attributes: [FileAttributeKey: Any]
        do {
            attributes = try fileManager.attributesOfItem(atPath: path)
        } catch {
            throw Failure(message: "no longer exists; nothing was written")
        }
        let permissions = (attributes[.posixPermissions] as? NSNumber)?.uint16Value ?? 0o644
        // Read-only means the user does not want it changed, whoever we run as (root can
        // write anything).
        guard permissions & 0o222 != 0 else {
            throw Failure(message: "is read-only; make it writable to fix it, or leave it out")
        }
        let url = URL(fileURLWithPath: path)
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent)\(temporaryMarker)\(UUID().uuidString)")
        var data = byteOrderMark ? Data([0xEF, 0xBB, 0xBF]) : Data()
        data.append(Data(text.utf8))
        guard InFlightFiles.shared.begin(temporary.path) else { InFlightFiles.shared.park() }
        defer { InFlightFiles.shared.end(temporary.path) }
        do {
            try writeData(data, temporary)
        } catch {
            try? fileManager.removeItem(at: temporary)
            throw Failure(message: "could not be written (\(Self.reason(error))); the file is unchanged")
        }
        do {
            try fileManager.setAttributes([.posixPermissions: NSNumber(value: permissions)], ofItemAtPath: temporary.path)
        } catch {
            try? fileManager.removeItem(at: temporary)
            throw Failure(message: "could not keep its permissions; the file is unchanged")
        }
        if interruptsBeforeReplacing {
            kill(getpid(), SIGTERM)
            InFlightFiles.shared.waitForInterruption()
        }
        var renameError: Int32 = 0
        guard InFlightFiles.shared.commit({ renameError = rename(temporary.path, path) == 0 ? 0 : errno }) else {
            try? fileManager.removeItem(at: temporary)
            InFlightFiles.shared.end(temporary.path)
            InFlightFiles.shared.park()
        }
        guard renameError == 0 else {
            try? fileManager.removeItem(at: temporary)
            throw Failure(message: "could not be replaced (\(String(cString: strerror(renameError)))); the file is unchanged")
        }
    }

    private static func reason(_ error: any Error) -> String {
        if let posix = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError, posix.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(posix.code)))
        }
        return (error as NSError).localizedDescription
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
    /// files, recognised by name, found while walking the user's folders.
    static func isLeftover(_ name: String) -> Bool {
        guard name.hasPrefix("."), let marker = name.range(of: FileWriter.temporaryMarker) else { return false }
        return UUID(uuidString: String(name[marker.upperBound...])) != nil
    }
}
