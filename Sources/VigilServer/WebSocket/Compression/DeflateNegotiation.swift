/// permessage-deflate (RFC 7692) as the hub agrees to it in the upgrade: the first offer of the
/// client's `Sec-WebSocket-Extensions` it can honour, or none (the connection is then plain).
///
/// The hub always answers with `server_no_context_takeover` (each message it sends is deflated on
/// its own, which is what lets one compressed frame serve every subscriber with the same window)
/// and `client_no_context_takeover` (each message it receives is inflated on its own, so no
/// inflater outlives a message). `server_max_window_bits`, when offered, is honoured as offered;
/// `client_max_window_bits` needs no answer, since an inflater of 15 bits reads any window.
struct DeflateNegotiation: Equatable, Sendable {
    static let extensionName = "permessage-deflate"
    /// The window zlib uses when the client sets none (RFC 7692 §7.1.2.1: 15 bits).
    static let defaultWindowBits = 15

    /// The most window the hub may use for what it sends (8-15 bits).
    let serverMaxWindowBits: Int
    /// Whether the client asked for `server_max_window_bits`: then the answer must name it.
    private let windowBitsAsked: Bool

    /// The largest frame to read for messages of at most `maxMessageBytes`: deflate's worst case
    /// (stored blocks, 5 bytes per 64 KiB, and the final flush) adds a little to what it inflates to.
    static func maxFrameBytes(forMessagesOf maxMessageBytes: Int) -> Int {
        maxMessageBytes + maxMessageBytes / 1024 + 64
    }

    /// The `Sec-WebSocket-Extensions` value of the 101.
    var responseHeader: String {
        var header = "\(Self.extensionName); server_no_context_takeover; client_no_context_takeover"
        if windowBitsAsked { header += "; server_max_window_bits=\(serverMaxWindowBits)" }
        return header
    }

    /// The first permessage-deflate offer among `headerValues` (the request's
    /// `Sec-WebSocket-Extensions` lines, in order) with parameters RFC 7692 allows; nil when there
    /// is none. An offer with an unknown, repeated or malformed parameter is declined (§7.1).
    static func accept(offers headerValues: [String]) -> DeflateNegotiation? {
        for offer in ExtensionOffer.parse(headerValues) where offer.name == extensionName {
            if let accepted = accept(offer) { return accepted }
        }
        return nil
    }

    private static func accept(_ offer: ExtensionOffer) -> DeflateNegotiation? {
        var seen = Set<String>()
        var serverBits: Int?
        for parameter in offer.parameters {
            guard seen.insert(parameter.name).inserted else { return nil }
            switch parameter.name {
            case "server_no_context_takeover", "client_no_context_takeover":
                guard parameter.value == nil else { return nil }
            case "server_max_window_bits":
                guard let bits = parameter.value.flatMap(windowBits) else { return nil }
                serverBits = bits
            case "client_max_window_bits":
                // Without a value: the client only says it understands the parameter.
                if let value = parameter.value, windowBits(value) == nil { return nil }
            default:
                return nil
            }
        }
        return DeflateNegotiation(serverMaxWindowBits: serverBits ?? defaultWindowBits, windowBitsAsked: serverBits != nil)
    }

    /// "8" to "15", written as RFC 7692 §7.1.2 has it (no sign, no leading zero).
    private static func windowBits(_ value: String) -> Int? {
        guard let bits = Int(value), (8...15).contains(bits), String(bits) == value else { return nil }
        return bits
    }
}

/// One extension offered in `Sec-WebSocket-Extensions` (RFC 6455 §9.1): its name and parameters,
/// in order. Values may be quoted; names are compared as written, in lower case.
struct ExtensionOffer: Equatable {
    struct Parameter: Equatable {
        let name: String
        let value: String?
    }

    let name: String
    let parameters: [Parameter]

    /// The offers of every header line, in order: extensions are separated by commas, parameters by
    /// semicolons.
    static func parse(_ headerValues: [String]) -> [ExtensionOffer] {
        headerValues.flatMap { $0.split(separator: ",") }.compactMap { element in
            let parts = element.split(separator: ";", omittingEmptySubsequences: false).map { $0.trimmingWhitespace() }
            guard let name = parts.first, !name.isEmpty else { return nil }
            let parameters = parts.dropFirst().map { part -> Parameter in
                let pair = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let value = pair.count == 2 ? unquoted(pair[1].trimmingWhitespace()) : nil
                return Parameter(name: pair[0].trimmingWhitespace().lowercased(), value: value)
            }
            return ExtensionOffer(name: name.lowercased(), parameters: parameters)
        }
    }

    private static func unquoted(_ value: String) -> String {
        guard value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") else { return value }
        return String(value.dropFirst().dropLast())
    }
}

extension Substring {
    fileprivate func trimmingWhitespace() -> String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
