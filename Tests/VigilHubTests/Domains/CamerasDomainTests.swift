import Foundation
import Testing
import VigilCore
import VigilHub
import VigilTestSupport

@Suite struct CamerasDomainTests {
    private func topology() throws -> JSONValue {
        let url = try #require(Bundle.module.url(forResource: "Fixtures/two-floors", withExtension: "json"))
        return try JSONValue(parsing: Data(contentsOf: url))
    }

    @Test(arguments: StoreBackEnd.available) func switchesFollowTheTopologyAndReachTheViewersOwnTopic(_ backEnd: StoreBackEnd) async throws {
        let engine = try await Engine.start(on: backEnd)
        let room = try await engine.connect("operator")
        #expect(
            await refusal { _ = try await room.publish("cameras/hq", "switch", ["viewer": "gus", "camera": "1"]) } == .notFound,
            "no topology yet")
        _ = try await room.publish("cameras/hq", "topology", try topology())
        let guardSession = try await engine.connect("guard")
        _ = try await guardSession.request(.subscribe(topic: "cameras/hq/view/gus", since: nil))
        #expect(try await guardSession.nextEvent().data == ["viewer": "gus", "head": 0])

        _ = try await room.publish("cameras/hq", "switch", ["viewer": "gus", "camera": "1"])
        #expect(await refusal { _ = try await room.publish("cameras/hq", "switch", ["viewer": "gus", "camera": "4"]) } == .notANeighbour)
        let swiped = try await guardSession.publish("cameras/hq", "swipe", ["direction": "right"])
        #expect(swiped["data"]?["camera"] == "2" && swiped["data"]?["from"] == "1")
        #expect(await refusal { _ = try await guardSession.publish("cameras/hq", "swipe", ["direction": "right"]) } == .noNeighbour)
        let followed = try await guardSession.events(2)
        #expect(followed.map { $0.data["camera"] } == ["1", "2"] && followed.map(\.seq) == [1, 2])
    }
}
