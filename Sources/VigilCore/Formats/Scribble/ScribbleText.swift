import Foundation

/// The iCoseg scribble text format (one value or pair per line):
///
///     <image name>
///     <width> <height>
///     <number of foreground points>
///     <x> <y>            (that many lines)
///     <number of background points>
///     <x> <y>            (that many lines)
///
/// Coordinates are whole pixels inside the image. Lines may end in CR LF; trailing blank lines are allowed.
public enum ScribbleText {
    /// The largest document `parse(_:)` accepts, in bytes (16 MiB).
    public static let maxBytes = 16 << 20

    /// Reads a scribble file; throws a `FormatError` with the line at fault.
    public static func parse(_ data: Data) throws(FormatError) -> Scribble {
        guard data.count <= maxBytes else {
            throw FormatError(.scribble, "document of \(data.count) bytes is over the limit of \(maxBytes)")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw FormatError(.scribble, "the document is not valid UTF-8 text")
        }
        var lines = LineReader(text)
        let imageName = try lines.next("the image name").trimmingASCIIWhitespace()
        let (width, height) = try lines.pair("the image width and height")
        let imageSize: FrameSize
        do {
            imageSize = try FrameSize(width: width, height: height)
        } catch {
            throw FormatError(.scribble, line: lines.number, error.description)
        }
        let foreground = try points(.foreground, in: &lines, size: imageSize)
        let background = try points(.background, in: &lines, size: imageSize)
        if let extra = lines.firstNonBlank() {
            throw FormatError(.scribble, line: extra, "unexpected text after the background points")
        }
        do {
            return try Scribble(imageName: imageName, imageSize: imageSize, foreground: foreground, background: background)
        } catch {
            throw FormatError(.scribble, line: 1, error.description)
        }
    }

    /// The scribble as a scribble file, one point a line; `parse(_:)` reads it back to the same scribble.
    public static func write(_ scribble: Scribble) -> Data {
        var lines = [scribble.imageName, "\(scribble.imageSize.width) \(scribble.imageSize.height)"]
        for points in [scribble.foreground, scribble.background] {
            lines.append(String(points.count))
            lines += points.map { "\($0.x) \($0.y)" }
        }
        return Data((lines.joined(separator: "\n") + "\n").utf8)
    }

    private static func points(_ layer: ScribbleLayer, in lines: inout LineReader, size: FrameSize) throws(FormatError)
        -> [PixelPoint]
    {
        let countText = try lines.next("the number of \(layer.rawValue) points")
        // Each point takes at least four bytes ("0 0\n"), so a larger count cannot be honest.
        guard let count = Int(countText.trimmingASCIIWhitespace()), count >= 0, count <= maxBytes / 4 else {
            throw FormatError(.scribble, line: lines.number, "expected the number of \(layer.rawValue) points, found \"\(countText)\"")
        }
        var points: [PixelPoint] = []
        points.reserveCapacity(count)
        for index in 0..<count {
            let (x, y) = try lines.pair("\(layer.rawValue) point \(index + 1)")
            let point = PixelPoint(x: x, y: y)
            guard size.contains(point) else {
                throw FormatError(
                    .scribble, line: lines.number,
                    "\(layer.rawValue) point (\(x), \(y)) lies outside the \(size.width)x\(size.height) image")
            }
            points.append(point)
        }
        return points
    }
}

/// Walks the lines of a text document, counting them for error messages.
private struct LineReader {
    private let lines: [Substring]
    /// 1-based number of the line read last.
    private(set) var number = 0

    init(_ text: String) {
        var lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        // The line break that ends the last line does not start another one.
        if lines.last?.isEmpty == true { lines.removeLast() }
        self.lines = lines
    }

    mutating func next(_ expected: String) throws(FormatError) -> Substring {
        guard number < lines.count else {
            throw FormatError(.scribble, line: number + 1, "the text ends where \(expected) should be")
        }
        number += 1
        return lines[number - 1]
    }

    /// Two integers separated by spaces or tabs.
    mutating func pair(_ expected: String) throws(FormatError) -> (Int, Int) {
        let line = try next(expected)
        let values = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).compactMap { Int($0) }
        let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).count
        guard values.count == 2, fields == 2 else {
            throw FormatError(.scribble, line: number, "expected \(expected) as two integers, found \"\(line)\"")
        }
        return (values[0], values[1])
    }

    /// The number of the first line after the current one that holds more than whitespace.
    func firstNonBlank() -> Int? {
        lines[number...].firstIndex { !$0.trimmingASCIIWhitespace().isEmpty }.map { $0 + 1 }
    }
}
