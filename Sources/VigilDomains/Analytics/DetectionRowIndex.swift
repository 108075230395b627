/// The analytics domain's in-memory copy of what ROI queries read of each stored detection (time,
/// camera, exact box, score, track and label, not the thumbnail), by id, per site: the box index
/// narrows a query to candidate ids, and each is checked here instead of being joined to its row
/// in the store and read into Swift, which was most of a query's time. Loaded, kept current and
/// made to forget past the retention cut-off as the appearance index is (`DetectionIndex`).
///
/// About 82 bytes an entry (id, time, camera key, track and score 8 bytes each, the box 32, a
/// label code 2): a million detections take some 80 MB.
typealias DetectionRowIndex = DetectionIndex<DetectionRowEntries>
