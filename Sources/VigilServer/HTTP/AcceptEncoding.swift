/// Reads `Accept-Encoding` (RFC 9110 §12.5.3) for the one coding the hub offers: gzip.
enum AcceptEncoding {
    /// Whether the header takes gzip: named (or as `x-gzip`) with a weight above 0, or covered by
    /// `*` when gzip is not named. No header at all takes none: old clients get plain bodies.
    static func acceptsGzip(_ header: String?) -> Bool {
        guard let header else { return false }
        var wildcard = false
        for item in header.split(separator: ",") {
            let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard let coding = parts.first else { continue }
            let weight = parts.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
            switch coding {
            case "gzip", "x-gzip": return weight > 0
            case "*": wildcard = weight > 0
            default: continue
            }
        }
        return wildcard
    }
}
