import VigilCore
import VigilStore

// What the other domains may read of the cameras: the camera domain's published interface, and
// the only `public` part of its module besides its registration. Analytics checks the cameras a
// detection, a query or a zone names against the site's wall.

extension DomainTransaction {
    /// The site's camera topology as a model, nil before any import.
    public func decodedCameraTopology(of site: String) throws -> CameraTopology? {
        try cameraTopology(of: site).flatMap(DecodedTopologies.topology(from:))
    }
}
