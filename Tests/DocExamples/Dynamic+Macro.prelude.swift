// What the examples of Dynamic+Macro.swift leave out: the lottery (of their own Lottery class)
// and the label. Not part of any example.
import Bindery

@MainActor let lottery = Lottery()
@MainActor let label = Label()
