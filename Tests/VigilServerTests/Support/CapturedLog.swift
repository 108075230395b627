import Logging
import Synchronization

/// What a test hub logs at notice and above, kept for the tests that check what is logged.
final class CapturedLog: Sendable {
    struct Entry: Sendable {
        let level: Logger.Level
        let message: String
        let metadata: [String: String]
    }

    private let entries = Mutex<[Entry]>([])

    var all: [Entry] { entries.withLock { $0 } }

    func append(_ entry: Entry) {
        entries.withLock { $0.append(entry) }
    }

    /// A log handler that keeps entries here.
    func handler() -> any LogHandler {
        Handler(log: self)
    }

    private struct Handler: LogHandler {
        let log: CapturedLog
        var logLevel: Logger.Level = .notice
        var metadata: Logger.Metadata = [:]

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let merged = metadata.merging(event.metadata ?? [:]) { $1 }
            log.append(Entry(level: event.level, message: "\(event.message)", metadata: merged.mapValues { "\($0)" }))
        }
    }
}
