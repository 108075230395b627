import Foundation
import PostgresNIO

/// A COMMIT sent on a connection that broke before its answer came: the transaction may have
/// committed or not, and only the server knows. Taking it as failed would tell a client that an
/// event it stored was not, and its subscribers on this hub would not get it.
enum InDoubtCommit {
    enum Outcome: Equatable {
        case committed
        case aborted
        /// The server could not be asked, or did not know in time.
        case unknown
    }

    /// How long the server may take to finish a transaction whose client has gone.
    static let patience: Duration = .seconds(5)

    /// What became of transaction `id`, asked of the server (`pg_xact_status`) on `session` made
    /// again; a transaction still finishing is asked about again until `patience` runs out.
    static func outcome(of id: Int64, asking session: PostgresSession) -> Outcome {
        let deadline = ContinuousClock.now + patience
        repeat {
            guard (try? session.reconnectIfClosed()) != nil else { return .unknown }
            let status = try? session.run("SELECT pg_xact_status(?::text::xid8)::text", [.text(String(id))]).rows.first?.decode(String?.self)
            switch status {
            case "committed"?: return .committed
            case "aborted"?: return .aborted
            // In progress still, or the question itself was cut: asked again.
            default: Thread.sleep(forTimeInterval: 0.05)
            }
        } while ContinuousClock.now < deadline
        return .unknown
    }
}
