import VigilCore
import VigilHub

// The wire shapes of the camera domain's records (docs/protocol.md, "Cameras").

extension CameraView {
    var json: JSONValue {
        ["viewer": .string(viewer), "camera": .string(camera), "by": .string(switchedBy), "at": .number(Double(switchedAt))]
    }
}
