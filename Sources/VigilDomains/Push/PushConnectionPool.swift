import NIOCore
import Synchronization

/// Where push requests go: the address the endpoint's name resolved to (and was checked), its
/// port, and the name TLS verifies. Phones of one push service share it, so they share connections.
struct PushOrigin: Hashable, Sendable {
    var address: String
    var port: Int
    var serverName: String?
}

/// The HTTP/1.1 connections kept open to push services, at most `connectionsPerOrigin` for each
/// origin: a request takes an idle one, or opens one while fewer are open, or waits for one to be
/// given back. A TLS handshake is then paid once per connection, not once per message; one left
/// unused for `PushConnection.idleLimit` is closed.
final class PushConnectionPool: Sendable {
    /// Connections open at once to one push service: the sender's batch (64 sends at a time) shares
    /// them, one request at a time on each.
    static let connectionsPerOrigin = 16

    /// What `acquire` gives: a kept connection, or leave to open one (its place is taken).
    enum Grant {
        case kept(PushConnection)
        case open
    }

    private struct Lane {
        var idle: [PushConnection] = []
        var open = 0
        var waiting: [CheckedContinuation<Grant, Never>] = []
    }

    private let lanes = Mutex<[PushOrigin: Lane]>([:])

    /// A connection to `origin` to send one request on, now or once one is given back.
    func acquire(_ origin: PushOrigin) async -> Grant {
        await withCheckedContinuation { (waiter: CheckedContinuation<Grant, Never>) in
            let grant: Grant? = lanes.withLock { lanes in
                var lane = lanes[origin] ?? Lane()
                defer { lanes[origin] = lane }
                // One the push service closed while it idled is counted out.
                while let connection = lane.idle.popLast() {
                    if connection.isActive {
                        connection.taken()
                        return .kept(connection)
                    }
                    lane.open -= 1
                }
                if lane.open < Self.connectionsPerOrigin {
                    lane.open += 1
                    return .open
                }
                lane.waiting.append(waiter)
                return nil
            }
            if let grant { waiter.resume(returning: grant) }
        }
    }

    /// Gives back the place `acquire` granted: with the connection when another request may use it,
    /// nil when it was closed (or never opened), which frees its place.
    func release(_ connection: PushConnection?, of origin: PushOrigin) {
        let reusable = connection.flatMap { $0.isActive ? $0 : nil }
        if let connection, reusable == nil { connection.close() }
        let (waiter, grant): (CheckedContinuation<Grant, Never>?, Grant?) = lanes.withLock { lanes in
            var lane = lanes[origin] ?? Lane()
            defer { lanes[origin] = lane.open == 0 && lane.waiting.isEmpty ? nil : lane }
            guard !lane.waiting.isEmpty else {
                if let reusable {
                    reusable.idles()
                    lane.idle.append(reusable)
                } else {
                    lane.open -= 1
                }
                return (nil, nil)
            }
            // The place goes to the longest waiting request, with the connection or leave to open one.
            reusable?.taken()
            return (lane.waiting.removeFirst(), reusable.map(Grant.kept) ?? .open)
        }
        if let waiter, let grant { waiter.resume(returning: grant) }
    }
}
