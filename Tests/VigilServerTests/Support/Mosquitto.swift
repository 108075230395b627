import Foundation
import Glibc
import VigilTestSupport

/// A Mosquitto broker (Debian's `mosquitto`) of one test on a free loopback port, keeping its
/// sessions on disk so that a restart (`stop()` then `start()`) finds them, as a real deployment's
/// broker does; with TLS (the certificate and key given) and a password file when asked. Sensors
/// are played by `mosquitto_pub`.
final class Mosquitto: @unchecked Sendable {
    let directory: URL
    let port: Int
    private let tls: (caFile: String, certificate: String, key: String)?
    private let credentials: (username: String, password: String)?
    private var process: ChildProcess?

    init(tls: (caFile: String, certificate: String, key: String)? = nil, credentials: (username: String, password: String)? = nil) throws {
        directory = try makeScratchDirectory("vigil-mosquitto")
        port = try freeLoopbackPort()
        self.tls = tls
        self.credentials = credentials
        var configuration = """
            listener \(port) 127.0.0.1
            persistence true
            persistence_location \(directory.path)/
            log_dest file \(directory.path)/mosquitto.log
            log_type all
            user root

            """
        if let credentials {
            let passwords = directory.appendingPathComponent("passwords").path
            let made = try runProcess(
                URL(fileURLWithPath: "/usr/bin/mosquitto_passwd"), ["-b", "-c", passwords, credentials.username, credentials.password])
            guard made.status == 0 else { throw MosquittoError.setUp("mosquitto_passwd exited \(made.status)") }
            configuration += "allow_anonymous false\npassword_file \(passwords)\n"
        } else {
            configuration += "allow_anonymous true\n"
        }
        if let tls { configuration += "cafile \(tls.caFile)\ncertfile \(tls.certificate)\nkeyfile \(tls.key)\n" }
        try Data(configuration.utf8).write(to: directory.appendingPathComponent("mosquitto.conf"))
    }

    /// Starts the broker (again, on the same port and with the sessions it saved) and waits until it listens.
    func start() async throws {
        process = try ChildProcess(
            "/usr/sbin/mosquitto", ["-c", directory.appendingPathComponent("mosquitto.conf").path], standardError: .discarded)
        guard await eventually(timeout: .seconds(10), { canConnect() }) else { throw MosquittoError.setUp("mosquitto did not listen on \(port)") }
    }

    /// SIGTERM: the broker saves its sessions and ends, closing every connection.
    func stop() async {
        guard let process else { return }
        process.send(SIGTERM)
        _ = try? await offThePool { process.waitUntilExit() }
        self.process = nil
    }

    /// Publishes `message` (or the file `file`'s bytes) on `topic` at QoS 1, as a sensor does, and
    /// waits for the broker to acknowledge it.
    func publish(_ topic: String, message: String? = nil, file: String? = nil) async throws {
        var arguments = [
            "-h", tls == nil ? "127.0.0.1" : "localhost", "-p", String(port), "-q", "1", "-t", topic, "-i", "sensor-\(UUID().uuidString.prefix(8))",
        ]
        arguments += file.map { ["-f", $0] } ?? ["-m", message ?? ""]
        if let tls { arguments += ["--cafile", tls.caFile] }
        if let credentials { arguments += ["-u", credentials.username, "-P", credentials.password] }
        let run = try await offThePool { [arguments] in try runProcessTellingErrors(URL(fileURLWithPath: "/usr/bin/mosquitto_pub"), arguments) }
        guard run.status == 0 else { throw MosquittoError.publish(run.errors) }
    }

    /// What the broker logged: every packet, with `log_type all`.
    var log: String { (try? String(contentsOf: directory.appendingPathComponent("mosquitto.log"), encoding: .utf8)) ?? "" }

    private func canConnect() -> Bool {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }

    deinit {
        if let process {
            process.send(SIGKILL)
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: directory)
    }
}

enum MosquittoError: Error {
    case setUp(String)
    case publish(String)
}
