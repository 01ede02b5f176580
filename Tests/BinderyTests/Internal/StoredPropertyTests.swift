import Testing
@testable import Bindery

/// Offsets of stored properties read off key paths (rule 12), and the key paths that
/// must keep the runtime's generic path.
@Suite(.failOnUnexpectedDiagnostics) struct StoredPropertyTests {
    final class Panel {
        var width = 0
        var title: String? = "untitled"
        var tags: [String] = []
        let id = 7
        var height = 0 { didSet { heightChanges += 1 } }
        var heightChanges = 0
        var area: Int {
            get { width * height }
            set { width = newValue }
        }
        var inner = Inner()
        var child: Panel?
    }

    struct Inner { var depth = 0 }

    class Base { var open = 0 }

    /// The address the offset names, as an integer distance from the object.
    func distance<Value>(_ panel: Panel, _ member: inout Value) -> Int {
        let base = UnsafeMutableRawPointer(Unmanaged.passUnretained(panel).toOpaque())
        return withUnsafeMutablePointer(to: &member) { UnsafeMutableRawPointer($0) - base }
    }

    @Test("Rule 12: a final class's stored property is written at its real address, read off the key path once")
    func storedOffsetsMatchAddresses() throws {
        let panel = Panel()
        #expect(StoredProperty.offset(of: \Panel.width) == distance(panel, &panel.width))
        #expect(StoredProperty.offset(of: \Panel.title) == distance(panel, &panel.title))
        #expect(StoredProperty.offset(of: \Panel.tags) == distance(panel, &panel.tags))
        #expect(StoredProperty.offset(of: \Panel.id) != nil)
    }

    @Test("A write through the address is what the property reads back, old values released")
    func writeThroughAddress() throws {
        let panel = Panel()
        let offset = try #require(StoredProperty.offset(of: \Panel.title))
        StoredProperty.address(in: panel, at: offset, as: String?.self).pointee = "Lottery \(panel.id)"
        #expect(panel.title == "Lottery 7")
        StoredProperty.address(in: panel, at: offset, as: String?.self).pointee = nil
        #expect(panel.title == nil)
    }

    @Test("Observers, computed and overridable properties, optional chains and nested paths keep the generic path")
    func accessorKeyPathsHaveNoOffset() {
        #expect(StoredProperty.offset(of: \Panel.height) == nil)
        #expect(StoredProperty.offset(of: \Panel.area) == nil)
        #expect(StoredProperty.offset(of: \Base.open) == nil)
        #expect(StoredProperty.offset(of: \Panel.child?.width) == nil)
        #expect(StoredProperty.offset(of: \Panel.inner.depth) == nil)
    }

    @Test("A receiver property with an observer is written through its setter: the observer runs")
    func observedReceiverRunsItsObserver() {
        let box = Box()
        let panel = Panel()
        Bind.in(box, \.int).out(panel, \.height)
        box.int = 3
        box.int = 4
        #expect(panel.height == 4)
        #expect(panel.heightChanges == 3)
    }

    @Test("A computed receiver property is written through its setter")
    func computedReceiverUsesItsSetter() {
        let box = Box()
        let panel = Panel()
        Bind.in(box, \.int).out(panel, \.area)
        box.int = 12
        #expect(panel.width == 12)
    }

    @Test("A plain class's stored property receives and converts without its key path")
    func plainStoredReceiver() {
        let box = Box()
        let panel = Panel()
        Bind.in(box, \.int).out(panel, \.width).out(panel, \.title)
        box.int = 42
        #expect(panel.width == 42)
        #expect(panel.title == "42")
    }
}
