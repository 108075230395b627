// Shared by every fuzz target: what must hold for any input a parser accepts.
import Foundation

/// If `parse` accepts the input, writing the value and parsing it again must give it back.
/// A broken promise stops the process, which libFuzzer reports as a crash with the input.
func checkRoundTrip<Value: Equatable>(
    _ bytes: UnsafeRawPointer, _ count: Int, parse: (Data) throws -> Value, write: (Value) -> Data
) {
    let input = Data(bytes: bytes, count: count)
    guard let value = try? parse(input) else { return }
    let written = write(value)
    guard let again = try? parse(written) else {
        fatalError("written form was refused:\n\(String(decoding: written, as: UTF8.self))")
    }
    guard again == value else {
        fatalError("round trip changed the value:\n\(value)\n\(again)")
    }
}
