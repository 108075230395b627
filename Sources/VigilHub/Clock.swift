import Foundation

/// Milliseconds since the Unix epoch, the `ts` of events.
public func currentMilliseconds() -> Int64 {
    Int64((Date().timeIntervalSince1970 * 1000).rounded())
}
