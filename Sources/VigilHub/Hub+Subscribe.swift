import NIOCore
import VigilCore
import VigilStore

/// Subscriptions: checks, replay from `since` or the head, presence, and history pages.
extension Hub {
    /// The newest of `events` (oldest first) whose frames fit in `historyMaxBytes`; at least one.
    func historyPage(_ events: [StoredEvent]) -> [String] {
        var frames: [String] = []
        var bytes = 0
        for event in events.reversed() {
            let frame = event.frame(epoch: store.epoch)
            bytes += frame.utf8.count
            if bytes > configuration.historyMaxBytes, !frames.isEmpty { break }
            frames.append(frame)
        }
        return frames.reversed()
    }

    func subscribe(_ session: Session, identity: Identity, pattern: TopicPattern, since: UInt64?, ref: String?) async throws(ProtocolError) {
        try services.authorizeRead(identity, pattern)
        // Refused before any store read: a client past its limit costs the store nothing. Checked
        // again when the subscription is added, which is what decides.
        if let refusal = session.state.withLock({ subscriptionRefusal(pattern, in: $0) }) { throw refusal }
        let durability = services.durability(of: pattern.kind)
        let exact = pattern.exactTopic
        if since != nil, exact == nil || durability == .ephemeral {
            throw ProtocolError(.exactTopicRequired, "since needs an exact topic of a durable kind")
        }
        if pattern.kind == PresenceTracker.kind, exact == nil {
            throw ProtocolError(.exactTopicRequired, "presence is watched one topic at a time")
        }
        if exact != nil, pattern.kind != PresenceTracker.kind, pattern.segments.count >= Topic.maxSegments {
            throw ProtocolError(.invalidTopic, "a topic to subscribe to has at most \(Topic.maxSegments - 1) segments")
        }
        // An exact durable topic always replays from a known point (`since`, or the head now), so
        // that `ok` comes first and nothing committed between reading the head and going live is lost.
        // A kind that keeps state sends it first to a client starting afresh (no `since`): the state
        // as of a head read in the same transaction, then the events after that head.
        // A resume from a point the retention has pruned (`Hub+Retention`) is told so with `gap`
        // and is then served as a client starting afresh: the state, then the events after it.
        let replayFrom: UInt64?
        var state: TopicSnapshot?
        var gap: ClosedRange<UInt64>?
        // A view reads its source's events and numbers (`TopicView`).
        let view = try exact.map { exact throws(ProtocolError) in try services.view(of: exact) } ?? nil
        if let exact, durability == .durable {
            let source = (view?.source ?? exact).rawValue
            if let since {
                let pruned = try await storeCall { try await store.read { try EventPruning.prunedThrough(source, in: $0) } }
                if since < pruned { gap = (since + 1)...pruned }
            }
            if since == nil || gap != nil {
                state = try await storeCall { try await services.snapshot(of: exact, for: identity) }
            }
            let head: UInt64
            if let state {
                head = state.head
            } else {
                head = try await storeCall { try await store.head(of: source) }
            }
            if let since, since > head {
                throw ProtocolError(
                    .sinceAhead, "since \(since) is past the last event (\(head)) of \(exact.rawValue); if the epoch changed, resubscribe from 0")
            }
            replayFrom = gap.map { state?.head ?? $0.upperBound } ?? since ?? head
        } else {
            replayFrom = nil
        }
        let subscription = Subscription(
            pattern: pattern, session: session, mode: replayFrom != nil ? .catchingUp(held: [], overflowed: false) : .passthrough, view: view
        ) { [weak self] subscription, after in
            guard let self, let exact else { return }
            Task { await self.replay(subscription, topic: exact, view: nil, after: after, session: session) }
        }
        let refusal = session.state.withLock { state -> ProtocolError? in
            if let refusal = subscriptionRefusal(pattern, in: state) { return refusal }
            state.subscriptions[pattern.rawValue] = subscription
            return nil
        }
        if let refusal { throw refusal }
        reply(
            session,
            ServerFrame.ok(ref: ref) { writer in
                writer.field("topic", pattern.rawValue)
                if let replayFrom, since == nil { writer.field("head", replayFrom) }
            })
        if let exact, let gap {
            reply(session, ServerFrame.gap(topic: exact.rawValue, from: gap.lowerBound, to: gap.upperBound))
        }
        if let exact, let state {
            var data = state.data
            data["head"] = JSONValue(state.head)
            reply(
                session,
                ServerFrame.event(
                    topic: exact.rawValue, seq: nil, type: "state", ts: clock.milliseconds(), from: configuration.serverName, epoch: store.epoch,
                    dataJSON: JSONValue.object(data).canonicalText))
        }
        bus.add(subscription)
        if let exact {
            if pattern.kind == PresenceTracker.kind {
                let watched = try Topic(pattern.segments.dropFirst().joined(separator: "/"))
                session.outbox.offer(presence.stateFrame(of: watched))
            } else {
                presence.join(exact, session: session.id, identity: identity)
            }
        }
        if let exact, let replayFrom {
            await replay(subscription, topic: exact, view: view, after: replayFrom, session: session)
        }
    }

    /// Why the connection in `state` may not take a subscription to `pattern` now, nil when it may.
    private func subscriptionRefusal(_ pattern: TopicPattern, in state: Session.State) -> ProtocolError? {
        if state.subscriptions[pattern.rawValue] != nil {
            return ProtocolError(.badRequest, "already subscribed to \(pattern.rawValue)")
        }
        let limit = configuration.maxSubscriptionsPerConnection
        guard state.subscriptions.count < limit else {
            return ProtocolError(.tooManySubscriptions, "a connection may hold \(limit) subscriptions")
        }
        return nil
    }

    /// Sends the stored events after `since`, then lets the held live ones through.
    private func replay(_ subscription: Subscription, topic: Topic, view: (any TopicView)?, after since: UInt64, session: Session) async {
        var last = since
        // Reads again that found nothing new: held events past a hole the store does not fill
        // (it always does: every held event is committed, and so is each lower seq) go through
        // after a few, rather than the replay reading forever (`Subscription.finishReplay`).
        var readsInVain = -1
        let page = configuration.historyMaxLimit
        repeat {
            if readsInVain > 0 { try? await Task.sleep(for: .milliseconds(10)) }
            let start = last
            while true {
                guard let events = try? await store.events(of: (view?.source ?? topic).rawValue, after: last, limit: page) else {
                    if let ended = session.state.withLock({ $0.subscriptions.removeValue(forKey: topic.rawValue) }) { end(ended) }
                    refuse(
                        session, ref: nil,
                        ProtocolError(.storeUnavailable, "history of \(topic.rawValue) could not be read; the subscription ended, subscribe again"))
                    return
                }
                for event in events {
                    defer { last = event.seq }
                    // Seqs of a topic have no holes but those the retention makes: one pruned while
                    // this replay read is told as a gap.
                    if event.seq > last + 1 {
                        let gap = ServerFrame.gap(topic: topic.rawValue, from: last + 1, to: event.seq - 1)
                        guard await session.outbox.send(ByteBuffer(string: gap)) else { return }
                    }
                    let frame = view.map { event.frame(through: $0, on: topic, epoch: store.epoch) } ?? event.frame(epoch: store.epoch)
                    guard let frame else { continue }
                    guard await session.outbox.send(ByteBuffer(string: frame)) else { return }
                }
                if events.count < page { break }
            }
            readsInVain = last == start ? readsInVain + 1 : 0
        } while !subscription.finishReplay(lastSeq: last, readAgainInVain: readsInVain >= 20)
    }

    func end(_ subscription: Subscription) {
        bus.remove(subscription)
        if let topic = subscription.pattern.exactTopic, topic.kind != PresenceTracker.kind {
            presence.leave(topic, session: subscription.session.id)
        }
    }
}
