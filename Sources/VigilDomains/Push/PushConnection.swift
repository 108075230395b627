import NIOCore
import NIOHTTP1
import Synchronization

/// One HTTP/1.1 connection to a push service, TLS set up, sending one request at a time: the
/// answer's status and `Retry-After` come back, and whether the connection may carry another.
final class PushConnection: Sendable {
    /// How long a connection may wait unused before it is closed: a push service closes idle
    /// connections itself, and a hub that pushed once should not hold them open for good.
    static let idleLimit: TimeAmount = .seconds(60)
    private let channel: any Channel
    /// How many times the pool has handed it out: an idle timer that finds the count moved lets it be.
    private let uses = Mutex(0)

    /// Why a request got no answer.
    enum Failure: Error, Equatable {
        /// The connection closed (or failed) before any status line came.
        case closedBeforeAnswer
        /// No answer within the time given.
        case timedOut
    }

    /// `channel`'s pipeline ends in the HTTP client handlers; this adds the reader of answers.
    init(channel: any Channel) throws {
        try channel.pipeline.syncOperations.addHandler(AnswerRelay())
        self.channel = channel
    }

    var isActive: Bool { channel.isActive }

    func close() { channel.close(promise: nil) }

    /// Handed out by the pool for a request.
    func taken() { uses.withLock { $0 += 1 } }

    /// Put aside by the pool: closed after `idleLimit` unless taken again meanwhile.
    func idles() {
        let mark = uses.withLock { $0 }
        channel.eventLoop.scheduleTask(in: Self.idleLimit) { [self] in
            if uses.withLock({ $0 }) == mark { close() }
        }
    }

    /// Sends `head` and `body`, and waits at most `timeout` for the answer; a connection that timed
    /// out is closed.
    func send(_ head: HTTPRequestHead, body: [UInt8], timeout: TimeAmount) async throws -> (answer: PushTransport.Answer, reusable: Bool) {
        let channel = channel
        let answer = channel.eventLoop.makePromise(of: (PushTransport.Answer, Bool).self)
        channel.eventLoop.execute {
            guard let relay = try? channel.pipeline.syncOperations.handler(type: AnswerRelay.self) else {
                answer.fail(Failure.closedBeforeAnswer)
                return
            }
            relay.expect(answer)
            let bound = NIOLoopBound(relay, eventLoop: channel.eventLoop)
            let timer = channel.eventLoop.scheduleTask(in: timeout) {
                bound.value.finish(Failure.timedOut)
                channel.close(promise: nil)
            }
            answer.futureResult.whenComplete { _ in timer.cancel() }
            channel.write(HTTPClientRequestPart.head(head), promise: nil)
            channel.write(HTTPClientRequestPart.body(.byteBuffer(ByteBuffer(bytes: body))), promise: nil)
            channel.writeAndFlush(HTTPClientRequestPart.end(nil), promise: nil)
        }
        let (read, reusable) = try await answer.futureResult.get()
        return (read, reusable)
    }
}

/// Reads the status line and `Retry-After` of each answer and fulfils the promise of the request
/// waiting for it once the answer's end (or the connection's) is seen. Runs on the channel's loop.
private final class AnswerRelay: ChannelInboundHandler {
    typealias InboundIn = HTTPClientResponsePart

    private var answer: EventLoopPromise<(PushTransport.Answer, Bool)>?
    private var head: HTTPResponseHead?

    func expect(_ promise: EventLoopPromise<(PushTransport.Answer, Bool)>) {
        answer = promise
        head = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head): self.head = head
        case .body: break
        case .end: finish(nil)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        finish(PushConnection.Failure.closedBeforeAnswer)
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        finish(PushConnection.Failure.closedBeforeAnswer)
        context.close(promise: nil)
    }

    /// The answer read so far (a status line is enough; the connection is kept only after a whole
    /// answer that did not ask to close it), or `error` when there is none.
    func finish(_ error: PushConnection.Failure?) {
        guard let answer else { return }
        self.answer = nil
        if let head {
            let read = PushTransport.Answer(status: Int(head.status.code), retryAfter: head.headers.first(name: "Retry-After"))
            answer.succeed((read, error == nil && head.isKeepAlive))
        } else {
            answer.fail(error ?? .closedBeforeAnswer)
        }
    }
}
