/// Which browser origins may open a WebSocket. A browser always sends the page's origin
/// (`https://...`, or `null`), and it must be an allowed one, by default the server's own (the
/// `https://` origin of the `Host` the browser asked for), so that another site cannot use a
/// guard's browser to talk to the hub. A request without `Origin`, or with the `ws(s)://` origin
/// that WebSocket libraries send, is not from a browser page (the CLI, a sensor) and passes: such a
/// client could send any header, and its token is what admits it.
struct OriginPolicy: Sendable {
    /// Empty: only the server's own origin.
    let allowed: Set<String>

    init(configured: [String]) {
        allowed = Set(
            configured.map { origin in
                let lowered = origin.lowercased()
                return lowered.hasSuffix("/") ? String(lowered.dropLast()) : lowered
            })
    }

    func permits(origin: String, host: String?) -> Bool {
        let origin = origin.lowercased()
        if origin.hasPrefix("ws://") || origin.hasPrefix("wss://") { return true }
        if allowed.isEmpty {
            guard let host else { return false }
            return origin == "https://\(host.lowercased())"
        }
        return allowed.contains(origin)
    }
}
