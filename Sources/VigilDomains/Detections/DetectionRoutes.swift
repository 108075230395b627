import VigilCore
import VigilHub

/// The detection domain over HTTP: a backend posting a batch of detections, and ROI queries.
struct DetectionRoutes {
    var all: [DomainRoute] {
        [
            // An analytics backend: POST {site, camera, frame, detections} with its device token.
            DomainRoute(.post, "api/detections", body: .upTo(DetectionService.maxBatchBytes)) { request async throws(ProtocolError) in
                guard var fields = try request.json("a detections batch {site, camera, frame, detections}").objectValue else {
                    throw ProtocolError(.badJSON, "the body must be a JSON object {site, camera, frame, detections}")
                }
                guard let site = fields.removeValue(forKey: "site")?.stringValue else {
                    throw ProtocolError(.badRequest, "field 'site' is required")
                }
                guard let camera = fields["camera"]?.stringValue else {
                    throw ProtocolError(.badRequest, "field 'camera' is required")
                }
                guard Topic.isValidSegment(camera) else {
                    throw ProtocolError(.invalidData, "detections batch, field camera: \(camera) cannot name a topic (1-64 of A-Z a-z 0-9 - _ .)")
                }
                return try await request.publish(topic: DetectionService.topic(of: camera, site: site), type: "batch", data: .object(fields))
            },
            // The `roi` query of the WebSocket, for scripts.
            DomainRoute(.post, "api/sites/:site/roi", body: .frameLimit) { request async throws(ProtocolError) in
                let topic = DetectionService.queryTopic(of: try request.parameter("site"))
                let data = try request.json("an ROI query {cameras, from, to, regions, ...}")
                return .json(try await request.query(topic: topic, type: "roi", data: data))
            },
        ]
    }
}
