/// One first-in-first-out queue per scope, taken from in turn: each round takes from every scope
/// with something waiting, up to a budget of cost per scope, so a long queue delays its own scope
/// only. Scopes that were served go to the back of the turn; a scope cut off by the round's limit
/// keeps its place at the front.
struct FairQueues<Element> {
    private var queues: [String: ScopeQueue] = [:]
    /// Scopes with something waiting, in the order they are served.
    private var turn: [String] = []

    var isEmpty: Bool { turn.isEmpty }

    mutating func append(_ element: Element, to scope: String) {
        if queues[scope] == nil {
            queues[scope] = ScopeQueue()
            turn.append(scope)
        }
        queues[scope]!.elements.append(element)
    }

    /// Takes at most `limit` elements: from each scope in turn, its oldest while their cost stays
    /// within `budget` (always at least one, so an element costing more than the budget goes alone).
    mutating func takeRound(limit: Int, budget: Int, cost: (Element) -> Int) -> [Element] {
        var taken: [Element] = []
        var served: [String] = []
        var waiting: [String] = []
        for scope in turn {
            guard taken.count < limit else {
                waiting.append(scope)
                continue
            }
            var spent = 0
            queues[scope]!.take { element in
                let next = cost(element)
                guard taken.count < limit, spent == 0 || spent + next <= budget else { return false }
                spent += next
                taken.append(element)
                return true
            }
            if queues[scope]!.isEmpty {
                queues[scope] = nil
            } else {
                served.append(scope)
            }
        }
        turn = waiting + served
        return taken
    }

    /// A scope's elements, taken from the front without moving the rest each time.
    private struct ScopeQueue {
        var elements: [Element] = []
        var head = 0

        var isEmpty: Bool { head == elements.count }

        /// Hands the oldest elements to `accept` until it declines one or none is left.
        mutating func take(while accept: (Element) -> Bool) {
            while head < elements.count, accept(elements[head]) { head += 1 }
            if head * 2 >= elements.count {
                elements.removeFirst(head)
                head = 0
            }
        }
    }
}
