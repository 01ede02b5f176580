#if GTK
/// An opaque colour, one byte per channel, as CSS writes `rgb(52, 101, 164)`.
///
/// ```swift
/// let skyBlue = RGBColor(hex: 0x3465A4)
/// ```
public struct RGBColor: Hashable, Sendable {
    /// The red channel, 0 to 255.
    public var red: UInt8
    /// The green channel, 0 to 255.
    public var green: UInt8
    /// The blue channel, 0 to 255.
    public var blue: UInt8

    /// A colour from its three channels.
    ///
    /// - Parameters:
    ///   - red: The red channel, 0 to 255.
    ///   - green: The green channel, 0 to 255.
    ///   - blue: The blue channel, 0 to 255.
    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// A colour from a `0xRRGGBB` number, as CSS writes `#RRGGBB`.
    ///
    /// - Parameter hex: The channels, red in the high byte; bits above the low 24 are ignored.
    public init(hex: UInt32) {
        self.init(red: UInt8(truncatingIfNeeded: hex >> 16), green: UInt8(truncatingIfNeeded: hex >> 8), blue: UInt8(truncatingIfNeeded: hex))
    }

    /// The colour in CSS syntax: `rgb(52, 101, 164)`.
    public var css: String { "rgb(\(red), \(green), \(blue))" }
}
#endif
