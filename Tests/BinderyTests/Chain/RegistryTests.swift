import Testing
@testable import Bindery

/// The binding graph: what it keeps and when it lets go (DESIGN rule 1).
@Suite(.failOnUnexpectedDiagnostics) struct RegistryTests {
    @Test("The graph indexes endpoints by object and forgets them when their chain ends")
    func indexByObject() {
        let box = Box()
        let label = Label()
        let chain = Bind.in(box, \.int).out(label, \.text)
        let (boxEntries, labelEntries) = Registry.shared.locked {
            (Registry.shared.byObject[ObjectIdentifier(box)]?.count, Registry.shared.byObject[ObjectIdentifier(label)]?.count)
        }
        #expect(boxEntries == 1)
        #expect(labelEntries == 1)
        chain.unbind()
        let afterwards = Registry.shared.locked {
            (Registry.shared.byObject[ObjectIdentifier(box)], Registry.shared.byObject[ObjectIdentifier(label)])
        }
        #expect(afterwards.0 == nil)
        #expect(afterwards.1 == nil)
    }

    @Test("A dead plain object's entry is dropped when a new object at its address is looked up")
    func staleEntriesDropped() {
        let box = Box()
        var label: Label? = Label()
        Bind.in(box, \.int).out(label!, \.text)
        let id = ObjectIdentifier(label!)
        label = nil
        // Looking the address up prunes the stale entry (and ends the chain it left empty).
        let stale = Registry.shared.locked { () -> Int in
            Registry.shared.byObject[id]?.count ?? 0
        }
        #expect(stale == 1)
        box.int = 1     // the next dispatch prunes it
        let after = Registry.shared.locked { Registry.shared.byObject[id]?.count ?? 0 }
        #expect(after == 0)
    }
}
