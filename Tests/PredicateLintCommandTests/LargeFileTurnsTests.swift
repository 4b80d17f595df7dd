import Foundation
import Synchronization
import Testing
@testable import PredicateLintCommand

/// Files over the threshold are parsed one at a time (a 4 MB file takes 0.9 GB to parse and
/// lint); smaller ones are never held up by the turn.
@Suite struct LargeFileTurnsTests {
    final class Counters: Sendable {
        let inside = Atomic<Int>(0)
        let most = Atomic<Int>(0)

        func enter() {
            let now = inside.add(1, ordering: .sequentiallyConsistent).newValue
            var seen = most.load(ordering: .sequentiallyConsistent)
            while now > seen {
                let (exchanged, original) = most.compareExchange(expected: seen, desired: now, ordering: .sequentiallyConsistent)
                if exchanged { break }
                seen = original
            }
        }

        func leave() { inside.subtract(1, ordering: .sequentiallyConsistent) }
    }

    func mostAtOnce(bytes: Int) -> Int {
        let counters = Counters()
        _ = ThreadPool.parallelMap(Array(0..<8)) { _ in
            LargeFileTurns.run(bytes: bytes) {
                counters.enter()
                usleep(20_000)
                counters.leave()
            }
        }
        return counters.most.load(ordering: .sequentiallyConsistent)
    }

    @Test(.enabled(if: ProcessInfo.processInfo.activeProcessorCount > 1, "small files overlap only with two cores or more"))
    func largeFilesTakeTurnsAndSmallOnesDoNot() {
        #expect(mostAtOnce(bytes: LargeFileTurns.threshold + 1) == 1)
        #expect(mostAtOnce(bytes: LargeFileTurns.threshold) > 1)
    }
}
