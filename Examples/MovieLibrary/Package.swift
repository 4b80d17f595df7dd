// swift-tools-version: 6.0
// The example app's manifest, which states the systems it supports. PredicateLint reads the
// deployment target from here (as it would from an Xcode project), and it decides findings:
// comparing an enum-typed property works from iOS 27 and macOS 27, so this app, which supports
// iOS 17 and macOS 14, is told about it. The app is not built: SwiftData exists on Apple's
// systems only.
import PackageDescription

let package = Package(
    name: "MovieLibrary",
    platforms: [.iOS(.v17), .macOS(.v14)],
    targets: [.target(name: "MovieLibrary", path: ".")]
)
