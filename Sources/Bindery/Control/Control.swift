internal import BinderyRuntime
import Synchronization

// Layer 3 of Sources/Bindery (Internal → Observable → Control → Lifetime → Convert → Chain →
// Derived, DSL, Interop → List → MVVM → Expression → Debug; a folder names types of the folders
// before it only, checked by Tests/Layers/layers.py). Control: the `Control` protocol, its events
// and event center. Names `Observable` and `Internal`.

/// Something a person edits: it reports user edits as ``ControlEvents``.
///
/// A control owns a ``ControlEventCenter`` and calls ``sendActions(for:)`` when the user
/// changes it; its own property setters do not send events, so a program's writes (and
/// Bindery's) never look like user edits. Each control names its designated property and
/// events, which the shorthands use (`Bind.inout(slider)` means
/// `Bind.inout(slider, \.value, on: .valueChanged)`).
///
/// ```swift
/// final class TextField: Control {
///     var text = ""
///     let eventCenter = ControlEventCenter()
///     static var designatedKeyPath: ReferenceWritableKeyPath<TextField, String> { \.text }
///     static var designatedEvents: ControlEvents { .editingChanged }
///
///     func userTyped(_ newText: String) {
///         text = newText
///         sendActions(for: .editingChanged)
///     }
/// }
/// ```
///
/// Bindery never retains a control; a control leaves every chain when its event center
/// deinitialises with it.
public protocol Control: DesignatedProperty {
    /// The events that report a user edit of the designated property.
    static var designatedEvents: ControlEvents { get }

    /// Where the control's events go. Declare it as a stored `let`.
    var eventCenter: ControlEventCenter { get }
}

extension Control {
    /// Reports user interaction: every chain that listens to one of `events` on this control
    /// reads its property and propagates, synchronously, on the calling thread.
    ///
    /// - Parameter events: What the user did.
    public func sendActions(for events: ControlEvents) {
        let center = eventCenter
        guard center.claim(for: self) else {
            Report.foreignEventCenter(type(of: self), "\(events)")
            return
        }
        center.registrar.notify(events: events.rawValue)
    }

    /// Reports a read of the designated property to the derived value being evaluated on this
    /// thread, if one is: a control calls it in its designated property's getter, so that a
    /// derived value that reads the property (`Derived { @MainActor in searchField.text }`)
    /// is evaluated again after each of the designated events. Outside an evaluation it costs
    /// one thread-local load.
    ///
    /// ```swift
    /// final class SearchField: Control {
    ///     private var stored = ""
    ///     var text: String {
    ///         get { reportRead(); return stored }
    ///         set { stored = newValue }
    ///     }
    ///     let eventCenter = ControlEventCenter()
    ///     static var designatedKeyPath: ReferenceWritableKeyPath<SearchField, String> { \.text }
    ///     static var designatedEvents: ControlEvents { .editingChanged }
    /// }
    /// ```
    public func reportRead() {
        guard let recorder = ReadRecorder.onThisThread else { return }
        let center = eventCenter
        recorder._withUnsafeGuaranteedRef {
            $0.recordRead(
                of: center.registrar, events: Self.designatedEvents.rawValue, center: center, object: self,
                keyPath: { Self.designatedKeyPath })
        }
    }
}

/// The hub through which a ``Control`` reports its events to Bindery.
///
/// A control stores one (`let eventCenter = ControlEventCenter()`) and never shares it. When
/// the control deinitialises, so does its event center, and the control leaves every chain.
///
/// An event center serves one control only: the first control that binds or sends through it
/// owns it. Another control that tries to is refused and reported, so a center that outlives
/// its control never makes Bindery reach a control that has gone.
public final class ControlEventCenter: Sendable {
    let registrar = _ChangeRegistrar()
    /// The address of the control that owns this center; 0 until one binds or sends.
    private let owner = Atomic<UInt>(0)

    /// The endpoint kind of the first events a binding listened to here (the address of a
    /// retained object the engine made, a `ControlEventsKind`, or 0), kept so that binding the
    /// control again on the same events allocates no kind: set once by the engine (see
    /// `kind(hearing:)`), released by the deinit.
    let firstKind = Atomic<UInt>(0)

    /// Creates an event center for one control.
    public init() {}

    deinit {
        if let kind = UnsafeRawPointer(bitPattern: firstKind.load(ordering: .acquiring)) {
            Unmanaged<AnyObject>.fromOpaque(kind).release()
        }
    }

    /// Whether `control` owns this center, making it the owner if none does yet.
    @usableFromInline
    func claim(for control: AnyObject) -> Bool {
        let address = UInt(bitPattern: Unmanaged.passUnretained(control).toOpaque())
        let (exchanged, original) = owner.compareExchange(expected: 0, desired: address, ordering: .relaxed)
        return exchanged || original == address
    }
}
