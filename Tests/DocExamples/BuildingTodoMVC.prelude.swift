// without Widgets.swift: the article builds its screen from BinderyTerminal's widgets.
import BinderyTerminal
