/// A colour of 8-bit red, green and blue.
struct RGB: Sendable, Equatable {
    var red: UInt8
    var green: UInt8
    var blue: UInt8

    init(_ red: UInt8, _ green: UInt8, _ blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// The colour `fraction` of the way from this one to `other`.
    func blended(with other: RGB, by fraction: Double) -> RGB {
        func mix(_ from: UInt8, _ to: UInt8) -> UInt8 {
            UInt8((Double(from) + (Double(to) - Double(from)) * min(max(fraction, 0), 1)).rounded())
        }
        return RGB(mix(red, other.red), mix(green, other.green), mix(blue, other.blue))
    }
}

/// Pixels row by row from the top left, three bytes each; drawing clips to the image.
struct RGBImage: Sendable {
    let width: Int
    let height: Int
    private(set) var pixels: [UInt8]

    init(width: Int, height: Int, filledWith colour: RGB = RGB(0, 0, 0)) {
        self.width = width
        self.height = height
        pixels = Array(repeating: 0, count: width * height * 3)
        fillRect(x: 0, y: 0, width: width, height: height, colour)
    }

    func pixel(x: Int, y: Int) -> RGB {
        let offset = (y * width + x) * 3
        return RGB(pixels[offset], pixels[offset + 1], pixels[offset + 2])
    }

    mutating func fillRect(x: Int, y: Int, width: Int, height: Int, _ colour: RGB) {
        for row in y..<(y + max(height, 0)) {
            fillRow(row, from: x, to: x + width, colour)
        }
    }

    mutating func fillCircle(centerX: Int, centerY: Int, radius: Int, _ colour: RGB) {
        for dy in -radius...radius {
            let half = Int(Double(radius * radius - dy * dy).squareRoot())
            fillRow(centerY + dy, from: centerX - half, to: centerX + half + 1, colour)
        }
    }

    /// Paints columns `from..<to` of one row.
    private mutating func fillRow(_ row: Int, from: Int, to: Int, _ colour: RGB) {
        let (start, end) = (max(from, 0), min(to, width))
        guard (0..<height).contains(row), start < end else { return }
        for column in start..<end {
            let offset = (row * width + column) * 3
            pixels[offset] = colour.red
            pixels[offset + 1] = colour.green
            pixels[offset + 2] = colour.blue
        }
    }
}
