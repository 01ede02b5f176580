extension Control {
    /// Runs `body` each time the user triggers the control's designated events (a button's
    /// press, a field's edit): BIND's shorthand for a control's main event.
    ///
    /// - Parameter body: Held by the binding until the control goes or the chain is unbound;
    ///   runs on the main actor.
    /// - Returns: The chain, to unbind.
    ///
    /// ```swift
    /// spinButton.observe { lottery.sn += 1 }
    /// ```
    @discardableResult
    public func observe(_ body: @escaping @MainActor () -> Void) -> Chain<DesignatedValue> {
        Bind.in(self).adding(block: "observe", isAnonymous: true, initial: false, delivery: .mainActor) { (_: DesignatedValue) in
            MainActor.assumeIsolated { body() }
        }
    }
}
