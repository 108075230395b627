import Hummingbird
import VigilCore

/// Refuses a request whose path holds a percent-encoded control character (U+0000-U+001F,
/// U+007F) with 400 `bad_request`; a raw one does not parse (400, and the connection is closed).
/// No route or file name has one, and a NUL would cut the name the file system opens short of the
/// one whose extension picks the type: `/vigil.js%00.html` would serve `vigil.js` as `text/html`.
struct ControlCharacterGuard<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard !Self.holdsControlCharacter(request.uri.path) else {
            throw APIError(ProtocolError(.badRequest, "the path holds a control character"))
        }
        return try await next(request, context)
    }

    private static func holdsControlCharacter(_ path: String) -> Bool {
        let bytes = Array(path.utf8)
        for (index, byte) in bytes.enumerated() {
            if byte == UInt8(ascii: "%"), index + 2 < bytes.count,
                let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2]), isControl(high << 4 | low)
            {
                return true
            }
        }
        return false
    }

    private static func isControl(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == 0x7F
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
