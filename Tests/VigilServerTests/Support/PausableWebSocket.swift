import Foundation
import NIOCore
import NIOPosix
import NIOSSL
import Synchronization
import VigilCore

/// A WebSocket client written on a bare TLS socket whose reading can be stopped and started, as a
/// phone that stalls is seen by the kernel: while paused nothing is read from the socket, and its
/// receive buffer is small and fixed (SO_RCVBUF), so what the hub sends backs up on the hub's side.
/// It keeps every frame the hub sent, in order, with the bytes that came before each.
struct PausableWebSocket {
    struct Frame: Sendable {
        let opcode: UInt8
        /// RSV1: the payload is deflated (permessage-deflate).
        let compressed: Bool
        let payload: [UInt8]
        /// Payload bytes of the frames received before this one.
        let bytesBefore: Int

        var text: String { String(decoding: payload, as: UTF8.self) }
        /// The code of a close frame.
        var closeCode: UInt16? {
            guard opcode == 0x8, payload.count >= 2 else { return nil }
            return UInt16(payload[0]) << 8 | UInt16(payload[1])
        }
    }

    let channel: any Channel
    private let frames: ReceivedFrames

    /// Upgrades with `bearer` (offering `extensions`, a `Sec-WebSocket-Extensions` value, when
    /// given) and returns once the `welcome` has come.
    static func connect(
        to hub: TestHub, bearer: String, extensions: String? = nil, receiveBufferBytes: Int = 16 * 1024
    ) async throws -> PausableWebSocket {
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.trustRoots = .certificates(try NIOSSLCertificate.fromPEMFile(hub.caFile))
        let tls = try NIOSSLContext(configuration: configuration)
        let frames = ReceivedFrames()
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .channelOption(ChannelOptions.socketOption(.so_rcvbuf), value: SocketOptionValue(receiveBufferBytes))
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(ReadValve())
                    try channel.pipeline.syncOperations.addHandler(try NIOSSLClientHandler(context: tls, serverHostname: "localhost"))
                    try channel.pipeline.syncOperations.addHandler(frames)
                }
            }
            .connect(host: "127.0.0.1", port: hub.port).get()
        let socket = PausableWebSocket(channel: channel, frames: frames)
        try await channel.writeAndFlush(ByteBuffer(string: hub.upgradeRequest(bearer: bearer, extensions: extensions))).get()
        guard await socket.frame(where: { $0.text.contains(#""op":"welcome""#) }) != nil else { throw RawSocketError.noFrame }
        return socket
    }

    /// Sends a request as a masked text frame.
    func send(_ message: ClientMessage) async throws {
        try await sendText(Array(message.encoded().utf8))
    }

    /// Sends `payload` as one masked text frame, with RSV1 set when `compressed`.
    func sendText(_ payload: [UInt8], compressed: Bool = false) async throws {
        var frame = ByteBuffer(bytes: [0x81 | (compressed ? 0x40 : 0)])
        switch payload.count {
        case ..<126: frame.writeInteger(UInt8(0x80 | payload.count))
        case ..<65536:
            frame.writeBytes([0x80 | 126])
            frame.writeInteger(UInt16(payload.count))
        default:
            frame.writeBytes([0x80 | 127])
            frame.writeInteger(UInt64(payload.count))
        }
        let mask = (0..<4).map { _ in UInt8.random(in: .min ... .max) }
        frame.writeBytes(mask)
        frame.writeBytes(payload.enumerated().map { $0.element ^ mask[$0.offset % 4] })
        try await channel.writeAndFlush(frame).get()
    }

    /// Stops reading from the socket: the hub's writes back up.
    func pauseReading() async throws {
        try await channel.eventLoop.submit { [channel] in
            try channel.pipeline.syncOperations.handler(type: ReadValve.self).pause()
        }.get()
    }

    func resumeReading() async throws {
        try await channel.eventLoop.submit { [channel] in
            try channel.pipeline.syncOperations.handler(type: ReadValve.self).resume()
        }.get()
    }

    /// The first frame received whose text holds `marker`, waiting up to `timeout` for it.
    func frame(containing marker: String, timeout: Duration = .seconds(20)) async -> Frame? {
        await frame(where: { $0.text.contains(marker) }, timeout: timeout)
    }

    /// The first frame received that `matches`, waiting up to `timeout` for it.
    func frame(where matches: @escaping (Frame) -> Bool, timeout: Duration = .seconds(20)) async -> Frame? {
        var found: Frame?
        _ = await eventually(timeout: timeout) {
            found = frames.all.first(where: matches)
            return found != nil
        }
        return found
    }

    /// The head of the hub's answer to the upgrade (status line and headers).
    var upgradeResponse: String { frames.head }

    /// The close frame, once it has come (or nil after `timeout`).
    func closeFrame(timeout: Duration = .seconds(20)) async -> Frame? {
        var found: Frame?
        _ = await eventually(timeout: timeout) {
            found = frames.all.first { $0.opcode == 0x8 }
            return found != nil
        }
        return found
    }

    var received: [Frame] { frames.all }

    /// Whether the socket is still open, as seen from this side (a reset from the hub ends it
    /// even while nothing is read).
    var isOpen: Bool { channel.isActive }

    func close() {
        channel.close(promise: nil)
    }
}

/// Holds back the socket's reads while paused. First in the pipeline, so it sees every read,
/// the TLS handler's included.
private final class ReadValve: ChannelOutboundHandler, RemovableChannelHandler {
    typealias OutboundIn = ByteBuffer
    private var paused = false
    private var readHeldBack = false
    private var context: ChannelHandlerContext?

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
    }

    func read(context: ChannelHandlerContext) {
        if paused {
            readHeldBack = true
        } else {
            context.read()
        }
    }

    func pause() {
        paused = true
    }

    func resume() {
        paused = false
        if readHeldBack {
            readHeldBack = false
            context?.read()
        }
    }
}

/// Parses what the hub sends after the TLS handler: the 101's head, then unmasked frames.
private final class ReceivedFrames: ChannelInboundHandler, Sendable {
    typealias InboundIn = ByteBuffer

    private struct State {
        var pending = ByteBuffer()
        var headDone = false
        var head = ""
        var frames: [PausableWebSocket.Frame] = []
        var payloadBytes = 0
    }

    private let state = Mutex(State())

    var all: [PausableWebSocket.Frame] { state.withLock { $0.frames } }
    var head: String { state.withLock { $0.head } }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var buffer = unwrapInboundIn(data)
        state.withLock { state in
            state.pending.writeBuffer(&buffer)
            if !state.headDone {
                guard let end = state.pending.readableBytesView.firstRange(of: Array("\r\n\r\n".utf8)) else { return }
                state.head = state.pending.readString(length: end.upperBound - state.pending.readerIndex) ?? ""
                state.pending.moveReaderIndex(to: end.upperBound)
                state.headDone = true
            }
            while let frame = Self.nextFrame(in: &state.pending, bytesBefore: state.payloadBytes) {
                state.frames.append(frame)
                state.payloadBytes += frame.payload.count
            }
            state.pending.discardReadBytes()
        }
    }

    /// The next whole frame, taken from `buffer`; nil (nothing taken) until it has all come.
    private static func nextFrame(in buffer: inout ByteBuffer, bytesBefore: Int) -> PausableWebSocket.Frame? {
        var peek = buffer
        guard let first = peek.readInteger(as: UInt8.self), let second = peek.readInteger(as: UInt8.self) else { return nil }
        let length: Int?
        switch second & 0x7F {
        case 126: length = peek.readInteger(as: UInt16.self).map(Int.init)
        case 127: length = peek.readInteger(as: UInt64.self).map(Int.init)
        case let short: length = Int(short)
        }
        guard let length, let payload = peek.readBytes(length: length) else { return nil }
        buffer = peek
        return .init(opcode: first & 0x0F, compressed: first & 0x40 != 0, payload: payload, bytesBefore: bytesBefore)
    }
}
