import ArgumentParser
import Foundation
import VigilHub

/// How the hub's Web Push reaches phones: the contact push services are given, and, for a test
/// setup with a push service of its own on this machine, its address and its authority.
struct PushOptions: ParsableArguments {
    @Option(
        name: .customLong("vapid-contact"),
        help:
            "How push services reach this hub's operator, a mailto: or https: URL sent with every push (env VIGIL_VAPID_CONTACT, default \(HubConfiguration.defaultOperatorContact))."
    )
    var contact: String?
    @Flag(
        name: .customLong("allow-local-endpoints"),
        help: ArgumentHelp(
            "Testing only: phones may register push endpoints on loopback and private addresses, which the hub then sends to (env VIGIL_ALLOW_LOCAL_ENDPOINTS=1). Never on a hub others reach: docs/security.md.",
            visibility: .hidden))
    var allowLocalEndpoints = false
    @Option(
        name: .customLong("outgoing-ca"),
        help: ArgumentHelp(
            "Testing only: a PEM file of authorities the hub's requests to push services trust besides the system's (env VIGIL_OUTGOING_CA).",
            visibility: .hidden))
    var outgoingAuthorities: String?

    func apply(to configuration: inout HubConfiguration) throws {
        let environment = ProcessInfo.processInfo.environment
        let contact = contact ?? environment["VIGIL_VAPID_CONTACT"] ?? HubConfiguration.defaultOperatorContact
        guard Self.isContact(contact) else { throw ValidationError("--vapid-contact must be a mailto: address or an https: URL") }
        configuration.operatorContact = contact
        configuration.allowsLocalEndpoints = allowLocalEndpoints || environment["VIGIL_ALLOW_LOCAL_ENDPOINTS"] == "1"
        configuration.outgoingTrustRootsFile = outgoingAuthorities ?? environment["VIGIL_OUTGOING_CA"]
        if let file = configuration.outgoingTrustRootsFile, !FileManager.default.isReadableFile(atPath: file) {
            throw ValidationError("--outgoing-ca \(file) cannot be read")
        }
    }

    /// RFC 8292 §2.1: the `sub` claim is a `mailto:` or an `https:` URI.
    static func isContact(_ text: String) -> Bool {
        if text.hasPrefix("mailto:") { return text.dropFirst(7).contains("@") }
        guard let url = URL(string: text), url.scheme == "https", let host = url.host, !host.isEmpty else { return false }
        return true
    }
}
