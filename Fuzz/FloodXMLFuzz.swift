import Foundation
import VigilCore

/// Flood XML protocol: every input goes to both the request and the response parser.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFloodXML(_ bytes: UnsafeRawPointer, _ count: Int) -> CInt {
    checkRoundTrip(bytes, count, parse: { try FloodXMLParser.parseRequest($0) }, write: { FloodXMLWriter.write($0) })
    checkRoundTrip(bytes, count, parse: { try FloodXMLParser.parseResponse($0) }, write: { FloodXMLWriter.write($0) })
    return 0
}
