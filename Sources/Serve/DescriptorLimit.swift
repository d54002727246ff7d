#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's limit on open descriptors, which the dev server shares between
/// connections, the files it reads and the watcher.
enum DescriptorLimit {
    /// Raises the soft limit to the hard one (often 1,024 → 1,048,576 on Linux)
    /// and returns the soft limit in force.
    static func raise() -> Int {
        #if os(Linux)
        let resource = Int32(RLIMIT_NOFILE.rawValue)
        #else
        let resource = RLIMIT_NOFILE
        #endif
        var limits = rlimit()
        guard getrlimit(resource, &limits) == 0 else { return 256 }
        if limits.rlim_cur < limits.rlim_max {
            // macOS refuses RLIM_INFINITY: the current limit then stays.
            var raised = limits
            raised.rlim_cur = limits.rlim_max
            if setrlimit(resource, &raised) == 0 { limits = raised }
        }
        return limits.rlim_cur > rlim_t(Int.max) ? Int.max : Int(limits.rlim_cur)
    }

    /// How many connections to accept at once: what the limit leaves after keeping
    /// some for the files being served and the watcher, so the server keeps answering
    /// (rather than spinning on failed accepts) when many connections are open.
    static func connections(forLimit limit: Int) -> Int {
        max(8, min(4_096, limit - 64))
    }
}
