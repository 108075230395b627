/// What the store tells its callers when it cannot do what was asked. The engine turns these into
/// protocol errors; nothing here knows about clients.
public enum StoreError: Error, Equatable, CustomStringConvertible {
    case alreadyExists(String)
    case notFound(String)
    /// A collection is at its documented limit: nothing was written.
    case limitReached(String)
    /// The back end failed (I/O, a full disk or database bound, corruption): nothing was written.
    case unavailable(String)
    /// A commit whose outcome the back end could not learn: PostgreSQL's connection broke with
    /// the COMMIT on its way, and the server could not be asked. It may have been written.
    case outcomeUnknown(String)

    public var description: String {
        switch self {
        case .alreadyExists(let what): "\(what) already exists"
        case .notFound(let what): "\(what) does not exist"
        case .limitReached(let why): why
        case .unavailable(let why): "the store failed: \(why)"
        case .outcomeUnknown(let why): "the store could not tell whether it committed: \(why)"
        }
    }
}

extension StoreError {
    /// Any failure below the seam, as a store error: a store error stays what it is.
    public init(_ error: any Error) {
        self = (error as? StoreError) ?? .unavailable("\(error)")
    }
}
