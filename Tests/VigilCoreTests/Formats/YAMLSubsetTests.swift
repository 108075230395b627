import Testing
import VigilCore

struct YAMLSubsetTests {
    @Test func readsNestedMappingsAndSequences() throws {
        let text = """
            # a comment
            openapi: 3.1.0
            info:
              title: Vigil hub   # trailing comment
              version: '1'
            tags: [alerts, 'flood maps', "chat"]
            parameters:
              - name: site
                in: path
                required: true
                schema: {type: string, maxLength: 64}
              - $ref: '#/components/parameters/Limit'
            empty: {}
            none: []
            nested:
              - - a
                - b
              - c
            """
        let expected: JSONValue = [
            "openapi": "3.1.0",
            "info": ["title": "Vigil hub", "version": "1"],
            "tags": ["alerts", "flood maps", "chat"],
            "parameters": [
                ["name": "site", "in": "path", "required": true, "schema": ["type": "string", "maxLength": 64]],
                ["$ref": "#/components/parameters/Limit"],
            ],
            "empty": [:],
            "none": [],
            "nested": [["a", "b"], "c"],
        ]
        #expect(try YAMLSubset.parse(text) == expected)
    }

    @Test func plainScalarsResolveAsTheCoreSchemaSays() throws {
        let text = """
            a: null
            b: ~
            c: true
            d: False
            e: 42
            f: -1.5
            g: 1e3
            h: 3.1.0
            i: 200
            j: 12:30
            k: http://localhost:8443/x#y
            l:
            '200': quoted key
            404: plain key
            """
        let expected: JSONValue = [
            "a": nil, "b": nil, "c": true, "d": false, "e": 42, "f": -1.5, "g": 1000, "h": "3.1.0", "i": 200, "j": "12:30",
            "k": "http://localhost:8443/x#y", "l": nil, "200": "quoted key", "404": "plain key",
        ]
        #expect(try YAMLSubset.parse(text) == expected)
    }

    @Test func quotedScalarsKeepWhatPlainOnesCannot() throws {
        let text = #"""
            single: 'it''s # not a comment: really'
            double: "tab\there \"quoted\" \u00e9 \\ end"
            colon: 'a: b'
            hash: '#/components/schemas/Error'
            number: '42'
            """#
        let expected: JSONValue = [
            "single": "it's # not a comment: really", "double": "tab\there \"quoted\" é \\ end", "colon": "a: b",
            "hash": "#/components/schemas/Error", "number": "42",
        ]
        #expect(try YAMLSubset.parse(text) == expected)
    }

    @Test func blockScalarsKeepOrFoldTheirLines() throws {
        let text = """
            literal: |
              line one
                indented

              after a blank
            stripped: |-
              no newline
            folded: >
              one
              paragraph

              two
            next: x
            """
        let expected: JSONValue = [
            "literal": "line one\n  indented\n\nafter a blank\n", "stripped": "no newline", "folded": "one paragraph\ntwo\n", "next": "x",
        ]
        #expect(try YAMLSubset.parse(text) == expected)
    }

    @Test func readsWindowsLineEndingsAndCombiningMarksAfterQuotes() throws {
        #expect(try YAMLSubset.parse("a: 1\r\nb:\r\n  - x\r\n") == ["a": 1, "b": ["x"]])
        // A combining mark after the opening quote makes one character with it, still a quote.
        #expect(try YAMLSubset.parse("a: '\u{301}x' # comment") == ["a": "\u{301}x"])
    }

    @Test func refusesWhatItDoesNotReadWithItsLine() {
        let refused: [(String, Int)] = [
            ("a: 1\na: 2", 2),  // duplicate key
            ("a:\n  b: 1\n   c: 2", 3),  // indentation off
            ("a: &x 1\nb: *x", 1),  // anchors and aliases
            ("a: !!str 1", 1),  // tags
            ("---\na: 1", 1),  // document markers
            ("a:\n\tb: 1", 2),  // tab indentation
            ("a: 'open", 1),  // unterminated quote
            ("a: b: c", 1),  // a plain scalar holding ': '
            ("a: one\n  two", 2),  // multi-line plain scalar
            ("a: [1, 2", 1),  // unclosed flow
            ("a: {b: 1, b: 2}", 1),  // duplicate flow key
            ("a: .inf", 1),  // no JSON number
            ("a: 0x1f", 1),
            ("a:\n- 1", 2),  // a sequence not indented under its key
            ("just text", 1),
            ("a: \"\\q\"", 1),  // unknown escape
            ("", 1),
        ]
        for (text, line) in refused {
            #expect(throws: YAMLSubsetError.self, "\(text)") { try YAMLSubset.parse(text) }
            do {
                _ = try YAMLSubset.parse(text)
            } catch {
                #expect(error.line == line, "\(text): \(error)")
            }
        }
    }
}
