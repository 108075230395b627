import Foundation
import HTTPTypes
import Hummingbird
import VigilCore

/// A refused HTTP request: the same `code` and sentence as the WebSocket `error`, as JSON.
struct APIError: HTTPResponseError {
    let error: ProtocolError

    init(_ error: ProtocolError) {
        self.error = error
    }

    var status: HTTPResponse.Status {
        switch error.code {
        case .unauthorized: .unauthorized
        case .forbidden: .forbidden
        case .notFound: .notFound
        case .alreadyExists, .limitReached: .conflict
        case .rateLimited, .tooManyConnections: .tooManyRequests
        case .tooLarge: .contentTooLarge
        case .storeUnavailable, .commitUnknown, .shuttingDown: .serviceUnavailable
        case .internal: .internalServerError
        default: .badRequest
        }
    }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        if error.code == .unauthorized || error.code == .forbidden {
            // The line a refused WebSocket request logs (docs/security.md, "What is logged"), with
            // the request's method and path (never its query or headers, which may hold secrets).
            // Every route of the hub has a VigilRequestContext, which knows the peer.
            let peer = (context as? VigilRequestContext)?.peer ?? "unknown"
            context.logger.notice(
                "refused",
                metadata: [
                    "method": "\(request.method)", "path": "\(request.uri.path)", "peer": "\(peer)", "status": "\(status.code)",
                    "code": "\(error.code)", "reason": "\(error.message)",
                ])
        }
        let body = ServerFrame.error(ref: nil, error)
        var headers: HTTPFields = [.contentType: "application/json; charset=utf-8"]
        if error.code == .unauthorized { headers[.wwwAuthenticate] = "Bearer" }
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: body)))
    }
}
