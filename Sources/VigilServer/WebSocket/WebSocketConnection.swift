import Metrics
import NIOCore
import NIOSSL
import NIOWebSocket
import VigilCore
import VigilHub

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a WebSocket connection serves (the hub's `/ws`, the conformance echo). Every call comes on
/// the connection's event loop.
protocol WebSocketEndpoint: AnyObject {
    /// The 101 has been sent; the connection is open.
    func opened(_ connection: WebSocketConnection)
    func received(_ message: WebSocketMessage, on connection: WebSocketConnection)
    /// The socket takes writes again after `isWritable` was false.
    func writable(_ connection: WebSocketConnection)
    /// The socket is gone. Called once.
    func closed()
}

/// One WebSocket connection after the upgrade, run on its event loop by the channel itself: it
/// answers pings and sends its own, puts messages together, hands them to its endpoint, writes
/// what the endpoint sends and runs the closing handshake (RFC 6455 §5.5, §7). It has no task of
/// its own, so an idle connection costs its socket, its TLS state and this object, nothing more.
final class WebSocketConnection: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = WebSocketFrame
    typealias OutboundIn = Never

    struct Settings: Sendable {
        var maxMessageBytes: Int
        /// Pings go out this often; a peer that has not answered the previous one by then is cut off.
        var pingInterval: TimeAmount
        /// How long a peer that has been sent a close frame may take to hang up before its socket is
        /// aborted.
        var closeGrace: TimeAmount
        /// The kernel's send buffer of the socket (SO_SNDBUF; Linux books twice this). Left to
        /// autotuning it grows to megabytes, which a peer that stops reading then pins, and which a
        /// close frame would queue behind.
        var sendBufferBytes: Int
        /// With permessage-deflate agreed, frames of this many bytes or more go compressed, when
        /// deflate shortens them or `compressesEverything`.
        var compressionThreshold: Int
        var compressesEverything = false
        /// Counts the frames deflated (once per frame and window, however many connections send it).
        var deflations: Counter
    }

    let channel: any Channel
    /// Outgoing frames live only until TLS has encrypted them: malloc's memory, not the channel's
    /// mapped pages (`PageMappedBuffers`), which would cost a map and an unmap for every large batch.
    private static let frameAllocator = ByteBufferAllocator()
    private let settings: Settings
    private let endpoint: any WebSocketEndpoint
    private var assembler: MessageAssembler
    /// Set when permessage-deflate was agreed in the upgrade.
    private let compression: OutgoingCompression?
    private var context: ChannelHandlerContext?
    /// Where frames enter the pipeline: below the frame encoder, as bytes this class encodes.
    private var frameOutput: ChannelHandlerContext?
    private var nextPing: Scheduled<Void>?
    /// The payload of the ping the peer has not answered yet.
    private var unansweredPing: ByteBuffer?
    private var closeSent = false
    private var ended = false
    /// Reading stops while the endpoint is busy with what it was given.
    private var readingPaused = false
    private var readPending = false

    init(channel: any Channel, settings: Settings, endpoint: any WebSocketEndpoint, deflate: DeflateNegotiation?) {
        self.channel = channel
        self.settings = settings
        self.endpoint = endpoint
        assembler = MessageAssembler(maxBytes: settings.maxMessageBytes, inflates: deflate != nil)
        compression = deflate.map {
            OutgoingCompression(
                windowBits: $0.serverMaxWindowBits, threshold: settings.compressionThreshold, keepsLongerForms: settings.compressesEverything,
                deflations: settings.deflations)
        }
    }

    var eventLoop: any EventLoop { channel.eventLoop }

    // MARK: Channel events

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        frameOutput = try? context.pipeline.syncOperations.context(handlerType: WebSocketFrameEncoder.self)
        try? context.channel.syncOptions?.setOption(ChannelOptions.socketOption(.so_sndbuf), value: SocketOptionValue(settings.sendBufferBytes))
        schedulePing()
        endpoint.opened(self)
    }

    func channelInactive(context: ChannelHandlerContext) {
        end()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        end()
        self.context = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        // RSV1 is permessage-deflate's, on the first frame of a data message (the assembler checks
        // it); no extension uses the other two. A client masks every frame.
        guard !frame.rsv2, !frame.rsv3, !(frame.rsv1 && frame.opcode.isControlOpcode), frame.maskKey != nil else {
            close(.protocolError, reason: "")
            return
        }
        switch frame.opcode {
        case .ping:
            guard !closeSent else { return }
            write(opcode: .pong, payloads: [frame.unmaskedData])
        case .pong:
            if frame.unmaskedData == unansweredPing { unansweredPing = nil }
        case .connectionClose:
            receivedClose(frame.unmaskedData)
        default:
            guard !closeSent else { return }
            switch assembler.append(frame) {
            case .incomplete:
                break
            case .message(let message):
                endpoint.received(message, on: self)
            case .fail(let code):
                close(code, reason: "")
            }
        }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is ChannelShouldQuiesceEvent {
            close(.goingAway, reason: "server shutting down")
        } else if let event = event as? ChannelEvent, event == .inputClosed {
            // The peer ended its stream (TLS close_notify or TCP FIN) without a close frame: it can
            // send nothing more, not even the pong or close a WebSocket needs, so the connection is
            // over. Half-closure is allowed on the server's sockets for HTTP, so NIO would otherwise
            // leave this socket open until the next ping found it dead.
            context.close(promise: nil)
        } else {
            context.fireUserInboundEventTriggered(event)
        }
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if context.channel.isWritable { endpoint.writable(self) }
        context.fireChannelWritabilityChanged()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }

    func read(context: ChannelHandlerContext) {
        if readingPaused {
            readPending = true
        } else {
            context.read()
        }
    }

    // MARK: For the endpoint (on the event loop)

    /// False while the socket holds more unsent bytes than its high-water mark; the endpoint hears
    /// `writable` once it has drained below the low one.
    var isWritable: Bool { channel.isWritable }

    /// Sends text messages in one write and one flush, each compressed when permessage-deflate was
    /// agreed and it is large enough. No promise: NIO closes a channel whose socket fails a write,
    /// and flow control is `isWritable`. Nothing is sent after the close frame.
    func send(texts: [OutboundFrame]) {
        guard !closeSent else { return }
        writeMessages(opcode: .text, texts)
    }

    /// Sends one message back as it came (the echo).
    func send(_ message: WebSocketMessage) {
        guard !closeSent else { return }
        switch message {
        case .text(let text): writeMessages(opcode: .text, [OutboundFrame(string: text)])
        case .binary(let bytes): writeMessages(opcode: .binary, [OutboundFrame(bytes)])
        }
    }

    /// Starts the closing handshake: a close frame, then the socket is closed when the peer
    /// answers, or aborted after the grace, whichever is first. The close frame is written even
    /// when the socket takes no more writes: it waits behind no more than the socket's buffers.
    func close(_ code: CloseCode, reason: String) {
        close(code: code.rawValue, reason: reason)
    }

    func pauseReading() {
        readingPaused = true
    }

    func resumeReading() {
        readingPaused = false
        if readPending, let context {
            readPending = false
            context.read()
        }
    }

    // MARK: Inside

    /// Sends the close frame (once), then hangs up this side: nothing follows a close frame.
    private func close(code: UInt16, reason: String) {
        guard !closeSent else { return }
        closeSent = true
        nextPing?.cancel()
        var payload = channel.allocator.buffer(capacity: 2 + reason.utf8.count)
        payload.writeInteger(code)
        // A control frame carries at most 125 bytes (§5.5).
        payload.writeBytes(reason.utf8.prefix(123))
        eventLoop.assumeIsolated().scheduleTask(in: settings.closeGrace) { self.abort() }
        let written = eventLoop.makePromise(of: Void.self)
        written.futureResult.assumeIsolated().whenComplete { _ in self.hangUp() }
        write(opcode: .connectionClose, payloads: [payload], promise: written)
    }

    /// Ends the connection from this side: TLS close_notify and the socket's write side, so that
    /// the peer sees the end at once (a full close would first wait up to 5 s for the peer's
    /// close_notify, which WebSocket clients send only once the server has closed); the whole
    /// socket goes when the peer has answered or hung up too, or after the grace.
    private func hangUp() {
        let channel = channel
        let outputClosed = eventLoop.makePromise(of: Void.self)
        outputClosed.futureResult.whenFailure { _ in channel.close(promise: nil) }
        channel.close(mode: .output, promise: outputClosed)
    }

    /// Ends the socket at once, for a peer that has not hung up within the grace. Not through TLS,
    /// whose close_notify would wait behind what the peer has not read: the socket is closed with
    /// SO_LINGER 0, so it is reset and the kernel lets go of what it still held for the peer.
    private func abort() {
        guard channel.isActive else { return }
        _ = (channel as? any SocketOptionProvider)?.setSoLinger(linger(l_onoff: 1, l_linger: 0))
        let belowTLS = try? channel.pipeline.syncOperations.context(handlerType: NIOSSLServerHandler.self)
        if let belowTLS {
            // A context's close goes to the handlers before it: the TLS handler itself is skipped.
            belowTLS.close(promise: nil)
        } else {
            channel.close(promise: nil)
        }
    }

    /// The peer's close: answered and this side hangs up, or, when it answers this side's close,
    /// the socket is closed.
    /// A close without a code is answered with 1000; one with a reason that is not UTF-8, a lone
    /// byte, or a code nobody may send (1004-1006, 1015, below 1000, above 4999...) with 1002.
    private func receivedClose(_ data: ByteBuffer) {
        // The session ends before the answer goes out: a client that has its answer may count
        // on what the session held (its place under the per-token limit) being free.
        end()
        guard !closeSent else {
            // The answer to this side's close: both sides are done, the socket goes at once.
            channel.close(promise: nil)
            return
        }
        var data = data
        let isValid: Bool
        switch data.readableBytes {
        case 0:
            isValid = true
        case 1:
            isValid = false
        default:
            let code = data.readWebSocketErrorCode()
            let reasonIsText = String(validating: data.readableBytesView, as: UTF8.self) != nil
            if case .unknown(let number)? = code, !(3000...4999).contains(number) {
                isValid = false
            } else {
                isValid = reasonIsText
            }
        }
        close(code: isValid ? CloseCode.normal.rawValue : CloseCode.protocolError.rawValue, reason: "")
    }

    private func schedulePing() {
        nextPing = eventLoop.assumeIsolated().scheduleTask(in: settings.pingInterval) { self.ping() }
    }

    private func ping() {
        guard unansweredPing == nil else {
            close(code: CloseCode.goingAway.rawValue, reason: "Ping timeout")
            return
        }
        var payload = ByteBuffer()
        payload.writeBytes((0..<16).map { _ in UInt8.random(in: .min ... .max) })
        unansweredPing = payload
        write(opcode: .ping, payloads: [payload])
        schedulePing()
    }

    /// Data messages encoded one after the other into one buffer, as `write` does, the ones the
    /// compression takes deflated with RSV1 set.
    private func writeMessages(opcode: WebSocketOpcode, _ messages: [OutboundFrame]) {
        guard let frameOutput else { return }
        var frames = Self.frameAllocator.buffer(capacity: messages.reduce(0) { $0 + $1.bytes.readableBytes + 10 })
        for message in messages {
            if let deflated = compression?.deflated(message) {
                UnmaskedFrame.append(opcode: opcode, payload: deflated, compressed: true, to: &frames)
            } else {
                UnmaskedFrame.append(opcode: opcode, payload: message.bytes, to: &frames)
            }
        }
        frameOutput.writeAndFlush(NIOAny(frames), promise: nil)
    }

    /// Frames encoded one after the other into one buffer: one write and one flush for them all.
    /// `promise`, when given, learns when the socket has taken them.
    private func write(opcode: WebSocketOpcode, payloads: [ByteBuffer], promise: EventLoopPromise<Void>? = nil) {
        guard let frameOutput else {
            promise?.fail(ChannelError.ioOnClosedChannel)
            return
        }
        var frames = Self.frameAllocator.buffer(capacity: payloads.reduce(0) { $0 + $1.readableBytes + 10 })
        for payload in payloads { UnmaskedFrame.append(opcode: opcode, payload: payload, to: &frames) }
        frameOutput.writeAndFlush(NIOAny(frames), promise: promise)
    }

    private func end() {
        guard !ended else { return }
        ended = true
        nextPing?.cancel()
        nextPing = nil
        endpoint.closed()
    }
}
