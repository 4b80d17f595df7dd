// SwiftData exists only on Apple platforms; on Linux this compiles to nothing, and the
// linter still reads it.
#if canImport(SwiftData)
import SwiftData

@Model public final class Trip {
    public var name = ""
    public var isLong: Bool { name.count > 10 }

    public init(name: String) {
        self.name = name
    }
}
#endif
