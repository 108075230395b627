import Foundation
import VigilCore

/// The hub's request decoder: any text frame a client may send.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzClientMessage(_ bytes: UnsafeRawPointer, _ count: Int) -> CInt {
    checkRoundTrip(
        bytes, count,
        parse: { data in try ClientMessage.decode(String(decoding: data, as: UTF8.self)).get() },
        write: { Data($0.encoded().utf8) })
    return 0
}
