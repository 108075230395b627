import Hummingbird
import VigilCore
import VigilHub

/// Once shutdown has begun, every HTTP request is answered 503 `shutting_down`: a client retries
/// later (against the restarted hub) instead of starting work that the shutdown would cut.
struct ShutdownGate<Context: RequestContext>: RouterMiddleware {
    let hub: Hub

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard !hub.isShuttingDown else {
            throw APIError(ProtocolError(.shuttingDown, "the hub is shutting down; try again shortly"))
        }
        return try await next(request, context)
    }
}
