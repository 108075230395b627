import Foundation
import Glibc
import Synchronization

/// A TCP relay on loopback in front of the test PostgreSQL server, for failing connections the
/// worst ways a network can. Once armed with a marker, the connection that carries it is cut at its
/// next COMMIT, either after passing the COMMIT on (the server commits; its answer is lost) or
/// instead of passing it on (the server never sees it). Silenced, the connections open now are
/// answered nothing more, and nothing closes them. Every other byte goes through as sent.
final class PostgresRelay: Sendable {
    enum Cut: Sendable {
        case afterTheServerHasTheCommit
        case beforeTheServerHasTheCommit
    }

    private struct Plan {
        var marker: [UInt8]
        var cut: Cut
        var refusing: Duration
    }

    let port: Int
    private let listener: Int32
    private let target: Int
    private let plan = Mutex<Plan?>(nil)
    private let cutsMade = Mutex(0)
    /// Until when new connections are closed as soon as they come, as a server that went away.
    private let refusingUntil = Mutex(ContinuousClock.now)
    /// The connections relayed so far, for silencing them.
    private let links = Mutex<[Link]>([])

    /// Listens on a free loopback port and relays to the server at 127.0.0.1:`target`.
    init(to target: Int) throws {
        self.target = target
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = Self.loopback(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, length) == 0 && listen(listener, 64) == 0 && getsockname(listener, $0, &length) == 0
            }
        }
        guard bound else {
            close(listener)
            throw RelayError.noPort
        }
        self.listener = listener
        port = Int(UInt16(bigEndian: address.sin_port))
        Thread.detachNewThread { [self] in acceptConnections() }
    }

    /// The connection that next sends `marker` is cut as `cut` says at its next COMMIT, once; new
    /// connections are then refused for `refusing`, as if the server had gone.
    func arm(marker: String, cut: Cut, thenRefusingConnectionsFor refusing: Duration = .zero) {
        plan.withLock { $0 = Plan(marker: Array(marker.utf8), cut: cut, refusing: refusing) }
    }

    /// From now on the connections open now get nothing more from the server, and stay open, as
    /// behind a network that dropped them without a word; new connections are relayed as ever.
    func silenceOpenConnections() {
        for link in links.withLock({ $0 }) { link.silenced.withLock { $0 = true } }
    }

    /// How many connections were cut.
    var cuts: Int { cutsMade.withLock { $0 } }

    /// Stops taking connections; those relayed end with their peers.
    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private func acceptConnections() {
        while true {
            let client = accept(listener, nil, nil)
            guard client >= 0 else { return }
            guard ContinuousClock.now >= refusingUntil.withLock({ $0 }) else {
                close(client)
                continue
            }
            let server = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = Self.loopback(port: target)
            let connected = withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(server, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
            }
            guard connected else {
                close(client)
                close(server)
                continue
            }
            let link = Link(client: client, server: server)
            links.withLock { $0.append(link) }
            Thread.detachNewThread { [self] in relayToServer(on: link) }
            Thread.detachNewThread { Self.relayToClient(on: link) }
        }
    }

    /// One relayed connection: its two sockets, whether the server's side is still passed on, and
    /// how many of its two directions have ended (the last one closes the sockets, so that no
    /// descriptor is closed while the other direction may still use it).
    private final class Link: Sendable {
        let client: Int32
        let server: Int32
        let muted = Mutex(false)
        /// The server's bytes are read and dropped: the client waits for an answer that never comes.
        let silenced = Mutex(false)
        private let ended = Mutex(0)

        init(client: Int32, server: Int32) {
            self.client = client
            self.server = server
        }

        /// One direction is over: both sockets are shut, and closed once both directions are over.
        func endDirection() {
            shutdown(client, Int32(SHUT_RDWR))
            shutdown(server, Int32(SHUT_RDWR))
            guard
                ended.withLock({ count -> Bool in
                    count += 1
                    return count == 2
                })
            else { return }
            close(client)
            close(server)
        }
    }

    /// Client to server, watching for the marker and then the COMMIT that follows it.
    private func relayToServer(on link: Link) {
        var seen: [UInt8] = []
        var marked = false
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = read(link.client, &buffer, buffer.count)
            guard count > 0 else { break }
            let chunk = Array(buffer[..<count])
            if let plan = plan.withLock({ $0 }) {
                // Kept across reads, so a marker split between two of them is still seen.
                seen = Array((seen + chunk).suffix(plan.marker.count + chunk.count))
                if !marked { marked = Self.contains(seen, plan.marker) }
                if marked, Self.contains(chunk, Array("COMMIT".utf8)), claimPlan() {
                    refusingUntil.withLock { $0 = .now + plan.refusing }
                    // The server's answer must not reach the client: nothing more goes back.
                    link.muted.withLock { $0 = true }
                    if plan.cut == .afterTheServerHasTheCommit {
                        _ = Self.write(chunk, to: link.server)
                        Thread.sleep(forTimeInterval: 0.5)
                    }
                    break
                }
            }
            guard Self.write(chunk, to: link.server) else { break }
        }
        link.endDirection()
    }

    private static func relayToClient(on link: Link) {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = read(link.server, &buffer, buffer.count)
            guard count > 0, !link.muted.withLock({ $0 }) else { break }
            if link.silenced.withLock({ $0 }) { continue }
            guard write(Array(buffer[..<count]), to: link.client) else { break }
        }
        link.endDirection()
    }

    /// Takes the plan for this connection, so that it cuts one connection only.
    private func claimPlan() -> Bool {
        let claimed = plan.withLock { plan -> Bool in
            guard plan != nil else { return false }
            plan = nil
            return true
        }
        if claimed { cutsMade.withLock { $0 += 1 } }
        return claimed
    }

    private static func write(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { return false }
            sent += count
        }
        return true
    }

    private static func contains(_ bytes: [UInt8], _ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, bytes.count >= needle.count else { return false }
        return (0...(bytes.count - needle.count)).contains { bytes[$0..<$0 + needle.count].elementsEqual(needle) }
    }

    private static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        return address
    }
}

enum RelayError: Error {
    case noPort
}
