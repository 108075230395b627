import NIOCore

/// Runs a task's jobs on a channel's event loop. The connection writer prefers it: when the
/// fan-out wakes the writer, the writer resumes on the loop that owns the socket and writes at
/// once, instead of running on the shared pool and hopping to the loop for every batch.
final class EventLoopTaskExecutor: TaskExecutor {
    let eventLoop: any EventLoop

    init(_ eventLoop: any EventLoop) {
        self.eventLoop = eventLoop
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        eventLoop.execute {
            job.runSynchronously(on: self.asUnownedTaskExecutor())
        }
    }
}
