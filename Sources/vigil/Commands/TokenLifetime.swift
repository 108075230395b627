import ArgumentParser
import VigilCore

/// How long a new token is accepted: a duration such as `90m`, `24h` or `30d` (at most a year).
struct TokenLifetime: ExpressibleByArgument {
    let milliseconds: Int64

    init?(argument: String) {
        guard let milliseconds = DurationText.milliseconds(argument) else { return nil }
        self.milliseconds = milliseconds
    }
}
