import Foundation

/// Calls the C library has that Swift's Glibc module leaves out (`<sys/xattr.h>`,
/// `malloc_trim`): looked up by name in the running process, once per call site.
enum CLibrary {
    /// The function named `name`, as `type` (a `@convention(c)` function type); nil in a C
    /// library without it.
    static func function<F>(_ name: String, as type: F.Type) -> F? {
        dlsym(dlopen(nil, RTLD_NOW), name).map { unsafeBitCast($0, to: type) }
    }
}
