import ArgumentParser
import Foundation
import Logging
import VigilBridge
import VigilClient

struct BridgeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bridge", abstract: "Bring sensors that speak another protocol to the hub.", subcommands: [MQTT.self])

    struct MQTT: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "mqtt",
            abstract: "Raise alerts for messages on an MQTT broker's topics, e.g. Smartguard PIR sensors.",
            discussion: """
                vigil bridge mqtt --broker 10.0.4.2:1883 --topic 'smartguard/+/motion' --site hq --kind motion --token vgl_…
                subscribes at QoS 1 in a persistent session and raises an alert at the site for each message, at the
                location the topic's + names, with the snapshot a message carries (the image itself, or JSON
                {"location", "message", "snapshot": base64}). It reconnects when the broker goes away; messages
                published meanwhile are raised when it is back, once each. Several bridges: --config FILE
                (README, "Sensors on MQTT"). The token needs a role that raises alerts (device).
                """)

        @Option(help: "The broker, HOST:PORT (1883 plain, 8883 with TLS when no port is given).") var broker: String?
        @Option(help: "A topic filter to follow (+ one level, # the rest); repeat for several.") var topic: [String] = []
        @Option(help: "The site the alerts are raised at.") var site: String?
        @Option(help: "The alerts' kind: motion, door, panic, analytics or custom.") var kind: String = "motion"
        @Flag(name: .customLong("broker-tls"), help: "Speak TLS to the broker, trusting the system's roots.") var brokerTLS = false
        @Option(name: .customLong("broker-ca"), help: "Speak TLS to the broker, trusting this CA (PEM).") var brokerCA: String?
        @Option(help: "The broker's user name.") var username: String?
        @Option(
            name: .customLong("password-file"),
            help: "A file holding the broker's password (env VIGIL_MQTT_PASSWORD; not an option, which others could read in ps).")
        var passwordFile: String?
        @Option(name: .customLong("client-id"), help: "The client id of the bridge's session at the broker (default: from site, kind, topics).")
        var clientID: String?
        @Option(help: "A JSON file of several bridges, instead of the options above.") var config: String?
        @Option(name: .customLong("log-level"), help: "trace, debug, info, notice, warning, error (default notice).") var logLevel: String?
        @OptionGroup var connection: ConnectionOptions

        func run() async throws {
            let bridges: [MQTTBridgeSettings]
            do {
                bridges = try settings()
            } catch let error as BridgeSettingsError {
                throw ValidationError(error.description)
            }
            let hub = try connection.clientConfiguration()
            var logger = Logger(label: "vigil.bridge") { StreamLogHandler.standardOutput(label: $0) }
            logger.logLevel = Logger.Level(rawValue: logLevel ?? "notice") ?? .notice
            for bridge in bridges {
                say("MQTT bridge: \(bridge.topics.joined(separator: " ")) on \(bridge.broker.address) -> alerts/\(bridge.site) (\(bridge.kind))")
            }
            do {
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for bridge in bridges {
                        var bridgeLogger = logger
                        bridgeLogger[metadataKey: "bridge"] = "\(bridge.clientID)"
                        group.addTask { try await MQTTBridge(settings: bridge, hub: hub, logger: bridgeLogger).run() }
                    }
                    try await group.waitForAll()
                }
            } catch {
                tell(error, command: "bridge mqtt", connection: connection)
                throw ExitCode(2)
            }
        }

        private func settings() throws -> [MQTTBridgeSettings] {
            if let config {
                guard broker == nil, topic.isEmpty, site == nil else {
                    throw ValidationError("give either --config or --broker, --topic and --site, not both")
                }
                let url = URL(fileURLWithPath: config)
                guard let data = FileManager.default.contents(atPath: url.path) else {
                    throw ValidationError("the bridge configuration file \(config) is not there or cannot be read")
                }
                return try BridgeFile.bridges(from: data, directory: url.deletingLastPathComponent())
            }
            guard let broker, let site, !topic.isEmpty else { throw ValidationError("give --broker, --topic and --site (or --config FILE)") }
            let password = try passwordFile.map { path in
                guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
                    throw ValidationError("the password file \(path) is not there or cannot be read")
                }
                return text.trimmingCharacters(in: .newlines)
            }
            let address = try BrokerSettings(
                address: broker, tls: brokerTLS, caFile: brokerCA, username: username,
                password: password ?? ProcessInfo.processInfo.environment["VIGIL_MQTT_PASSWORD"])
            return [try MQTTBridgeSettings(broker: address, topics: topic, site: site, kind: kind, clientID: clientID)]
        }
    }
}
