/// What an image query's results are grouped by: one camera's track, or a detection alone (an
/// untracked one, or any when the query asks for no grouping).
struct ImageGroup: Hashable, Sendable {
    /// The camera's key in the store; -1 for a detection alone.
    let camera: Int64
    /// The track, or the detection's id when alone.
    let track: Int64

    init(id: Int64, cameraKey: Int64, track: Int64?, byTrack: Bool) {
        if byTrack, let track {
            (camera, self.track) = (cameraKey, track)
        } else {
            (camera, self.track) = (-1, id)
        }
    }

    var isAlone: Bool { camera == -1 }
}

/// A detection measured against the example: its exact similarity.
struct MeasuredDetection: Sendable {
    var id: Int64
    var ts: Int64
    var group: ImageGroup
    var value: Double

    /// The order of results: most similar first, then earlier, then the smaller id.
    static func precedes(_ a: Self, _ b: Self) -> Bool {
        (a.value, -a.ts, -a.id) > (b.value, -b.ts, -b.id)
    }

    /// Each group's best detection, the `k` best groups in order.
    static func leading(_ measured: [Self], k: Int) -> [Self] {
        var best: [ImageGroup: Self] = [:]
        for detection in measured where best[detection.group].map({ precedes(detection, $0) }) ?? true {
            best[detection.group] = detection
        }
        return Array(best.values.sorted(by: precedes).prefix(k))
    }
}

/// When a group was seen in the window: its first and last time and how many detections.
struct ImageGroupSpan: Sendable {
    var first = Int64.max
    var last = Int64.min
    var count = 0

    mutating func add(_ ts: Int64) {
        (first, last, count) = (min(first, ts), max(last, ts), count + 1)
    }

    /// Counts each of `measured` in its group's span, for the groups `spans` has.
    static func add(_ measured: [MeasuredDetection], to spans: inout [ImageGroup: ImageGroupSpan]) {
        for detection in measured where spans[detection.group] != nil {
            spans[detection.group]?.add(detection.ts)
        }
    }
}
