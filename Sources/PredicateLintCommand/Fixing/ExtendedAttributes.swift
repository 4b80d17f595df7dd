import Foundation
#if canImport(Darwin)
import Darwin
#else
import Glibc
#endif

/// A fixed file is a new file renamed over the old one, so whatever the old one carried beside
/// its bytes must be carried over by hand: extended attributes, and with them POSIX access
/// control lists, which Linux keeps as the attributes `system.posix_acl_access` and
/// `system.posix_acl_default`. Losing an ACL can take away a user's write access, so an
/// attribute that cannot be copied means the file is not replaced at all.
enum ExtendedAttributes {
    /// Makes `copy`'s extended attributes exactly `original`'s. Nil when done; else what could
    /// not be kept, for the message that says the file was left alone.
    static func copy(from original: String, to copy: String) -> String? {
        #if canImport(Darwin)
        // One call copies the extended attributes and the ACL (which macOS keeps apart from them).
        return copyfile(original, copy, nil, copyfile_flags_t(COPYFILE_XATTR | COPYFILE_ACL)) == 0
            ? nil : "its extended attributes or access control list (\(String(cString: strerror(errno))))"
        #else
        guard let wanted = names(of: original) else {
            return "its extended attributes, which could not be listed (\(String(cString: strerror(errno))))"
        }
        func failure(_ name: [CChar]) -> String {
            let shown = String(decoding: name.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return shown.hasPrefix("system.posix_acl") ? "its access control list (\(String(cString: strerror(errno))))"
                : "its extended attribute \(shown) (\(String(cString: strerror(errno))))"
        }
        // A new file can inherit a folder's default ACL that the original does not have.
        for name in names(of: copy) ?? [] where !wanted.contains(name) {
            guard removexattr?(copy, name) == 0 else { return failure(name) }
        }
        for name in wanted {
            guard let value = value(of: name, in: original),
                  value.withUnsafeBytes({ setxattr?(copy, name, $0.baseAddress, $0.count, 0) }) == 0 else { return failure(name) }
        }
        return nil
        #endif
    }

    #if !canImport(Darwin)
    // Swift's Glibc module leaves out <sys/xattr.h>; the C library has the calls all the same
    // (a C target for four declarations would be more). Nil in a C library without them,
    // which then has no extended attributes to keep.
    typealias List = @convention(c) (UnsafePointer<CChar>, UnsafeMutablePointer<CChar>?, Int) -> Int
    typealias Get = @convention(c) (UnsafePointer<CChar>, UnsafePointer<CChar>, UnsafeMutableRawPointer?, Int) -> Int
    typealias Set = @convention(c) (UnsafePointer<CChar>, UnsafePointer<CChar>, UnsafeRawPointer?, Int, Int32) -> Int32
    typealias Remove = @convention(c) (UnsafePointer<CChar>, UnsafePointer<CChar>) -> Int32

    static let listxattr = CLibrary.function("listxattr", as: List.self)
    static let getxattr = CLibrary.function("getxattr", as: Get.self)
    static let setxattr = CLibrary.function("setxattr", as: Set.self)
    static let removexattr = CLibrary.function("removexattr", as: Remove.self)

    /// The attribute names of a file, each as the system gave it and ending in its NUL; nil
    /// when they cannot be listed. A file system without extended attributes has none.
    static func names(of path: String) -> [[CChar]]? {
        guard let listxattr, getxattr != nil, setxattr != nil, removexattr != nil else { return [] }
        while true {
            let size = listxattr(path, nil, 0)
            if size < 0 { return errno == ENOTSUP ? [] : nil }
            if size == 0 { return [] }
            var buffer = [CChar](repeating: 0, count: size)
            let read = listxattr(path, &buffer, size)
            if read < 0, errno == ERANGE { continue } // it grew between the two calls
            guard read >= 0 else { return nil }
            return buffer[..<read].split(separator: 0).map { Array($0) + [0] }
        }
    }

    static func value(of name: [CChar], in path: String) -> [UInt8]? {
        guard let getxattr else { return nil }
        while true {
            let size = getxattr(path, name, nil, 0)
            guard size >= 0 else { return nil }
            var buffer = [UInt8](repeating: 0, count: size)
            let read = size == 0 ? 0 : getxattr(path, name, &buffer, size)
            if read < 0, errno == ERANGE { continue }
            guard read >= 0 else { return nil }
            return Array(buffer[..<read])
        }
    }
    #endif
}
