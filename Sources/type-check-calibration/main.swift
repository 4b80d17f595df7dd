import Foundation
import PredicateLintCommand
import PredicateLintCore
import TypeCheckCalibration

// swift run -c release type-check-calibration --corpus DIR [--synthetic] [--app NAME]… [--dry-run]
//     [--time-limit SECONDS] [--cache DIR] [--out FILE] [--skipped-out FILE]
//
// Measures how long the compiler on PATH takes to type-check the `#Predicate`s of the apps in
// DIR (one folder per app, named `owner+name`), each rebuilt as a stand-in file, one at a time;
// with --synthetic, also the synthetic families around the boundary. Writes
// docs/TypeCheckCalibration.tsv (one row per measured predicate) and
// docs/TypeCheckCalibrationSkipped.tsv (one row per predicate it could not rebuild, with the
// reason). Verdicts are kept in --cache by a digest of the compiler, the limit and the stand-in,
// so a second run compiles only what changed. The apps' code is read, never copied: the tables
// name each predicate by its file and line.

let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
var corpus: String?
var apps: Set<String> = []
var synthetic = false
var dryRun = false
var timeLimit = 120
var cache = FileManager.default.temporaryDirectory.appendingPathComponent("type-check-calibration").path
var out = repository.appendingPathComponent("docs/TypeCheckCalibration.tsv").path
var skippedOut = repository.appendingPathComponent("docs/TypeCheckCalibrationSkipped.tsv").path

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("type-check-calibration: \(message)\n".utf8))
    exit(2)
}

var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    func value() -> String {
        guard let value = arguments.popFirst() else { fail("\(argument) needs a value") }
        return value
    }
    switch argument {
    case "--corpus": corpus = value()
    case "--app": apps.insert(value())
    case "--synthetic": synthetic = true
    case "--dry-run": dryRun = true
    case "--time-limit":
        guard let seconds = Int(value()) else { fail("--time-limit takes a number of seconds") }
        timeLimit = seconds
    case "--cache": cache = value()
    case "--out": out = value()
    case "--skipped-out": skippedOut = value()
    default: fail("unknown argument \(argument); see the comment at the top of Sources/type-check-calibration/main.swift")
    }
}
guard let corpus else { fail("--corpus DIR is required: a folder with one folder per app") }
// Validation apps are linted once, never measured to tune the rule.
if URL(fileURLWithPath: corpus).standardizedFileURL.lastPathComponent == "val" { fail("refusing to read the held-out half (\(corpus))") }
guard let swiftc = ProcessInfo.processInfo.environment["PATH"]?.split(separator: ":")
    .map({ "\($0)/swiftc" }).first(where: FileManager.default.isExecutableFile(atPath:)) else { fail("no swiftc on PATH") }

/// An app's Swift files by project, paths relative to the app's folder: a file belongs to the
/// deepest folder above it holding an Xcode project or a package manifest, as the linter scopes
/// models, so that two sample projects in one repository do not make each other's models
/// ambiguous. Files that are not UTF-8 are said and left out.
func projects(in folder: URL) -> [[Calibration.AppFile]] {
    let base = folder.standardizedFileURL.path
    guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey]) else { return [] }
    var files: [Calibration.AppFile] = []
    var projectFolders: Set<String> = [""]
    for case let url as URL in walker {
        let relative = String(url.standardizedFileURL.path.dropFirst(base.count + 1))
        if url.pathExtension == "xcodeproj" || url.lastPathComponent == "Package.swift" {
            projectFolders.insert((relative as NSString).deletingLastPathComponent)
        }
        guard url.pathExtension == "swift" else { continue }
        guard let text = try? String(contentsOf: url, encoding: .utf8) else {
            FileHandle.standardError.write(Data("type-check-calibration: \(url.path) is not UTF-8 text; left out\n".utf8))
            continue
        }
        files.append((relative, text))
    }
    let grouped = Dictionary(grouping: files) { file in
        projectFolders.filter { $0.isEmpty || file.path.hasPrefix($0 + "/") }.max { $0.count < $1.count } ?? ""
    }
    return grouped.keys.sorted().map { grouped[$0]!.sorted { $0.path < $1.path } }
}

do {
    let checker = try TypeChecker(swiftc: swiftc, timeLimit: .seconds(timeLimit), cacheFolder: URL(fileURLWithPath: cache))
    let calibration = Calibration(checker: checker, digest: { SHA256.digest($0).description }, progress: { print($0) })
    let folders = try FileManager.default.contentsOfDirectory(atPath: corpus).sorted()
        .filter { apps.isEmpty || apps.contains($0) }
        .filter { var isFolder: ObjCBool = false; return FileManager.default.fileExists(atPath: "\(corpus)/\($0)", isDirectory: &isFolder) && isFolder.boolValue }
    var rows: [CalibrationRow] = []
    var skipped: [SkippedPredicate] = []
    for app in folders {
        let measured = try calibration.measure(app: app, projects: projects(in: URL(fileURLWithPath: "\(corpus)/\(app)")), dryRun: dryRun)
        rows += measured.rows
        skipped += measured.skipped
    }
    if synthetic && !dryRun { rows += try calibration.measureSynthetic(besides: rows) }
    try CalibrationTable.text(of: rows).write(toFile: out, atomically: true, encoding: .utf8)
    try CalibrationTable.text(of: skipped).write(toFile: skippedOut, atomically: true, encoding: .utf8)

    print("\n\(checker.version)")
    let real = rows.filter { $0.source == "real" }
    print("predicates found: \(real.count + skipped.count); measured: \(real.count); skipped: \(skipped.count)")
    for (category, count) in Dictionary(grouping: skipped, by: \.skip.category).mapValues(\.count).sorted(by: { $0.value > $1.value }) {
        print("  skipped \(count)  \(category)")
    }
    for (outcome, count) in Dictionary(grouping: real, by: \.verdict.outcome.rawValue).mapValues(\.count).sorted(by: { $0.key < $1.key }) {
        print("  \(outcome) \(count)")
    }
    // What the rule says of what the compiler did: the point of the table.
    for (source, measured) in [("real", real), ("synthetic", rows.filter { $0.source == "synthetic" })] where !measured.isEmpty {
        let built = measured.filter { $0.verdict.outcome == .builds }
        let gaveUp = measured.filter { $0.verdict.outcome == .unableToTypeCheck || $0.verdict.outcome == .timeout }
        print("\(source): type-check-complexity flags \(built.filter(\.tally.exceedsBudget).count) of the \(built.count) that build "
              + "and \(gaveUp.filter(\.tally.exceedsBudget).count) of the \(gaveUp.count) the compiler gave up on"
              + (built.isEmpty ? "" : "; slowest build \(String(format2: built.map(\.verdict.seconds).max()!)) s"))
    }
    print("wrote \(out) and \(skippedOut)")
} catch {
    fail("\(error)")
}
