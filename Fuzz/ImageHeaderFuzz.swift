import Foundation
import VigilCore

/// Thumbnail headers: any bytes are read without a crash, and an accepted image has a size the
/// hub allows.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImageHeader(_ bytes: UnsafeRawPointer, _ count: Int) -> CInt {
    let input = [UInt8](UnsafeRawBufferPointer(start: bytes, count: count))
    if let header = try? ImageHeader.inspect(input) {
        guard (1...ImageHeader.maxDimension).contains(header.width), (1...ImageHeader.maxDimension).contains(header.height),
            header.width * header.height <= ImageHeader.maxPixels
        else {
            fatalError("accepted an image of \(header.width)x\(header.height)")
        }
    }
    return 0
}
