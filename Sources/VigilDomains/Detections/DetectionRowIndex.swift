import VigilDetectionIndex

/// The detection domain's in-memory copy of what ROI queries read of each stored detection (time,
/// camera, exact box, score, track and label, not the thumbnail), per site: a query scans its
/// cameras' rows in its window here, where listing candidates in the box index and reading their
/// rows took most of its time; the box index answers for what is older than the copy holds. Loaded,
/// kept current and made to forget past the retention cut-off as appearances' index is
/// (`DetectionIndex`), and bounded by `HubConfiguration.indexBytesPerSite`: past it, the oldest
/// rows are let go.
///
/// 68 bytes an entry (`DetectionRowChunk.bytesPerEntry`): a million detections take some 65 MB.
typealias DetectionRowIndex = DetectionIndex<DetectionRowEntries>
