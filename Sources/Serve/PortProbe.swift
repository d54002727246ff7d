#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Tells whether a TCP port can be listened on, before anything is built, so
/// `serve` can say "port 8000 is in use; try --port 8001" instead of failing in
/// the middle of starting the server.
public enum PortProbe {
    /// What binding `host:port` would do.
    public enum Availability: Equatable, Sendable {
        case free
        case inUse
        /// Some other reason (an address this machine does not have, no permission):
        /// the message of the failing call.
        case unavailable(String)
    }

    /// Tries to bind every address `host` resolves to (with `SO_REUSEADDR`, as the
    /// server does, so a port in TIME_WAIT counts as free), then closes the sockets.
    public static func check(host: String, port: Int) -> Availability {
        var hints = addrinfo()
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        hints.ai_family = AF_UNSPEC
        #if canImport(Darwin)
        hints.ai_socktype = SOCK_STREAM
        #else
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let first = list else {
            return .unavailable("cannot resolve \(host): " + String(cString: gai_strerror(status)))
        }
        defer { freeaddrinfo(first) }
        var node: UnsafeMutablePointer<addrinfo>? = first
        var result = Availability.free
        while let entry = node {
            let info = entry.pointee
            node = info.ai_next
            let fd = socket(info.ai_family, info.ai_socktype, info.ai_protocol)
            guard fd >= 0 else { continue }
            defer { close(fd) }
            var one: Int32 = 1
            _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
            if bind(fd, info.ai_addr, info.ai_addrlen) != 0 || listen(fd, 1) != 0 {
                let code = errno
                if code == EADDRINUSE { return .inUse }
                result = .unavailable(String(cString: strerror(code)))
            } else {
                return .free  // one address is enough: the server binds the first that works
            }
        }
        return result
    }

    /// The first port after `port` (up to 100 on) that is free on `host`.
    public static func freePort(after port: Int, host: String) -> Int? {
        guard port < 65535 else { return nil }
        for candidate in (port + 1)...min(65535, port + 100) where check(host: host, port: candidate) == .free {
            return candidate
        }
        return nil
    }
}
