import Foundation
import NIOCore
import Testing
import VigilCore

@testable import VigilBench

@Suite struct DetectionBatchPayloadTests {
    /// The largest probe: every field at its widest.
    let probe = Probe(publisher: 99_999, seq: 9_999_999_999, sentNanos: UInt64.max)

    @Test(arguments: [0, 256, 1024, 16_000])
    func batchIsOneTheHubAcceptsAndCarriesTheProbe(size: Int) throws {
        let payload = MessageBody.detectionBatch.payload(probe, size: size)
        let batch = try DetectionBatchJSON.parse(Data(payload.utf8))
        #expect(batch.camera == DetectionBatchPayload.camera)
        #expect(batch.frameSize == (try FrameSize(width: DetectionBatchPayload.frameWidth, height: DetectionBatchPayload.frameHeight)))
        #expect(batch.detections.first?.label == probe.payload(size: 0))
        #expect(batch.detections.dropFirst().allSatisfy { $0.label == "person" })
        #expect(Probe.find(in: ByteBuffer(string: payload).readableBytesView) == probe)
        // Padded with detections up to the size; one detection when the size is smaller than that.
        #expect(batch.detections.count == 1 || payload.utf8.count <= size)
        #expect(batch.detections.count == 1 || size - payload.utf8.count < 160)
    }

    @Test func boxesMoveFromFrameToFrame() throws {
        let boxes = try (1...3 as ClosedRange<UInt64>).map { seq in
            try DetectionBatchJSON.parse(Data(MessageBody.detectionBatch.payload(Probe(publisher: 0, seq: seq, sentNanos: 1), size: 0).utf8))
                .detections[0].box
        }
        #expect(Set(boxes.map(\.x)).count == 3)
    }

    @Test func vigilPublishesTheBatchAsTheCommandData() throws {
        let dialect = VigilDialect(subscriberTokens: [], publisherTokens: [], connectionsPerToken: 1, channel: .detections)
        let payload = MessageBody.detectionBatch.payload(probe, size: 600)
        let frame = dialect.publish(topic: 3, payload: payload, sentNanos: 42)
        let message = try JSONValue(parsing: String(buffer: frame.data))
        #expect(message["topic"] == "detections/bench-3/cam-0")
        #expect(message["type"] == "batch")
        let data = try #require(message["data"])
        #expect(try DetectionBatch(json: data) == (try DetectionBatchJSON.parse(Data(payload.utf8))))
        // A device may not read detections: its connection is ready once upgraded, with no subscription.
        #expect(dialect.readyOnUpgrade(publisher: true) && dialect.opening(topic: 3, index: 0, publisher: true).isEmpty)
        #expect(!dialect.readyOnUpgrade(publisher: false))
    }

    @Test func noticesStillCarryTheProbeAsText() throws {
        let dialect = VigilDialect(subscriberTokens: [], publisherTokens: [], connectionsPerToken: 1, channel: .notice)
        let frame = dialect.publish(topic: 0, payload: probe.payload(size: 64), sentNanos: 42)
        let message = try JSONValue(parsing: String(buffer: frame.data))
        #expect(message["data"] == ["text": .string(probe.payload(size: 64))])
        #expect(!dialect.readyOnUpgrade(publisher: true))
    }
}
