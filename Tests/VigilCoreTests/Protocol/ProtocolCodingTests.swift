import Foundation
import Testing
import VigilCore

@Suite struct ProtocolCodingTests {
    @Test(arguments: [
        ClientMessage(ref: "1", .hello(token: "vgl_x")),
        ClientMessage(ref: "2", .subscribe(topic: "notice/hq", since: 41)),
        ClientMessage(ref: nil, .subscribe(topic: "notice/+", since: nil)),
        ClientMessage(ref: "3", .unsubscribe(topic: "notice/hq")),
        ClientMessage(
            ref: "4", .publish(topic: "notice/hq", type: "notice", data: ["text": "Gate \"B\"\n", "n": 3, "ok": true, "list": [1.5, nil]])),
        ClientMessage(ref: "5", .history(topic: "notice/hq", before: 10, limit: 5)),
        ClientMessage(ref: "6", .ping),
    ])
    func clientMessagesRoundTrip(_ message: ClientMessage) throws {
        #expect(try ClientMessage.decode(message.encoded()).get() == message)
    }

    @Test func writerEscapesWhatJSONRequires() throws {
        let nasty = "quote \" backslash \\ newline \n tab \t bell \u{07} nul \u{00} emoji 🛡️ separator \u{2028}"
        var writer = JSONWriter()
        writer.beginObject()
        writer.field("s", nasty)
        writer.endObject()
        let decoded = try JSONDecoder().decode([String: String].self, from: Data(writer.text.utf8))
        #expect(decoded["s"] == nasty)
        #expect(!writer.text.contains("\n"))
    }

    @Test func canonicalTextSortsKeysAndKeepsIntegers() {
        let value: JSONValue = ["b": 2, "a": ["z": 1.25, "y": nil], "c": [true, "x"]]
        #expect(value.canonicalText == #"{"a":{"y":null,"z":1.25},"b":2,"c":[true,"x"]}"#)
    }

    @Test func eventFramesDecodeAsTheyWereBuilt() throws {
        let frame = ServerFrame.event(
            topic: "notice/hq", seq: 7, type: "notice", ts: 1_700_000_000_123, from: "olga", epoch: "e1", dataJSON: #"{"text":"hi"}"#)
        let expected = Event(topic: "notice/hq", seq: 7, type: "notice", ts: 1_700_000_000_123, from: "olga", epoch: "e1", data: ["text": "hi"])
        #expect(try ServerMessage.decode(frame) == .event(expected))
        let error = ServerFrame.error(ref: "9", ProtocolError(.forbidden, "no"))
        #expect(try ServerMessage.decode(error) == .error(ref: "9", ProtocolError(.forbidden, "no")))
    }

    @Test(arguments: ["notice/hq", "alerts/hq-2/cam.3", "a/b/c/d/e/f/g/h"])
    func validTopics(_ topic: String) throws {
        #expect(try Topic(topic).rawValue == topic)
    }

    @Test(arguments: [
        "notice", "notice/", "/hq", "notice//hq", "notice/h q", "notice/+", "a/b/c/d/e/f/g/h/i", "notice/" + String(repeating: "x", count: 65),
        "notice/ü",
    ])
    func invalidTopics(_ topic: String) {
        #expect(throws: ProtocolError.self) { try Topic(topic) }
    }

    @Test func patternsMatchOneSegmentPerPlus() throws {
        let pattern = try TopicPattern("roi/+/cam-3")
        #expect(pattern.matches(try Topic("roi/hq/cam-3")))
        #expect(!pattern.matches(try Topic("roi/hq/cam-4")))
        #expect(!pattern.matches(try Topic("roi/hq/x/cam-3")))
        #expect(throws: ProtocolError.self) { try TopicPattern("+/hq") }
        #expect(try TopicPattern("notice/hq").exactTopic?.rawValue == "notice/hq")
        #expect(try TopicPattern("notice/+").exactTopic == nil)
    }

    @Test func decodeFailuresCarryTheRefWhenReadable() {
        guard case .failure(let failure) = ClientMessage.decode(#"{"op":"subscribe","ref":"r1","topic":5}"#) else {
            Issue.record("decoded a wrong type")
            return
        }
        #expect(failure.ref == "r1")
        #expect(failure.error.code == .badRequest)
        #expect(failure.error.message.contains("'topic'"))
    }
}
