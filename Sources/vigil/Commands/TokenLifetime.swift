import ArgumentParser

/// How long a new token is accepted: a whole number followed by s, m, h or d (`90m`, `24h`, `30d`).
struct TokenLifetime: ExpressibleByArgument {
    let milliseconds: Int64

    private static let units: [Character: Int64] = ["s": 1_000, "m": 60_000, "h": 3_600_000, "d": 86_400_000]

    init?(argument: String) {
        guard let unit = argument.last.flatMap({ Self.units[$0] }),
              let count = Int64(argument.dropLast()), count > 0,
              case (let product, false) = count.multipliedReportingOverflow(by: unit)
        else { return nil }
        milliseconds = product
    }
}
