/// WebSocket close codes the hub uses. 1000–1011 are RFC 6455's; the 4000 range names Vigil's reasons.
public enum CloseCode: UInt16, Sendable, CaseIterable {
    case normal = 1000
    /// The server is shutting down.
    case goingAway = 1001
    /// The frame broke the WebSocket protocol.
    case protocolError = 1002
    /// A text frame with invalid UTF-8.
    case invalidPayload = 1007
    /// A message larger than the frame limit.
    case messageTooBig = 1009
    /// No valid `hello` in time, or a token that is refused.
    case unauthorized = 4001
    /// Too many protocol errors on this connection.
    case badClient = 4002
    /// The token holds the most connections allowed.
    case tooManyConnections = 4005
    /// The connection's outbox overflowed: the client reads too slowly. Resume with `since`.
    case slowConsumer = 4008
    /// The token was revoked while connected.
    case tokenRevoked = 4010

    /// The close that follows a refused authentication.
    public static func afterRefusedAuthentication(_ code: ErrorCode) -> CloseCode {
        code == .tooManyConnections ? .tooManyConnections : .unauthorized
    }
}
