#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Raises the open-file limit: every connection is a descriptor. Root may raise the hard limit
/// too; anyone else gets the hard limit.
enum FileLimit {
    static let wanted: rlim_t = 1 << 20

    static func raise() {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < wanted else { return }
        var raised = rlimit(rlim_cur: wanted, rlim_max: max(wanted, limit.rlim_max))
        if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) != 0 {
            limit.rlim_cur = limit.rlim_max
            _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        }
    }
}
