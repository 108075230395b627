import Foundation
import VigilCore

/// The YAML subset reader (the hub's API document), on any text. What it accepts must read back
/// the same when written again in the plainest block form this reader takes: every key and string
/// double-quoted, collections by indentation, empty ones as `{}` and `[]`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzYAML(_ bytes: UnsafeRawPointer, _ count: Int) -> CInt {
    checkRoundTrip(
        bytes, count,
        parse: { data in
            guard let text = String(data: data, encoding: .utf8) else { throw CocoaError(.fileReadInapplicableStringEncoding) }
            return try YAMLSubset.parse(text)
        },
        write: { Data(blockYAML($0, indent: 0).utf8) })
    return 0
}

/// `value` as the lines of a block node at `indent`; the reader gives only mappings and sequences
/// at the top.
private func blockYAML(_ value: JSONValue, indent: Int) -> String {
    let margin = String(repeating: " ", count: indent)
    switch value {
    case .object(let fields):
        return fields.keys.sorted().map { key in
            let field = fields[key]!
            return isNonEmptyCollection(field)
                ? "\(margin)\(quoted(key)):\n" + blockYAML(field, indent: indent + 2)
                : "\(margin)\(quoted(key)): \(inline(field))\n"
        }.joined()
    case .array(let items):
        return items.map { item in
            isNonEmptyCollection(item) ? "\(margin)-\n" + blockYAML(item, indent: indent + 2) : "\(margin)- \(inline(item))\n"
        }.joined()
    default:
        return inline(value) + "\n"
    }
}

private func isNonEmptyCollection(_ value: JSONValue) -> Bool {
    switch value {
    case .object(let fields): !fields.isEmpty
    case .array(let items): !items.isEmpty
    default: false
    }
}

private func inline(_ value: JSONValue) -> String {
    switch value {
    case .null: "null"
    case .bool(let flag): flag ? "true" : "false"
    case .number(let number): "\(number)"
    case .string(let text): quoted(text)
    case .object: "{}"
    case .array: "[]"
    }
}

private func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": result += "\\\""
        case "\\": result += "\\\\"
        case _ where scalar.value < 0x20 || scalar.value == 0x7f:
            result += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16)
        default: result.unicodeScalars.append(scalar)
        }
    }
    return result + "\""
}
