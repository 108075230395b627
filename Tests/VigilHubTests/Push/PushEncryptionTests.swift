import Crypto
import Foundation
import Testing
import VigilCore
import VigilHub
import VigilTestSupport

@testable import VigilPush

/// RFC 8291's example, section 5 and appendix A: keys, salt and the body they give.
enum RFC8291Example {
    static let plaintext = "When I grow up, I want to be a watermelon"
    static let receiverPrivate = "q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94"
    static let receiverPublic = "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4"
    static let authSecret = "BTBZMqHH6r4Tts7J_aSIgg"
    static let senderPrivate = "yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw"
    static let salt = "DGv6ra1nlYgDCS1FRnbzlw"
    static let body =
        "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPT"
        + "pK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN"

    static func bytes(_ text: String) -> [UInt8] { [UInt8](Base64URL.decode(text)!) }
}

@Suite struct PushEncryptionTests {
    @Test func aMessageIsEncryptedByteForByteAsRFC8291sExample() throws {
        let receiver = try #require(PushReceiverKeys(p256dh: RFC8291Example.receiverPublic, auth: RFC8291Example.authSecret))
        let body = try PushMessageEncryption.encrypt(
            Array(RFC8291Example.plaintext.utf8), for: receiver,
            senderKey: P256.KeyAgreement.PrivateKey(rawRepresentation: RFC8291Example.bytes(RFC8291Example.senderPrivate)),
            salt: RFC8291Example.bytes(RFC8291Example.salt))
        #expect(Base64URL.encode(Data(body)) == RFC8291Example.body)
    }

    @Test func everyMessageHasAFreshSaltAndSenderKey() throws {
        let receiver = try #require(PushReceiverKeys(p256dh: RFC8291Example.receiverPublic, auth: RFC8291Example.authSecret))
        let first = try PushMessageEncryption.encrypt(Array("Door forced".utf8), for: receiver)
        let second = try PushMessageEncryption.encrypt(Array("Door forced".utf8), for: receiver)
        #expect(first.prefix(16) != second.prefix(16), "salt")
        #expect(first[21..<86] != second[21..<86], "the sender's public key, the header's key id")
    }

    @Test func aMessageFillsOneRecordOfAPushServicesLimitAndNoMore() throws {
        let receiver = try #require(PushReceiverKeys(p256dh: RFC8291Example.receiverPublic, auth: RFC8291Example.authSecret))
        let longest = try PushMessageEncryption.encrypt([UInt8](repeating: 65, count: PushMessageEncryption.maximumPlaintext), for: receiver)
        #expect(longest.count == 4096)
        #expect(throws: PushMessageEncryption.Failure.tooLong(PushMessageEncryption.maximumPlaintext + 1)) {
            try PushMessageEncryption.encrypt([UInt8](repeating: 65, count: PushMessageEncryption.maximumPlaintext + 1), for: receiver)
        }
    }

    @Test func subscriptionKeysThatAreNotAPointAndASixteenByteSecretAreRefused() {
        let secret = RFC8291Example.authSecret
        let point = RFC8291Example.receiverPublic
        #expect(PushReceiverKeys(p256dh: point, auth: secret) != nil)
        #expect(PushReceiverKeys(p256dh: String(point.dropLast(2)), auth: secret) == nil, "64 bytes")
        #expect(PushReceiverKeys(p256dh: "BA" + String(point.dropFirst(2)), auth: secret) == nil, "not on the curve")
        #expect(PushReceiverKeys(p256dh: point, auth: "BTBZMqHH6r4Tts7J_aSI") == nil, "15 bytes")
        #expect(PushReceiverKeys(p256dh: point, auth: secret + "==") == nil, "padding is not base64url's")
        #expect(PushReceiverKeys(p256dh: point, auth: "not base64!") == nil)
    }

    @Test func aVapidTokenIsSignedByTheHubsKeyForThePushServicesOrigin() throws {
        let key = VapidKey(privateKey: P256.Signing.PrivateKey())
        let header = try key.authorization(
            for: URL(string: "https://Push.Example.net:8443/wpush/v2/abc?x=1")!, expiry: 1_800_000_000, subject: "mailto:ops@example.com")
        let fields = Dictionary(
            uniqueKeysWithValues: header.dropFirst("vapid ".count).split(separator: ",").map { field in
                let pair = field.split(separator: "=", maxSplits: 1)
                return (String(pair[0]), String(pair[1]))
            })
        #expect(header.hasPrefix("vapid t="))
        #expect(fields["k"] == key.publicKeyText)
        let parts = try #require(fields["t"]).split(separator: ".").map(String.init)
        try #require(parts.count == 3)
        let publicKey = try P256.Signing.PublicKey(x963Representation: Base64URL.decode(try #require(fields["k"]))!)
        let signature = try P256.Signing.ECDSASignature(rawRepresentation: Base64URL.decode(parts[2])!)
        #expect(publicKey.isValidSignature(signature, for: Data((parts[0] + "." + parts[1]).utf8)))
        #expect(!publicKey.isValidSignature(signature, for: Data((parts[0] + "." + parts[1] + "x").utf8)))
        #expect(try JSONValue(parsing: [UInt8](Base64URL.decode(parts[0])!)) == ["typ": "JWT", "alg": "ES256"])
        #expect(
            try JSONValue(parsing: [UInt8](Base64URL.decode(parts[1])!))
                == ["aud": "https://push.example.net:8443", "exp": 1_800_000_000, "sub": "mailto:ops@example.com"])
        #expect(try JSONValue(parsing: [UInt8](Base64URL.decode(parts[1])!)).canonicalText.contains("\"exp\":1800000000"))
    }

    @Test(arguments: StoreBackEnd.available) func theVapidKeyIsMadeOnceAndKeptByTheStore(_ backEnd: StoreBackEnd) async throws {
        let (first, again, other) = try await offThePool {
            // Each store held while its database is used: a store's database goes with it.
            let store = try TestStore.make(backEnd, migrations: [])
            let first = VapidKey(secret: try store.database.key(named: VapidKey.storeKeyName)).publicKeyText
            let reopened = try store.reopened(migrations: [])
            let again = VapidKey(secret: try reopened.database.key(named: VapidKey.storeKeyName)).publicKeyText
            let otherStore = try TestStore.make(backEnd, migrations: [])
            let other = VapidKey(secret: try otherStore.database.key(named: VapidKey.storeKeyName)).publicKeyText
            return (first, again, other)
        }
        #expect(again == first, "the same key after a restart: browsers subscribed with it")
        #expect(other != first, "each store a key of its own")
        #expect(Base64URL.decode(first)?.count == 65)
    }

    @Test func aSecretThatIsNotAScalarOfTheCurveStillGivesOneKeyAlways() {
        let order = Array(repeating: UInt8(0xFF), count: 32)
        #expect(VapidKey(secret: order).publicKeyText == VapidKey(secret: order).publicKeyText)
        #expect(VapidKey(secret: order).publicKeyText == VapidKey(secret: [UInt8](SHA256.hash(data: order))).publicKeyText)
    }
}
