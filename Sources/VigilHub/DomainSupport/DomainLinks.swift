import Synchronization

/// What the domains of one hub share beyond the store: one object of each type, made by the first
/// domain that asks for it. A domain that lets others hang work on its own publishes a type for it
/// (the detections' `DetectionFeed`: appearances and zones are told of each batch through it) and
/// each domain finds the same one here, whatever order they are made in. The engine only keeps
/// them: it names no type, and two hubs in one process share nothing.
public final class DomainLinks: Sendable {
    private let parts = Mutex<[ObjectIdentifier: any Sendable]>([:])

    /// An empty set of links, for one hub.
    public init() {}

    /// The hub's one `Part`, made by `make` the first time any domain asks for it.
    public func shared<Part: AnyObject & Sendable>(_ type: Part.Type, make: () -> Part) -> Part {
        parts.withLock { parts in
            if let known = parts[ObjectIdentifier(type)] as? Part { return known }
            let made = make()
            parts[ObjectIdentifier(type)] = made
            return made
        }
    }
}
