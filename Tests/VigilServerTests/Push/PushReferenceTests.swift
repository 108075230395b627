import Crypto
import Foundation
import Testing
import VigilCore
import VigilHub
import VigilTestSupport

@testable import VigilPush

/// The hub's push messages read by the reference implementations, as a push service and a browser
/// would read them: `Tests/push-check.py` decrypts with http_ece and verifies the VAPID token with
/// py_vapid. VIGIL_PUSH_PYTHON names a Python that has both (`.ci/run` installs them in its venv).
enum PushReference {
    static let python = ProcessInfo.processInfo.environment["VIGIL_PUSH_PYTHON"]
    static let isAvailable = python != nil || TestTools.areRequired
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../push-check.py").standardized

    /// What the reference implementations make of one message to the subscription of `receiver`.
    static func check(receiver: P256.KeyAgreement.PrivateKey, auth: [UInt8], body: [UInt8], authorization: String, audience: String) async throws
        -> (status: Int32, output: String, errors: String)
    {
        guard let python else { throw PushReferenceError.noPython }
        let arguments = [
            script.path, Base64URL.encode(receiver.rawRepresentation), Base64URL.encode(Data(auth)), Base64URL.encode(Data(body)),
            authorization, audience,
        ]
        return try await offThePool { try runProcessTellingErrors(URL(fileURLWithPath: python), arguments) }
    }
}

enum PushReferenceError: Error {
    case noPython
}

@Suite(.enabled(if: PushReference.isAvailable, "needs a Python with http_ece and py_vapid (VIGIL_PUSH_PYTHON)"))
struct PushReferenceTests {
    let phone = P256.KeyAgreement.PrivateKey()
    let auth = (0..<16).map { _ in UInt8.random(in: 0...255) }
    let hubKey = VapidKey(privateKey: P256.Signing.PrivateKey())
    let endpoint = URL(string: "https://push.example.net/wpush/v2/gAAAAABk")!
    let message = #"{"title":"Door forced — Nordflügel","url":"/guard/#alert-7"}"#

    var receiverKeys: PushReceiverKeys {
        PushReceiverKeys(p256dh: Base64URL.encode(phone.publicKey.x963Representation), auth: Base64URL.encode(Data(auth)))!
    }

    var authorization: String {
        get throws {
            try hubKey.authorization(for: endpoint, expiry: Int64(Date().timeIntervalSince1970) + 12 * 3600, subject: "mailto:ops@example.com")
        }
    }

    @Test func theReferenceImplementationsDecryptTheMessageAndVerifyTheHubsToken() async throws {
        let body = try PushMessageEncryption.encrypt(Array(message.utf8), for: receiverKeys)
        let read = try await PushReference.check(
            receiver: phone, auth: auth, body: body, authorization: try authorization, audience: "https://push.example.net")
        #expect(read.status == 0, "\(read.errors)")
        let answer = try JSONValue(parsing: read.output)
        #expect(answer["plaintext"]?.stringValue == message)
        #expect(answer["claims"]?["aud"]?.stringValue == "https://push.example.net")
    }

    @Test func aMessageForAnotherPhoneOrAlteredOnTheWayIsNotRead() async throws {
        var body = try PushMessageEncryption.encrypt(Array(message.utf8), for: receiverKeys)
        let otherPhone = P256.KeyAgreement.PrivateKey()
        let notMine = try await PushReference.check(
            receiver: otherPhone, auth: auth, body: body, authorization: try authorization, audience: "https://push.example.net")
        #expect(notMine.status == 1)
        body[body.count - 1] ^= 1
        let altered = try await PushReference.check(
            receiver: phone, auth: auth, body: body, authorization: try authorization, audience: "https://push.example.net")
        #expect(altered.status == 1)
    }

    @Test func aTokenSignedByAnotherKeyOrForAnotherPushServiceIsRefused() async throws {
        let body = try PushMessageEncryption.encrypt(Array(message.utf8), for: receiverKeys)
        let impostor = VapidKey(privateKey: P256.Signing.PrivateKey())
        let forged = try impostor.authorization(for: endpoint, expiry: Int64(Date().timeIntervalSince1970) + 3600, subject: "mailto:ops@example.com")
            .replacingOccurrences(of: impostor.publicKeyText, with: hubKey.publicKeyText)
        let signedElsewhere = try await PushReference.check(
            receiver: phone, auth: auth, body: body, authorization: forged, audience: "https://push.example.net")
        #expect(signedElsewhere.status == 1 && signedElsewhere.errors.contains("signature"), "\(signedElsewhere.errors)")
        let otherService = try await PushReference.check(
            receiver: phone, auth: auth, body: body, authorization: try authorization, audience: "https://fcm.googleapis.com")
        #expect(otherService.status == 1 && otherService.errors.contains("audience"), "\(otherService.errors)")
    }
}
