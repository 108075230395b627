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
        case .storeUnavailable, .shuttingDown: .serviceUnavailable
        case .internal: .internalServerError
        default: .badRequest
        }
    }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        let body = ServerFrame.error(ref: nil, error)
        var headers: HTTPFields = [.contentType: "application/json; charset=utf-8"]
        if error.code == .unauthorized { headers[.wwwAuthenticate] = "Bearer" }
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: body)))
    }
}
