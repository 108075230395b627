import VigilCore

/// Small key/value facts about the store itself (its epoch, its keys), in its `meta` table: written
/// once through the seam, the same on every back end.
enum Meta {
    /// The value under `key`, made by `make` and kept the first time it is asked for.
    static func value(_ key: String, in transaction: any DomainTransaction, make: () -> String) throws -> String {
        if let value = try transaction.fetchText("SELECT value FROM meta WHERE key = ?", [key]) {
            return value
        }
        let value = make()
        try transaction.execute("INSERT INTO meta (key, value) VALUES (?, ?)", [key, value])
        return value
    }

    /// A random 32-byte key kept under `name`, made the first time it is asked for.
    static func key(named name: String, in transaction: any DomainTransaction) throws -> [UInt8] {
        hexBytes(try value(name, in: transaction) { randomHex(bytes: 32) })
    }

    static func randomHex(bytes count: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        return HexText.lowercase((0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) })
    }

    static func hexBytes(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = []
        var index = text.startIndex
        while let next = text.index(index, offsetBy: 2, limitedBy: text.endIndex), index != text.endIndex {
            bytes.append(UInt8(text[index..<next], radix: 16) ?? 0)
            index = next
        }
        return bytes
    }
}
