import Foundation
import Testing
@testable import PredicateLintCommand

/// The README's and docs/Performance.md's figures are the benchmark's own: the table between
/// the markers has the benchmark's columns, and writing a table replaces only what is between
/// them.
@Suite struct BenchmarkTableTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test(arguments: ["README.md", "docs/Performance.md"])
    func theDocumentsHoldTheBenchmarksTable(_ name: String) throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent(name), encoding: .utf8)
        let rows = try #require(BenchmarkTable.rows(in: text), "\(name) has no benchmark table markers")
        try #require(!rows.isEmpty, "\(name)'s benchmark table is empty: run predicate-lint-bench --update \(name)")
        #expect(rows[0] == BenchmarkTable.headings, "\(name)'s table was not written by this benchmark")
        for row in rows.dropFirst(2) { #expect(row.count == BenchmarkTable.headings.count, "\(row)") }
    }

    @Test func writingATableReplacesOnlyWhatIsBetweenTheMarkers() throws {
        let row = BenchmarkRow(corpus: "app-like", files: 10_010, megabytes: 109.94, readFloor: 0.04, parseFloor: 83.6, cold: 5.8,
                               warm: 0.07, edit: 0.1, oneFile: 0.061, startUp: 0.012, peakMB: 51, serverFirstDiagnostics: 0.07,
                               serverMB: 71, serverEditP50: 0.02, serverEditP95: 0.04, serverEditCPU: 0.015, digest: 0.36)
        let table = BenchmarkTable.markdown([row], measured: "Measured today.")
        let document = "before\n" + BenchmarkTable.start + "\nold\n" + BenchmarkTable.end + "\nafter\n"
        let updated = try #require(BenchmarkTable.updating(document, with: table))
        #expect(updated.hasPrefix("before\n") && updated.hasSuffix("\nafter\n"))
        #expect(BenchmarkTable.rows(in: updated)?.last == ["app-like", "10,010", "109.9", "0.04 s", "83.6 s", "5.80 s", "0.07 s", "0.10 s",
                                                           "61 ms", "12 ms", "51 MB", "0.07 s", "71 MB", "20 ms", "40 ms", "15 ms", "360 ms", "0.069", "1.8"])
        #expect(BenchmarkTable.updating("no markers", with: table) == nil)
    }
}
