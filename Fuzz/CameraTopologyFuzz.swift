import Foundation
import VigilCore

/// Camera topology JSON.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCameraTopology(_ bytes: UnsafeRawPointer, _ count: Int) -> CInt {
    checkRoundTrip(bytes, count, parse: { try CameraTopologyJSON.parse($0) }, write: { CameraTopologyJSON.write($0) })
    return 0
}
