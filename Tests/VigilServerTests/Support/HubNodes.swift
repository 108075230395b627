import Foundation
import VigilClient

/// Two started nodes on one new database, with site hq, and a client maker for each.
struct HubNodes {
    let a: HubProcess
    let b: HubProcess
    let operatorToken: String
    let adminToken: String
    let deviceToken: String

    /// `siteOptions`: what `vigil site create hq` is given besides the site; `serveOptions`: what
    /// each node's `vigil serve` is given; `server`: a server of the test's own, instead of the
    /// tests' shared one.
    init(siteOptions: [String] = [], serveOptions: [String] = [], on server: RestartablePostgres? = nil) async throws {
        a = try server.map { try HubProcess(storedIn: $0.newDatabase()) } ?? HubProcess(inPostgres: true)
        b = try HubProcess(sharingStoreOf: a)
        try await a.command(["site", "create", "hq"] + siteOptions)
        operatorToken = try await a.token(["--role", "operator", "--site", "hq", "--name", "olga"])
        adminToken = try await a.token(["--role", "admin", "--all-sites", "--name", "root"])
        deviceToken = try await a.token(["--role", "device", "--site", "hq", "--name", "pir-1"])
        try await a.start(options: serveOptions)
        try await Self.start(b, as: a, options: serveOptions)
    }

    /// Starts `node` with `first`'s certificate: one certificate for the hub's name on every node,
    /// as behind one name, so that a client trusts one CA whichever node it reaches.
    private static func start(_ node: HubProcess, as first: HubProcess, options: [String] = []) async throws {
        let certificates = first.directory.appendingPathComponent("certs")
        try await node.start(
            certificate: (
                chain: certificates.appendingPathComponent("vigil-dev-server.pem").path,
                key: certificates.appendingPathComponent("vigil-dev-server-key.pem").path, ca: first.caFile
            ), options: options)
    }

    /// A third node, started now on the same store.
    func another() async throws -> HubProcess {
        let node = try HubProcess(sharingStoreOf: a)
        try await Self.start(node, as: a)
        return node
    }

    func client(of hub: HubProcess, _ token: String) -> VigilClient {
        VigilClient(configuration: ClientConfiguration(url: hub.url, token: token, caFile: hub.caFile))
    }

    func stop() async {
        await b.stop()
        await a.stop()
    }
}
