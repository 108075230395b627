/// Which browser origins may open a WebSocket. A browser always sends the page's origin
/// (`https://...`, or `null`), and it must be an allowed one, by default the server's own, so that
/// another site cannot use a guard's browser to talk to the hub. A request without `Origin`, or
/// with the `ws(s)://` origin that WebSocket libraries send, is not from a browser page (the CLI, a
/// sensor) and passes: such a client could send any header, and its token is what admits it.
struct OriginPolicy: Sendable {
    let allowed: Set<String>

    init(configured: [String], host: String, port: Int) {
        if configured.isEmpty {
            let ownHosts = host == "0.0.0.0" || host == "::" ? ["localhost", "127.0.0.1", "[::1]"] : [host.contains(":") ? "[\(host)]" : host]
            let hosts = Set(ownHosts + (host == "127.0.0.1" || host == "::1" ? ["localhost"] : []))
            let portSuffix = port == 443 ? "" : ":\(port)"
            allowed = Set(hosts.map { "https://\($0.lowercased())\(portSuffix)" })
        } else {
            allowed = Set(configured.map { $0.lowercased().trimmingSuffix("/") })
        }
    }

    func permits(origin: String) -> Bool {
        let origin = origin.lowercased()
        if origin.hasPrefix("ws://") || origin.hasPrefix("wss://") { return true }
        return allowed.contains(origin)
    }
}

extension String {
    fileprivate func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}
