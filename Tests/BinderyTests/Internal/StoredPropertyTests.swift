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

    /// A view whose subviews are `let`s, as a cell's are.
    final class Cell {
        let header = Header()
        var replaceable = Header()
        unowned let borrowed: Header
        let frame = Frame()
        init() { borrowed = header }
    }

    final class Header {
        var label: String? = nil
        var count = 0
        var observed = "" { didSet { observedChanges += 1 } }
        var observedChanges = 0
    }

    final class Frame {
        let header = Header()
        let deeper = Deeper()
    }

    final class Deeper { let frame = FrameLeaf() }

    final class FrameLeaf { var value = 0 }

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

    @Test("Observers, computed and overridable properties, optional chains and paths into structs keep the generic path")
    func accessorKeyPathsHaveNoOffset() {
        #expect(StoredProperty.offset(of: \Panel.height) == nil)
        #expect(StoredProperty.offset(of: \Panel.area) == nil)
        #expect(StoredProperty.offset(of: \Base.open) == nil)
        #expect(StoredProperty.offset(of: \Panel.child?.width) == nil)
        #expect(StoredProperty.offset(of: \Panel.inner.depth) == nil)
    }

    @Test("Rule 12: a path through `let`s of plain classes (a cell's `\\.header.label`) resolves to the last object's stored property")
    func pathThroughLetsResolves() throws {
        let cell = Cell()
        let packed = try #require(StoredProperty.offset(of: \Cell.header.label))
        let offset = StoredProperty.split(packed).offset
        let header = StoredProperty.follow(StoredProperty.split(packed).hops, from: cell)
        #expect(ObjectIdentifier(header) == ObjectIdentifier(cell.header))
        let address = StoredProperty.address(in: header, at: offset, as: String?.self)
        #expect(address == withUnsafeMutablePointer(to: &cell.header.label) { $0 })
        address.pointee = "direct"
        #expect(cell.header.label == "direct")
        let twoLets = try #require(StoredProperty.offset(of: \Cell.frame.header.count))
        let inner = StoredProperty.follow(StoredProperty.split(twoLets).hops, from: cell)
        #expect(ObjectIdentifier(inner) == ObjectIdentifier(cell.frame.header))
        StoredProperty.address(in: inner, at: StoredProperty.split(twoLets).offset, as: Int.self).pointee = 5
        #expect(cell.frame.header.count == 5)
        #expect(cell.header.count == 0)
        let width = try #require(StoredProperty.offset(of: \Panel.width))
        #expect(StoredProperty.split(width).hops == 0)
    }

    @Test("A `var`, an `unowned` reference or a property with observers on the way, or more than two `let`s, keep the generic path")
    func pathsThatMayChangeKeepTheGenericPath() {
        #expect(StoredProperty.offset(of: \Cell.replaceable.label) == nil)
        #expect(StoredProperty.offset(of: \Cell.borrowed.label) == nil)
        #expect(StoredProperty.offset(of: \Cell.header.observed) == nil)
        #expect(StoredProperty.offset(of: \Cell.frame.deeper.frame.value) == nil)
    }

    @Test("A receiver through `let`s is written as the key path would write it, and a replaced `var` on the way is followed")
    func bindingThroughLets() {
        let box = Box()
        let cell = Cell()
        Bind.in(box, \.int).out(cell, \.header.label).out(cell, \.replaceable.count).out(cell, \.header.observed)
        box.int = 42
        #expect(cell.header.label == "42")
        #expect(cell.header.observedChanges == 2)
        let replaced = Header()
        cell.replaceable = replaced
        box.int = 43
        #expect(replaced.count == 43)
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
