/// An endpoint's name, one word: the address of the object that hosts it, with the record it
/// is in that host in the bits above every address, as a registrar's table names a listener
/// (`_ChangeRegistrar.word(_:)`). Unretained: whoever keeps a name keeps its host some other
/// way (a `HeldName`, a plan, the lock).
///
/// Every endpoint is a host of its own today, record 0, so a name is its endpoint's address
/// (`AnyEndpoint.name`, which the echo guard compares); a chain hosting its second endpoint as a
/// record of its own (see the Chain README, step 3) names it `(chain, 1)`.
struct EndpointName: Hashable {
    /// The word: the host's address, and the record above it.
    let word: UInt

    /// The name of `host`'s record `record`.
    init(_ host: AnyEndpoint, record: Int = 0) {
        assert(record == 0, "Bindery: an endpoint has one record")
        assert(record < _ChangeRegistrar.recordsInWord, "Bindery: a record that does not fit in a name")
        word = UInt(bitPattern: Unmanaged.passUnretained(host).toOpaque()) | UInt(record) &<< _ChangeRegistrar.recordShift
    }

    /// The name a word holds (a registrar's member list, the registry's index and an
    /// endpoint's link keep names as words; 0 names nothing and is never passed).
    @inline(__always)
    init(word: UInt) {
        assert(word != 0, "Bindery: the word of no name")
        self.word = word
    }

    /// The name of no endpoint (word 0): what a delivery skips when it skips none, one word
    /// where an optional name would be two.
    static var nobody: EndpointName { EndpointName(unchecked: 0) }

    /// Whether this is `nobody`.
    var isNobody: Bool { word == 0 }

    private init(unchecked word: UInt) { self.word = word }

    /// The name a listener of a registrar's table is (the same word: see
    /// `_ChangeRegistrar.word(_:)`).
    init(_ listener: Listener) {
        self.init(word: _ChangeRegistrar.memberWord(listener))
    }

    /// The listener this name is in a registrar's table (see `init(_:)`).
    var listener: Listener {
        Listener(unsafeBitCast(host, to: Unmanaged<RegistrarListener>.self), record: record)
    }

    /// The host, unretained.
    @inline(__always)
    var host: Unmanaged<AnyEndpoint> {
        let address = word & (_ChangeRegistrar.recordsInWord == 1 ? ~0 : (1 &<< _ChangeRegistrar.recordShift) &- 1)
        return .fromOpaque(UnsafeRawPointer(bitPattern: address).unsafelyUnwrapped)
    }

    /// The record in the host.
    @inline(__always)
    var record: Int { _ChangeRegistrar.listener(word).record }

    /// The record named, where its host keeps it: valid while the host lives, and read as the
    /// record's fields say (see `EndpointRecord`). An endpoint's own record (0) is at the same
    /// place in every endpoint object (`AnyEndpoint.recordOffset`).
    @inline(__always)
    var recordPointer: UnsafePointer<EndpointRecord> {
        assert(record == 0, "Bindery: an endpoint has one record")
        return UnsafeRawPointer(host.toOpaque()).advanced(by: AnyEndpoint.recordOffset).assumingMemoryBound(to: EndpointRecord.self)
    }
}

/// An endpoint named by its host and record, keeping the host alive (the host keeps its
/// records): what is held past the lock that found it, for one drain or until work left for
/// after the lock has run (a queued change's origin, a queued initial value's receivers, what a
/// merge moved, the endpoint a change is heard again through). Resolved in its chain by
/// `ChainCore.member(named:)`.
struct HeldName {
    /// The host, retained.
    let host: AnyEndpoint
    /// The record in the host.
    let record: Int

    /// `host`'s record `record`.
    init(_ host: AnyEndpoint, record: Int = 0) {
        self.host = host
        self.record = record
    }

    /// The name, one word.
    var name: EndpointName { EndpointName(host, record: record) }
}
