import Foundation
import VigilCore

/// Flood marker KML.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzKML(_ bytes: UnsafeRawPointer, _ count: Int) -> CInt {
    checkRoundTrip(bytes, count, parse: { try FloodKMLParser.parse($0) }, write: { FloodKMLWriter.write($0) })
    return 0
}
