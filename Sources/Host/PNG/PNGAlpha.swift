
// How the encoder's input stores alpha.

/// How the colour channels of RGBA input relate to its alpha channel.
///
/// PNG stores straight (unassociated) alpha. Rasterisers usually work premultiplied, so the
/// encoder can un-premultiply on the fly, one row at a time, without a copy of the image.
public enum PNGAlpha: Sendable, Hashable {
    /// Straight (unassociated) alpha: colour channels hold the colour itself, whatever the
    /// alpha. Bytes are encoded as they are.
    case straight

    /// Premultiplied (associated) alpha: each colour channel `c` already holds
    /// colour × alpha / 255.
    ///
    /// Each colour channel is turned back into straight colour with round-half-up integer
    /// arithmetic:
    ///
    ///     straight = min(255, (c * 255 + a / 2) / a)   // integer division, when a > 0
    ///     straight = 0                                 // when a == 0
    ///
    /// which is `c × 255 / a` rounded to the nearest integer, halves rounded up (a half can
    /// only occur for even `a`). Alpha itself is kept. Valid premultiplied input has
    /// `c <= a`; larger values (not a colour any premultiplied pixel can hold) are clamped to
    /// 255. Fully transparent pixels become transparent black, (0, 0, 0, 0).
    case premultiplied
}
