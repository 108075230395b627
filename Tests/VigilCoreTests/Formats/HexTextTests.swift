import Testing
import VigilCore

struct HexTextTests {
    @Test func everyByteIsTwoLowercaseDigits() {
        #expect(HexText.lowercase([0x00, 0x0f, 0x10, 0xa0, 0xff]) == "000f10a0ff")
        #expect(HexText.lowercase([UInt8]()) == "")
        #expect(HexText.lowercase(UInt8.min...UInt8.max).count == 512)
    }

    @Test func agreesWithTheFormatterItReplaces() {
        let all = Array(UInt8.min...UInt8.max)
        #expect(HexText.lowercase(all) == all.map { String($0, radix: 16) }.map { $0.count == 1 ? "0" + $0 : $0 }.joined())
    }
}
