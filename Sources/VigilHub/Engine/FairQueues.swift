/// One first-in-first-out queue per scope, taken from in turn: each round takes from every scope
/// with something waiting, up to a budget of cost per scope, so a long queue delays its own scope
/// only. Scopes that were served go to the back of the turn; a scope cut off by the round's limit
/// keeps its place at the front.
///
/// A light share (at most a sixteenth of the budget) does not wait for a heavy one: when both are
/// waiting, a round takes the light ones alone, and the round after takes every scope, so a heavy
/// share waits one light round at most.
///
/// A round may skip scopes (those another writer is committing, `GroupCommit`): they keep their
/// place and their writes, and are not counted in the round's choice of light or heavy shares.
struct FairQueues<Element> {
    private var queues: [String: ScopeQueue] = [:]
    /// Scopes with something waiting, in the order they are served.
    private var turn: [String] = []
    /// Whether the last round left heavy shares for light ones.
    private var lastRoundWasLight = false

    mutating func append(_ element: Element, to scope: String) {
        if queues[scope] == nil {
            queues[scope] = ScopeQueue()
            turn.append(scope)
        }
        queues[scope]!.elements.append(element)
    }

    /// Takes at most `limit` elements: from each scope in turn but those in `busy` (which keep their
    /// place), its oldest while their cost stays within `budget` (always at least one, so an element
    /// costing more than the budget goes alone).
    mutating func takeRound(limit: Int, budget: Int, skipping busy: Set<String> = [], cost: (Element) -> Int) -> [Element] {
        let shares = turn.filter { !busy.contains($0) }.map { (scope: $0, share: queues[$0]!.share(within: budget, cost: cost)) }
        let light = max(1, budget / 16)
        let lightOnly = !lastRoundWasLight && shares.contains { $0.share.cost <= light } && shares.contains { $0.share.cost > light }
        lastRoundWasLight = lightOnly
        var taken: [Element] = []
        var served: [String] = []
        for (scope, share) in shares {
            guard taken.count < limit, !lightOnly || share.cost <= light else { continue }
            taken += queues[scope]!.take(min(share.count, limit - taken.count))
            if queues[scope]!.isEmpty {
                queues[scope] = nil
            } else {
                served.append(scope)
            }
        }
        // Scopes passed over keep their order at the front; those served with more waiting go last.
        let servedScopes = Set(served)
        turn = turn.filter { queues[$0] != nil && !servedScopes.contains($0) } + served
        return taken
    }

    /// A scope's elements, taken from the front without moving the rest each time.
    private struct ScopeQueue {
        var elements: [Element] = []
        var head = 0

        var isEmpty: Bool { head == elements.count }

        /// How many of the oldest elements fit `budget` (at least one), and what they cost.
        func share(within budget: Int, cost: (Element) -> Int) -> (count: Int, cost: Int) {
            var count = 0
            var spent = 0
            while head + count < elements.count {
                let next = cost(elements[head + count])
                guard count == 0 || spent + next <= budget else { break }
                spent += next
                count += 1
            }
            return (count, spent)
        }

        mutating func take(_ count: Int) -> ArraySlice<Element> {
            let taken = elements[head..<head + count]
            head += count
            if head * 2 >= elements.count {
                elements.removeFirst(head)
                head = 0
            }
            return taken
        }
    }
}
