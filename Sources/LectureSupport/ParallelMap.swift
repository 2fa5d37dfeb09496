import Dispatch
import Foundation

extension Array where Element: Sendable {
    /// Maps the elements on `jobs` threads, keeping the order of results.
    ///
    /// For blocking work (a compiler, a sample): each job runs on its own Dispatch worker, so a
    /// slow child never stalls Swift's cooperative thread pool.
    public func parallelMap<Result: Sendable>(jobs: Int, _ transform: @escaping @Sendable (Element) -> Result)
        -> [Result]
    {
        if jobs <= 1 || count <= 1 { return map(transform) }
        let results = ResultSlots<Result>(count: count)
        let next = ResultSlots<Int>(count: 1)
        next.set(0, 0)
        let group = DispatchGroup()
        let items = self
        for _ in 0..<Swift.min(jobs, count) {
            DispatchQueue.global().async(group: group) {
                while let index = next.take(limit: items.count) {
                    results.set(index, transform(items[index]))
                }
            }
        }
        group.wait()
        return results.values()
    }
}

private final class ResultSlots<T>: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [T?]

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ value: T) { lock.withLock { slots[index] = value } }

    func values() -> [T] { lock.withLock { slots.map { $0! } } }

    /// Hands out the next index below `limit` (slot 0 holds the counter).
    func take(limit: Int) -> Int? where T == Int {
        lock.withLock {
            let index = slots[0]!
            guard index < limit else { return nil }
            slots[0] = index + 1
            return index
        }
    }
}
