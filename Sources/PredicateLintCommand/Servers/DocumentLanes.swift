import Foundation
import PredicateLintCore
import Synchronization

/// How the servers keep answering while a hostile document is open: each lint of a document
/// has a time limit, past which the server says so instead of findings; and documents that
/// are large, or were slow last time, take turns in a lane of their own, one core short of
/// the machine, so that every other document always has a worker free.
public final class DocumentLanes: Sendable {
    /// Ten seconds: a written file takes milliseconds, the fuzzer's 1 MB file of 16,000
    /// predicates 3.4 s in a release build, and the parse guard lets through files of 4 MB.
    public static let standardTimeLimit: Duration = .seconds(10)
    /// Past this size a document goes to the slow lane before it has shown itself slow.
    static let largeDocumentBytes = 256 << 10
    /// A lint that took longer marks its document slow until one is quick again.
    static let slowLint: Duration = .seconds(1)

    let timeLimit: Duration
    private let quick = WorkerThreads()
    private let slow = WorkerThreads(limit: max(1, ProcessInfo.processInfo.activeProcessorCount - 1))
    private let slowDocuments = Mutex<Set<String>>([])

    init(timeLimit: Duration = standardTimeLimit) {
        self.timeLimit = timeLimit
    }

    /// When a lint starting now must give up.
    var deadline: ContinuousClock.Instant { .now + timeLimit }

    /// What a server says of a document it gave up on.
    var refusal: String {
        "PredicateLint stopped checking this file after \(timeLimit.components.seconds) seconds, its limit for one document "
            + "in a server; split the file, or check it with `predicate-lint lint`, which has no limit"
    }

    /// Runs `job` for the document `key` (nil for one without an identity) of `bytes` bytes,
    /// in its lane; how long it took decides the document's lane next time.
    func submit(_ key: String?, bytes: Int, _ job: @escaping @Sendable () -> Void) {
        let isSlow = bytes > Self.largeDocumentBytes || key.map { key in slowDocuments.withLock { $0.contains(key) } } ?? false
        (isSlow ? slow : quick).submit { [self] in
            let start = ContinuousClock.now
            job()
            guard let key else { return }
            let tookLong = ContinuousClock.now - start > Self.slowLint
            slowDocuments.withLock { if tookLong { $0.insert(key) } else { $0.remove(key) } }
        }
    }

    /// Other work (code actions, files changed on disk) that is not one document's lint.
    func submit(_ job: @escaping @Sendable () -> Void) { quick.submit(job) }

    /// Waits until every job submitted so far has finished.
    func waitUntilIdle() {
        quick.waitUntilIdle()
        slow.waitUntilIdle()
    }

    /// Waits until every job submitted so far has finished, or `timeout` has passed: false then.
    func waitUntilIdle(timeout: Duration) -> Bool {
        let (seconds, attoseconds) = timeout.components
        let end = DispatchTime.now() + .nanoseconds(Int(seconds * 1_000_000_000 + attoseconds / 1_000_000_000))
        return quick.waitUntilIdle(until: end) && slow.waitUntilIdle(until: end)
    }
}
