/// What one live chain looked like when `Bind.graph()` or a chain's `debugDescription` read
/// it: values only, taken with the graph lock held and described after it is released.
struct ChainSnapshot {
    /// One endpoint of the chain.
    struct Member {
        /// The object's class (known after the object has gone too).
        let objectType: AnyObject.Type
        /// The object's address, which tells objects apart (see `BindingGraph.shortIdentity`).
        let address: UInt
        /// Whether the object was still there.
        let isAlive: Bool
        /// The key path (see `Accessors.keyPath`), and where the property is stored when its
        /// accessors know it (else 0); named later, with no lock held.
        let keyPath: AnyKeyPath
        let location: Int
        let index: Int?
        let events: ControlEvents
        let sends: Bool
        let receives: Bool
        let conversion: Conversion
        /// Whether it is written only on the main actor.
        let onMainActor: Bool
    }

    /// How an endpoint converts between its property and the chain's value.
    enum Conversion: Equatable {
        /// The property has the chain's type.
        case none
        /// The conversion table's (see <doc:AutomaticConversion>), from the chain's type to the
        /// property's.
        case automatic(chain: String, property: String)
        /// A convert or reverse closure, or a transformer.
        case closure
        /// A negation (`outNot`, `inoutNot`).
        case negation
    }

    /// One named block.
    struct Block {
        let name: String
        let onMainActor: Bool
    }

    /// The chain's address: tells chains apart.
    let address: UInt
    /// The chain's value type, as Swift writes it.
    let valueType: String
    let members: [Member]
    let filterCount: Int
    let blocks: [Block]
    /// Whether the chain has a live sender and a live receiver (see `Chain.isBound`).
    let isBound: Bool
}
