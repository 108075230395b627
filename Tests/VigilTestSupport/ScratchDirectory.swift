import Foundation

/// A new directory for one test's data (databases, certificates, a hub's files), in memory where
/// the machine has a RAM disk (`/dev/shm`), else in the temporary directory.
///
/// Why memory: a parallel run starts some forty hubs at once, each writing SQLite with
/// `synchronous = FULL`, and on a shared virtual disk their fsyncs stall for seconds, long enough
/// to miss the transport's real-time deadlines (pings, opening timeouts) that some tests watch.
/// The files are the same SQLite files either way; only surviving a power cut depends on fsync,
/// and no test cuts the power (kill -9 does not).
public func makeScratchDirectory(_ prefix: String) throws -> URL {
    let memory = URL(fileURLWithPath: "/dev/shm", isDirectory: true)
    let base = FileManager.default.isWritableFile(atPath: memory.path) ? memory : FileManager.default.temporaryDirectory
    let directory = base.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory
}
