/// A block of the appearance index's entries as parallel arrays (struct of arrays): the scan reads
/// the times and codes it needs contiguously, and the ids and tracks only of the few it keeps.
///
/// Allocated at full capacity and never moved or shrunk, so that the writer may fill slots past
/// those a reader was shown (under the site's lock) while the reader scans the slots before them
/// without a lock: that is why it is `@unchecked Sendable`. Freed when the last snapshot holding it
/// lets it go.
final class AppearanceChunk: @unchecked Sendable {
    /// 16,384 entries: 2 MiB of codes at 128 numbers, few enough chunks that a snapshot is cheap
    /// to copy, small enough that retention frees memory soon after entries age out.
    static let capacity = 16_384

    /// What the arrays below take an entry: id, time and track 8 bytes each, camera, scale and
    /// error 4 each, and the codes.
    static func bytesPerEntry(stride: Int) -> Int { 36 + stride }

    let stride: Int
    let ids: UnsafeMutablePointer<Int64>
    let times: UnsafeMutablePointer<Int64>
    /// The camera's slot in the site's list of cameras (`AppearanceSnapshot.cameraKeys`).
    let cameras: UnsafeMutablePointer<UInt32>
    /// -1 for an untracked detection.
    let tracks: UnsafeMutablePointer<Int64>
    let scales: UnsafeMutablePointer<Float>
    let errors: UnsafeMutablePointer<Float>
    /// `stride` codes an entry.
    let codes: UnsafeMutablePointer<Int8>

    init(stride: Int) {
        self.stride = stride
        ids = .allocate(capacity: Self.capacity)
        times = .allocate(capacity: Self.capacity)
        cameras = .allocate(capacity: Self.capacity)
        tracks = .allocate(capacity: Self.capacity)
        scales = .allocate(capacity: Self.capacity)
        errors = .allocate(capacity: Self.capacity)
        codes = .allocate(capacity: Self.capacity * stride)
    }

    deinit {
        for pointer in [
            UnsafeMutableRawPointer(ids), UnsafeMutableRawPointer(times), UnsafeMutableRawPointer(cameras),
            UnsafeMutableRawPointer(tracks), UnsafeMutableRawPointer(scales), UnsafeMutableRawPointer(errors),
            UnsafeMutableRawPointer(codes),
        ] {
            pointer.deallocate()
        }
    }
}
