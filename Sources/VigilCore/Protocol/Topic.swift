/// A topic is `kind/scope[/more]`, for example `notice/hq` or `presence/notice/hq`.
/// Segments are 1–64 characters of letters, digits, `-`, `_` and `.`; at most 8 segments.
public struct Topic: Hashable, Sendable, CustomStringConvertible {
    /// The most segments a topic has.
    public static let maxSegments = 8
    /// The longest segment, in bytes.
    public static let maxSegmentLength = 64

    /// The topic as written, such as `alerts/hq`.
    public let rawValue: String
    /// The topic's segments, in order; at least two.
    public let segments: [String]

    /// The first segment, which names the service owning the topic (`notice`, `alerts`, `chat`, ...).
    public var kind: String { segments[0] }
    /// The segment after the kind: a site for site-scoped kinds.
    public var scope: String { segments[1] }
    /// The topic as written.
    public var description: String { rawValue }

    /// Parses an exact topic (no wildcard).
    public init(_ rawValue: String) throws(ProtocolError) {
        let segments = try Self.split(rawValue, allowingWildcard: false)
        self.rawValue = rawValue
        self.segments = segments
    }

    init(validated rawValue: String, segments: [String]) {
        self.rawValue = rawValue
        self.segments = segments
    }

    static func split(_ rawValue: String, allowingWildcard: Bool) throws(ProtocolError) -> [String] {
        let parts = rawValue.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard parts.count >= 2, parts.count <= maxSegments else {
            throw ProtocolError(.invalidTopic, "a topic has 2 to \(maxSegments) segments separated by '/': \"\(rawValue.prefix(80))\"")
        }
        for (index, part) in parts.enumerated() {
            if part == "+" {
                guard allowingWildcard, index > 0 else {
                    throw ProtocolError(.invalidTopic, "'+' may stand only for a segment after the kind of a subscription pattern")
                }
                continue
            }
            guard isValidSegment(part) else {
                throw ProtocolError(
                    .invalidTopic, "segment \(index + 1) of \"\(rawValue.prefix(80))\" must be 1-\(maxSegmentLength) characters of A-Z a-z 0-9 - _ .")
            }
        }
        return parts
    }

    /// Whether `text` may be one segment of a topic (and so a site, location, viewer or checkpoint id).
    public static func isValidSegment(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.count <= maxSegmentLength && text.utf8.allSatisfy(isSegmentByte)
    }

    private static func isSegmentByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."):
            return true
        default:
            return false
        }
    }
}

/// A subscription pattern: a topic in which `+` stands for exactly one segment (`notice/+`).
public struct TopicPattern: Hashable, Sendable, CustomStringConvertible {
    /// The pattern as written, such as `notice/+`.
    public let rawValue: String
    /// The pattern's segments, `+` standing for any one segment.
    public let segments: [String]

    /// The pattern as written.
    public var description: String { rawValue }
    /// The first segment, which names the service owning the topics it matches; never a wildcard.
    public var kind: String { segments[0] }
    /// Whether the pattern has no wildcard, and so matches one topic (only such a subscription resumes with `since`).
    public var isExact: Bool { !segments.contains("+") }

    /// Parses a pattern; throws `invalid_topic` for a bad segment or a `+` in the kind.
    public init(_ rawValue: String) throws(ProtocolError) {
        self.segments = try Topic.split(rawValue, allowingWildcard: true)
        self.rawValue = rawValue
    }

    /// The exact topic, when the pattern has no wildcard.
    public var exactTopic: Topic? {
        isExact ? Topic(validated: rawValue, segments: segments) : nil
    }

    /// Whether `topic` has as many segments and each matches (`+` matching any).
    public func matches(_ topic: Topic) -> Bool {
        guard topic.segments.count == segments.count else { return false }
        for (pattern, segment) in zip(segments, topic.segments) where pattern != "+" && pattern != segment {
            return false
        }
        return true
    }
}
