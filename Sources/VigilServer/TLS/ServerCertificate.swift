import Foundation
import Logging
import NIOSSL
import Synchronization

/// The certificate chain and key the hub serves, read from their PEM files and read again on
/// request (SIGHUP, or the files changing). Each new connection takes the context current when it
/// opens; a connection already open keeps the one it was opened with, so a reload closes nothing.
/// A new pair that cannot be used (unreadable, not PEM, a key that is not the certificate's) is
/// refused with a log line and the pair served before stays.
final class ServerCertificate: Sendable {
    let certificateFile: String
    let keyFile: String
    private let logger: Logger
    private let state: Mutex<State>

    private struct State {
        var context: NIOSSLContext
        /// What the files looked like when last read, loaded or refused: a change to either is
        /// what the watch looks for, and a refused pair is not tried again until it changes.
        var lastSeen: FileStamps
    }

    /// Reads the pair; a start with a pair that cannot be used fails here.
    init(certificateFile: String, keyFile: String, logger: Logger) throws {
        self.certificateFile = certificateFile
        self.keyFile = keyFile
        self.logger = logger
        let stamps = FileStamps(certificateFile, keyFile)
        state = Mutex(State(context: try Self.context(certificateFile: certificateFile, keyFile: keyFile), lastSeen: stamps))
    }

    /// The context a connection opening now gets.
    var context: NIOSSLContext { state.withLock { $0.context } }

    /// Reads the files again and serves the new pair to connections opened from now on; refuses,
    /// with an error line in the log, a pair that cannot be used. True when the new pair is served.
    @discardableResult
    func reload(reason: String) -> Bool {
        let stamps = FileStamps(certificateFile, keyFile)
        do {
            let context = try Self.context(certificateFile: certificateFile, keyFile: keyFile)
            state.withLock { $0 = State(context: context, lastSeen: stamps) }
            logger.notice(
                "certificate reloaded: new connections get the new certificate",
                metadata: ["reason": "\(reason)", "certificate": "\(certificateFile)"])
            return true
        } catch {
            state.withLock { $0.lastSeen = stamps }
            logger.error(
                "certificate reload refused: the certificate and key served until now stay",
                metadata: ["reason": "\(reason)", "certificate": "\(certificateFile)", "key": "\(keyFile)", "error": "\(error)"])
            return false
        }
    }

    /// Reloads when either file changed since it was last read.
    func reloadIfChanged() {
        let stamps = FileStamps(certificateFile, keyFile)
        guard state.withLock({ $0.lastSeen != stamps }) else { return }
        reload(reason: "files changed")
    }

    /// A server context for the pair. BoringSSL refuses a key that does not match the chain's first
    /// certificate as it is given both.
    private static func context(certificateFile: String, keyFile: String) throws -> NIOSSLContext {
        let chain = try NIOSSLCertificate.fromPEMFile(certificateFile)
        guard !chain.isEmpty else { throw CertificateError.noCertificate(certificateFile) }
        let configuration = TLSConfiguration.makeServerConfiguration(
            certificateChain: chain.map { .certificate($0) }, privateKey: .privateKey(try NIOSSLPrivateKey(file: keyFile, format: .pem)))
        return try NIOSSLContext(configuration: configuration)
    }
}

enum CertificateError: Error, CustomStringConvertible {
    case noCertificate(String)

    var description: String {
        switch self {
        case .noCertificate(let file): "no certificate in \(file)"
        }
    }
}

/// Device, inode, size and modification time of each file: replaced files (a new inode, as
/// `mv` or certbot's symlinks leave) and files rewritten in place both change it.
struct FileStamps: Equatable, Sendable {
    private let stamps: [[Int]]

    init(_ paths: String...) {
        stamps = paths.map { path in
            var status = stat()
            guard stat(path, &status) == 0 else { return [] }
            return [
                Int(status.st_dev), Int(status.st_ino), Int(status.st_size), Int(status.st_mtim.tv_sec), Int(status.st_mtim.tv_nsec),
            ]
        }
    }
}
