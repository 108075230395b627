import Foundation
import VigilCore

/// Scribble text.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScribble(_ bytes: UnsafeRawPointer, _ count: Int) -> CInt {
    checkRoundTrip(bytes, count, parse: { try ScribbleText.parse($0) }, write: { ScribbleText.write($0) })
    return 0
}
