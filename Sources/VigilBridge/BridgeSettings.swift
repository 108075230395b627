import Foundation
import NIOSSL

/// Where a sensors' MQTT broker is and how to log in to it.
public struct BrokerSettings: Sendable, Equatable {
    /// A name or an address.
    public var host: String
    /// 1883 for plain MQTT, 8883 for MQTT over TLS, unless the broker says otherwise.
    public var port: Int
    /// Whether to speak TLS to the broker.
    public var tls: Bool
    /// A PEM file of the CA to trust for the broker's certificate (implies TLS); nil with `tls`
    /// trusts the system's roots.
    public var caFile: String?
    /// Credentials, when the broker asks for them.
    public var username: String?
    /// Sent only with `username`.
    public var password: String?

    /// A broker at `host:port`, plain MQTT without credentials unless told otherwise.
    public init(host: String, port: Int, tls: Bool = false, caFile: String? = nil, username: String? = nil, password: String? = nil) {
        self.host = host
        self.port = port
        self.tls = tls || caFile != nil
        self.caFile = caFile
        self.username = username
        self.password = password
    }

    /// `HOST:PORT`, `[IPv6]:PORT`, or a host alone (port 1883, or 8883 with TLS).
    public init(address: String, tls: Bool = false, caFile: String? = nil, username: String? = nil, password: String? = nil) throws {
        let secure = tls || caFile != nil
        var host = address
        var port = secure ? 8883 : 1883
        if let match = address.wholeMatch(of: /\[(.+)\]:(\d+)|([^:\[\]]+):(\d+)/) {
            host = String(match.1 ?? match.3 ?? "")
            port = Int(match.2 ?? match.4 ?? "") ?? 0
        } else if address.hasPrefix("[") && address.hasSuffix("]") {
            host = String(address.dropFirst().dropLast())
        }
        guard !host.isEmpty, (1...65535).contains(port) else { throw BridgeSettingsError.badBroker(address) }
        self.init(host: host, port: port, tls: secure, caFile: caFile, username: username, password: password)
    }

    /// What the banner and the log name the broker by.
    public var address: String { "\(host.contains(":") ? "[\(host)]" : host):\(port)" }

    func tlsContext() throws -> NIOSSLContext? {
        guard tls else { return nil }
        var configuration = TLSConfiguration.makeClientConfiguration()
        if let caFile { configuration.trustRoots = .certificates(try NIOSSLCertificate.fromPEMFile(caFile)) }
        return try NIOSSLContext(configuration: configuration)
    }
}

/// One bridge: the topics it follows on a broker, and the site and kind of the alerts it raises.
public struct MQTTBridgeSettings: Sendable, Equatable {
    /// The broker to subscribe to.
    public var broker: BrokerSettings
    /// MQTT topic filters (`+` and `#` allowed), e.g. `smartguard/+/motion`.
    public var topics: [String]
    /// The site whose alerts the messages raise.
    public var site: String
    /// The alerts' kind (docs/protocol.md §6.3): `motion`, `door`, `panic`, `analytics` or `custom`.
    public var kind: String
    /// The client id the broker keeps the bridge's session under: the same on every connection,
    /// so that messages published while the bridge is away wait for it.
    public var clientID: String

    /// A bridge; without a client id, one made of the site, the kind and the topics, the same on
    /// every start.
    public init(broker: BrokerSettings, topics: [String], site: String, kind: String, clientID: String? = nil) throws {
        guard !topics.isEmpty, topics.allSatisfy(Self.isValidFilter) else { throw BridgeSettingsError.badTopic(topics.joined(separator: " ")) }
        self.broker = broker
        self.topics = topics
        self.site = site
        self.kind = kind
        self.clientID = clientID ?? "vigil-\(site)-\(kind)-\(Self.stableHash(topics.joined(separator: " ")))"
        guard !self.clientID.isEmpty, self.clientID.utf8.count <= 65535 else { throw BridgeSettingsError.badClientID }
    }

    /// MQTT 3.1.1 §4.7: `#` only as the last level, `+` and `#` only as whole levels.
    static func isValidFilter(_ filter: String) -> Bool {
        let levels = filter.split(separator: "/", omittingEmptySubsequences: false)
        guard !filter.isEmpty, filter.utf8.count <= 65535 else { return false }
        for (index, level) in levels.enumerated() {
            if level.contains("#") && (level != "#" || index != levels.count - 1) { return false }
            if level.contains("+") && level != "+" { return false }
        }
        return true
    }

    /// FNV-1a, written out: Swift's `Hasher` is seeded anew in every process.
    private static func stableHash(_ text: String) -> String {
        var hash: UInt32 = 2_166_136_261
        for byte in text.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        return String(hash, radix: 16)
    }
}

/// Settings that cannot make a bridge, said in words for the command line.
public enum BridgeSettingsError: Error, Equatable, CustomStringConvertible {
    case badBroker(String)
    case badTopic(String)
    case badClientID
    case badFile(String)

    public var description: String {
        switch self {
        case .badBroker(let address): "the broker must be HOST:PORT (or [IPv6]:PORT), not \(address)"
        case .badTopic(let topics): "a topic filter is missing or not valid MQTT (+ and # only as whole levels, # last): \(topics)"
        case .badClientID: "the client id must be 1 to 65535 bytes"
        case .badFile(let reason): "the bridge configuration file: \(reason)"
        }
    }
}
