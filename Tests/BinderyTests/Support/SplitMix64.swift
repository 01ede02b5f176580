/// A seeded, deterministic generator (SplitMix64), so every run sees the same inputs.
struct SplitMix64: RandomNumberGenerator {
    /// The generator's position.
    private var state: UInt64

    /// A generator that starts at `seed`.
    init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}
