#if GTK
import Bindery
import BinderyGTK
import CGtk
import Dispatch

/// What a case found.
enum Outcome {
    case ran
    /// The work never ran (named).
    case didNotRun(String)
    /// It ran, but not as it should.
    case wrong(String)
}

/// The work other threads queue for the main actor, one case each. Every case does its
/// background part, waits on the main thread until that part has queued its main-actor work,
/// then runs GLib's main loop without blocking until the work has run or the loop has nothing
/// left to do.
@MainActor enum MainQueueCase: String, CaseIterable {
    /// A label bound with `delivery: .mainActor`, changed from a background thread.
    case delivery
    /// `Task { @MainActor in … }` started on a background thread writes a label.
    case task
    /// A sequence sender feeds a label: its task yields off the main thread.
    case sequence
    /// A wrapper whose last reference goes on a background thread: its deinit is isolated to
    /// the main actor, and releases the widget.
    case deinitialisation = "deinit"
    /// No wrapper: the source installed by hand (or not, with `--without-source`); a plain
    /// main-actor object bound with `.mainActor`, and a main-actor task.
    case plain

    func run() -> Outcome {
        switch self {
        case .delivery: return delivery()
        case .task: return task()
        case .sequence: return sequence()
        case .deinitialisation: return deinitialisation()
        case .plain: return plain()
        }
    }

    private func delivery() -> Outcome {
        let label = Label()
        guard MainQueueSource.isInstalled else { return .wrong("making a Label did not install the main-queue source") }
        let box = Dynamic(0)
        let chain = Bind.in(box, \.value).out(label, \.text, delivery: .mainActor)
        defer { chain.unbind() }
        offMain { box.value = 42 }
        return runMainLoop(until: "the chain's write of the label") { label.text == "42" && shownText(label) == "42" }
    }

    private func task() -> Outcome {
        let label = Label()
        let ranOnMain = Flag()
        offMain {
            Task { @MainActor in
                ranOnMain.set(cgtk_is_first_thread() != 0)
                label.text = "from a task"
            }
        }
        let outcome = runMainLoop(until: "the main-actor task") { label.text == "from a task" }
        guard case .ran = outcome else { return outcome }
        return ranOnMain.value ? .ran : .wrong("the main-actor task ran off the main thread")
    }

    private func sequence() -> Outcome {
        let label = Label()
        let (temperatures, feed) = AsyncStream.makeStream(of: Int.self)
        let queued = DispatchSemaphore(value: 0)
        // Declared here, on the main actor: the label is written on the main actor. The block,
        // declared for the changing thread, runs after the label's write is queued.
        let chain = Bind.in(sequence: temperatures, initial: 0)
            .out(label, \.text)
            .out("queued", initial: false, isolation: nil) { (value: Int) in
                if value == 21 { queued.signal() }
            }
        defer { chain.unbind() }
        feed.yield(19)
        feed.yield(21)
        queued.wait()
        return runMainLoop(until: "the sequence's write of the label") { label.text == "21" }
    }

    private func deinitialisation() -> Outcome {
        let finalized = Flag()
        releaseOffMain(finalized)
        return runMainLoop(until: "the wrapper's deinit (which releases its widget)") { finalized.value }
    }

    private func plain() -> Outcome {
        let screen = Screen()
        let box = Dynamic(0)
        let chain = Bind.in(box, \.value).out(screen, \.value, delivery: .mainActor)
        defer { chain.unbind() }
        offMain {
            box.value = 7
            Task { @MainActor in screen.taskRan = true }
        }
        return runMainLoop(until: "the chain's main-actor write and a main-actor task") { screen.value == 7 && screen.taskRan }
    }
}

/// A main-actor object that is not a widget.
@MainActor final class Screen {
    var value = 0
    var taskRan = false
}

/// A flag set on one thread and read on another.
final class Flag: @unchecked Sendable {
    // @unchecked: `isSet` is guarded by `lock`.
    private let lock = PthreadLock()
    private var isSet = false

    var value: Bool { lock.withLock { isSet } }

    func set(_ value: Bool = true) {
        lock.withLock { isSet = value }
    }
}

/// A pthread mutex, so that this program needs no Foundation.
final class PthreadLock: @unchecked Sendable {
    // @unchecked: the only state is the mutex.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    init() { pthread_mutex_init(mutex, nil) }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    func withLock<Result>(_ body: () -> Result) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body()
    }
}

/// Runs `work` on a thread of Dispatch's pool and returns once it has: whatever it queued for
/// the main actor is queued by then.
@MainActor func offMain(_ work: @escaping @Sendable () -> Void) {
    let done = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
        work()
        done.signal()
    }
    done.wait()
}

/// Makes a label whose widget is never placed (so the wrapper's deinit releases it), and
/// lets its last reference go on another thread; `finalized` is set when GTK finalises it.
@MainActor func releaseOffMain(_ finalized: Flag) {
    var label: Label? = Label()
    guard let widget = label?.widget else { return }
    g_object_weak_ref(
        UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GObject.self),
        { data, _ in Unmanaged<Flag>.fromOpaque(data!).takeRetainedValue().set() },
        Unmanaged.passRetained(finalized).toOpaque())
    let handOver = HandOver(label.take()!)
    offMain { handOver.drop() }
}

/// Carries a wrapper to another thread, where its last reference goes.
final class HandOver: @unchecked Sendable {
    // @unchecked: `wrapper` is taken once, on the thread it was handed to.
    private var wrapper: Label?

    init(_ wrapper: Label) {
        self.wrapper = wrapper
    }

    func drop() {
        wrapper = nil
    }
}

/// The text GTK shows in `label`'s widget.
@MainActor func shownText(_ label: Label) -> String? {
    guard let widget = label.widget else { return nil }
    return String(cString: gtk_label_get_text(OpaquePointer(widget)))
}

/// Runs GLib's main loop without blocking until `done` holds: `.didNotRun` once the loop has
/// nothing left to do (or after 1,000 rounds) without it.
@MainActor func runMainLoop(until what: String, _ done: () -> Bool) -> Outcome {
    var rounds = 0
    while !done() {
        guard rounds < 1_000, g_main_context_pending(nil) != 0 else { return .didNotRun(what) }
        g_main_context_iteration(nil, 0)
        rounds += 1
    }
    return .ran
}
#endif
