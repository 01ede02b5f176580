// What the Lists article leaves out: the receiver its derived list binds.
import Bindery

@MainActor let openView = TodoView()
