import Foundation
import Glibc
import VigilTestSupport

/// Debian's HAProxy of one test in front of hub nodes on loopback, set up as `docs/scale-out.md`
/// says: TCP mode passing TLS through, `/healthz` checked over TLS, a node that fails its check
/// taken out with its connections cut, a connection to a dead node sent to another. Checks come
/// every 200 ms and one failure takes a node out, so a killed node (which refuses at once) is out
/// fast; a check has 2 s to be answered, so a node slow on a loaded machine is not taken for dead
/// and its connections cut.
final class HAProxy: @unchecked Sendable {
    let directory: URL
    let port: Int
    /// How many nodes it is in front of.
    let nodes: Int
    private var process: ChildProcess?

    /// In front of the nodes listening on `nodes` (loopback ports), whose certificate `caFile` signed.
    init(nodes: [Int], caFile: String) throws {
        directory = try makeScratchDirectory("vigil-haproxy")
        port = try freeLoopbackPort()
        self.nodes = nodes.count
        let servers = nodes.enumerated().map { "    server node\($0.offset) 127.0.0.1:\($0.element)" }.joined(separator: "\n")
        let configuration = """
            defaults
                mode tcp
                timeout connect 5s
                timeout check 2s
                timeout client 1h
                timeout server 1h
                retries 3
                option redispatch

            frontend vigil
                bind 127.0.0.1:\(port)
                default_backend nodes

            backend nodes
                balance roundrobin
                option httpchk GET /healthz
                http-check expect status 200
                default-server check check-ssl verify required ca-file \(caFile) inter 200ms fall 1 rise 1 on-marked-down shutdown-sessions
            \(servers)

            """
        try Data(configuration.utf8).write(to: directory.appendingPathComponent("haproxy.cfg"))
    }

    /// `wss://` through the proxy, under the name the nodes' certificate is for.
    var url: String { "wss://localhost:\(port)/ws" }

    /// Starts the proxy and waits until every node answers through it: the proxy takes turns, so as
    /// many answers in a row as there are nodes have come from each.
    func start(caFile: String) async throws {
        process = try ChildProcess(
            "/usr/sbin/haproxy", ["-db", "-f", directory.appendingPathComponent("haproxy.cfg").path], standardError: .discarded)
        let up = await eventually(timeout: .seconds(20)) { [port, nodes] in
            for _ in 0..<nodes {
                guard (try? await curl("https://localhost:\(port)/healthz", caFile: caFile, maxTime: 2).status) == 200 else { return false }
            }
            return true
        }
        guard up else { throw HAProxyError.didNotStart }
    }

    deinit {
        if let process {
            process.send(SIGKILL)
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: directory)
    }
}

enum HAProxyError: Error {
    case didNotStart
}
