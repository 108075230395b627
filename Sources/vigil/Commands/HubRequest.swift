import ArgumentParser
import Foundation
import VigilClient
import VigilCore

/// Runs `body` with a client connected to the hub and closes it; a refusal or a lost hub prints
/// `vigil COMMAND: ...` on standard error and exits with status 2.
func withHub(_ connection: ConnectionOptions, command: String, _ body: (VigilClient) async throws -> Void) async throws {
    let client = VigilClient(configuration: try connection.clientConfiguration())
    do {
        try await body(client)
        await client.close()
    } catch {
        await client.close()
        tell(error, command: command, connection: connection)
        throw ExitCode(2)
    }
}

/// Tells on standard error why a command failed with the hub, `vigil COMMAND: ...`; for a
/// certificate it does not trust, also how to trust it.
func tell(_ error: any Error, command: String, connection: ConnectionOptions) {
    var text = "vigil \(command): \(error)"
    if case ClientError.untrustedCertificate = error {
        text += connection.resolvedCA.map { " by the CA in \($0), which did not sign it for this address." } ?? ", and no CA was given."
        text += """

            Give the CA that signed the hub's certificate with --ca PATH (or VIGIL_CA=PATH). A hub that made \
            its own development certificate keeps that CA in certs/vigil-dev-ca.pem, in the directory where \
            `vigil serve` runs, and prints its path at start ("Development CA: ...").
            """
    }
    FileHandle.standardError.write(Data((text + "\n").utf8))
}

/// Parses a command-line JSON argument or file.
func parseJSON(_ data: Data, what: String) throws -> JSONValue {
    guard let value = try? JSONValue(parsing: data) else {
        throw ValidationError("\(what) is not valid JSON")
    }
    return value
}

/// A thing of a site written `site/name` on the command line (a room `hq/control`, a zone
/// `hq/gate`): its site and its name.
func siteAndName(_ written: String, what: String, example: String) throws -> (site: String, name: String) {
    let parts = written.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    guard parts.count == 2, parts.allSatisfy(Topic.isValidSegment) else {
        throw ValidationError("a \(what) is written site/\(what), e.g. \(example)")
    }
    return (parts[0], parts[1])
}
