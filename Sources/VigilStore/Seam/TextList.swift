/// A short list of texts kept in one column, comma-separated (thumbnail hashes, snapshot hashes):
/// read and written as text by every back end. The items must not contain a comma.
public struct TextList: Sendable, Equatable, Decodable, StoreArgument {
    public var items: [String]

    public init(_ items: [String]) {
        self.items = items
    }

    /// The list a column's text holds.
    public init(joined text: String) {
        items = text.split(separator: ",").map(String.init)
    }

    public init(from decoder: any Decoder) throws {
        self.init(joined: try decoder.singleValueContainer().decode(String.self))
    }

    public var storeValue: StoreValue { .text(items.joined(separator: ",")) }
}
