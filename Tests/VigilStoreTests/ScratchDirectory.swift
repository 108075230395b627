import Foundation
import VigilTestSupport

/// A directory of its own (`makeScratchDirectory`) for one test's databases. A suite holds one per
/// test (Swift Testing makes a suite instance for every test), and the directory goes, with every
/// database file in it, when that test is over.
final class ScratchDirectory: Sendable {
    let url = try! makeScratchDirectory("vigil-store")

    /// The path of a database no other call returns (`VigilDatabase` creates the directory).
    func newDatabasePath() -> String {
        url.appendingPathComponent("\(UUID().uuidString).sqlite").path
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}
