import Foundation
import Synchronization
import VigilCore

/// Topologies already decoded, by the stored text they came from. Every detections batch and
/// every ROI query looks its camera up in the site's topology; decoding the JSON each time cost an
/// eighth of the single writer's time under ingest. The text is the key, so a topology replaced
/// in the database is decoded afresh and nothing can go stale.
enum DecodedTopologies {
    /// A few sites' worth: a hub serves a handful of sites, and a replaced topology ages out.
    private static let capacity = 32
    private static let decoded = Mutex<[(text: String, topology: CameraTopology)]>([])

    /// The topology `stored` (the cameras array as the cameras domain keeps it), nil when it does not decode.
    static func topology(from stored: String) -> CameraTopology? {
        if let known = decoded.withLock({ $0.first { $0.text == stored }?.topology }) { return known }
        guard let topology = try? JSONDecoder().decode(CameraTopology.self, from: Data(#"{"cameras":\#(stored)}"#.utf8)) else { return nil }
        decoded.withLock { entries in
            entries.removeAll { $0.text == stored }
            entries.insert((stored, topology), at: 0)
            if entries.count > capacity { entries.removeLast() }
        }
        return topology
    }
}
