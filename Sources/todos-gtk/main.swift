// TodoMVC in a GTK 4 window: `swift run --traits GTK todos-gtk` (being written).
print("todos-gtk: not written yet")
