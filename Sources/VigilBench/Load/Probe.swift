import NIOCore

/// What every benchmark message carries so that a subscriber can check it: the publisher, its
/// sequence number and the send time. The payload is `~B<publisher>.<seq>.<nanos>~` padded to size.
public struct Probe: Sendable, Equatable {
    public var publisher: Int
    public var seq: UInt64
    /// Monotonic send time (`NIODeadline.now().uptimeNanoseconds`).
    public var sentNanos: UInt64

    public init(publisher: Int, seq: UInt64, sentNanos: UInt64) {
        self.publisher = publisher
        self.seq = seq
        self.sentNanos = sentNanos
    }

    /// The probe text padded with `x` to `size` bytes (never shorter than the probe itself).
    /// Padding is plain ASCII so that it needs no escaping in any transport.
    public func payload(size: Int) -> String {
        let text = "~B\(publisher).\(seq).\(sentNanos)~"
        return size > text.utf8.count ? text + String(repeating: "x", count: size - text.utf8.count) : text
    }

    /// Finds and reads the first probe in `bytes`; nil when there is none or it is malformed.
    /// The probe starts with `~B`: byte literals, because a static array here was a lazy global
    /// that every byte of every message checked again.
    public static func find(in bytes: ByteBufferView) -> Probe? {
        var index = bytes.startIndex
        while index < bytes.endIndex - 1 {
            if bytes[index] == UInt8(ascii: "~"), bytes[index + 1] == UInt8(ascii: "B") {
                return read(bytes, from: index + 2)
            }
            index += 1
        }
        return nil
    }

    private static func read(_ bytes: ByteBufferView, from start: Int) -> Probe? {
        var fields: [UInt64] = []
        var value: UInt64 = 0
        var digits = 0
        var index = start
        while index < bytes.endIndex {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
                let (sum, overflow2) = times.addingReportingOverflow(UInt64(byte - UInt8(ascii: "0")))
                guard !overflow1, !overflow2 else { return nil }
                value = sum
                digits += 1
            case UInt8(ascii: "."), UInt8(ascii: "~"):
                guard digits > 0 else { return nil }
                fields.append(value)
                value = 0
                digits = 0
                if byte == UInt8(ascii: "~") {
                    guard fields.count == 3, fields[0] <= UInt64(Int.max) else { return nil }
                    return Probe(publisher: Int(fields[0]), seq: fields[1], sentNanos: fields[2])
                }
            default:
                return nil
            }
            index += 1
        }
        return nil
    }
}
