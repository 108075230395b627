import Foundation

/// One object an analytics backend found in one camera frame.
public struct Detection: Sendable, Hashable {
    /// When the frame was taken, to the millisecond.
    public let time: Date
    /// Where, in pixels of the camera frame.
    public let box: Rect
    /// What, e.g. "person" or "car".
    public let label: String
    /// Confidence, 0...1.
    public let score: Double
    /// The backend's tracker id: the same object across frames of one camera keeps it.
    public let trackID: Int?
    /// SHA-256 of the thumbnail (lower-case hex), uploaded separately; nil when there is none.
    public let thumbnail: String?
    /// Appearance embedding for image query; every vector of a batch has the same length.
    public let appearance: [Float]?

    /// Creates a detection; `DetectionBatch` checks it against the frame and the other detections.
    /// The time is rounded to the millisecond, the precision the batch format carries.
    public init(
        time: Date, box: Rect, label: String, score: Double, trackID: Int? = nil, thumbnail: String? = nil,
        appearance: [Float]? = nil
    ) {
        self.time = Date(timeIntervalSince1970: (time.timeIntervalSince1970 * 1000).rounded() / 1000)
        self.box = box
        self.label = label
        self.score = score
        self.trackID = trackID
        self.thumbnail = thumbnail
        self.appearance = appearance
    }

    /// The time in milliseconds since 1970.
    public var milliseconds: Int64 { Int64((time.timeIntervalSince1970 * 1000).rounded()) }
}

/// A batch of detections of one camera, as an analytics backend publishes it.
public struct DetectionBatch: Sendable, Hashable {
    /// The most detections a batch may hold.
    public static let maxDetections = 10_000
    /// The longest label, in characters.
    public static let maxLabelLength = 64
    /// The longest camera id, in characters.
    public static let maxCameraLength = 128
    /// The longest appearance vector, in numbers.
    public static let maxAppearanceLength = 4096
    /// Latest time accepted (exclusive): 10000-01-01T00:00:00Z, past which the text form has no year.
    public static let timeLimit: Int64 = 253_402_300_800_000

    /// The id of the camera that saw the detections.
    public let camera: String
    /// The size of the camera's frame, in pixels: every box lies inside it.
    public let frameSize: FrameSize
    /// The detections, in the order the backend gave them.
    public let detections: [Detection]

    /// Validates everything a backend could get wrong, naming the detection and field.
    public init(camera: String, frameSize: FrameSize, detections: [Detection]) throws(DetectionBatchError) {
        guard !camera.isEmpty, camera.count <= DetectionBatch.maxCameraLength else {
            throw DetectionBatchError(field: "camera", "must be 1 to \(DetectionBatch.maxCameraLength) characters")
        }
        guard detections.count <= DetectionBatch.maxDetections else {
            throw DetectionBatchError(field: "detections", "\(detections.count) detections is over the limit of \(DetectionBatch.maxDetections)")
        }
        let dimension = detections.lazy.compactMap(\.appearance).first?.count
        for (index, detection) in detections.enumerated() {
            if let problem = DetectionBatch.check(detection, frame: frameSize.rect, appearanceLength: dimension) {
                throw DetectionBatchError(index: index, field: problem.field, problem.message)
            }
        }
        self.camera = camera
        self.frameSize = frameSize
        self.detections = detections
    }

    /// The first problem of one detection, as (field, message); nil when it is valid.
    private static func check(_ detection: Detection, frame: Rect, appearanceLength: Int?) -> (field: String, message: String)? {
        let box = detection.box
        if !(0..<timeLimit).contains(detection.milliseconds) {
            return ("time", "must lie between 1970 and the year 9999")
        }
        if ![box.x, box.y, box.width, box.height].allSatisfy(\.isFinite) || box.width <= 0 || box.height <= 0 {
            return ("box", "must have finite coordinates and a positive width and height")
        }
        if box.minX < frame.minX || box.minY < frame.minY || box.maxX > frame.maxX || box.maxY > frame.maxY {
            return ("box", "(\(box.x), \(box.y), \(box.width), \(box.height)) is not inside the \(Int(frame.width))x\(Int(frame.height)) frame")
        }
        if detection.label.isEmpty || detection.label.count > maxLabelLength {
            return ("label", "must be 1 to \(maxLabelLength) characters")
        }
        if !(0...1).contains(detection.score) {
            return ("score", "\(detection.score) is not within 0...1")
        }
        if let track = detection.trackID, track < 0 {
            return ("track", "must not be negative")
        }
        if let hash = detection.thumbnail, hash.utf8.count != 64 || !hash.utf8.allSatisfy(isLowerHex) {
            return ("thumbnail", "must be a SHA-256 in 64 lower-case hex digits")
        }
        if let vector = detection.appearance {
            if vector.isEmpty || vector.count > maxAppearanceLength || !vector.allSatisfy(\.isFinite) {
                return ("appearance", "must hold 1 to \(maxAppearanceLength) finite numbers")
            }
            if let appearanceLength, vector.count != appearanceLength {
                return ("appearance", "has \(vector.count) numbers but the batch's first vector has \(appearanceLength)")
            }
        }
        return nil
    }

    private static func isLowerHex(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
    }
}

/// Why a detections batch was refused: the detection (by index) and the field at fault.
public struct DetectionBatchError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Index in `detections`, nil for a field of the batch itself.
    public let index: Int?
    /// Wire name of the field: camera, frame, detections, time, box, label, score, track, thumbnail, appearance.
    public let field: String
    /// What is wrong with the field, such as "is not within 0...1".
    public let message: String

    init(index: Int? = nil, field: String, _ message: String) {
        self.index = index
        self.field = field
        self.message = message
    }

    /// Path in the JSON document, e.g. `detections[3].score`.
    public var path: String { index.map { "detections[\($0)].\(field)" } ?? field }

    /// `path: message`, such as `detections[3].score: 1.5 is not within 0...1`.
    public var description: String { "\(path): \(message)" }
}
