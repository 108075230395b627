import Foundation
import VigilCore

/// Detections batch JSON.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDetections(_ bytes: UnsafeRawPointer, _ count: Int) -> CInt {
    checkRoundTrip(bytes, count, parse: { try DetectionBatchJSON.parse($0) }, write: { DetectionBatchJSON.write($0) })
    return 0
}
