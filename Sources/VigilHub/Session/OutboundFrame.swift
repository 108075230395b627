import NIOCore
import Synchronization

/// A frame on its way to one or more connections: the bytes the fan-out encoded once, and the
/// forms a connection derives from them (the deflated payload for one window size), kept beside
/// them so that the first connection to need a form makes it and every other one reuses it.
public final class OutboundFrame: Sendable {
    /// The frame as the fan-out encoded it (a text message's UTF-8).
    public let bytes: ByteBuffer
    /// Derived forms by their key; a nil form is a derivation that gave nothing better than `bytes`.
    private let forms = Mutex<[Int: ByteBuffer?]>([:])

    public init(_ bytes: ByteBuffer) {
        self.bytes = bytes
    }

    public convenience init(string: String) {
        self.init(ByteBuffer(string: string))
    }

    /// The form under `key`, made by `derive` from `bytes` the first time any connection asks.
    /// The lock is held while deriving, so a form is made once even when connections on several
    /// event loops ask for it at the same moment (the later ones wait for it instead of redoing it).
    public func derived(_ key: Int, by derive: (ByteBuffer) -> ByteBuffer?) -> ByteBuffer? {
        forms.withLock { forms in
            if let form = forms[key] { return form }
            let form = derive(bytes)
            forms[key] = .some(form)
            return form
        }
    }
}
