import Foundation
import Glibc

/// An advisory lock (flock) on the directory of a SQLite store, held for as long as the store is
/// open: shared by a hub and the commands that open its file, exclusive while `vigil restore`
/// replaces the file. So a restore never swaps a file from under a hub, and a hub never opens a
/// file being swapped. The directory is locked, not the file: closing any other descriptor of the
/// database file would drop SQLite's own POSIX locks on it.
final class StoreDirectoryLock: Sendable {
    private let descriptor: Int32

    /// Takes the lock or fails at once (no waiting) with `StoreInUse(inUse)`.
    init(directory: String, exclusive: Bool, inUse: String) throws {
        let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw StoreError.unavailable("cannot open the directory \(directory): \(String(cString: strerror(errno)))") }
        guard flock(descriptor, (exclusive ? LOCK_EX : LOCK_SH) | LOCK_NB) == 0 else {
            let reason = errno
            close(descriptor)
            if reason == EWOULDBLOCK { throw StoreInUse(description: inUse) }
            throw StoreError.unavailable("cannot lock \(directory): \(String(cString: strerror(reason)))")
        }
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    /// The directory a store file's lock is taken on.
    static func directory(of path: String) -> String {
        let directory = (path as NSString).deletingLastPathComponent
        return directory.isEmpty ? "." : directory
    }
}

/// Another process holds the store in a way that rules out what was asked; says which, in words.
public struct StoreInUse: Error, CustomStringConvertible {
    public let description: String
}
