import VigilCore
import VigilStore

extension Hub.PreparedPublish {
    /// The same publish carrying images that are stored in its own commit, before its effect runs
    /// (which may then name them): an event refused, by its checks or its effect, leaves none behind.
    public func storing(_ thumbnails: [Thumbnail]) -> Hub.PreparedPublish {
        guard !thumbnails.isEmpty else { return self }
        var storing = self
        storing.event.effect = StoringThumbnails(thumbnails: thumbnails, then: event.effect)
        return storing
    }
}

/// Stores the images an event carries, then runs the event's own effect, in the event's savepoint:
/// the store undoes both when the effect refuses the event.
struct StoringThumbnails: DomainEffect {
    let thumbnails: [Thumbnail]
    let effect: (any DomainEffect)?

    init(thumbnails: [Thumbnail], then effect: (any DomainEffect)?) {
        self.thumbnails = thumbnails
        self.effect = effect
    }

    func apply(to event: inout NewEvent, in transaction: any DomainTransaction) throws -> [String] {
        for thumbnail in thumbnails {
            try transaction.putThumbnail(thumbnail, at: event.ts)
        }
        return try effect?.apply(to: &event, in: transaction) ?? []
    }
}
