import Foundation

// The root is another module's type, which the linter cannot see: it may reach SwiftData, so
// the force unwrap is reported, as a warning that does not stop the build.
public let startsWithA = #Predicate<URLComponents> { $0.host!.starts(with: "A") }

// Fine.
public let secure = #Predicate<URLComponents> { $0.host?.starts(with: "https") ?? false }
