import Foundation
import Testing
import VigilCore

/// The test-only echo endpoint the conformance suite drives: absent unless asked for, and when
/// served, bound by the same limits as `/ws`.
@Suite(.timeLimit(.minutes(10))) struct ConformanceEchoTests {
    @Test func theEchoEndpointIsAbsentByDefault() async throws {
        try await withHub { hub async throws in
            #expect(try await hub.upgradeStatus(path: "/conformance/echo") != 101)
            #expect(try await hub.upgradeStatus() == 101)
        }
    }

    @Test func whenServedItEchoesWithTheLimitsOfTheHub() async throws {
        try await withHub(tweak: { $0.maxFrameBytes = 4096 }, server: { $0.conformanceEcho = true }) { hub async throws in
            let url = hub.url.replacingOccurrences(of: "/ws", with: "/conformance/echo")
            let socket = try await RawSocket.connect(url: url, caFile: hub.caFile)
            try await socket.send("héllo")
            #expect(await socket.next() == "héllo")
            try await socket.sendBinary([0, 1, 2])
            #expect(await socket.next() == "<binary>")
            try await socket.send(String(repeating: "x", count: 5000))
            #expect(await socket.closeCode() == CloseCode.messageTooBig.rawValue)
        }
    }
}
