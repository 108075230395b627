import VigilCore

/// The live overlay's event for a batch, `DetectionsOverlay` (docs/protocol.md §6.8): each
/// detection as JSON, written when the command is validated, on the publisher's task, so that the
/// single writer only splices in the ids the rows were given. Writing the JSON inside the
/// transaction was a third of the writer's time under ingest (see `DetectionWire.swift` for why it
/// is not the encoder's).
struct DetectionOverlay: Sendable {
    /// `{"camera":…,"frame":…,"detections":[` and `]}`, around the detections.
    private let opening: String
    private let closing = "]}"
    /// Each detection's object without its opening brace, to follow `{"id":N,`.
    private let detectionTails: [String]

    init(_ batch: DetectionBatch) {
        var writer = JSONWriter(capacity: 96)
        writer.beginObject()
        writer.field("camera", batch.camera)
        writer.key("frame")
        writer.beginObject()
        writer.field("height", batch.frameSize.height)
        writer.field("width", batch.frameSize.width)
        writer.endObject()
        writer.key("detections")
        writer.beginArray()
        opening = writer.text
        detectionTails = batch.detections.map { String($0.overlayText.dropFirst()) }
    }

    /// The event's payload once the rows have their ids, in the batch's order: the detections
    /// stored, without those that were not (nil).
    func payload(ids: [Int64?]) -> String {
        var text = opening
        text.reserveCapacity(opening.count + detectionTails.reduce(0) { $0 + $1.utf8.count + 24 } + closing.count)
        var first = true
        for case (let id?, let tail) in zip(ids, detectionTails) {
            if !first { text += "," }
            first = false
            text += #"{"id":\#(id),"#
            text += tail
        }
        return text + closing
    }
}
