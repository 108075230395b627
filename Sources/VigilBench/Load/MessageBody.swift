/// What every benchmark message is, the same bytes for every server: the probe padded with `x`,
/// or a camera frame's detections batch whose first label is the probe.
public enum MessageBody: String, Codable, Sendable {
    case text
    case detectionBatch

    /// The message carrying `probe`, of about `size` bytes (exactly `size` for text).
    func payload(_ probe: Probe, size: Int) -> String {
        switch self {
        case .text: probe.payload(size: size)
        case .detectionBatch: DetectionBatchPayload.payload(probe, size: size)
        }
    }
}
