import Foundation
import VigilCore

/// The JSON reader every request and HTTP body goes through, on any bytes. What it accepts must
/// read back the same from the canonical text the store keeps, and Foundation's JSONDecoder, which
/// the hub used before, must read it as the same value. The one thing JSONDecoder may refuse of
/// it is a zero written with an exponent (`0e3`), which RFC 8259 allows.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ bytes: UnsafeRawPointer, _ count: Int) -> CInt {
    checkRoundTrip(bytes, count, parse: { data in try JSONValue(parsing: data) }, write: { Data($0.canonicalText.utf8) })
    let input = Data(bytes: bytes, count: count)
    guard let ours = try? JSONValue(parsing: input) else { return 0 }
    guard let foundation = try? JSONDecoder().decode(JSONValue.self, from: input) else {
        guard hasZeroWithExponent(input) else {
            fatalError("accepted what JSONDecoder refuses:\n\(String(decoding: input, as: UTF8.self))")
        }
        return 0
    }
    guard foundation == ours else {
        fatalError("read differently from JSONDecoder:\n\(ours)\n\(foundation)")
    }
    return 0
}

/// Whether the text has a number `-?0(.0*)?[eE]...` outside strings.
private func hasZeroWithExponent(_ input: Data) -> Bool {
    let bytes = Array(input)
    var inString = false
    var index = 0
    while index < bytes.count {
        let byte = bytes[index]
        if inString {
            if byte == UInt8(ascii: "\\") { index += 1 } else if byte == UInt8(ascii: "\"") { inString = false }
        } else if byte == UInt8(ascii: "\"") {
            inString = true
        } else if byte == UInt8(ascii: "0"), index == 0 || !isNumberByte(bytes[index - 1]) || bytes[index - 1] == UInt8(ascii: "-") {
            var end = index + 1
            if end < bytes.count, bytes[end] == UInt8(ascii: ".") {
                end += 1
                while end < bytes.count, bytes[end] == UInt8(ascii: "0") { end += 1 }
            }
            if end < bytes.count, bytes[end] == UInt8(ascii: "e") || bytes[end] == UInt8(ascii: "E") { return true }
        }
        index += 1
    }
    return false
}

private func isNumberByte(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-")
        || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
}
