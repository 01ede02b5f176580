import PropertyBased
import Testing
@testable import Bindery

/// `ListViewState`: rows in a counted B+ tree, the selection and the top row kept on their
/// elements.
@Suite struct ListViewStateTests {
    static func items(_ ids: [Int]) -> [Item] { ids.map { Item(id: $0) } }

    @Test("Rule 14: the rows follow any change, and the selection stays on its element or is cleared with it")
    func followsChanges() async {
        let list = Gen.int(in: 0...99).array(of: 0...30)
        await propertyCheck(count: 1500, input: list, list, Gen.int(in: 0...40)) { old, new, pick in
            let before = Self.items(Array(Set(old)).sorted()), after = Self.items(new.filter { $0 % 3 != 0 } + [200, 201])
            var state = ListViewState(before)
            let selected = before.isEmpty ? nil : pick % before.count
            state.selection = selected
            state.top = before.isEmpty ? 0 : (pick / 2) % before.count
            let topElement = before.isEmpty ? nil : before[state.top]
            let change = ListChange(from: before, to: after)
            state.apply(change)
            #expect(state.elements == after)
            if let selected, !change.isReset, let kept = after.firstIndex(of: before[selected]) {
                #expect(state.selection == kept)
            } else {
                #expect(state.selection == nil)
            }
            if let topElement, !change.isReset, state.top > 0, after.contains(topElement), before.firstIndex(of: topElement)! > 0 {
                // Scrolled down: the top row stays on its element, unless it moved itself.
                let movedItself = change.steps.contains { if case .move = $0 { true } else { false } }
                if !movedItself { #expect(after[state.top] == topElement) }
            }
            #expect(state.top >= 0 && state.top <= max(0, after.count - 1))
        }
    }

    @Test("At the very top, rows inserted at the start come into view; scrolled down, the view keeps its row")
    func topAnchor() {
        var state = ListViewState(Self.items([1, 2, 3, 4]))
        state.apply(ListChange(elements: Self.items([0, 1, 2, 3, 4]), steps: [.insert(Item(id: 0), at: 0)]))
        #expect(state.top == 0)
        state.top = 2
        state.apply(ListChange(elements: Self.items([9, 0, 1, 2, 3, 4]), steps: [.insert(Item(id: 9), at: 0)]))
        #expect(state.top == 3 && state[state.top] == Item(id: 2))
        state.apply(ListChange(elements: Self.items([9, 0, 2, 3, 4]), steps: [.remove(at: 2)]))
        #expect(state[state.top] == Item(id: 2))
        state.apply(ListChange(elements: Self.items([9, 0, 3, 4]), steps: [.remove(at: 2)]))
        #expect(state.top == 2 && state[state.top] == Item(id: 3))   // the next row takes its place
    }

    @Test("A hundred thousand insertions at the front and removals at the back stay in order")
    func atTheEnds() {
        var state = ListViewState<Int>()
        for value in 0..<100_000 {
            state.apply(ListChange(elements: [], steps: [.insert(value, at: 0)]))
            if state.count > 50 { state.apply(ListChange(elements: [], steps: [.remove(at: state.count - 1)])) }
        }
        #expect(state.elements == Array((100_000 - 50..<100_000).reversed()))
    }

    @Test("Rule 15: a shuffle of 10,000 rows through ListChange(from:to:) gives exactly the target; the selection stays on its element, and the top row on its own when the change does not move it")
    func shuffle() throws {
        let before = Self.items(Array(0..<10_000))
        var random = SplitMix64(seed: 39)
        let after = before.shuffled(using: &random)
        let change = ListChange(from: before, to: after)
        #expect(!change.isReset && change.steps.count > 9_000)
        // The elements the change moves (the others keep their order, and a top row among them
        // keeps its element).
        var moved = Set<Int>()
        var simulated = before
        for step in change.steps {
            if case .move(let from, _) = step { moved.insert(simulated[from].id) }
            #expect(ListChange<Item>.apply(step, to: &simulated))
        }
        let topElement = try #require(before[4_000...].first { !moved.contains($0.id) })
        let base = ListViewState(before)
        for selected in [0, 1, 4_000, 5_001, 9_999] {
            var state = base
            state.selection = selected
            state.top = topElement.id
            state.apply(change)
            #expect(state.elements == after)
            let selection = try #require(state.selection)
            #expect(state[selection] == before[selected])
            #expect(state[state.top] == topElement)
        }
        #expect(base.elements == before)   // the copies changed, not the original
    }

    @Test("A step that does not fit makes the rest a reset; selecting out of range is ignored")
    func misfits() {
        var state = ListViewState(Self.items([1, 2]))
        state.selection = 5
        #expect(state.selection == nil)
        state.selection = 1
        state.apply(ListChange(elements: Self.items([3]), steps: [.remove(at: 7)]))
        #expect(state.elements == Self.items([3]) && state.selection == nil)
    }

    @Test("Step.index(following:) maps an index through each kind of step")
    func indexFollowing() {
        typealias Step = ListChange<Int>.Step
        #expect(Step.insert(0, at: 2).index(following: 2) == 3)
        #expect(Step.insert(0, at: 2).index(following: 1) == 1)
        #expect(Step.remove(at: 2).index(following: 2) == nil)
        #expect(Step.remove(at: 2).index(following: 5) == 4)
        #expect(Step.move(from: 4, to: 0).index(following: 4) == 0)
        #expect(Step.move(from: 4, to: 0).index(following: 0) == 1)
        #expect(Step.move(from: 0, to: 4).index(following: 3) == 2)
        #expect(Step.update(0, at: 1).index(following: 1) == 1)
        #expect(Step.reset([]).index(following: 0) == nil)
    }
}
