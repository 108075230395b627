import VigilCore

// The camera domain's records in their wire shapes, the contract's types (docs/protocol.md §6.3).

extension CameraViewRecord {
    var wire: CameraView {
        CameraView(viewer: viewer, camera: camera, by: switchedBy, at: switchedAt)
    }
}
