import Dispatch
import Foundation
import Synchronization

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
        let results = Slots<Result>(count: elements.count)
        let next = WorkCounter()
        let workers = max(1, min(ProcessInfo.processInfo.activeProcessorCount, elements.count))
        let finished = DispatchSemaphore(value: 0)
        for _ in 0..<workers {
            start {
                while let index = next.take(below: elements.count) { results.put(transform(elements[index]), at: index) }
                finished.signal()
            }
        }
        for _ in 0..<workers { finished.wait() }
        return results.values
    }

    /// `first` on this thread and `second` on another at the same time; both results once both
    /// are done.
    public static func both<First, Second: Sendable>(_ first: () -> First, _ second: @escaping @Sendable () -> Second) -> (First, Second) {
        let slot = Slots<Second>(count: 1)
        let finished = DispatchSemaphore(value: 0)
        start {
            slot.put(second(), at: 0)
            finished.signal()
        }
        let firstResult = first()
        finished.wait()
        return (firstResult, slot.take(at: 0)!)
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
final class WorkCounter: Sendable {
    private let next = Atomic<Int>(0)

    func take(below limit: Int) -> Int? {
        let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
        return index < limit ? index : nil
    }
}

/// Fixed-size storage that concurrent workers fill or empty, one slot each: each slot is
/// touched by one worker only, and whoever reads them all (`values`) does so after waiting for
/// every worker (`parallelMap`'s semaphore orders their writes before it), so no lock is needed.
final class Slots<Value: Sendable>: @unchecked Sendable {
    private let storage: UnsafeMutableBufferPointer<Value?>

    init(count: Int) {
        storage = .allocate(capacity: count)
        storage.initialize(repeating: nil)
    }

    init(_ values: [Value?]) {
        storage = .allocate(capacity: values.count)
        _ = storage.initialize(from: values)
    }

    deinit {
        storage.deinitialize()
        storage.deallocate()
    }

    func put(_ value: Value, at index: Int) {
        storage[index] = value
    }

    /// The value at `index`, which the slot then no longer holds (so that it is freed as soon
    /// as its taker is done with it).
    func take(at index: Int) -> Value? {
        defer { storage[index] = nil }
        return storage[index]
    }

    var values: [Value] { storage.compactMap { $0 } }
}
