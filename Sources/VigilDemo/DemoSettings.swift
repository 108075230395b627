/// How a demo plays.
public struct DemoSettings: Sendable {
    /// The site to make, or re-use when it exists.
    public var site: String
    /// How many times faster than a person: at 1 an action comes every 2 to 4 seconds.
    public var pace: Double
    /// The seed of every choice: the same seed plays the same run.
    public var seed: UInt64
    /// Stop after this many actions; nil for no bound.
    public var steps: Int?
    /// Stop after this long; nil for no bound.
    public var duration: Duration?

    public init(site: String = "demo", pace: Double = 1, seed: UInt64, steps: Int? = nil, duration: Duration? = nil) {
        self.site = site
        self.pace = pace
        self.seed = seed
        self.steps = steps
        self.duration = duration
    }
}
