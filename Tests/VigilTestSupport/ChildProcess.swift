import Foundation
import Glibc

/// A program the tests start (the `vigil` binary, curl, chromedriver), spawned with `posix_spawn`.
///
/// Not `Foundation.Process`: on Linux its `run()` lists `/proc/self/fd` with a struct copy that
/// can read past the end of glibc's directory buffer, which crashed the whole test process when a
/// full run held over a thousand descriptors open. Here the child closes every descriptor above
/// standard error with one `closefrom` action instead, so nothing of the test process (a pipe, a
/// hub's socket) leaks into it.
public final class ChildProcess: @unchecked Sendable {
    public let processIdentifier: pid_t
    private let lock = NSLock()
    private var status: Int32?

    /// Where a child's standard output or error goes.
    public enum Output: Sendable {
        /// The file at this path, created or emptied.
        case file(String)
        case discarded
        /// The test process's own, so that it shows in the test run's log.
        case inherited
    }

    /// Starts `executable` with `arguments`, in `directory` when given. Standard input is /dev/null;
    /// the environment is the test process's own.
    public init(
        _ executable: String,
        _ arguments: [String],
        directory: String? = nil,
        standardOutput: Output = .discarded,
        standardError: Output = .inherited
    ) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        for (descriptor, output) in [(Int32(1), standardOutput), (2, standardError)] {
            switch output {
            case .file(let path): posix_spawn_file_actions_addopen(&actions, descriptor, path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            case .discarded: posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", O_WRONLY, 0)
            case .inherited: break
            }
        }
        GlibcSpawnExtensions.closeFrom(&actions, 3)
        if let directory { GlibcSpawnExtensions.changeDirectory(&actions, directory) }

        // Signals the test process ignores (NIO ignores SIGPIPE) or blocks go back to their defaults.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        var allSignals = sigset_t()
        sigemptyset(&noSignals)
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var pid = pid_t()
        let result = posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
        guard result == 0 else { throw ChildProcessError.spawnFailed(executable, String(cString: strerror(result))) }
        processIdentifier = pid
    }

    /// Whether the program still runs; reaps it once it has ended.
    public var isRunning: Bool {
        lock.withLock {
            guard status == nil else { return false }
            var raw: Int32 = 0
            guard waitpid(processIdentifier, &raw, WNOHANG) == processIdentifier else { return true }
            status = Self.exitStatus(raw)
            return false
        }
    }

    /// Its exit code, or 128 plus the signal's number when a signal ended it (as a shell reports it);
    /// nil while it runs.
    public var terminationStatus: Int32? {
        isRunning ? nil : lock.withLock { status }
    }

    public func send(_ signal: Int32) {
        if isRunning { kill(processIdentifier, signal) }
    }

    /// Blocks the calling thread until the program ends and returns `terminationStatus`. It polls
    /// rather than blocking in `waitpid`, so `isRunning` from other threads never races it.
    @discardableResult
    public func waitUntilExit() -> Int32 {
        while true {
            if let status = terminationStatus { return status }
            usleep(10_000)
        }
    }

    /// Blocks the calling thread until the program ends or `limit` has passed: its status, or nil
    /// when it still runs.
    public func waitUntilExit(atMost limit: Duration) -> Int32? {
        let deadline = ContinuousClock.now + limit
        while ContinuousClock.now < deadline {
            if let status = terminationStatus { return status }
            usleep(10_000)
        }
        return terminationStatus
    }

    private static func exitStatus(_ raw: Int32) -> Int32 {
        let signal = raw & 0x7f
        return signal == 0 ? (raw >> 8) & 0xff : 128 + signal
    }
}

/// glibc's spawn actions that Swift's Glibc module does not import (spawn.h declares them for
/// _GNU_SOURCE only), looked up by name; glibc has had both since 2.34.
private enum GlibcSpawnExtensions {
    private typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    private typealias ChangeDirectory = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32

    static func closeFrom(_ actions: UnsafeMutablePointer<posix_spawn_file_actions_t>, _ lowest: Int32) {
        _ = function("posix_spawn_file_actions_addclosefrom_np", as: CloseFrom.self)(actions, lowest)
    }

    static func changeDirectory(_ actions: UnsafeMutablePointer<posix_spawn_file_actions_t>, _ path: String) {
        _ = function("posix_spawn_file_actions_addchdir_np", as: ChangeDirectory.self)(actions, path)
    }

    private static func function<Function>(_ name: String, as type: Function.Type) -> Function {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { fatalError("glibc without \(name)") }
        return unsafeBitCast(symbol, to: type)
    }
}

public enum ChildProcessError: Error, CustomStringConvertible {
    case spawnFailed(String, String)

    public var description: String {
        switch self {
        case .spawnFailed(let executable, let reason): "could not start \(executable): \(reason)"
        }
    }
}
