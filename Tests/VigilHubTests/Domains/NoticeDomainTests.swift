import Testing
import VigilCore
import VigilHub
import VigilTestSupport

/// `notice/{site}` in-process: the control room's announcements, posted by operators and admins,
/// read by the site's guards and operators, and nothing stored for a refused one.
@Suite struct NoticeDomainTests {
    @Test(arguments: StoreBackEnd.available) func anOperatorsNoticeReachesTheSitesGuardsAndNoOtherSite(_ backEnd: StoreBackEnd) async throws {
        let engine = try await Engine.start(on: backEnd)
        let olga = try await engine.connect("operator")
        let gus = try await engine.connect("guard")
        let dora = try await engine.connect("guard-depot")
        _ = try await gus.request(.subscribe(topic: "notice/hq", since: nil))
        #expect(await refusal { _ = try await dora.request(.subscribe(topic: "notice/hq", since: nil)) } == .forbidden, "a guard of the depot")

        let posted = try await olga.publish("notice/hq", "notice", ["text": "Fire drill at 3 pm", "level": "warning"])
        let heard = try await gus.nextEvent()
        #expect(heard.type == "notice" && heard.from == "olga")
        #expect(heard.data == ["text": "Fire drill at 3 pm", "level": "warning"])
        #expect(posted["seq"] == .number(Double(heard.seq ?? 0)), "the ok names the seq the guard got")

        _ = try await olga.publish("notice/hq", "notice", ["text": "Coffee in the lobby"])
        #expect(try await gus.nextEvent().data == ["text": "Coffee in the lobby", "level": "info"], "a notice without a level is information")
    }

    @Test(arguments: StoreBackEnd.available) func aRefusedNoticeIsNotStored(_ backEnd: StoreBackEnd) async throws {
        let engine = try await Engine.start(on: backEnd)
        let olga = try await engine.connect("operator")
        let gus = try await engine.connect("guard")
        let tooLong = String(repeating: "a", count: 2_001)
        #expect(await refusal { _ = try await gus.publish("notice/hq", "notice", ["text": "hello"]) } == .forbidden, "guards read notices")
        #expect(await refusal { _ = try await olga.publish("notice/depot", "notice", ["text": "hello"]) } == .forbidden, "not olga's site")
        #expect(await refusal { _ = try await olga.publish("notice/hq", "announcement", ["text": "hello"]) } == .unknownType)
        #expect(await refusal { _ = try await olga.publish("notice/hq", "notice", ["text": .string(tooLong)]) } == .invalidData)
        #expect(await refusal { _ = try await olga.publish("notice/hq", "notice", ["text": "   "]) } == .invalidData)
        #expect(await refusal { _ = try await olga.publish("notice/hq", "notice", ["text": "hello", "level": "panic"]) } == .invalidData)
        #expect(await refusal { _ = try await olga.publish("notice/hq", "notice", [:]) } == .invalidData)
        let history = try await olga.request(.history(topic: "notice/hq", before: nil, limit: 10))
        #expect(history["events"] == [], "nothing stored")
    }
}
