import HTTPTypes
import Hummingbird

/// Headers every HTTP response carries: HTTPS only, no sniffing, no framing, no referrer, and a
/// content security policy that lets the dashboard load only its own scripts and open only its own
/// WebSocket, with images from itself and, when the operator names a tile server, from that origin.
struct SecurityHeadersMiddleware<Context: RequestContext>: RouterMiddleware {
    let contentSecurityPolicy: String

    init(imageOrigin: String? = nil) {
        let images = ["'self'", "data:", "blob:"] + (imageOrigin.map { [$0] } ?? [])
        contentSecurityPolicy =
            "default-src 'self'; connect-src 'self' wss:; img-src \(images.joined(separator: " ")); object-src 'none'; frame-ancestors 'none'; base-uri 'none'"
    }

    static var frameOptions: HTTPField.Name { HTTPField.Name("X-Frame-Options")! }
    static var referrerPolicy: HTTPField.Name { HTTPField.Name("Referrer-Policy")! }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response: Response
        do {
            response = try await next(request, context)
        } catch let error as any HTTPResponseError {
            response = try error.response(from: request, context: context)
        }
        response.headers[.strictTransportSecurity] = "max-age=31536000"
        response.headers[.xContentTypeOptions] = "nosniff"
        response.headers[Self.frameOptions] = "DENY"
        response.headers[Self.referrerPolicy] = "no-referrer"
        response.headers[.contentSecurityPolicy] = contentSecurityPolicy
        return response
    }
}
