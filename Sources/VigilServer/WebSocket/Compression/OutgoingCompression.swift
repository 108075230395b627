import Metrics
import NIOCore
import VigilHub

/// What a connection that agreed to permessage-deflate sends compressed: a frame of `threshold`
/// bytes or more is deflated once for its window size, by the first connection that sends it; the
/// frame keeps that form (`OutboundFrame.derived`) for every other connection with the same window.
/// Smaller frames go as they are (RSV1 clear): without a shared context, deflate saves little on
/// them; so does a frame that deflate would not shorten, unless `keepsLongerForms`.
struct OutgoingCompression: Sendable {
    let windowBits: Int
    let threshold: Int
    let keepsLongerForms: Bool
    /// Counts the deflations made, not the compressed frames sent.
    let deflations: Counter

    /// The payload to send with RSV1 set, or nil to send `frame.bytes` as they are.
    func deflated(_ frame: OutboundFrame) -> ByteBuffer? {
        guard frame.bytes.readableBytes >= threshold else { return nil }
        return frame.derived(windowBits) { bytes in
            deflations.increment()
            guard let deflated = FrameDeflater.deflate(bytes, windowBits: windowBits) else { return nil }
            return keepsLongerForms || deflated.readableBytes < bytes.readableBytes ? deflated : nil
        }
    }
}
