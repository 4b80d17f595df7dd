import Foundation

/// Replaces a file's contents without ever leaving it half-written: the new text goes to a
/// temporary file in the same folder, which then takes the original's place in one rename.
/// The original's permissions and byte-order mark are kept.
public enum FileWriter {
    public struct Failure: Error, Equatable {
        public let message: String
    }

    public static func replaceContents(ofFile path: String, with text: String, byteOrderMark: Bool,
                                       fileManager: FileManager = .default) throws(Failure) {
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
            .appendingPathComponent(".\(url.lastPathComponent).predicate-lint-\(UUID().uuidString)")
        var data = byteOrderMark ? Data([0xEF, 0xBB, 0xBF]) : Data()
        data.append(Data(text.utf8))
        do {
            try data.write(to: temporary, options: .withoutOverwriting)
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
