import Foundation
import Testing
import VigilCore

@Suite struct JSONParsingTests {
    /// Documents on both sides of the grammar's edges. The hub used to read requests with
    /// Foundation's `JSONDecoder`; clients must find that nothing it took is now refused.
    static let corpus: [String] = [
        #"{"op":"publish","ref":"r1","topic":"notice/hq","type":"notice","data":{"text":"Gate B","n":3}}"#,
        "  7  ", "-0", "0", "-12", "1E+2", "2.5e-3", "1.0", "0.5e0", "123456789012345", "1234567890123456",
        "123456789012345678901234567890", "-9007199254740993", "1e308", "4.9e-324",
        #""x""#, #""\u00e9\u00E9""#, #""\ud83d\ude00""#, #""\/\"\\\b\f\n\r\t""#, "\"\u{7f}é🛡️\"",
        "true ", "false", "null", "\t\n\r [] ", "{}", #"{"":0}"#, #"{"a":1,"a":2}"#, "[[[[]]]]",
        #"{"a":[1,{"b":null}],"c":"d"}"#, "\u{FEFF}{}",
        // Refused by both.
        "", " ", "01", "-01", "+1", ".5", "1.", "1e", "1e+", "-", "1e400", "-1e400", "1e-400", "0x10",
        "NaN", "[NaN]", "Infinity", "nul", "tru", "True", #""\ud800""#, #""\udc00""#, #""\ud800\u0041""#,
        "\"a\u{01}b\"", "\"a\nb\"", #""\x""#, #""\u12""#, #""\u12g4""#, "\"open", "[1 2]", #"{"a" 1}"#,
        #"{a:1}"#, "{'a':1}", #"{"a":1}x"#, "[1]]", "[", "{", "]", "// c\n1", "1 2",
    ]

    @Test(arguments: corpus)
    func agreesWithFoundation(_ text: String) throws {
        let ours = try? JSONValue(parsing: text)
        let foundation = try? JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
        #expect(ours == foundation)
        if let ours, let number = ours.numberValue, number == 0 {
            #expect(number.sign == foundation?.numberValue?.sign, "-0 keeps its sign")
        }
    }

    @Test func readsWhatItIsGiven() throws {
        #expect(try JSONValue(parsing: #"{"a":1,"a":2}"#) == ["a": 1], "a repeated key keeps its first value")
        #expect(try JSONValue(parsing: #""\ud83d\ude00 \u00e9 \n""#) == "😀 é \n")
        #expect(try JSONValue(parsing: "1234567890123456789") == .number(1_234_567_890_123_456_789))
        #expect(try JSONValue(parsing: " [ 1 , -2.5e1 , true , null , { } ] ") == [1, -25, true, nil, [:]])
        #expect(try JSONValue(parsing: Array(#"{"k":"v"}"#.utf8)) == ["k": "v"], "bytes as well as text")
    }

    /// The one place it is stricter than `JSONDecoder`, which lets a trailing comma through.
    @Test func aTrailingCommaIsRefused() {
        #expect(throws: JSONParseError.self) { try JSONValue(parsing: "[1,]") }
        #expect(throws: JSONParseError.self) { try JSONValue(parsing: #"{"a":1,}"#) }
        #expect(throws: JSONParseError.self) { try JSONValue(parsing: #"{"a":[1,2,],"b":3}"#) }
    }

    /// RFC 8259 allows an exponent on zero; `JSONDecoder` refuses some such numbers.
    @Test func zeroWithAnExponentIsZero() throws {
        for text in ["0e3", "-0.0e-3", "0.000e5", "0E+0"] {
            #expect(try JSONValue(parsing: text) == 0, "\(text)")
        }
    }

    @Test func refusalsSayWhereAndWhy() {
        #expect(refusal(#""\udc00""#) == "a lone surrogate at byte 1")
        #expect(refusal(#"{"a":1}x"#) == "text after the value at byte 7")
        #expect(refusal("01") == "a number does not start with 0 at byte 0")
        #expect(refusal([0x22, 0xFF, 0x22]) == "the string is not valid UTF-8 at byte 1")
    }

    private func refusal(_ bytes: some Collection<UInt8>) -> String? {
        do {
            _ = try JSONValue(parsing: bytes)
            return nil
        } catch {
            return error.description
        }
    }

    private func refusal(_ text: String) -> String? {
        refusal(text.utf8)
    }

    @Test func nestingStopsAtTheLimit() throws {
        let deepest = String(repeating: "[", count: JSONValue.maxNesting) + String(repeating: "]", count: JSONValue.maxNesting)
        #expect((try? JSONValue(parsing: deepest)) != nil)
        let tooDeep = "[" + deepest + "]"
        #expect(throws: JSONParseError.self) { try JSONValue(parsing: tooDeep) }
        #expect((try? JSONDecoder().decode(JSONValue.self, from: Data(deepest.utf8))) != nil, "the limit is JSONDecoder's")
        #expect((try? JSONDecoder().decode(JSONValue.self, from: Data(tooDeep.utf8))) == nil, "the limit is JSONDecoder's")
        let objects = String(repeating: #"{"a":"#, count: JSONValue.maxNesting + 1) + "1" + String(repeating: "}", count: JSONValue.maxNesting + 1)
        #expect(throws: JSONParseError.self) { try JSONValue(parsing: objects) }
    }

    /// Random documents written by `JSONWriter` (as the hub stores payloads) read back as they were.
    @Test func readsBackWhatTheWriterWrites() throws {
        var random = SeededRandom(seed: 0x6A73_6F6E)
        for _ in 0..<500 {
            let value = Self.randomValue(depth: 0, using: &random)
            #expect(try JSONValue(parsing: value.canonicalText) == value)
        }
    }

    private static func randomValue(depth: Int, using random: inout SeededRandom) -> JSONValue {
        switch Int.random(in: depth < 4 ? 0...6 : 0...3, using: &random) {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &random))
        case 2:
            let number =
                Bool.random(using: &random)
                ? Double(Int.random(in: -1_000_000...1_000_000, using: &random))
                : Double.random(in: -1e12...1e12, using: &random)
            return .number(number)
        case 3: return .string(randomString(using: &random))
        case 4: return .array((0..<Int.random(in: 0...4, using: &random)).map { _ in randomValue(depth: depth + 1, using: &random) })
        default:
            var fields: [String: JSONValue] = [:]
            for _ in 0..<Int.random(in: 0...4, using: &random) {
                fields[randomString(using: &random)] = randomValue(depth: depth + 1, using: &random)
            }
            return .object(fields)
        }
    }

    private static func randomString(using random: inout SeededRandom) -> String {
        let pieces = ["a", "Z", "7", " ", "\"", "\\", "/", "\n", "\t", "\u{01}", "\u{1F}", "é", "€", "\u{2028}", "🛡️", "日"]
        return (0..<Int.random(in: 0...8, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
    }
}
