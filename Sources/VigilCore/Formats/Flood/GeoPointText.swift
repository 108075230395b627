/// The two text forms of a point in the flood formats.
extension GeoPoint {
    /// Reads `LAT,LONG` as the flood XML protocol writes corners and marker locations.
    static func parse(latLong text: String) throws(InvalidValue) -> GeoPoint {
        let numbers = try numbers(in: text, expecting: 2...2, form: "LAT,LONG")
        return try validated(latitude: numbers[0], longitude: numbers[1])
    }

    /// Reads KML `<coordinates>`: `lon,lat` or `lon,lat,altitude` (the altitude is dropped).
    static func parse(kmlCoordinates text: String) throws(InvalidValue) -> GeoPoint {
        let numbers = try numbers(in: text, expecting: 2...3, form: "lon,lat[,alt]")
        return try validated(latitude: numbers[1], longitude: numbers[0])
    }

    /// `LAT,LONG`.
    var latLongText: String { NumberText.format(latitude) + "," + NumberText.format(longitude) }

    /// KML's `lon,lat`.
    var kmlCoordinatesText: String { NumberText.format(longitude) + "," + NumberText.format(latitude) }

    private static func numbers(in text: String, expecting count: ClosedRange<Int>, form: String) throws(InvalidValue)
        -> [Double]
    {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        let numbers = parts.compactMap(NumberText.parseDouble)
        guard count.contains(parts.count), numbers.count == parts.count else {
            throw InvalidValue("expected \(form), found \"\(text)\"")
        }
        return numbers
    }

    private static func validated(latitude: Double, longitude: Double) throws(InvalidValue) -> GeoPoint {
        do {
            return try GeoPoint(latitude: latitude, longitude: longitude)
        } catch {
            throw InvalidValue(error.description)
        }
    }
}
