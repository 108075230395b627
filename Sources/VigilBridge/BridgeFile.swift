import Foundation

/// A configuration file of several bridges (`vigil bridge mqtt --config FILE`), JSON:
///
/// ```json
/// {"bridges": [
///   {"broker": "sensors.example:8883", "ca": "broker-ca.pem", "username": "vigil", "password": "…",
///    "topics": ["smartguard/+/motion"], "site": "hq", "kind": "motion"},
///   {"broker": "10.0.4.2:1883", "topics": ["depot/doors/#"], "site": "depot", "kind": "door", "clientId": "vigil-depot-doors"}
/// ]}
/// ```
///
/// `tls: true` speaks TLS trusting the system's roots; `ca` names the CA to trust instead.
public enum BridgeFile {
    private struct File: Decodable {
        let bridges: [Entry]
    }

    private struct Entry: Decodable {
        let broker: String
        let tls: Bool?
        let ca: String?
        let username: String?
        let password: String?
        let topics: [String]
        let site: String
        let kind: String
        let clientId: String?
    }

    /// The most bridges one file may hold: each is a connection to a broker and one to the hub.
    public static let maxBridges = 64

    /// The bridges of a file's contents; relative CA paths are read from `directory`.
    public static func bridges(from data: Data, directory: URL) throws -> [MQTTBridgeSettings] {
        let file: File
        do {
            file = try JSONDecoder().decode(File.self, from: data)
        } catch {
            throw BridgeSettingsError.badFile("not the expected JSON (\(Self.reason(error)))")
        }
        guard !file.bridges.isEmpty, file.bridges.count <= maxBridges else {
            throw BridgeSettingsError.badFile("it must list 1 to \(maxBridges) bridges")
        }
        let bridges = try file.bridges.map { entry in
            let ca = entry.ca.map { $0.hasPrefix("/") ? $0 : directory.appendingPathComponent($0).path }
            let broker = try BrokerSettings(
                address: entry.broker, tls: entry.tls ?? false, caFile: ca, username: entry.username, password: entry.password)
            return try MQTTBridgeSettings(broker: broker, topics: entry.topics, site: entry.site, kind: entry.kind, clientID: entry.clientId)
        }
        let clientIDs = bridges.map { "\($0.broker.address) \($0.clientID)" }
        guard Set(clientIDs).count == clientIDs.count else {
            throw BridgeSettingsError.badFile("two bridges have the same client id at one broker, which would end each other's connection")
        }
        return bridges
    }

    private static func reason(_ error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, let context): "\((context.codingPath + [key]).map(\.stringValue).joined(separator: ".")) is missing"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            "\(context.codingPath.map(\.stringValue).joined(separator: ".")) has the wrong type"
        default: "not JSON"
        }
    }
}
