/// The key of an array's element in a coding path (`data.results[3]`), as Foundation's coders name it.
struct IndexKey: CodingKey {
    let index: Int
    var stringValue: String { "Index \(index)" }
    var intValue: Int? { index }

    init(index: Int) {
        self.index = index
    }

    init?(stringValue: String) { nil }

    init?(intValue: Int) {
        index = intValue
    }
}
