import Testing
import VigilHub

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct BulkExecutorTests {
    #if os(Linux)
        @Test func bulkWorkRunsOnThreadsTheSystemRunsAfterTheOthers() async {
            let which = __priority_which_t(PRIO_PROCESS.rawValue)
            let shared = getpriority(which, 0)
            let bulk = await withTaskExecutorPreference(BulkExecutor.shared) { getpriority(which, 0) }
            #expect(bulk == shared + BulkExecutor.niceness)
        }
    #endif
}
