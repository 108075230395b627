import Foundation
import VigilCore
import VigilHub

/// The rules a subscription's endpoint meets before the hub will ever send to it, so that
/// registering a subscription cannot turn the hub into a forger of requests to the hub's own
/// network: an `https` URL with a host, no user part, and a public address. A name is checked
/// here by its form alone (`localhost` and the like are refused); where it points is checked when
/// a message is sent, on every address it resolves to, since it can change between the two.
/// `allowLocal` (a hub option meant for tests) lets a loopback or private address through.
struct PushEndpoint: Sendable, Equatable {
    /// The longest endpoint taken; push services' run to a few hundred characters.
    static let maximumLength = 1024
    let url: URL

    init(_ text: String, allowLocal: Bool) throws(ProtocolError) {
        guard text.utf8.count <= Self.maximumLength else {
            throw ProtocolError(.invalidData, "data.endpoint must be at most \(Self.maximumLength) bytes")
        }
        guard let components = URLComponents(string: text), let url = components.url, components.scheme?.lowercased() == "https",
            let host = components.host, !host.isEmpty
        else { throw ProtocolError(.invalidData, "data.endpoint must be an https URL") }
        guard components.user == nil, components.password == nil, components.fragment == nil else {
            throw ProtocolError(.invalidData, "data.endpoint must not carry a user, a password or a fragment")
        }
        let name = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]")).lowercased()
        guard allowLocal || !Self.mayLeadInside(name) else {
            throw ProtocolError(.invalidData, "data.endpoint must be on a public address, not \(name)")
        }
        self.url = url
    }

    /// Whether a host (an address or a name) is or may be one of the hub's own network.
    private static func mayLeadInside(_ host: String) -> Bool {
        if let address = IPAddressBytes(host) { return !address.isPublic }
        // A name without a dot is a local one; a last label of digits is an address in another
        // form (`127.1`, `10.0.0.0x1`), which resolvers read as one.
        guard let last = host.split(separator: ".").last, host.contains("."), last.contains(where: \.isLetter),
            !(last.hasPrefix("0x") && last.dropFirst(2).allSatisfy(\.isHexDigit))
        else { return true }
        return localNameSuffixes.contains { host == $0 || host.hasSuffix("." + $0) }
    }

    /// Names that never lead to the public Internet (RFC 6761, RFC 6762, RFC 8375, and the
    /// `.internal` top-level name ICANN reserved for private use).
    private static let localNameSuffixes = ["localhost", "local", "internal", "home.arpa", "localdomain", "lan"]
}

/// An IPv4 (4 bytes) or IPv6 (16 bytes) address, read from its text.
struct IPAddressBytes: Sendable, Equatable {
    let bytes: [UInt8]

    init?(_ text: String) {
        var v4 = in_addr()
        var v6 = in6_addr()
        if inet_pton(AF_INET, text, &v4) == 1 {
            bytes = withUnsafeBytes(of: &v4) { [UInt8]($0) }
        } else if inet_pton(AF_INET6, text, &v6) == 1 {
            bytes = withUnsafeBytes(of: &v6) { [UInt8]($0) }
        } else {
            return nil
        }
    }

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Whether the address is one of the public Internet: not unspecified, loopback, private,
    /// shared (carrier-grade NAT), link-local, multicast, reserved or documentation space (IANA's
    /// special-purpose registries); an IPv4 address inside IPv6 is judged as the IPv4 one.
    var isPublic: Bool {
        if bytes.count == 16, let embedded = embeddedIPv4 { return embedded.isPublic }
        let ranges = bytes.count == 4 ? Self.specialIPv4 : Self.specialIPv6
        return !ranges.contains { prefix, length in Self.matches(bytes, prefix: prefix, length: length) }
    }

    /// The IPv4 address of an IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d) or NAT64
    /// (64:ff9b::a.b.c.d) IPv6 address.
    private var embeddedIPv4: IPAddressBytes? {
        let mapped: [UInt8] = Array(repeating: 0, count: 10) + [0xFF, 0xFF]
        let compatible: [UInt8] = Array(repeating: 0, count: 12)
        let nat64: [UInt8] = [0x00, 0x64, 0xFF, 0x9B] + Array(repeating: 0, count: 8)
        guard [mapped, compatible, nat64].contains(Array(bytes.prefix(12))) else { return nil }
        // :: and ::1 are IPv6's own unspecified and loopback addresses, judged as IPv6.
        if bytes.prefix(12) == compatible[...] && bytes[12..<15].allSatisfy({ $0 == 0 }) { return nil }
        return IPAddressBytes(bytes: Array(bytes.suffix(4)))
    }

    private static func matches(_ bytes: [UInt8], prefix: [UInt8], length: Int) -> Bool {
        for bit in 0..<length where (bytes[bit / 8] ^ prefix[bit / 8]) & (0x80 >> UInt8(bit % 8)) != 0 { return false }
        return true
    }

    private static let specialIPv4: [(prefix: [UInt8], length: Int)] = [
        ([0, 0, 0, 0], 8), ([10, 0, 0, 0], 8), ([100, 64, 0, 0], 10), ([127, 0, 0, 0], 8), ([169, 254, 0, 0], 16),
        ([172, 16, 0, 0], 12), ([192, 0, 0, 0], 24), ([192, 0, 2, 0], 24), ([192, 88, 99, 0], 24), ([192, 168, 0, 0], 16),
        ([198, 18, 0, 0], 15), ([198, 51, 100, 0], 24), ([203, 0, 113, 0], 24), ([224, 0, 0, 0], 4), ([240, 0, 0, 0], 4),
    ]

    private static let specialIPv6: [(prefix: [UInt8], length: Int)] = [
        (Array(repeating: 0, count: 16), 127),  // :: and ::1
        ([0x01, 0x00] + Array(repeating: 0, count: 14), 64),  // discard-only
        ([0x20, 0x01, 0x0D, 0xB8] + Array(repeating: 0, count: 12), 32),  // documentation
        ([0x20, 0x01] + Array(repeating: 0, count: 14), 23),  // IETF protocol assignments (Teredo, ORCHID, ...)
        ([0x20, 0x02] + Array(repeating: 0, count: 14), 16),  // 6to4, which carries any IPv4 address
        ([0xFC] + Array(repeating: 0, count: 15), 7),  // unique local
        ([0xFE, 0x80] + Array(repeating: 0, count: 14), 10),  // link-local
        ([0xFE, 0xC0] + Array(repeating: 0, count: 14), 10),  // site-local, deprecated
        ([0xFF] + Array(repeating: 0, count: 15), 8),  // multicast
    ]
}
