import Foundation
import Testing

@testable import VigilCore

@Suite("Safe XML reader")
struct SafeXMLReaderTests {
    private func read(_ text: String, limits: XMLLimits = XMLLimits()) throws(FormatError) -> XMLNode {
        try SafeXMLReader.read(Data(text.utf8), format: .floodXML, limits: limits)
    }

    private func refusal(_ text: String, limits: XMLLimits = XMLLimits()) -> FormatError? {
        do {
            _ = try read(text, limits: limits)
            return nil
        } catch {
            return error
        }
    }

    @Test func readsElementsTextAndLines() throws {
        let root = try read("<a>\n  <b x=\"1\">one &amp; two</b>\n  <c><![CDATA[<raw>]]></c>\n</a>")
        #expect(root.name == "a")
        #expect(root.children.map(\.name) == ["b", "c"])
        #expect(root.children[0].attributes == ["x": "1"])
        #expect(root.children[0].text == "one & two")
        #expect(root.children[0].line == 2)
        #expect(root.children[1].text == "<raw>")
    }

    @Test func refusesExternalEntityFileRead() {
        let xxe = """
            <?xml version="1.0"?>
            <!DOCTYPE phone [ <!ENTITY secret SYSTEM "file:///etc/passwd"> ]>
            <phone><command>&secret;</command></phone>
            """
        let error = refusal(xxe)
        #expect(error?.line == 2)
        #expect(error?.message.contains("DOCTYPE") == true)
    }

    @Test func refusesBillionLaughs() {
        var lines = ["<?xml version=\"1.0\"?>", "<!DOCTYPE lolz [", "<!ENTITY lol0 \"lol\">"]
        for level in 1...9 {
            lines.append("<!ENTITY lol\(level) \"" + String(repeating: "&lol\(level - 1);", count: 10) + "\">")
        }
        lines += ["]>", "<lolz>&lol9;</lolz>"]
        #expect(refusal(lines.joined(separator: "\n"))?.line == 2)
    }

    @Test(arguments: [
        "<!doctype a SYSTEM \"http://example.com/a.dtd\"><a/>",
        "<a/>\n<!ENTITY x \"y\">",
        "<?xml version=\"1.0\"?><!DOCTYPE a PUBLIC \"-//X//Y\" \"http://example.com/x.dtd\"><a/>",
        "<a><!ELEMENT a ANY></a>",
    ])
    func refusesEveryDeclaration(_ text: String) {
        #expect(refusal(text) != nil)
    }

    @Test func undeclaredEntityIsRefusedNotResolved() {
        let error = refusal("<a>&undefined;</a>")
        #expect(error?.message.contains("\"undefined\" is refused") == true)
    }

    /// FoundationXML on Linux dereferences NULL on a processing instruction without data; the
    /// reader must never hand it one (this test would crash, not fail, if it did).
    @Test(arguments: ["<?x?>\n<a/>", "<a><?pi?></a>", "<?xml-stylesheet?><a/>", "<?xml version=\"1.0\"?><a/><?x?>", " <?xml version=\"1.0\"?><a/>"])
    func refusesProcessingInstructions(_ text: String) {
        #expect(refusal(text)?.message == "processing instructions are not allowed")
    }

    @Test func acceptsTheXMLDeclarationAfterAByteOrderMark() throws {
        let data = Data([0xEF, 0xBB, 0xBF]) + Data("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<a>x</a>".utf8)
        #expect(try SafeXMLReader.read(data, format: .kml).text == "x")
    }

    @Test func refusesOtherEncodingsAndBinary() {
        #expect(refusal("<?xml version=\"1.0\" encoding=\"UTF-16\"?><a/>")?.message.contains("UTF-16") == true)
        #expect(refusal("<a>\u{0}</a>") != nil)
        #expect(throws: FormatError.self) { try SafeXMLReader.read(Data([0x3C, 0x61, 0xFF, 0x3E]), format: .kml) }
    }

    @Test func enforcesLimits() {
        let deep = String(repeating: "<a>", count: 40) + String(repeating: "</a>", count: 40)
        #expect(refusal(deep, limits: XMLLimits(maxDepth: 32))?.message.contains("deeper") == true)
        let wide = "<a>" + String(repeating: "<b/>", count: 20) + "</a>"
        #expect(refusal(wide, limits: XMLLimits(maxElements: 10))?.message.contains("more than 10") == true)
        #expect(refusal(wide, limits: XMLLimits(maxBytes: 16))?.message.contains("over the limit") == true)
    }

    @Test func reportsTheLineOfMalformedInput() {
        let error = refusal("<a>\n<b>\n</a>")
        #expect(error?.line == 3)
    }
}
