import Logging
import NIOConcurrencyHelpers
import VigilClient
import VigilCore
import VigilMQTT

/// Follows topics on a sensors' MQTT broker and raises an alert at a site for each message, with
/// the snapshot it carries uploaded first (`vigil bridge mqtt`).
///
/// Delivery: the bridge subscribes at QoS 1 in a persistent session (clean session off, the same
/// client id every time), so the broker keeps what is published while the bridge is away, and
/// acknowledges a message only once the hub has answered it; a message the broker sends again
/// after a drop between the two is recognised and raises nothing (`RaisedMessages`). When the
/// broker goes away the bridge connects again, waiting 0.2 s, then twice as long each time up to
/// `maxBackoff`; a drop of the hub is the client's to mend, and the message waits meanwhile.
public struct MQTTBridge: Sendable {
    /// What the bridge follows and raises.
    public let settings: MQTTBridgeSettings
    private let hub: ClientConfiguration
    private let logger: Logger
    /// The longest wait between two attempts to reach the broker, or to raise one message.
    public var maxBackoff: Duration = .seconds(5)

    /// A bridge raising alerts on the hub `hub` names, with a device token (or any token whose
    /// role may raise alerts at `settings.site`).
    public init(settings: MQTTBridgeSettings, hub: ClientConfiguration, logger: Logger) {
        self.settings = settings
        self.hub = hub
        self.logger = logger
    }

    /// Runs until cancelled, or until the hub refuses the token (`ClientError.rejected`).
    public func run() async throws {
        let raiser = try AlertRaiser(hub: hub, settings: settings, logger: logger, maxBackoff: maxBackoff)
        defer { Task { await raiser.close() } }
        let connection = BrokerConnection(broker: settings.broker, clientID: settings.clientID, keepAlive: 30)
        let backoff = NIOLockedValueBox(Duration.milliseconds(200))
        let raised = NIOLockedValueBox(RaisedMessages())
        while !Task.isCancelled {
            do {
                try await connection.run(
                    topics: settings.topics,
                    subscribed: { sessionPresent in
                        backoff.withLockedValue { $0 = .milliseconds(200) }
                        logger.notice(
                            "subscribed",
                            metadata: [
                                "broker": "\(settings.broker.address)", "topics": "\(settings.topics.joined(separator: " "))",
                                "session": "\(sessionPresent ? "kept" : "new")",
                            ])
                    },
                    deliver: { message in
                        if raised.withLockedValue({ $0.alreadyRaised(message) }) {
                            logger.info("a message sent again was raised before", metadata: ["topic": "\(message.topic)"])
                            return
                        }
                        try await raiser.raise(message)
                        raised.withLockedValue { $0.record(message) }
                    })
                logger.warning("the broker closed the connection", metadata: ["broker": "\(settings.broker.address)"])
            } catch let error as ClientError {
                throw error
            } catch is CancellationError {
                return
            } catch {
                logger.warning("the broker could not be reached", metadata: ["broker": "\(settings.broker.address)", "error": "\(error)"])
            }
            let wait = backoff.withLockedValue { wait in
                defer { wait = min(wait * 2, maxBackoff) }
                return wait
            }
            try? await Task.sleep(for: wait)
        }
    }
}
