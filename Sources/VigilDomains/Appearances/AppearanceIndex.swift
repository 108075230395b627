import VigilDetectionIndex

/// The appearance domain's in-memory index of appearance vectors, for image queries (`similar`):
/// per site, every stored detection with a vector as Int8 codes of its direction, scanned with
/// SIMD in a first pass whose per-vector error bound is rigorous (`AppearanceCodes`), so that only
/// the few detections that could be in the answer are measured exactly, from their stored vectors.
///
/// A site is read from the store the first time it is searched; from then on each commit that
/// stores detections adds them after it succeeds (`AppearanceWatcher`) (a refused batch or a failed commit adds nothing)
/// and raises the retention cut-off the commit pruned by. It keeps at most
/// `HubConfiguration.indexBytesPerSite` of a site, the oldest let go past it (a search measures
/// those in the store). 164 bytes an entry at 128 numbers (the 32-bit vectors would be 512): the
/// exact vectors of the few hundred candidates a query measures are read from the store by id,
/// which costs a millisecond or two, not worth 3x memory.
typealias AppearanceIndex = DetectionIndex<AppearanceEntries>
