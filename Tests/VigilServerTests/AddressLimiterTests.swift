import NIOCore
import Testing
import VigilServer

/// Requests without a token are limited per client (an IPv4 address, an IPv6 /64) in a table of
/// bounded size that cycling through addresses cannot reset.
@Suite(.timeLimit(.minutes(10))) struct AddressLimiterTests {
    private let start: Int64 = 1_000_000

    /// An IPv4 address numbered `index`, none of them 198.51.100.7.
    private func sprayed(_ index: Int) -> String {
        "10.\(index >> 16 & 255).\(index >> 8 & 255).\(index & 255)"
    }

    /// A client that spent its burst stays limited however many other addresses are seen after it
    /// (twice the table's size at once), and gets back only what its rate refills while the table
    /// is cycled again.
    @Test func cyclingThroughAddressesDoesNotResetALimitedClient() {
        let limiter = AddressLimiter(perSecond: 1, burst: 20)
        let client = "198.51.100.7"
        #expect((0..<21).map { _ in limiter.allow(client, now: start) } == Array(repeating: true, count: 20) + [false])
        for index in 0..<(2 * AddressLimiter.maxClients) {
            _ = limiter.allow(sprayed(index), now: start)
        }
        #expect(!limiter.allow(client, now: start), "still limited after the table was cycled twice")
        for index in 0..<AddressLimiter.maxClients {
            _ = limiter.allow(sprayed(index + 2 * AddressLimiter.maxClients), now: start + 1000)
        }
        #expect(limiter.allow(client, now: start + 1000), "a second later its rate gives it one request")
        #expect(!limiter.allow(client, now: start + 1000), "and only one")
    }

    /// Addresses that have refilled are forgotten first, at no cost: a limited client seen since
    /// keeps its bucket, and a new address gets its whole burst.
    @Test func refilledAddressesAreForgottenFirst() {
        let limiter = AddressLimiter(perSecond: 1, burst: 20)
        for index in 0..<(AddressLimiter.maxClients - 1) {
            _ = limiter.allow(sprayed(index), now: start)
        }
        let later = start + 5000
        let client = "198.51.100.7"
        for _ in 0..<20 { _ = limiter.allow(client, now: later) }
        for index in 0..<(AddressLimiter.maxClients - 1) {
            #expect((0..<20).allSatisfy { _ in limiter.allow(sprayed(index + AddressLimiter.maxClients), now: later) })
            #expect(!limiter.allow(client, now: later))
        }
    }

    /// An IPv6 client is its /64; an IPv4-mapped address is its IPv4 address.
    @Test func aClientIsAnIPv4AddressOrAnIPv6Network() throws {
        let names = try [
            "2001:db8:1:2:aaaa::1", "2001:db8:1:2:ffff:ffff:ffff:ffff", "2001:db8:1:3::1", "::1", "::ffff:192.0.2.7", "192.0.2.7",
        ].map { AddressLimiter.client(of: try SocketAddress(ipAddress: $0, port: 443)) }
        #expect(names == ["2001:db8:1:2::/64", "2001:db8:1:2::/64", "2001:db8:1:3::/64", "::/64", "192.0.2.7", "192.0.2.7"])
    }

    /// Through the hub on IPv6: the loopback client `::1` is limited as its network `::/64`.
    @Test func anIPv6ClientIsLimitedByItsNetwork() async throws {
        try await withHub(server: {
            $0.host = "::1"
            $0.openRequestsBurst = 3
        }) { hub async throws in
            var statuses: [Int] = []
            var last = ""
            for _ in 1...4 {
                let response = try await curl("https://[::1]:\(hub.port)/api/flood/regions", caFile: hub.caFile)
                statuses.append(response.status)
                last = response.body
            }
            #expect(statuses == [200, 200, 200, 429])
            #expect(last.contains(#""code":"rate_limited""#))
            #expect(last.contains("::/64"), "refused as its /64: \(last)")
        }
    }
}
