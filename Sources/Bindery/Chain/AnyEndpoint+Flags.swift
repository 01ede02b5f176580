// The bits that describe an endpoint: what the lock guards (`Flags`) and what is fixed when
// it is made (`Traits`).

extension AnyEndpoint {
    /// What the lock guards about an endpoint's lists, one bit each.
    struct Flags: OptionSet {
        let rawValue: UInt8

        /// `registrar` is the lifetime registrar, of which the endpoint is a member.
        static let isMember = Flags(rawValue: 1)
        /// `registrar` and `firstSlot` are the first slot the endpoint listens to.
        static let listensFirst = Flags(rawValue: 2)
        /// Another endpoint took this one's place: `link` names it.
        static let isReplaced = Flags(rawValue: 4)
        /// The endpoint is in the registry's index (see `isIndexed`).
        static let isIndexed = Flags(rawValue: 8)
        /// See `reachesLeaf`.
        static let reachesLeaf = Flags(rawValue: 16)
        /// The endpoint took the place of its chain's head (the chain itself, or one that had
        /// taken its place): the end of the path `ChainCore.activeLocked()` walks.
        static let standsForHead = Flags(rawValue: 32)
        /// The endpoint took the place of its chain's second record, or of one that did: like
        /// a head's stand-in, it ends the path of replacements the chain keeps from that record.
        static let standsForSecond = Flags(rawValue: 64)

        mutating func set(_ flag: Flags, _ isOn: Bool) {
            if isOn { insert(flag) } else { remove(flag) }
        }
    }

    /// What an endpoint is, fixed when it is made.
    struct Traits: OptionSet {
        let rawValue: UInt8

        /// Notifications come from the object's own registrar (so `object` is alive).
        static let notifierIsObject = Traits(rawValue: 1)
        /// Declared to receive the chain's value when it joins.
        static let wantsInitial = Traits(rawValue: 2)
        /// The object is held weakly.
        static let isWeak = Traits(rawValue: 4)
        /// Every change is heard under the lock, by the kind in `extras` (a route).
        static let hearsUnderLock = Traits(rawValue: 8)
        /// Writes go to the main actor (see `delivery`).
        static let onMainActor = Traits(rawValue: 16)
        /// Found by declarations, and told of a change before the endpoints that are not (see
        /// `EndpointKind.joinsChains`).
        static let joinsChains = Traits(rawValue: 32)

        /// The record's place in its host, kept in the two bits above the traits (see
        /// `EndpointRecord.place`).
        var place: Int { Int(rawValue &>> 6) }

        /// These traits, of the record at `place` in its host.
        func placed(at place: Int) -> Traits {
            assert(place >= 0 && place < 4, "Bindery: a record's place does not fit in its traits")
            return Traits(rawValue: rawValue & 0x3F | UInt8(truncatingIfNeeded: place) &<< 6)
        }
    }
}
