import VigilCore

/// The live overlay's event for a batch (docs/protocol.md §6.8): each detection as JSON, written
/// when the command is validated, on the publisher's task, so that the single writer only splices
/// in the ids the rows were given. Writing the JSON inside the transaction was a third of the
/// writer's time under ingest.
struct DetectionOverlay: Sendable {
    /// `{"camera":…,"frame":…,"detections":[` and `]}`, around the detections.
    private let opening: String
    private let closing = "]}"
    /// Each detection's object without its opening brace, to follow `{"id":N,`.
    private let detectionTails: [String]

    init(_ batch: DetectionBatch) {
        opening = #"{"camera":\#(JSONValue.string(batch.camera).canonicalText),"frame":\#(batch.frameSize.json.canonicalText),"detections":["#
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
