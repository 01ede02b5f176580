// The list operators: `filter`, `sorted(by:)` and `map` over a `DynamicList` or a `DerivedList`.
// Each keeps a record per source element in `sourceOrder` and answers each source step and each
// element whose reads were set with the steps of its own result, in O(log n) each.

/// A source element of `filter` or `sorted(by:)`.
final class ElementRecord<Element>: ListRecord {
    var element: Element
    /// Its place in `sorted(by:)`'s order (nil for `filter`).
    var place: SortPlace<Element>?

    init(_ element: Element, node: DerivedNode, dirty: ListDirtyRecords) {
        self.element = element
        super.init(node: node, dirty: dirty)
    }
}

/// `filter`: a record's weight is 1 when the element is kept, so the weight before it is its
/// index in the result.
final class FilterOperation<Element>: ListOperation<Element, Element> {
    private let isIncluded: (Element) -> Bool

    init(source: some ListOperand<Element>, isIncluded: @escaping (Element) -> Bool) {
        self.isIncluded = isIncluded
        super.init(source: source)
    }

    private func record(_ element: Element) -> ElementRecord<Element> {
        let record = ElementRecord(element, node: node.unsafelyUnwrapped, dirty: dirty)
        record.ownWeight = tracking(record) { isIncluded(element) } ? 1 : 0
        return record
    }

    override func rebuild(_ elements: [Element]) {
        dropAllRecords()
        sourceOrder.build(elements.map(record))
    }

    override func current() -> [Element] {
        sourceOrder.nodes().compactMap { $0.ownWeight == 1 ? unsafeDowncast($0, to: ElementRecord<Element>.self).element : nil }
    }

    override func insert(_ element: Element, at index: Int) {
        let made = record(element)
        sourceOrder.insert(made, at: index)
        if made.ownWeight == 1 { output.append(.insert(element, at: sourceOrder.weight(before: made))) }
    }

    override func remove(_ record: ListRecord) {
        if record.ownWeight == 1 { output.append(.remove(at: sourceOrder.weight(before: record))) }
    }

    override func move(_ record: ListRecord, to index: Int) {
        let from = record.ownWeight == 1 ? sourceOrder.weight(before: record) : nil
        sourceOrder.remove(record)
        sourceOrder.insert(record, at: index)
        guard let from else { return }
        let to = sourceOrder.weight(before: record)
        if from != to { output.append(.move(from: from, to: to)) }
    }

    override func update(_ record: ListRecord, to element: Element) {
        let record = unsafeDowncast(record, to: ElementRecord<Element>.self)
        record.element = element
        evaluate(record, updated: true)
    }

    override func reevaluate(_ record: ListRecord) {
        evaluate(unsafeDowncast(record, to: ElementRecord<Element>.self), updated: false)
    }

    /// Runs the closure on `record` again: one step at most, an insertion or a removal when it
    /// changed its answer, an update when the element is kept and its value was replaced.
    private func evaluate(_ record: ElementRecord<Element>, updated: Bool) {
        let element = record.element
        let was = record.ownWeight == 1
        let now = tracking(record) { isIncluded(element) }
        switch (was, now) {
        case (true, true):
            if updated { output.append(.update(element, at: sourceOrder.weight(before: record))) }
        case (true, false):
            output.append(.remove(at: sourceOrder.weight(before: record)))
            sourceOrder.setWeight(record, to: 0)
        case (false, true):
            sourceOrder.setWeight(record, to: 1)
            output.append(.insert(element, at: sourceOrder.weight(before: record)))
        case (false, false):
            break
        }
    }
}

/// An element's place in `sorted(by:)`'s order.
final class SortPlace<Element>: ListOrderNode {
    unowned(unsafe) let record: ElementRecord<Element>

    init(_ record: ElementRecord<Element>) {
        self.record = record
    }
}

/// `sorted(by:)`: a second order, the result's, kept sorted by the comparison, equal elements
/// in source order (as `Array.sorted(by:)`, which is stable). A record listens to what the
/// comparison reads of its element when compared with itself.
///
/// An element whose reads were set is taken out and put back where the comparison now says:
/// one move. When several were, or the source changed too, the elements whose order may have
/// changed are first moved to the end (*parked*), so that the rest stays sorted while the
/// source's steps are placed, then each is put back in turn.
final class SortOperation<Element>: ListOperation<Element, Element> {
    private let areInIncreasingOrder: (Element, Element) -> Bool
    private var sortedOrder = ListOrderTree()
    /// The records at the end of `sortedOrder`, out of order, to put back.
    private var parked: [ElementRecord<Element>] = []
    /// Records whose element was replaced (an update step), with their update to send.
    private var updated: Set<ObjectIdentifier> = []
    /// Whether this refresh parks (several changes at once).
    private var parks = false
    /// The records placed by comparison in the last evaluation, and in this one: checked
    /// against their neighbours in the next (see `verify`).
    private var recentlyPlaced: [ElementRecord<Element>] = []
    private var placedNow: [ElementRecord<Element>] = []
    /// Whether this evaluation sorted every record anew (a rebuild).
    private var sortedWhole = false
    /// Records that became neighbours in the sorted part when a record between them was taken
    /// out, checked by `verify`.
    private var vacated: [(before: ElementRecord<Element>, after: ElementRecord<Element>)] = []

    init(source: some ListOperand<Element>, areInIncreasingOrder: @escaping (Element, Element) -> Bool) {
        self.areInIncreasingOrder = areInIncreasingOrder
        super.init(source: source)
    }

    private func record(_ element: Element) -> ElementRecord<Element> {
        let record = ElementRecord(element, node: node.unsafelyUnwrapped, dirty: dirty)
        record.place = SortPlace(record)
        probe(record)
        return record
    }

    /// Tracks what the comparison reads of `record`'s element.
    private func probe(_ record: ElementRecord<Element>) {
        let element = record.element
        _ = tracking(record) { areInIncreasingOrder(element, element) }
    }

    private var clean: Int { sortedOrder.count - parked.count }

    /// The index among the first `clean` places where `record` goes.
    private func placement(of record: ElementRecord<Element>) -> Int {
        var lower = 0, upper = clean
        while lower < upper {
            let middle = (lower + upper) / 2
            let other = unsafeDowncast(sortedOrder.node(at: middle), to: SortPlace<Element>.self).record
            if goesBefore(record, other) { upper = middle } else { lower = middle + 1 }
        }
        return lower
    }

    private func goesBefore(_ record: ElementRecord<Element>, _ other: ElementRecord<Element>) -> Bool {
        if areInIncreasingOrder(record.element, other.element) { return true }
        if areInIncreasingOrder(other.element, record.element) { return false }
        return sourceOrder.index(of: record) < sourceOrder.index(of: other)
    }

    override func rebuild(_ elements: [Element]) {
        dropAllRecords()
        let records = elements.map(record)
        sourceOrder.build(records)
        let sorted = records.indices.sorted { left, right in
            let a = records[left].element, b = records[right].element
            if areInIncreasingOrder(a, b) { return true }
            if areInIncreasingOrder(b, a) { return false }
            return left < right
        }
        sortedOrder.build(sorted.map { records[$0].place.unsafelyUnwrapped })
        // Checked pair by pair in this evaluation (see `verify`).
        sortedWhole = true
    }

    override func removeAllRecords() {
        sortedOrder.removeAll()
        parked = []
        updated = []
        recentlyPlaced = []
        placedNow = []
        sortedWhole = false
        vacated = []
    }

    override func current() -> [Element] {
        sortedOrder.nodes().map { unsafeDowncast($0, to: SortPlace<Element>.self).record.element }
    }

    override func willRefresh(_ changed: [ListRecord], hasSourceSteps: Bool) {
        parks = hasSourceSteps || changed.count > 1
        guard parks else { return }
        for record in changed { park(unsafeDowncast(record, to: ElementRecord<Element>.self)) }
    }

    /// Moves `record` to the end, out of the sorted part.
    private func park(_ record: ElementRecord<Element>) {
        guard !parked.contains(where: { $0 === record }) else { return }
        let place = record.place.unsafelyUnwrapped
        let from = takeOut(record)
        sortedOrder.insert(place, at: sortedOrder.count)
        let to = sortedOrder.count - 1
        if from != to { output.append(.move(from: from, to: to)) }
        parked.append(record)
    }

    override func insert(_ element: Element, at index: Int) {
        let made = record(element)
        sourceOrder.insert(made, at: index)
        let place = made.place.unsafelyUnwrapped
        if parked.isEmpty {
            // The whole order is sorted: one descent of the tree.
            sortedOrder.insert(place) { [unowned self] other in goesBefore(made, unsafeDowncast(other, to: SortPlace<Element>.self).record) }
        } else {
            sortedOrder.insert(place, at: placement(of: made))
        }
        let at = sortedOrder.index(of: place)
        placedNow.append(made)
        output.append(.insert(element, at: at))
    }

    override func remove(_ record: ListRecord) {
        let record = unsafeDowncast(record, to: ElementRecord<Element>.self)
        output.append(.remove(at: takeOut(record)))
        parked.removeAll { $0 === record }
        updated.remove(ObjectIdentifier(record))
    }

    override func move(_ record: ListRecord, to index: Int) {
        sourceOrder.remove(record)
        sourceOrder.insert(record, at: index)
        // Only equal elements' order follows the source: parked, put back in turn.
        park(unsafeDowncast(record, to: ElementRecord<Element>.self))
    }

    override func update(_ record: ListRecord, to element: Element) {
        let record = unsafeDowncast(record, to: ElementRecord<Element>.self)
        record.element = element
        probe(record)
        updated.insert(ObjectIdentifier(record))
        park(record)
    }

    override func reevaluate(_ record: ListRecord) {
        let record = unsafeDowncast(record, to: ElementRecord<Element>.self)
        probe(record)
        guard !parks else { return }
        // The only change: taken out and put back, one move.
        placedNow.append(record)
        _ = putBack(record)
    }

    override func didRefresh() {
        while !parked.isEmpty {
            let record = parked.removeFirst()
            // `clean` counts the sorted part, which this record now leaves for good.
            let to = putBack(record)
            placedNow.append(record)
            if updated.remove(ObjectIdentifier(record)) != nil { output.append(.update(record.element, at: to)) }
        }
        parks = false
        verify()
    }

    /// Puts back in order the records that may be out of order with a neighbour.
    ///
    /// A comparison reads elements that other threads may change while it runs, and a set is
    /// stored before it is heard: an element whose compared property was set is out of place
    /// until its own listener has it placed again, and a record placed meanwhile by comparisons
    /// with it may have gone the wrong way. A placement ends between two records it compared
    /// itself with, so it is in order with its neighbours unless one of them was changing: a
    /// wrong turn leaves the record next to the one that was changing, or next to a record
    /// placed next to it. So when a record is taken out of the sorted part, the two it
    /// separated are checked (`vacated`): once the changing record is placed again, in
    /// whichever evaluation its set is heard, whatever went the wrong way past it is out of
    /// order with a neighbour, and is placed again in turn (a pair is compared once, and its
    /// records checked against both their neighbours only when it is out of order). The
    /// records placed in the last evaluation and in this one are checked too, and a whole sort
    /// once, pair by pair (its comparisons may have read an element mid-change). What is left
    /// after a few rounds (only while elements keep changing) is checked by the next
    /// evaluation: never dropped.
    private func verify() {
        // Into the last evaluation's buffer, with no new one.
        var checked = recentlyPlaced
        recentlyPlaced = []
        checked += placedNow
        var placed = placedNow
        placedNow = []
        if sortedWhole {
            checked += unorderedPairs()
            sortedWhole = false
        }
        var rounds = 0
        while true {
            takeUnorderedVacated(into: &checked)
            guard !checked.isEmpty, rounds < 8 else { break }
            rounds += 1
            let misplaced = checked.filter { !$0.isRemoved && !isInOrder($0) }
            checked = []
            for record in misplaced {
                _ = putBack(record)
                checked.append(record)
                placed.append(record)
            }
        }
        // What this evaluation placed is checked again by the next one, with what is left.
        recentlyPlaced = checked.isEmpty ? placed : placed + checked
    }

    /// Adds the two records of each pair that `takeOut` made neighbours and that is out of
    /// order to `checked`: one comparison a pair, nearly always in order.
    private func takeUnorderedVacated(into checked: inout [ElementRecord<Element>]) {
        guard !vacated.isEmpty else { return }
        for (before, after) in vacated where !before.isRemoved && !after.isRemoved && goesBefore(after, before) {
            checked.append(before)
            checked.append(after)
        }
        // Kept with its capacity: nearly every removal fills it.
        vacated.removeAll(keepingCapacity: true)
    }

    /// The records of the sorted order that are out of order with the next one, in one pass.
    private func unorderedPairs() -> [ElementRecord<Element>] {
        let records = sortedOrder.nodes().map { unsafeDowncast($0, to: SortPlace<Element>.self).record }
        var unordered: [ElementRecord<Element>] = []
        for (before, after) in zip(records, records.dropFirst()) where goesBefore(after, before) {
            unordered.append(before)
            unordered.append(after)
        }
        return unordered
    }

    /// Takes `record`'s place out of the sorted order and returns its index. When it was in the
    /// sorted part (not parked), the records it separated are now neighbours: `verify` checks
    /// them.
    private func takeOut(_ record: ElementRecord<Element>) -> Int {
        let place = record.place.unsafelyUnwrapped
        let from = sortedOrder.index(of: place)
        let sortedPart = clean
        sortedOrder.remove(place)
        if from > 0, from + 1 < sortedPart {
            vacated.append(
                (unsafeDowncast(sortedOrder.node(at: from - 1), to: SortPlace<Element>.self).record,
                 unsafeDowncast(sortedOrder.node(at: from), to: SortPlace<Element>.self).record))
        }
        return from
    }

    /// Takes `record` out and puts it back where the comparison says among the sorted part:
    /// one move, if its place changed. Returns its index.
    private func putBack(_ record: ElementRecord<Element>) -> Int {
        let place = record.place.unsafelyUnwrapped
        let from = takeOut(record)
        let to = placement(of: record)
        sortedOrder.insert(place, at: to)
        if from != to { output.append(.move(from: from, to: to)) }
        return to
    }

    /// Whether `record` is in order with the records before and after it.
    private func isInOrder(_ record: ElementRecord<Element>) -> Bool {
        let index = sortedOrder.index(of: record.place.unsafelyUnwrapped)
        if index > 0 {
            let before = unsafeDowncast(sortedOrder.node(at: index - 1), to: SortPlace<Element>.self).record
            if goesBefore(record, before) { return false }
        }
        if index + 1 < sortedOrder.count {
            let after = unsafeDowncast(sortedOrder.node(at: index + 1), to: SortPlace<Element>.self).record
            if goesBefore(after, record) { return false }
        }
        return true
    }
}

/// A source element of `map`, with what the closure made of it.
final class MapRecord<Source, Output>: ListRecord {
    var element: Source
    /// Nil only while the closure first runs (the record exists first, so that the reads it
    /// makes are this record's).
    var made: Output?
    var result: Output { made.unsafelyUnwrapped }

    init(_ element: Source, node: DerivedNode, dirty: ListDirtyRecords) {
        self.element = element
        super.init(node: node, dirty: dirty)
    }
}

/// `map`: the result of each element is made once and kept while the element stays, made
/// again only when what the closure read of it was set (an update step).
final class MapOperation<Source, Output>: ListOperation<Source, Output> {
    private let transform: (Source) -> Output

    init(source: some ListOperand<Source>, transform: @escaping (Source) -> Output) {
        self.transform = transform
        super.init(source: source)
    }

    private func record(_ element: Source) -> MapRecord<Source, Output> {
        let record = MapRecord<Source, Output>(element, node: node.unsafelyUnwrapped, dirty: dirty)
        record.made = tracking(record) { transform(element) }
        return record
    }

    override func rebuild(_ elements: [Source]) {
        dropAllRecords()
        sourceOrder.build(elements.map(record))
    }

    override func current() -> [Output] {
        sourceOrder.nodes().map { unsafeDowncast($0, to: MapRecord<Source, Output>.self).result }
    }

    override func insert(_ element: Source, at index: Int) {
        let made = record(element)
        sourceOrder.insert(made, at: index)
        output.append(.insert(made.result, at: index))
    }

    override func remove(_ record: ListRecord) {
        output.append(.remove(at: sourceOrder.index(of: record)))
    }

    override func move(_ record: ListRecord, to index: Int) {
        let from = sourceOrder.index(of: record)
        sourceOrder.remove(record)
        sourceOrder.insert(record, at: index)
        output.append(.move(from: from, to: index))
    }

    override func update(_ record: ListRecord, to element: Source) {
        let record = unsafeDowncast(record, to: MapRecord<Source, Output>.self)
        record.element = element
        reevaluate(record)
    }

    override func reevaluate(_ record: ListRecord) {
        let record = unsafeDowncast(record, to: MapRecord<Source, Output>.self)
        let element = record.element
        record.made = tracking(record) { transform(element) }
        output.append(.update(record.result, at: sourceOrder.index(of: record)))
    }
}
