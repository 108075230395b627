import NIOCore
import NIOWebSocket

/// One benchmark connection after its upgrade: answers pings, reads frames through its dialect,
/// checks and times what it receives, and (for a publisher) sends probes when told to.
final class Link: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = WebSocketFrame
    typealias OutboundOut = WebSocketFrame

    enum Role {
        case subscriber(tracker: Int)
        case publisher(Publisher)
    }

    let dialect: any Dialect
    let reader: any FrameReader
    let topic: Int
    let index: Int
    let role: Role
    let state: LoopState
    let ready: EventLoopPromise<NIOLoopBound<Link>>
    private(set) var context: ChannelHandlerContext?
    private var isReady = false
    private var events: [Inbound] = []
    private let inflater = FrameInflater()

    init(dialect: any Dialect, topic: Int, index: Int, role: Role, state: LoopState, ready: EventLoopPromise<NIOLoopBound<Link>>) {
        self.dialect = dialect
        reader = dialect.makeReader()
        self.topic = topic
        self.index = index
        self.role = role
        self.state = state
        self.ready = ready
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
    }

    /// Sends the dialect's opening frames; called once the upgrade has finished (until then the
    /// HTTP handlers are still in the pipeline).
    func open() {
        guard let context else { return }
        let publisher = if case .publisher = role { true } else { false }
        for frame in dialect.opening(topic: topic, index: index, publisher: publisher) {
            context.write(wrapOutboundOut(frame), promise: nil)
        }
        context.flush()
        if dialect.readyOnUpgrade(publisher: publisher) { handle(.ready) }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        switch frame.opcode {
        case .ping:
            context.writeAndFlush(
                wrapOutboundOut(WebSocketFrame(fin: true, opcode: .pong, maskKey: .random(), data: frame.unmaskedData)), promise: nil)
        case .connectionClose:
            context.close(promise: nil)
        default:
            do {
                try reader.read(inflater.plain(frame), into: &events)
            } catch {
                state.malformed.add(1, ordering: .relaxed)
                context.close(promise: nil)
            }
            for event in events { handle(event) }
            events.removeAll(keepingCapacity: true)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        if !isReady { ready.fail(ChannelError.ioOnClosedChannel) }
        if case .publisher(let publisher) = role { publisher.stop() }
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }

    private func handle(_ event: Inbound) {
        switch event {
        case .ready:
            guard !isReady else { return }
            isReady = true
            ready.succeed(NIOLoopBound(self, eventLoop: state.eventLoop))
        case .message(let data):
            guard let probe = Probe.find(in: data.readableBytesView) else {
                state.malformed.add(1, ordering: .relaxed)
                return
            }
            switch role {
            case .subscriber(let tracker):
                state.trackers[tracker].tracker.record(publisher: probe.publisher, seq: probe.seq)
                state.received.add(1, ordering: .relaxed)
                if state.measuring.load(ordering: .relaxed) {
                    let now = NIODeadline.now().uptimeNanoseconds
                    _ = state.latency.record(now > probe.sentNanos ? (now - probe.sentNanos) / 1000 : 0)
                }
            case .publisher(let publisher):
                if probe.publisher == publisher.id { publisher.echoed() }
            }
        case .accepted(let sentNanos):
            state.accepted.add(1, ordering: .relaxed)
            let now = NIODeadline.now().uptimeNanoseconds
            if state.measuring.load(ordering: .relaxed) {
                _ = state.acceptLatency.record(now > sentNanos ? (now - sentNanos) / 1000 : 0)
            }
            if case .publisher(let publisher) = role { publisher.accepted() }
        case .refused(let reason):
            if state.refused.add(1, ordering: .relaxed).newValue <= 3 {
                print("refused: \(reason)")
            }
            if !isReady { context?.close(promise: nil) }
        }
    }

    func send(_ frame: WebSocketFrame) {
        context?.write(wrapOutboundOut(frame), promise: nil)
    }

    func flush() {
        context?.flush()
    }
}
