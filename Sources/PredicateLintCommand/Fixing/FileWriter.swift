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

    /// Fault injection for `FaultTests`, read once: with this variable set, the process
    /// stops itself with SIGTERM while a temporary file is in place, as an impatient user
    /// would, so the test sees exactly that moment instead of racing for it.
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
        InFlightFiles.shared.add(temporary.path)
        defer { InFlightFiles.shared.remove(temporary.path) }
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
        if interruptsBeforeReplacing { raise(SIGTERM) }
        guard rename(temporary.path, path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? fileManager.removeItem(at: temporary)
            throw Failure(message: "could not be replaced (\(reason)); the file is unchanged")
        }
    }

    private static func reason(_ error: any Error) -> String {
        if let posix = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError, posix.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(posix.code)))
        }
        return (error as NSError).localizedDescription
    }
}

/// Temporary files being written right now, removed if the process is interrupted, so that a
/// stopped `--fix` leaves nothing beside the user's files.
final class InFlightFiles: @unchecked Sendable {
    static let shared = InFlightFiles()
    private var paths: Set<String> = []
    private let lock = NSLock()

    func add(_ path: String) { lock.withLock { _ = paths.insert(path) } }
    func remove(_ path: String) { lock.withLock { _ = paths.remove(path) } }

    /// Called from the signal handler: unlink is safe there, and the set is read without the
    /// lock because the process is about to end anyway.
    func removeAll() { for path in paths { unlink(path) } }

    /// SIGINT and SIGTERM remove what is in flight, then end the process as the signal would.
    static func installSignalHandlers() {
        // A parent may have started us with these signals blocked (test runners do); then
        // an interrupted fix would run on instead of stopping cleanly.
        var handled = sigset_t()
        sigemptyset(&handled)
        sigaddset(&handled, SIGINT)
        sigaddset(&handled, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &handled, nil)
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber) { received in
                InFlightFiles.shared.removeAll()
                signal(received, SIG_DFL)
                raise(received)
            }
        }
    }

    /// Leftovers of a run that was killed outright (SIGKILL cannot be caught): our temporary
    /// files, recognised by name, found while walking the user's folders.
    static func isLeftover(_ name: String) -> Bool {
        guard name.hasPrefix("."), let marker = name.range(of: FileWriter.temporaryMarker) else { return false }
        return UUID(uuidString: String(name[marker.upperBound...])) != nil
    }
}
