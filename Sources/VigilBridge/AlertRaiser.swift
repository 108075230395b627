import Logging
import VigilClient
import VigilCore
import VigilMQTT

/// Raises the alert of one sensor message on the hub: the snapshot uploaded first, then `raise` on
/// `alerts/{site}`. Retries while the hub cannot be reached; a message the hub refuses is logged
/// and dropped, since sending it again would be refused again.
actor AlertRaiser {
    private let settings: MQTTBridgeSettings
    private let client: VigilClient
    private let http: HubHTTP
    private let logger: Logger
    private let maxBackoff: Duration

    init(hub: ClientConfiguration, settings: MQTTBridgeSettings, logger: Logger, maxBackoff: Duration) throws {
        self.settings = settings
        self.client = VigilClient(configuration: hub)
        self.http = try HubHTTP(configuration: hub)
        self.logger = logger
        self.maxBackoff = maxBackoff
    }

    func raise(_ publish: MQTTPublish) async throws {
        let filter = matchingFilter(of: publish.topic, in: settings.topics) ?? settings.topics[0]
        let message = SensorMessage(topic: publish.topic, filter: filter, payload: publish.payload)
        var wait = Duration.milliseconds(200)
        while true {
            do {
                try await raiseOnce(message, topic: publish.topic)
                return
            } catch ClientError.refused(let refusal) {
                logger.warning(
                    "the hub refused the alert of a message",
                    metadata: ["topic": "\(publish.topic)", "code": "\(refusal.code)", "reason": "\(refusal.message)"])
                return
            } catch ClientError.rejected(let code, let reason) {
                throw ClientError.rejected(code: code, reason: reason)
            } catch is CancellationError {
                throw CancellationError()
            } catch {
                logger.warning("the hub could not be reached; trying again", metadata: ["error": "\(error)"])
            }
            try await Task.sleep(for: wait)
            wait = min(wait * 2, maxBackoff)
        }
    }

    private func raiseOnce(_ message: SensorMessage, topic: String) async throws {
        var thumbnails: [String] = []
        if let snapshot = message.snapshot {
            do {
                thumbnails = [try await http.uploadThumbnail(snapshot)]
            } catch ClientError.refused(let refusal) {
                // The motion was seen all the same: raised without the picture the hub would not take.
                logger.warning("the hub refused a message's snapshot", metadata: ["topic": "\(topic)", "reason": "\(refusal.message)"])
            }
        }
        let raised = try await client.raiseAlert(
            site: settings.site, kind: settings.kind, message: message.message, location: message.location, thumbnails: thumbnails)
        switch raised {
        case .alert(let alert):
            logger.notice("raised", metadata: ["topic": "\(topic)", "alert": "\(alert.id)", "snapshots": "\(thumbnails.count)"])
        case .moreMotion(let motion):
            logger.notice("more motion", metadata: ["topic": "\(topic)", "visit": "\(motion.visit)", "snapshots": "\(thumbnails.count)"])
        }
    }

    func close() async {
        await client.close()
    }
}
