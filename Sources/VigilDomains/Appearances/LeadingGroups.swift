/// The `k` groups with the highest lower bounds of similarity seen so far, each group once: the
/// top k is sure to reach the k-th of them, so a vector whose upper bound is below it cannot be in
/// the answer. A group pushed out may come back later with a higher bound; what is kept never
/// overstates the k-th, which is all the scan relies on.
struct LeadingGroups {
    let k: Int
    private var groups: [ImageGroup] = []
    private var lows: [Double] = []
    /// -∞ until `k` groups are known.
    private(set) var threshold = -Double.infinity

    init(k: Int) {
        self.k = k
    }

    /// Called only with a bound above `threshold` (rare after the first few thousand vectors), so
    /// the linear search over at most 100 groups costs nothing that shows.
    mutating func offer(_ group: ImageGroup, low: Double) {
        if let index = groups.firstIndex(of: group) {
            lows[index] = max(lows[index], low)
        } else if groups.count < k {
            groups.append(group)
            lows.append(low)
        } else if let weakest = lows.indices.min(by: { lows[$0] < lows[$1] }) {
            (groups[weakest], lows[weakest]) = (group, low)
        }
        if groups.count == k, let lowest = lows.min() { threshold = lowest }
    }
}
