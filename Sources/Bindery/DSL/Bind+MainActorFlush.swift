extension Bind {
    /// Waits until every main-actor update Bindery has queued has run: the writes to main-actor
    /// receivers, main-actor blocks and targets, and main-actor derived values, queued by
    /// changes made on other threads (or by such updates in turn).
    ///
    /// For tests: a background task sets a model, the main-actor receivers are written later,
    /// on the main actor, in order; `await Bind.flushMainActor()` returns once they have been,
    /// so the test asserts at once, with no polling and no sleep. Updates queued after it
    /// returns (by a change made later, on another thread) are not waited for.
    ///
    /// Callable from any context; from the main actor it suspends, which lets the main actor
    /// run what is queued.
    ///
    /// ```swift
    /// let model = Model()
    /// Bind.in(model, \.title).out(winCodeLabel, \.text)          // a main-actor label
    /// await Task.detached { model.title = "from the background" }.value
    /// await Bind.flushMainActor()
    /// print(winCodeLabel.text ?? "")                               // "from the background"
    /// ```
    public static func flushMainActor() async {
        await MainQueue.flush()
    }
}
