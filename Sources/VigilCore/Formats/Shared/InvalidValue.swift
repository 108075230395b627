/// A single value that could not be read; the format parser adds the line and field.
struct InvalidValue: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
