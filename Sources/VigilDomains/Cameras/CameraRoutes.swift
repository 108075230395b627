import VigilCore
import VigilHub

/// The camera domain over HTTP: the wall as a subscriber first sees it, and topology import.
struct CameraRoutes {
    let queries: CameraQueries

    var all: [DomainRoute] {
        [
            DomainRoute(.get, "api/sites/:site/cameras") { [queries] request async throws(ProtocolError) in
                let topic = try Topic(CameraService.topic(of: try request.parameter("site")))
                try request.authorizeRead(topic.rawValue)
                return .json(.object(try await request.read { try await queries.snapshot(of: topic) }.data))
            },
            // The body is the topology itself, in the seed's iSurveillance JSON or the clean model.
            DomainRoute(.put, "api/sites/:site/cameras", body: .upTo(CameraTopologyJSON.maxBytes)) { request async throws(ProtocolError) in
                let topology = try request.json("a camera topology in JSON")
                return try await request.publish(topic: CameraService.topic(of: try request.parameter("site")), type: "topology", data: topology)
            },
        ]
    }
}
