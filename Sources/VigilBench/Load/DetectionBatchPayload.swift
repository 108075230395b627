import Foundation

/// A detections batch as an analytics backend publishes it (docs/formats.md §5): one frame of
/// camera `cam-0` at 640x480, people-sized boxes inside it, the probe as the first detection's
/// label (at most 64 characters; a probe is about 35) and more detections, labelled `person`,
/// while the batch stays within the payload size.
public enum DetectionBatchPayload {
    public static let camera = "cam-0"
    public static let frameWidth = 640
    public static let frameHeight = 480
    /// Times are now, so that the hub's retention keeps what it stores, as it would a live camera's.
    private static let timeStyle = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

    static func payload(_ probe: Probe, size: Int) -> String {
        let time = timeStyle.format(Date())
        var text = #"{"camera":"\#(camera)","frame":{"width":\#(frameWidth),"height":\#(frameHeight)},"detections":["#
        text += detection(0, label: probe.payload(size: 0), seq: probe.seq, time: time)
        var index = 1
        while true {
            let next = "," + detection(index, label: "person", seq: probe.seq, time: time)
            // 2 for the closing `]}`.
            guard text.utf8.count + next.utf8.count + 2 <= size else { break }
            text += next
            index += 1
        }
        return text + "]}"
    }

    /// Detection `index` of frame `seq`: each object drifts a few pixels a frame, so that boxes
    /// differ from frame to frame as a walking person's do, and keeps its track id.
    private static func detection(_ index: Int, label: String, seq: UInt64, time: String) -> String {
        let width = 40 + index % 3 * 8
        let height = 100 + index % 4 * 10
        let x = (index * 97 + Int(seq % 1000) * 3) % (frameWidth - width)
        let y = (index * 53 + Int(seq % 1000)) % (frameHeight - height)
        let score = Double(50 + index * 7 % 50) / 100
        return
            #"{"time":"\#(time)","box":{"x":\#(x),"y":\#(y),"width":\#(width),"height":\#(height)},"label":"\#(label)","score":\#(score),"track":\#(index + 1)}"#
    }
}
