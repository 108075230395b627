import VigilDetectionIndex

/// A site's row index as one query sees it: a camera's rows in a time window.
struct DetectionRowSnapshot: Sendable {
    let chunks: [FilledChunk<DetectionRowChunk>]
    /// A camera code's camera (`detection_cameras.key`).
    let cameraKeys: [Int64]
    let labels: [String]
    /// Every row of this time or later stored before the snapshot is here (`IndexChunks.heldFrom`).
    let heldFrom: Int64

    /// Calls `found` with the place of each row of the camera `key` whose time is in `from..<to`,
    /// in id order; `from` must not be before `heldFrom`. A scan of the chunks that overlap the
    /// window, two bytes of camera code a row: for a camera's share of a million rows it takes
    /// a fraction of what the box index takes to list the candidates of one region
    /// (`Benchmarks/README.md`).
    func forEachSlot(camera key: Int64, from: Int64, to: Int64, found: (DetectionRowChunk, Int) -> Void) {
        precondition(from >= heldFrom, "rows before \(heldFrom) are not all held")
        guard let code = cameraKeys.firstIndex(of: key).map(UInt16.init) else { return }
        for filled in chunks where filled.overlaps(from: from, to: to) {
            let (chunk, cameras, times) = (filled.chunk, filled.chunk.cameras, filled.chunk.times)
            for slot in 0..<filled.count where cameras[slot] == code && times[slot] >= from && times[slot] < to {
                found(chunk, slot)
            }
        }
    }
}
