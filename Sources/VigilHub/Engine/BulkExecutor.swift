import Dispatch
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Threads of their own, at a lower scheduling priority, for the work a request costs in
/// proportion to its size: decoding a large message, parsing a batch, matching it to zones.
///
/// The hub's tasks share one cooperative pool as wide as the machine, and a job keeps its thread
/// until it suspends: a few connections sending large batches would hold every thread while the
/// writer's continuation, the fan-out and other connections' small requests wait for one. Run here
/// instead, that work takes at most `threads` threads, and when the machine is busy the system's
/// scheduler runs the hub's other threads first (the threads' nice value is raised by `niceness`).
public final class BulkExecutor: TaskExecutor {
    /// One for the process, made on first use: half the machine's cores, at least one.
    public static let shared = BulkExecutor(threads: max(1, ProcessInfo.processInfo.activeProcessorCount / 2), niceness: niceness)
    /// How much the threads' nice value is raised.
    public static let niceness: Int32 = 5

    private let jobs = Mutex<[UnownedJob]>([])
    private let waiting = DispatchSemaphore(value: 0)

    init(threads: Int, niceness: Int32) {
        for index in 0..<threads {
            let thread = Thread { [self] in
                Self.lowerPriority(by: niceness)
                runJobs()
            }
            thread.name = "vigil-bulk-\(index)"
            thread.start()
        }
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        jobs.withLock { $0.append(job) }
        waiting.signal()
    }

    private func runJobs() -> Never {
        while true {
            waiting.wait()
            let job = jobs.withLock { $0.removeFirst() }
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }

    /// Raises the calling thread's nice value: on Linux the value is the thread's, not the process's.
    private static func lowerPriority(by niceness: Int32) {
        #if os(Linux)
            let which = __priority_which_t(PRIO_PROCESS.rawValue)
            _ = setpriority(which, 0, getpriority(which, 0) + niceness)
        #endif
    }
}
