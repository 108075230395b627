import VigilCore
import VigilHub
import VigilStore

// What the other domains may read of the cameras: the camera domain's published interface, and
// the only `public` part of its module besides its registration. Analytics checks the cameras a
// detection, a query or a zone names against the site's wall; the push domain hears of a camera an
// operator sends to a viewer, in the commit that sends it.

extension DomainTransaction {
    /// The site's camera topology as a model, nil before any import.
    public func decodedCameraTopology(of site: String) throws -> CameraTopology? {
        try CameraTables(self).cameraTopology(of: site).flatMap(DecodedTopologies.topology(from:))
    }
}

/// What other domains hang on the cameras, one per hub: watchers told of every camera sent to a viewer.
public typealias CameraFeed = WatcherList<any CameraWatcher>

/// A domain told of cameras sent to viewers (an operator's `switch`, not a viewer's own swipe),
/// inside the commits that send them.
public protocol CameraWatcher: Sendable {
    /// `camera` of `site` was sent to `viewer` (a name of the site, as `cameras/{site}/view/{viewer}`
    /// names it) at `time`. Throwing fails the commit.
    func sent(_ camera: Camera, site: String, to viewer: String, at time: Int64, in transaction: any DomainTransaction) throws
}
