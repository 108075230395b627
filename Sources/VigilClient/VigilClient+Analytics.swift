import Foundation
import VigilCore

/// Analytics over the WebSocket (docs/protocol.md §6.8): detection batches and the queries of
/// `detections/{site}`, asked and answered in the contract's types. Follow a camera's live overlay
/// with `subscribe("detections/{site}/{camera}")` and read each event's `data` with
/// `event.data.decode(DetectionsOverlay.self)`.
extension VigilClient {
    /// Publishes a batch of one camera's detections (`batch` on `detections/{site}/{camera}`) and
    /// returns how many the hub stored.
    public func publish(_ batch: DetectionBatch, site: String) async throws -> Int {
        let data = try JSONValue(parsing: DetectionBatchJSON.write(batch))
        let ok = try await request(.publish(topic: "detections/\(site)/\(batch.camera)", type: "batch", data: data))
        return try JSONValue.object(ok).decode(DetectionBatchStored.self, field: "the ok").detections
    }

    /// An ROI query: a page of results (each with its `intensity`), the number of them all, and
    /// the cursor of the next page.
    public func roi(site: String, _ query: RoiQueryData) async throws -> RoiPage {
        try await ask("roi", site: site, query, answer: RoiPage.self)
    }

    /// The timeline: its buckets that hold detections, oldest first.
    public func timeline(site: String, _ query: TimelineQueryData) async throws -> DetectionTimeline {
        try await ask("timeline", site: site, query, answer: DetectionTimeline.self)
    }

    /// An image query: the nearest detections, most similar first (each with its `similarity`).
    public func similar(site: String, _ query: SimilarQueryData) async throws -> [DetectionHit] {
        try await ask("similar", site: site, query, answer: SimilarResults.self).results
    }

    private func ask<Answer: Decodable>(_ type: String, site: String, _ query: some Encodable, answer: Answer.Type) async throws -> Answer {
        try await self.query(topic: "detections/\(site)", type: type, data: JSONValue(encoding: query)).decode(Answer.self, field: "result")
    }
}
