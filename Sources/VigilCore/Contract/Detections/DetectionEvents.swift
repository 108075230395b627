/// The detection domain's event types on `detections/{site}/{camera}` (docs/protocol.md §6.8), and
/// the `data` each carries.
public enum DetectionEventType: String, Sendable, CaseIterable, Codable {
    /// A stored batch, sent live without `seq`: `data` is `DetectionsOverlay`.
    case detections
}

/// `detections`: a batch as it was stored, for a control room drawing boxes over the camera.
public struct DetectionsOverlay: Sendable, Equatable, Codable {
    /// The camera that saw them.
    public var camera: String
    /// The camera's frame, which the boxes are in.
    public var frame: FrameSize
    /// The detections stored, in the batch's order, each with the id the hub gave it and without
    /// its camera (`camera` above) or appearance vector.
    public var detections: [WireDetection]

    /// The overlay of `detections` seen by `camera` in `frame`.
    public init(camera: String, frame: FrameSize, detections: [WireDetection]) {
        self.camera = camera
        self.frame = frame
        self.detections = detections
    }
}

/// The fields a batch's `ok` carries beside `topic` and `ts` (a batch has no `seq`): how many of
/// its detections the hub stored.
public struct DetectionBatchStored: Sendable, Equatable, Codable {
    /// The number of detections stored.
    public var detections: Int

    /// A batch of which `detections` were stored.
    public init(detections: Int) {
        self.detections = detections
    }
}
