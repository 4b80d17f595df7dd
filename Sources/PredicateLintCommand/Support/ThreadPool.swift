import Dispatch
import Foundation

/// Where the command side runs work off the calling thread. Every thread it starts has the
/// same large stack, because syntax trees are walked recursively and a deeply nested file must
/// not overflow a worker's stack in one entry point when it does not in another.
public enum ThreadPool {
    public static let stackSize = 64 << 20

    /// `transform` applied to each element on as many threads as there are cores; results keep
    /// the order of `elements`.
    public static func parallelMap<Element: Sendable, Result: Sendable>(
        _ elements: [Element], _ transform: @escaping @Sendable (Element) -> Result
    ) -> [Result] {
        let results = ResultSlots<Result>(count: elements.count)
        let next = WorkCounter()
        let workers = max(1, min(ProcessInfo.processInfo.activeProcessorCount, elements.count))
        let finished = DispatchSemaphore(value: 0)
        for _ in 0..<workers {
            start {
                while let index = next.take(below: elements.count) { results[index] = transform(elements[index]) }
                finished.signal()
            }
        }
        for _ in 0..<workers { finished.wait() }
        return results.values
    }

    /// Runs `work` on a thread of its own, with the large stack.
    public static func start(_ work: @escaping @Sendable () -> Void) {
        let thread = Thread(block: work)
        thread.stackSize = stackSize
        thread.start()
    }
}

/// Jobs run on large-stack threads, at most as many at once as there are cores: the servers'
/// lints, so that a slow one holds up nothing and a burst of requests does not start a thread
/// each at the same time.
public final class WorkerThreads: Sendable {
    private let slots: DispatchSemaphore
    private let pending = DispatchGroup()

    public init(limit: Int = ProcessInfo.processInfo.activeProcessorCount) {
        slots = DispatchSemaphore(value: max(1, limit))
    }

    public func submit(_ job: @escaping @Sendable () -> Void) {
        pending.enter()
        ThreadPool.start { [slots, pending] in
            slots.wait()
            job()
            slots.signal()
            pending.leave()
        }
    }

    /// Waits until every job submitted so far has finished.
    public func waitUntilIdle() { pending.wait() }

    /// The same, giving up at `end`: false then.
    public func waitUntilIdle(until end: DispatchTime) -> Bool { pending.wait(timeout: end) == .success }
}

/// Hands out indexes to workers, each once.
final class WorkCounter: @unchecked Sendable {
    private var value = 0
    private let lock = NSLock()

    func take(below limit: Int) -> Int? {
        lock.withLock {
            guard value < limit else { return nil }
            defer { value += 1 }
            return value
        }
    }
}

/// Fixed-size storage that concurrent workers fill, one slot each.
final class ResultSlots<Value: Sendable>: @unchecked Sendable {
    private var storage: [Value?]
    private let lock = NSLock()

    init(count: Int) { storage = Array(repeating: nil, count: count) }

    subscript(index: Int) -> Value? {
        get { lock.withLock { storage[index] } }
        set { lock.withLock { storage[index] = newValue } }
    }

    var values: [Value] { lock.withLock { storage.compactMap { $0 } } }
}
