import Foundation

/// A deterministic corpus of app-like Swift files for the benchmark and for tests that compare
/// runs: SwiftUI views, services, utilities, extensions and, in about 5% of files, SwiftData
/// models, model extensions and predicates (some with problems). Sizes range from a few lines
/// to 5,000. The same seed always writes the same bytes.
public enum SyntheticCorpus {
    public struct Summary: Sendable {
        /// Apps written (`write` writes one module, counted as one).
        public var apps = 0
        public var files = 0
        public var bytes = 0
        public var relevantFiles = 0

        /// Writes one file and counts it.
        mutating func write(_ text: String, to path: String, relevant: Bool) throws {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            files += 1
            bytes += text.utf8.count
            relevantFiles += relevant ? 1 : 0
        }
    }

    /// Writes `fileCount` files under `directory` (in subfolders of 500) and says what it wrote.
    @discardableResult
    public static func write(fileCount: Int, to directory: String, seed: UInt64 = 2026) throws -> Summary {
        var generator = SeededRandom(seed: seed)
        var summary = Summary()
        let modelCount = max(3, fileCount / 150)
        let models = (0..<modelCount).map { "Record\($0)" }
        for index in 0..<fileCount {
            let folder = "\(directory)/Module\(index / 500)"
            if index % 500 == 0 { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
            let roll = generator.next(upTo: 1000)
            let (name, text, relevant): (String, String, Bool)
            if index < modelCount {
                (name, text, relevant) = ("\(models[index]).swift", model(models[index], &generator), true)
            } else if roll < 25 {
                let model = models[generator.next(upTo: models.count)]
                (name, text, relevant) = ("\(model)Store\(index).swift", store(model, index, &generator), true)
            } else if roll < 35 {
                let model = models[generator.next(upTo: models.count)]
                (name, text, relevant) = ("\(model)+Display\(index).swift", modelExtension(model, &generator), true)
            } else if roll < 600 {
                (name, text, relevant) = ("Screen\(index)View.swift", view(index, models, &generator), false)
            } else if roll < 850 {
                (name, text, relevant) = ("Service\(index).swift", service(index, &generator), false)
            } else {
                (name, text, relevant) = ("Utility\(index).swift", utility(index, &generator), false)
            }
            try summary.write(text, to: "\(folder)/\(name)", relevant: relevant)
        }
        summary.apps = 1
        return summary
    }

    /// Names real apps give their models, so that several apps in one tree share them.
    static let commonModelNames = ["Item", "Message", "Settings", "Tag", "Note", "Project", "Entry", "Category"]

    /// Writes about `fileCount` files shaped like real apps: several apps (a package each, about
    /// 1,000 files apiece) in one tree, models with common names, each model extended in several
    /// files, large SwiftUI views (up to 3,000 lines) that hold `@Query` predicates, and plain
    /// types named like another app's models. The same seed always writes the same bytes.
    @discardableResult
    public static func writeApps(fileCount: Int, to directory: String, seed: UInt64 = 2027) throws -> Summary {
        var generator = SeededRandom(seed: seed)
        var summary = Summary()
        let appCount = max(2, fileCount / 1_000)
        for app in 0..<appCount {
            let appRoot = "\(directory)/App\(app)"
            let sources = "\(appRoot)/Sources/App\(app)"
            try FileManager.default.createDirectory(atPath: sources, withIntermediateDirectories: true)
            try Data("""
                // swift-tools-version:5.9
                import PackageDescription
                let package = Package(name: "App\(app)", platforms: [.iOS(.v17), .macOS(.v14)],
                                      targets: [.executableTarget(name: "App\(app)")])

                """.utf8).write(to: URL(fileURLWithPath: "\(appRoot)/Package.swift"))
            // Five common names and one of the app's own.
            var models = commonModelNames.shuffledDeterministically(&generator).prefix(5).map { $0 }
            models.append("App\(app)Record")
            let others = commonModelNames.filter { !models.contains($0) }
            let files = fileCount / appCount
            for index in 0..<files {
                let folder = "\(sources)/Group\(index / 200)"
                if index % 200 == 0 { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
                let roll = generator.next(upTo: 1000)
                let model = models[generator.next(upTo: models.count)]
                let (name, text, relevant): (String, String, Bool)
                if index < models.count {
                    (name, text, relevant) = ("\(models[index]).swift", self.model(models[index], &generator), true)
                } else if index == models.count {
                    (name, text, relevant) = ("App\(app)DashboardView.swift", dashboardView(app, models, &generator), true)
                } else if roll < 40 {
                    // A model extended in many files, some of them long.
                    (name, text, relevant) = ("\(model)+Part\(index).swift", modelExtension(model, &generator), true)
                } else if roll < 90 {
                    (name, text, relevant) = ("\(model)ListView\(index).swift", queryView(model, index, &generator), true)
                } else if roll < 110, let other = others.first {
                    // A plain type named like another app's model.
                    (name, text, relevant) = ("\(other)DTO\(index).swift", "import Foundation\n\nstruct \(other): Codable { var id: Int }\n\n"
                        + filler(lines: generator.lineBudget(), &generator), false)
                } else if roll < 650 {
                    (name, text, relevant) = ("Screen\(index)View.swift", largeView(index, models, &generator), false)
                } else if roll < 850 {
                    (name, text, relevant) = ("Service\(index).swift", service(index, &generator), false)
                } else {
                    (name, text, relevant) = ("Utility\(index).swift", utility(index, &generator), false)
                }
                try summary.write(text, to: "\(folder)/\(name)", relevant: relevant)
            }
            summary.apps += 1
        }
        return summary
    }

    /// A view as real apps write them: a query with a predicate at the top, then hundreds to
    /// thousands of lines of view code.
    static func queryView(_ model: String, _ index: Int, _ generator: inout SeededRandom) -> String {
        let filters = [
            "#Predicate<\(model)> { $0.title.localizedStandardContains(\"a\") }",
            "#Predicate<\(model)> { $0.score > 3 && !$0.isArchived }",
            "#Predicate<\(model)> { $0.notes?.isEmpty == false }",
            "#Predicate<\(model)> { $0.title.hasPrefix(\"a\") }",
        ]
        return """
            import SwiftData
            import SwiftUI

            struct \(model)ListView\(index): View {
                @Query(filter: \(filters[generator.next(upTo: filters.count)]), sort: \\\(model).title) private var items: [\(model)]

                var body: some View {
                    List(items) { item in
                        Text(item.title)
                    }
                }

            """ + viewMembers(lines: 200 + generator.next(upTo: 2_500), &generator) + "}\n"
    }

    /// The file an editor keeps open: a view of 1,000 to 3,000 lines whose dozens of helper
    /// methods each fetch with a predicate (real apps' dashboards and sync services look so).
    static func dashboardView(_ app: Int, _ models: [String], _ generator: inout SeededRandom) -> String {
        let lines = 1_000 + generator.next(upTo: 2_000)
        let count = 24 + generator.next(upTo: 25)
        var text = """
            import SwiftData
            import SwiftUI

            struct App\(app)DashboardView: View {
                let context: ModelContext
                @State private var search = ""

                var body: some View {
                    Text("Dashboard")
                }

            """
        for section in 0..<count {
            let model = models[generator.next(upTo: models.count)]
            let predicates = [
                "#Predicate<\(model)> { $0.title.localizedStandardContains(search) }",
                "#Predicate<\(model)> { $0.score > minimum && !$0.isArchived }",
                "#Predicate<\(model)> { $0.notes?.isEmpty == false }",
                "#Predicate<\(model)> { $0.title.hasPrefix(search) }",
                "#Predicate<\(model)> { $0.rating >= 4.5 && $0.kind == published }",
                "#Predicate<\(model)> { $0.createdAt > start && $0.score < minimum }",
            ]
            text += """
                    private func section\(section)(minimum: Int, start: Date) throws -> [\(model)] {
                        let published = \(model)Kind.published
                        let descriptor = FetchDescriptor<\(model)>(predicate: \(predicates[generator.next(upTo: predicates.count)]))
                        return try context.fetch(descriptor)
                    }

                """ + viewMembers(lines: lines / count, &generator)
        }
        return text + "}\n"
    }

    static func largeView(_ index: Int, _ models: [String], _ generator: inout SeededRandom) -> String {
        let lines = generator.next(upTo: 10) == 0 ? 1_000 + generator.next(upTo: 2_000) : generator.lineBudget()
        return """
            import SwiftUI

            struct Screen\(index)View: View {
                let items: [\(models[generator.next(upTo: models.count)])]
                @State private var search = ""

                var body: some View {
                    VStack {
                        ForEach(items) { item in Text(item.title) }
                    }
                }

            """ + viewMembers(lines: lines, &generator) + "}\n"
    }

    /// Helper views and methods inside a view.
    static func viewMembers(lines: Int, _ generator: inout SeededRandom) -> String {
        var text = ""
        var written = 0
        while written < lines {
            let number = generator.next(upTo: 100_000)
            text += """
                    private func row\(number)(_ label: String, value: Int) -> some View {
                        HStack {
                            Text(label).font(.headline)
                            Spacer()
                            Text("\\(value * \(number % 7 + 1))").foregroundStyle(.secondary)
                        }
                        .padding(.vertical, \(number % 12))
                    }

                """
            written += 9
        }
        return text
    }

    static func model(_ name: String, _ generator: inout SeededRandom) -> String {
        """
        import Foundation
        import SwiftData

        enum \(name)Kind: String, Codable { case draft, published }

        @Model
        final class \(name) {
            var title: String
            var score: Int
            var rating: Double
            var isArchived: Bool
            var createdAt: Date
            var notes: String?
            var kind: \(name)Kind
            @Transient var isExpanded = false

            init(title: String) {
                self.title = title
                self.score = \(generator.next(upTo: 100))
                self.rating = 0
                self.isArchived = false
                self.createdAt = .now
                self.kind = .draft
            }
        }

        """
    }

    static func modelExtension(_ model: String, _ generator: inout SeededRandom) -> String {
        var text = "import Foundation\n\nextension \(model) {\n    var headline: String { title.uppercased() }\n"
        text += "    var isPopular: Bool { score > \(generator.next(upTo: 50)) }\n}\n\n"
        return text + filler(lines: generator.lineBudget() / 2, &generator)
    }

    static func store(_ model: String, _ index: Int, _ generator: inout SeededRandom) -> String {
        let predicates = [
            "#Predicate<\(model)> { $0.title.localizedStandardContains(search) }",
            "#Predicate<\(model)> { $0.title.hasPrefix(search) }",
            "#Predicate<\(model)> { $0.score > minimum && !$0.isArchived }",
            "#Predicate<\(model)> { $0.isPopular }",
            "#Predicate<\(model)> { $0.notes?.isEmpty == false }",
            "#Predicate<\(model)> { $0.title.contains(search) }",
        ]
        var text = """
            import Foundation
            import SwiftData

            struct \(model)Store\(index) {
                let context: ModelContext

                func fetch(search: String, minimum: Int) throws -> [\(model)] {
                    let descriptor = FetchDescriptor<\(model)>(predicate: \(predicates[generator.next(upTo: predicates.count)]))
                    return try context.fetch(descriptor)
                }
            }

            """
        text += filler(lines: generator.lineBudget() / 2, &generator)
        return text
    }

    static func view(_ index: Int, _ models: [String], _ generator: inout SeededRandom) -> String {
        let model = models[generator.next(upTo: models.count)]
        var text = """
            import SwiftUI

            struct Screen\(index)View: View {
                let items: [\(model)]
                @State private var search = ""

                var body: some View {
                    List(items.filter { $0.title.hasPrefix(search) }) { item in
                        Text(item.title.lowercased())
                    }
                }
            }

            """
        text += filler(lines: generator.lineBudget(), &generator)
        return text
    }

    static func service(_ index: Int, _ generator: inout SeededRandom) -> String {
        "import Foundation\n\nfinal class Service\(index) {\n    var cache: [String: Int] = [:]\n}\n\n" + filler(lines: generator.lineBudget(), &generator)
    }

    static func utility(_ index: Int, _ generator: inout SeededRandom) -> String {
        "import Foundation\n\nenum Utility\(index) {\n    case one, two\n}\n\nstruct Helper\(index) { var value = 0 }\n\n"
            + filler(lines: generator.lineBudget(), &generator)
    }

    /// Ordinary code: functions with locals, loops, closures and string work.
    static func filler(lines: Int, _ generator: inout SeededRandom) -> String {
        var text = ""
        var written = 0
        var function = 0
        while written < lines {
            let base = generator.next(upTo: 1000)
            text += """
                func compute\(function)_\(base)(values: [Int], label: String) -> String {
                    var total = \(base)
                    for value in values where value % 3 == \(base % 3) {
                        total += value * \(generator.next(upTo: 9) + 1)
                    }
                    let words = label.split(separator: " ").map { $0.lowercased() }
                    return words.joined(separator: "-") + String(total)
                }

                """
            written += 9
            function += 1
        }
        return text
    }
}

extension Array {
    /// A shuffle that the seed decides.
    func shuffledDeterministically(_ generator: inout SeededRandom) -> [Element] {
        var copy = self
        for index in copy.indices.reversed() where index > 0 {
            copy.swapAt(index, generator.next(upTo: index + 1))
        }
        return copy
    }
}

/// SplitMix64: a small, fast generator that gives the same numbers everywhere, for corpora and
/// tests that must reproduce.
public struct SeededRandom: RandomNumberGenerator, Sendable {
    public var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound` (0 when the bound is not positive).
    public mutating func next(upTo bound: Int) -> Int { bound <= 0 ? 0 : Int(next() % UInt64(bound)) }

    /// Mostly 40–300 lines, sometimes tiny, rarely up to 5,000.
    mutating func lineBudget() -> Int {
        switch next(upTo: 100) {
        case 0..<10: return 5 + next(upTo: 20)
        case 10..<95: return 40 + next(upTo: 260)
        case 95..<99: return 300 + next(upTo: 1200)
        default: return 1500 + next(upTo: 3500)
        }
    }
}
