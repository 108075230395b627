import NIOCore
import Synchronization
import VigilHub

/// Requests without a token (open routes: the legacy flood API, public files of a domain), limited
/// per client by a token bucket on the hub's clock, since no token bounds them. A client is an
/// IPv4 address, or an IPv6 /64: one subscriber's network, in which a host takes any address it
/// likes at no cost.
public final class AddressLimiter: Sendable {
    /// Clients remembered at most; past it the least recently seen is forgotten, and cycling
    /// through addresses gives none of them a fresh burst (`RateLimiterTable`).
    public static let maxClients = 10_000
    private let buckets: Mutex<RateLimiterTable<String>>

    public init(perSecond: Int, burst: Int) {
        buckets = Mutex(RateLimiterTable(capacity: Self.maxClients, perSecond: perSecond, burst: burst))
    }

    /// Takes one request from `client`'s bucket (a name from `client(of:)`); false when it is empty.
    public func allow(_ client: String, now: Int64) -> Bool {
        buckets.withLock { $0.allow(client, now: now) }
    }

    /// The client an address counts as: `192.0.2.7`, or `2001:db8:1:2::/64` (an IPv4-mapped IPv6
    /// address counts as its IPv4 address).
    public static func client(of address: SocketAddress?) -> String {
        guard case .v6(let v6) = address else { return address?.ipAddress ?? "?" }
        var network = v6.address
        let bytes = withUnsafeBytes(of: network.sin6_addr) { Array($0) }
        if bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xFF, bytes[11] == 0xFF {
            return bytes[12...].map(String.init).joined(separator: ".")
        }
        withUnsafeMutableBytes(of: &network.sin6_addr) { address in
            for index in 8..<16 { address[index] = 0 }
        }
        return (SocketAddress(network, host: "").ipAddress ?? "?") + "/64"
    }
}
