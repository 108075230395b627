import Foundation
import Testing
import VigilStore
import VigilTestSupport

/// TLS to the PostgreSQL server, as a URL's `sslmode` asks: against the test server, which takes
/// TLS with a certificate for localhost and 127.0.0.1 from a CA of its own
/// (`Tests/postgres-server.sh`, VIGIL_TEST_POSTGRES_CA). The server's own view of each session
/// (`pg_stat_ssl`) says whether it is encrypted.
@Suite struct PostgresTransportSecurityTests {
    private static var certificateAuthority: String? { ProcessInfo.processInfo.environment["VIGIL_TEST_POSTGRES_CA"] }
    private static var serverTakesTLS: Bool { TestPostgres.serverURL != nil && certificateAuthority != nil }

    @Test func theURLSaysHowTheConnectionIsProtectedAndNothingElse() throws {
        let base = "postgres://vigil@db.example:5432/vigil"
        #expect(try PostgresLocation(url: base).security == .plain)
        #expect(try PostgresLocation(url: base + "?sslmode=disable").security == .plain)
        #expect(try PostgresLocation(url: base + "?sslmode=require").security == .encrypted)
        #expect(try PostgresLocation(url: base + "?sslmode=verify-ca").security == .verifiedAuthority(rootCertificate: nil))
        let verified = try PostgresLocation(url: base + "?sslmode=verify-full&sslrootcert=/etc/vigil/db%20ca.pem")
        #expect(verified.security == .verifiedHost(rootCertificate: "/etc/vigil/db ca.pem"))
        #expect(try PostgresLocation(url: verified.url) == verified, "the URL a command passes on keeps the TLS settings")
        #expect(verified.description.hasSuffix("/vigil?sslmode=verify-full&sslrootcert=/etc/vigil/db%20ca.pem"))

        let refused: [(String, String)] = [
            ("?sslmode=prefer", "sslmode=prefer is not taken"),
            ("?sslmode=allow", "sslmode=allow is not taken"),
            ("?sslmode=require&sslrootcert=/ca.pem", "sslrootcert is for sslmode=verify-ca or verify-full"),
            ("?sslmode=require&sslmode=disable", "once each"),
            ("?sslmode=", "with a value"),
            ("?connect_timeout=3", "connect_timeout is not taken"),
        ]
        for (options, words) in refused {
            #expect {
                try PostgresLocation(url: base + options)
            } throws: {
                "\($0)".contains(words)
            }
        }
    }

    @Test(.enabled(if: serverTakesTLS || TestPostgres.isRequired)) func eachModeGetsTheConnectionItAsksFor() throws {
        let ca = try #require(Self.certificateAuthority, "Tests/postgres-server.sh exports VIGIL_TEST_POSTGRES_CA")
        let empty = try TestPostgres.newDatabase()
        defer { TestPostgres.drop(empty) }
        let byName = "postgres://\(empty.user)@localhost:\(empty.port)/\(empty.database)"
        let byAddress = "postgres://\(empty.user)@127.0.0.1:\(empty.port)/\(empty.database)"
        let cases: [(url: String, encrypted: Bool)] = [
            (byAddress, false),
            (byAddress + "?sslmode=require", true),
            (byAddress + "?sslmode=verify-ca&sslrootcert=\(ca)", true),
            (byName + "?sslmode=verify-full&sslrootcert=\(ca)", true),
            (byAddress + "?sslmode=verify-full&sslrootcert=\(ca)", true),
        ]
        for (url, encrypted) in cases {
            let database = try PostgresDatabase(location: PostgresLocation(url: url), migrations: [])
            let ssl = try database.readTransaction { try $0.fetchText("SELECT ssl::text FROM pg_stat_ssl WHERE pid = pg_backend_pid()", []) }
            #expect(ssl == (encrypted ? "true" : "false"), "\(url): the server says ssl is \(ssl ?? "unknown")")
        }
    }

    /// A server whose certificate the given authority did not sign is not talked to, whatever the
    /// password would have been: the connection fails in words, before any statement.
    @Test(.enabled(if: serverTakesTLS || TestPostgres.isRequired)) func aServerOfAnotherAuthorityIsRefused() throws {
        let empty = try TestPostgres.newDatabase()
        defer { TestPostgres.drop(empty) }
        let directory = try makeScratchDirectory("vigil-postgres-tls")
        defer { try? FileManager.default.removeItem(at: directory) }
        let stranger = directory.appendingPathComponent("stranger-ca.pem").path
        let made = try ChildProcess(
            "/usr/bin/openssl",
            [
                "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-days", "1", "-subj", "/CN=Stranger CA",
                "-keyout", directory.appendingPathComponent("stranger-key.pem").path, "-out", stranger,
            ], standardError: .discarded
        ).waitUntilExit()
        try #require(made == 0, "openssl made no CA")
        for mode in ["verify-ca", "verify-full"] {
            let url = "postgres://\(empty.user)@localhost:\(empty.port)/\(empty.database)?sslmode=\(mode)&sslrootcert=\(stranger)"
            #expect {
                try PostgresDatabase(location: PostgresLocation(url: url), migrations: [])
            } throws: {
                "\($0)".contains("connecting to postgres://")
            }
        }
        let missing = "postgres://\(empty.user)@localhost:\(empty.port)/\(empty.database)?sslmode=verify-full&sslrootcert=/nonexistent/ca.pem"
        #expect {
            try PostgresDatabase(location: PostgresLocation(url: missing), migrations: [])
        } throws: {
            "\($0)".contains("TLS settings")
        }
    }
}
