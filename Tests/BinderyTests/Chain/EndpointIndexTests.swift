import PropertyBased
import Testing
@testable import Bindery

/// The registry's index of endpoints by object (open addressing over the entries themselves,
/// removal by shifting back) finds exactly what was put in it, through any order of inserts,
/// replacements and removals: the join guarantee (rule 7) and `Bind.unbind(object)` find a plain
/// receiver's endpoints only through it.
@Suite(.failOnUnexpectedDiagnostics) struct EndpointIndexTests {
    /// An entry: the object it stands for is one of `objects`, chosen by `owner`.
    final class Entry: KeyedByObject {
        let objectID: ObjectIdentifier
        let number: Int
        init(for object: AnyObject, _ number: Int) {
            objectID = ObjectIdentifier(object)
            self.number = number
        }
    }

    final class Object {}

    /// One step of a program over the index: set object `object`'s entry to a new one, or remove
    /// it.
    enum Step {
        case set(object: Int)
        case remove(object: Int)
    }

    /// A step: 0 to 39 sets that object's entry, 40 to 79 removes object (n - 40)'s.
    static let step = Gen.int(in: 0...79).map { $0 < 40 ? Step.set(object: $0) : Step.remove(object: $0 - 40) }

    @Test("Rule 7: after any program of sets and removals the index holds exactly the latest entry of each object still in it")
    func matchesAReferenceMap() async {
        await propertyCheck(count: 400, input: Self.step.array(of: 0...300)) { steps in
            let objects = (0..<40).map { _ in Object() }
            var entries: [Entry] = []
            var index = EndpointIndex<Unmanaged<Entry>>()
            var reference: [Int: Entry] = [:]
            for (number, step) in steps.enumerated() {
                switch step {
                case .set(let object):
                    let entry = Entry(for: objects[object], number)
                    entries.append(entry)
                    index[ObjectIdentifier(objects[object])] = Unmanaged.passUnretained(entry)
                    reference[object] = entry
                case .remove(let object):
                    index[ObjectIdentifier(objects[object])] = nil
                    reference[object] = nil
                }
                #expect(index.count == reference.count)
            }
            for (position, object) in objects.enumerated() {
                let found = index[ObjectIdentifier(object)]?.takeUnretainedValue().number
                #expect(found == reference[position]?.number)
            }
            withExtendedLifetime(entries) {}
        }
    }

    @Test("Rule 7: thousands of objects in and out keep every remaining one findable, as the table grows")
    func growsAndShrinksItsRuns() {
        let objects = (0..<5_000).map { _ in Object() }
        let entries = objects.enumerated().map { Entry(for: $1, $0) }
        var index = EndpointIndex<Unmanaged<Entry>>()
        for entry in entries { index[entry.objectID] = Unmanaged.passUnretained(entry) }
        // Every other one leaves: the runs they were in shift back.
        for entry in entries where entry.number % 2 == 0 { index[entry.objectID] = nil }
        #expect(index.count == 2_500)
        let wrong = entries.filter { entry in
            let found = index[entry.objectID]?.takeUnretainedValue()
            return entry.number % 2 == 0 ? found != nil : found !== entry
        }.map(\.number)
        #expect(wrong == [])
        let absent = index[ObjectIdentifier(Object())]
        #expect(absent == nil)
    }
}
