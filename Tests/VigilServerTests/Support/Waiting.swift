import Foundation
import Synchronization
import VigilCore

/// Polls `condition` until it holds or `timeout` passes; returns whether it held.
func eventually(timeout: Duration = .seconds(15), _ condition: () async throws -> Bool) async rethrows -> Bool {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
        if try await condition() { return true }
        try? await Task.sleep(for: .milliseconds(20))
    }
    return try await condition()
}

/// Collects the first `count` events of a stream, failing after `timeout`.
func collect(_ count: Int, from stream: AsyncThrowingStream<Event, any Error>, timeout: Duration = .seconds(20)) async throws -> [Event] {
    guard count > 0 else { return [] }
    return try await withThrowingTaskGroup(of: [Event]?.self) { group in
        group.addTask {
            var events: [Event] = []
            for try await event in stream {
                events.append(event)
                if events.count == count { break }
            }
            return events
        }
        group.addTask {
            try await Task.sleep(for: timeout)
            return nil
        }
        let first = try await group.next() ?? nil
        group.cancelAll()
        guard let events = first else { throw TimedOut(what: "\(count) events") }
        return events
    }
}

/// The `seq`s of the first `count` events of a stream, or of those that came within `timeout`.
func seqs(_ count: Int, from stream: AsyncThrowingStream<Event, any Error>, timeout: Duration) async -> [UInt64] {
    let seen = SeenSeqs()
    _ = await withTaskGroup(of: Void.self) { group in
        group.addTask {
            do {
                for try await event in stream {
                    if seen.seqs.withLock({
                        $0.append(event.seq ?? 0)
                        return $0.count
                    }) == count {
                        break
                    }
                }
            } catch {}
        }
        group.addTask { try? await Task.sleep(for: timeout) }
        await group.next()
        group.cancelAll()
    }
    return seen.seqs.withLock { $0 }
}

/// What `seqs(_:from:timeout:)` has seen so far.
private final class SeenSeqs: Sendable {
    let seqs = Mutex<[UInt64]>([])
}

struct TimedOut: Error, CustomStringConvertible {
    let what: String
    var description: String { "timed out waiting for \(what)" }
}

/// A notice publish's data.
func notice(_ text: String) -> JSONValue {
    ["text": .string(text)]
}
