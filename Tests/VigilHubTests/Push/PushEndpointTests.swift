import Testing
import VigilCore
import VigilHub

@testable import VigilPush

@Suite struct PushEndpointTests {
    @Test(arguments: [
        "https://fcm.googleapis.com/fcm/send/dGVzdA:APA91b",
        "https://updates.push.services.mozilla.com/wpush/v2/gAAAAABk",
        "https://web.push.apple.com/QGuQyavXutnMH",
        "https://8.8.8.8/push/1",
        "https://[2606:4700::6810:84e5]:8443/push/1",
    ])
    func aPushServicesHttpsURLOnAPublicAddressIsTaken(_ endpoint: String) throws {
        #expect(try PushEndpoint(endpoint, allowLocal: false).url.absoluteString == endpoint)
    }

    @Test(arguments: [
        "http://fcm.googleapis.com/fcm/send/abc",
        "ftp://push.example.net/x",
        "https:///nohost",
        "not a url",
        "https://user:secret@push.example.net/x",
        "https://push.example.net/x#fragment",
        "https://localhost/push",
        "https://LOCALHOST:8443/push",
        "https://hub.localhost/push",
        "https://printer.local/push",
        "https://metadata.google.internal/computeMetadata/v1/",
        "https://intranet/push",
        "https://127.1/push",
        "https://0x7f.1/push",
        "https://2130706433/push",
        "https://10.0.0.0x1/push",
        "https://127.0.0.1/push",
        "https://127.8.9.10/push",
        "https://10.1.2.3/push",
        "https://172.16.0.1/push",
        "https://172.31.255.255/push",
        "https://192.168.1.1/push",
        "https://169.254.169.254/latest/meta-data/",
        "https://100.64.0.1/push",
        "https://0.0.0.0/push",
        "https://224.0.0.1/push",
        "https://255.255.255.255/push",
        "https://[::1]/push",
        "https://[::]/push",
        "https://[fe80::1]/push",
        "https://[fd00::1]/push",
        "https://[::ffff:127.0.0.1]/push",
        "https://[::ffff:10.0.0.1]/push",
        "https://[64:ff9b::c0a8:0101]/push",
        "https://[2002:7f00:1::1]/push",
    ])
    func anEndpointThatCouldReachTheHubsOwnNetworkIsRefused(_ endpoint: String) {
        #expect(throws: ProtocolError.self) { try PushEndpoint(endpoint, allowLocal: false) }
    }

    @Test func theLimitsOfThePrivateRangesAreExact() {
        #expect(IPAddressBytes("172.15.255.255")!.isPublic)
        #expect(!IPAddressBytes("172.16.0.0")!.isPublic)
        #expect(!IPAddressBytes("172.31.255.255")!.isPublic)
        #expect(IPAddressBytes("172.32.0.0")!.isPublic)
        #expect(IPAddressBytes("100.63.255.255")!.isPublic)
        #expect(IPAddressBytes("100.128.0.0")!.isPublic)
        #expect(IPAddressBytes("::ffff:8.8.8.8")!.isPublic)
        #expect(IPAddressBytes("2a00:1450:4001::200e")!.isPublic)
        #expect(IPAddressBytes("fc00::")!.isPublic == false)
        #expect(IPAddressBytes("fe00::1")!.isPublic, "outside fc00::/7 and fe80::/10")
    }

    @Test func aHubToldToAllowLocalEndpointsTakesLoopbackForItsTests() throws {
        #expect(try PushEndpoint("https://127.0.0.1:9443/push/1", allowLocal: true).url.port == 9443)
        #expect(try PushEndpoint("https://localhost:9443/push/1", allowLocal: true).url.host == "localhost")
        #expect(throws: ProtocolError.self, "still https") { try PushEndpoint("http://127.0.0.1:9443/push/1", allowLocal: true) }
    }

    @Test func anEndpointLongerThanAnyPushServicesIsRefused() {
        let long = "https://push.example.net/" + String(repeating: "a", count: PushEndpoint.maximumLength)
        #expect(throws: ProtocolError.self) { try PushEndpoint(long, allowLocal: false) }
    }
}
