import Foundation

public final class Site {
    public var title: String? = nil
    public init() {}
}

// Builds, and SwiftData would refuse it: the plugin reports a warning.
public let startsWithA = #Predicate<Site> { $0.title!.starts(with: "A") }

// Fine.
public let secure = #Predicate<Site> { $0.title?.starts(with: "https") ?? false }
