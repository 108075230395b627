import Synchronization
import VigilHub

/// The last whole marker files made, by event, format and origin, each with the version (the
/// region topic's head) it was made at: a file asked for again while its region has not changed
/// is served as it was made, and requests that come while it is being made wait for that one
/// making instead of starting their own. Bounded in count and bytes; the oldest goes first.
final class FloodFileCache: Sendable {
    static let maxFiles = 4
    static let maxBytes = 256 * 1024 * 1024

    private struct Entry {
        var key: String
        var version: String
        var making: Task<FloodBuiltFile, any Error>
        /// The plain file's size once made.
        var bytes: Int?
    }

    private let entries = Mutex<[Entry]>([])

    /// The kept file of `key` at `version`, or the one `make` makes (once, whoever asks meanwhile).
    func file(_ key: String, version: String, make: @escaping @Sendable () async throws -> [UInt8]) async throws -> FloodBuiltFile {
        let making = entries.withLock { entries in
            if let kept = entries.first(where: { $0.key == key && $0.version == version }) { return kept.making }
            let making = Task { FloodBuiltFile(try await make()) }
            entries.removeAll { $0.key == key }
            entries.append(Entry(key: key, version: version, making: making))
            if entries.count > Self.maxFiles { entries.removeFirst() }
            return making
        }
        do {
            let file = try await making.value
            keep(key, version: version, bytes: file.bytes.count)
            return file
        } catch {
            entries.withLock { $0.removeAll { $0.key == key && $0.version == version } }
            throw error
        }
    }

    /// Records a made file's size, and lets the oldest files go while they hold too many bytes.
    private func keep(_ key: String, version: String, bytes: Int) {
        entries.withLock { entries in
            guard let index = entries.firstIndex(where: { $0.key == key && $0.version == version }) else { return }
            entries[index].bytes = bytes
            while entries.count > 1, entries.reduce(0, { $0 + ($1.bytes ?? 0) }) > Self.maxBytes { entries.removeFirst() }
            if bytes > Self.maxBytes { entries.removeAll { $0.key == key } }
        }
    }
}

/// One made marker file: its bytes, and their gzip form, compressed the first time a client that
/// takes gzip asks for it and kept from then on.
final class FloodBuiltFile: Sendable {
    let bytes: [UInt8]
    private let compressing = Mutex<Task<[UInt8], Never>?>(nil)

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    func gzipped() async -> [UInt8] {
        let task = compressing.withLock { task in
            if let task { return task }
            let made = Task { [bytes] in Gzip.compress(bytes) }
            task = made
            return made
        }
        return await task.value
    }
}
