import VigilCore

/// Lines dealt without repeating: each is dealt once before any comes again, in an order the
/// seeded generator shuffles, and a new round never starts with the line that ended the last.
struct DemoDeck: Sendable {
    private let lines: [String]
    private var left: [String] = []
    private var last: String?

    init(_ lines: [String]) {
        self.lines = lines
    }

    mutating func deal(using random: inout SeededRandom) -> String {
        if left.isEmpty {
            left = lines.shuffled(using: &random)
            // Dealt from the end: the next line is left.last.
            if left.count > 1, left.last == last { left.swapAt(0, left.count - 1) }
        }
        let line = left.removeLast()
        last = line
        return line
    }
}
