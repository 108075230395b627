import Foundation
import Testing

@testable import VigilCore

/// `JSONValue.decode(_:field:)` reads no text: it must make of a value what Foundation's
/// `JSONDecoder` makes of the value's text, for every shape of the contract, and refuse what that
/// decoder refuses in the same words (the protocol's `invalid_data` sentences are made from them).
struct JSONValueDecoderTests {
    @Test func everyContractShapeDecodesAsFoundationReadsItsText() throws {
        var checked = 0
        for sample in WireTypesTests.samples + JSONValueEncoderTests.filled {
            guard let codable = sample as? any Decodable & Encodable else { continue }
            try Self.check(codable)
            checked += 1
        }
        #expect(checked > 100, "the contract's commands, events, states and answers are read back")
    }

    /// The same value read back, or the same refusal (a sample's placeholder may be refused by its
    /// type, such as an empty thumbnail hash).
    private static func check<T: Decodable & Encodable>(_ sample: T) throws {
        let value = try JSONValue(encoding: sample)
        guard let foundation = try? JSONDecoder().decode(T.self, from: Data(value.canonicalText.utf8)) else {
            let refusal = Refusal.direct(T.self, value)
            #expect(refusal != nil && refusal == Refusal.foundation(T.self, value), "\(T.self)")
            return
        }
        let direct = try value.decode(T.self)
        #expect(try JSONValue(encoding: direct) == JSONValue(encoding: foundation), "\(T.self)")
        #expect(try JSONValue(encoding: direct) == value, "\(T.self) reads back as it was written")
    }

    /// A value inside a type is taken as it is, every kind of it.
    @Test func aJSONValueInsideATypeIsTheValueItself() throws {
        let example: JSONValue = ["text": "ü", "list": [1, 2.5, nil, true, ["deep": []]], "empty": [:], "none": nil]
        #expect(try example.decode(JSONValue.self) == example)
        #expect(try example.decode([String: JSONValue].self) == example.objectValue)
        #expect(try JSONValue.object(["values": example]).decode([String: [String: JSONValue]].self)["values"] == example.objectValue)
    }

    /// Bad values of each kind in the contract's types and Swift's own: the sentence is the one
    /// Foundation's decoder of the same text gives, field and index named.
    @Test(arguments: [
        Refusal(AlertCommand.Decide.self, [:], "data.alert is required"),
        Refusal(AlertCommand.Decide.self, ["alert": 5], "data.alert must be text"),
        Refusal(AlertCommand.Decide.self, ["alert": nil], "data.alert must be text"),
        Refusal(AlertCommand.Decide.self, "hello", "data must be an object"),
        Refusal(AlertCommand.Decide.self, nil, "data must be an object"),
        Refusal(AlertCommand.Raise.self, ["kind": "intrusion", "thumbnails": ["a", 3]], "data.thumbnails[1] must be text"),
        Refusal(AlertCommand.Raise.self, ["kind": "intrusion", "thumbnails": ["a": "b"]], "data.thumbnails must be a list"),
        Refusal(CameraCommand.Swipe.self, ["direction": "sideways"], "data.direction must be up, down, left or right"),
        Refusal(ChatReadCommand.self, ["room": "r", "seq": 2.5], "data.seq must be a whole number"),
        Refusal([String: Int].self, ["a": "b"], "data.a must be a whole number"),
        Refusal([Bool].self, [1], "data[0] must be true or false"),
        Refusal(Data.self, "not base64!", "data Encountered Data is not valid Base64."),
        Refusal(String.self, 5, "data must be text"),
    ])
    func aBadValueIsRefusedInFoundationsWords(_ refusal: Refusal) throws {
        #expect(refusal.direct() == refusal.expected)
        #expect(refusal.foundation() == refusal.expected, "Foundation's decoder says so too")
    }

    /// A value of `type` that is refused: what the hub says of it and what Foundation's decoder does.
    /// A number a whole number type cannot hold is refused naming where it lies; Foundation's
    /// decoder said the whole text was not valid JSON.
    @Test func aNumberThatDoesNotFitIsRefusedWhereItLies() {
        let fraction = Refusal([Int].self, [1, 1.5], "data[1] must be a whole number")
        #expect(fraction.direct() == fraction.expected)
        #expect(fraction.foundation() == "data The given data was not valid JSON.")
        let huge = Refusal(FloodModeration.self, ["markers": [1e300]], "data.markers[0] must be a whole number")
        #expect(huge.direct() == huge.expected)
    }

    struct Refusal: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let expected: String
        let direct: @Sendable () -> String?
        let foundation: @Sendable () -> String?

        init<T: Decodable & SendableMetatype>(_ type: T.Type, _ value: JSONValue, _ expected: String) {
            testDescription = "\(type) from \(value.canonicalText)"
            self.expected = expected
            direct = { Self.direct(type, value) }
            foundation = { Self.foundation(type, value) }
        }

        /// The hub's sentence refusing `value` as `type`; nil when it is taken.
        static func direct<T: Decodable>(_ type: T.Type, _ value: JSONValue) -> String? {
            do throws(ProtocolError) {
                _ = try value.decode(type)
                return nil
            } catch {
                return error.message
            }
        }

        /// The sentence Foundation's decoder of the value's text leads to; nil when it takes it.
        static func foundation<T: Decodable>(_ type: T.Type, _ value: JSONValue) -> String? {
            do {
                _ = try JSONDecoder().decode(type, from: Data(value.canonicalText.utf8))
                return nil
            } catch let error as DecodingError {
                return JSONValue.refusal(of: error, under: "data").message
            } catch {
                return "\(error)"
            }
        }
    }
}
