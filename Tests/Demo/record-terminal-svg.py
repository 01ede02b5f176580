#!/usr/bin/env python3
"""Records a terminal demo as an animated SVG for the README: the lottery (Docs/lottery-terminal.svg) or TodoMVC (--app todos: Docs/todos-terminal.svg).

Plays a scripted run of `lottery` in a detached tmux session (keys, and mouse clicks and drags
sent as the raw SGR reports a terminal sends), captures the pane with its colours
(`capture-pane -p -e`) and the cursor after each step, and writes the frames as one SVG:
monospace cells on a fixed grid (each run of text is stretched to its cells with textLength,
a wide character such as 中 gets two cells, so box drawing and CJK line up in any font),
shown one after another by a CSS animation. A ring marks where a click landed.

Rows that repeat between frames are written once (<defs>) and reused (<use>), and frames that
repeat (a blink's two phases) share one picture, so the file stays small.

    Tests/Demo/record-terminal-svg.py                       # builds lottery, writes the SVG
    Tests/Demo/record-terminal-svg.py --scratch-path .build-demo
    Tests/Demo/record-terminal-svg.py --binary .build/debug/lottery   # no build
    Tests/Demo/record-terminal-svg.py --still 12 /tmp/frame.svg   # also one frame, unanimated
                                                                  # (rsvg-convert it to check)
    Tests/Demo/record-terminal-svg.py --app todos                  # TodoMVC, on a fresh database
Needs tmux and python3 (standard library only).
"""
import argparse
import html
import os
import re
import subprocess
import sys
import time
import unicodedata

COLUMNS, ROWS = 96, 21
# The command the title bar shows, and its description; --app todos changes them.
COMMAND, DESCRIPTION = "swift run lottery", "the Bindery slot machine in a terminal"
CELL_WIDTH, CELL_HEIGHT, FONT_SIZE = 8.4, 18, 14
PADDING, TITLE_BAR = 14, 30
BACKGROUND, FOREGROUND = "#1e1f22", "#d3d7cf"
# The Tango palette (the GTK demo's colours), normal then bright.
PALETTE = [
    "#2e3436", "#cc0000", "#4e9a06", "#c4a000", "#3465a4", "#75507b", "#06989a", "#d3d7cf",
    "#555753", "#ef2929", "#8ae234", "#fce94f", "#729fcf", "#ad7fa8", "#34e2e2", "#eeeeec",
]


def color256(index):
    """The colour of xterm-256 colour `index`."""
    if index < 16:
        return PALETTE[index]
    if index < 232:
        index -= 16
        levels = [0, 95, 135, 175, 215, 255]
        r, g, b = levels[index // 36], levels[index // 6 % 6], levels[index % 6]
        return "#%02x%02x%02x" % (r, g, b)
    level = 8 + (index - 232) * 10
    return "#%02x%02x%02x" % (level, level, level)


def cell_width(character):
    """The columns a character takes: 2 for East Asian wide and fullwidth ones, else 1."""
    return 2 if unicodedata.east_asian_width(character) in ("W", "F") else 1


# --- Parsing capture-pane -e ----------------------------------------------------------------

SGR = re.compile(r"\x1b\[([0-9;:]*)m")


class Style:
    """The attributes of one cell: colours (None is the default), bold, underline, reverse."""

    __slots__ = ("fg", "bg", "bold", "underline", "reverse", "dim")

    def __init__(self):
        self.fg = self.bg = None
        self.bold = self.underline = self.reverse = self.dim = False

    def copy(self):
        other = Style()
        for name in self.__slots__:
            setattr(other, name, getattr(self, name))
        return other

    def apply(self, parameters):
        """Applies the parameters of one SGR sequence."""
        numbers = [int(p) if p.isdigit() else 0 for p in re.split("[;:]", parameters)] if parameters else [0]
        i = 0
        while i < len(numbers):
            n = numbers[i]
            if n == 0:
                self.__init__()
            elif n == 1:
                self.bold = True
            elif n == 2:
                self.dim = True
            elif n == 4:
                self.underline = True
            elif n == 7:
                self.reverse = True
            elif n == 22:
                self.bold = self.dim = False
            elif n == 24:
                self.underline = False
            elif n == 27:
                self.reverse = False
            elif 30 <= n <= 37:
                self.fg = PALETTE[n - 30]
            elif 90 <= n <= 97:
                self.fg = PALETTE[n - 90 + 8]
            elif 40 <= n <= 47:
                self.bg = PALETTE[n - 40]
            elif 100 <= n <= 107:
                self.bg = PALETTE[n - 100 + 8]
            elif n == 39:
                self.fg = None
            elif n == 49:
                self.bg = None
            elif n in (38, 48) and i + 1 < len(numbers):
                if numbers[i + 1] == 5 and i + 2 < len(numbers):
                    value = color256(numbers[i + 2])
                    i += 2
                elif numbers[i + 1] == 2 and i + 4 < len(numbers):
                    value = "#%02x%02x%02x" % tuple(numbers[i + 2:i + 5])
                    i += 4
                else:
                    value = None
                    i += 1
                if n == 38:
                    self.fg = value
                else:
                    self.bg = value
            i += 1

    def drawn(self):
        """(foreground, background or None, bold, underline) as drawn, reverse applied."""
        fg, bg = self.fg or FOREGROUND, self.bg
        if self.reverse:
            fg, bg = bg or BACKGROUND, fg
        if self.dim:
            fg = fg + "99" if len(fg) == 7 else fg
        return (fg, bg, self.bold, self.underline)


def parse_screen(text):
    """The rows of a `capture-pane -p -e` capture: each a list of (character, drawn style) per
    cell; the second cell of a wide character holds ''."""
    rows = []
    style = Style()
    for line in text.split("\n")[:ROWS]:
        cells = []
        position = 0
        for match in SGR.finditer(line):
            cells.extend(cells_of(line[position:match.start()], style))
            style.apply(match.group(1))
            position = match.end()
        cells.extend(cells_of(line[position:], style))
        cells = cells[:COLUMNS]
        cells += [(" ", Style().drawn())] * (COLUMNS - len(cells))
        rows.append(cells)
    while len(rows) < ROWS:
        rows.append([(" ", Style().drawn())] * COLUMNS)
    return rows


def cells_of(text, style):
    drawn = style.drawn()
    cells = []
    for character in re.sub(r"\x1b\[[0-9;:?]*[A-Za-z]", "", text):
        if unicodedata.combining(character) and cells:
            cells[-1] = (cells[-1][0] + character, cells[-1][1])
            continue
        cells.append((character, drawn))
        if cell_width(character) == 2:
            cells.append(("", drawn))
    return cells


# --- Driving tmux -----------------------------------------------------------------------------

class Session:
    """The demo in a detached tmux session of COLUMNS × ROWS."""

    def __init__(self, command):
        self.socket = "bindery-record-%d" % os.getpid()
        self.tmux("new-session", "-d", "-s", "demo", "-x", str(COLUMNS), "-y", str(ROWS),
                  "env -i PATH=/usr/bin:/bin TERM=xterm-256color LANG=C.UTF-8 %s" % command)
        self.started = time.monotonic()

    def tmux(self, *arguments):
        return subprocess.run(["tmux", "-L", self.socket, *arguments], check=True,
                              capture_output=True, text=True).stdout

    def close(self):
        subprocess.run(["tmux", "-L", self.socket, "kill-server"], capture_output=True)

    def plain(self):
        return self.tmux("capture-pane", "-t", "demo", "-p")

    def wait_for(self, pattern, timeout=15):
        deadline = time.monotonic() + timeout
        while not re.search(pattern, self.plain(), re.M):
            if time.monotonic() > deadline:
                sys.exit("record-terminal-svg: the screen never showed /%s/:\n%s" % (pattern, self.plain()))
            time.sleep(0.03)

    def keys(self, *keys):
        self.tmux("send-keys", "-t", "demo", *keys)

    def text(self, text):
        self.tmux("send-keys", "-t", "demo", "-l", text)

    def mouse(self, code, column, row, final):
        """Sends an SGR mouse report for the 0-based cell `column`, `row`."""
        self.text("\x1b[<%d;%d;%d%s" % (code, column + 1, row + 1, final))

    def locate(self, pattern, text):
        """The 0-based cell where `text` starts on the first line matching /pattern/."""
        for row, line in enumerate(self.plain().split("\n")):
            if re.search(pattern, line) and text in line:
                prefix = line[:line.index(text)]
                return sum(cell_width(c) for c in prefix), row
        sys.exit("record-terminal-svg: no line matches /%s/ with %r:\n%s" % (pattern, text, self.plain()))

    def capture(self):
        """The screen now: its rows, and the cursor's cell if it is shown."""
        screen = self.tmux("capture-pane", "-t", "demo", "-p", "-e")
        x, y, shown = self.tmux("display-message", "-t", "demo", "-p",
                                "#{cursor_x} #{cursor_y} #{cursor_flag}").split()
        cursor = (int(x), int(y)) if shown == "1" else None
        return parse_screen(screen), cursor


class Recorder:
    """Frames: each the screen, the cursor, where a click landed, and how long it is shown."""

    def __init__(self, session):
        self.session = session
        self.frames = []

    def frame(self, seconds, pattern=None, pointer=None):
        if pattern:
            self.session.wait_for(pattern)
        time.sleep(0.04)   # the rest of the frame's writes
        rows, cursor = self.session.capture()
        self.frames.append({"rows": rows, "cursor": cursor, "pointer": pointer, "seconds": seconds,
                            "at": round(time.monotonic() - self.session.started, 2)})

    def click(self, column, row, pattern, seconds=0.9):
        self.session.mouse(0, column, row, "M")
        self.session.mouse(0, column, row, "m")
        self.frame(seconds, pattern, pointer=(column, row))

    def type(self, text, pattern_of):
        typed = ""
        for character in text:
            typed += character
            self.session.text(character)
            self.frame(0.14, pattern_of(typed))


def play(recorder):
    """The scripted run: what a person does in the first minute."""
    s, r = recorder.session, recorder
    s.wait_for("Draw #0")
    r.frame(1.6)

    column, row = s.locate("Name", "type your name")
    r.click(column + 1, row, r"Name +▸", seconds=0.6)
    r.type("Ada 中文", lambda typed: "Good luck, %s!" % re.escape(typed))
    r.frame(0.8)

    column, row = s.locate("Win code", "777")
    r.click(column + 3, row, r"Win code +▸777", seconds=0.6)
    for left in ("77", "7", ""):
        s.keys("BSpace")
        r.frame(0.25, r"you bet on %s( |$)" % (left or "…"))
    r.type("123", lambda typed: r"you bet on %s[ ,]" % typed)
    s.text("4")   # a fourth digit is refused
    r.frame(0.6, r"you bet on 123, 50% to win")

    column, row = s.locate("Win rate", "[")
    s.mouse(0, column + 10, row, "M")
    r.frame(0.3, r"Win rate +▸\[", pointer=(column + 10, row))
    for offset in range(11, 19):
        s.mouse(32, column + offset, row, "M")
        r.frame(0.12, r"\] +%d%% " % (offset * 5), pointer=(column + offset, row))
    s.mouse(0, column + 18, row, "m")
    r.frame(0.7, pointer=(column + 18, row))

    column, row = s.locate(r"\[ Spin \]", "[ Spin ]")
    draws = 0
    while draws < 40:   # a few draws (the panel changes colour), the history past its rows, a win
        draws += 1
        if draws <= 3 or draws % 6 == 0:
            r.click(column + 3, row, r"Draw #%d\b" % draws, seconds=0.8 if draws <= 3 else 0.4)
        else:   # drawn, not recorded: the file keeps a frame a few draws
            s.mouse(0, column + 3, row, "M")
            s.mouse(0, column + 3, row, "m")
            s.wait_for(r"Draw #%d\b" % draws)
        if draws >= 20 and re.search(r"Result +WIN!", s.plain()):
            if draws % 6 != 0:
                r.frame(0.8, pointer=(column + 3, row))
            break
    for _ in range(8):   # the reels flash
        time.sleep(0.3)
        r.frame(0.3)

    column, row = s.locate("Flash", "[● on ]")
    r.click(column + 2, row, r"Flash +▸\[○ off\]", seconds=1.2)

    # The history: the wheel over it scrolls its reused rows; then Tab gives it the focus (Tab
    # moves down the screen, wrapping: Spin, then the history, drawn first) and its keys scroll.
    def top_row(sn):
        return r"History ─+┐\n.*│[ ▸]#%d " % sn
    def clamped(offset):   # the list's rows: 13 at a time, newest (#draws) first
        return max(0, min(offset, draws - 13))
    column, row = s.locate(r"│ #%d " % (draws - 4), "#%d" % (draws - 4))
    offset = 0
    for code, step in ((65, 3), (65, 3), (64, -3)):   # wheel down, down, up: three rows a notch
        offset = clamped(offset + step)
        s.mouse(code, column, row, "M")
        r.frame(0.6, top_row(draws - offset), pointer=(column, row))
    s.keys("Tab")
    r.frame(0.5, r"▸\[ Spin \]")
    s.keys("Tab")
    r.frame(0.8, r"│▸#%d " % (draws - offset))
    for key, step in (("Up", -1), ("Up", -1), ("PageDown", 13), ("Home", -draws), ("PageDown", 13)):
        offset = clamped(offset + step)
        s.keys(key)
        r.frame(0.6, top_row(draws - offset))

    # A click selects a draw (▶); draws that arrive keep the selection and the rows in view.
    selected = draws - offset - 2
    column, row = s.locate(r"[#▸]%d " % selected, "%d" % selected)
    r.click(column, row, r"▶%d " % selected, seconds=0.9)
    column, row = s.locate(r"\[ Spin \]", "[ Spin ]")
    for _ in range(2):
        draws += 1
        r.click(column + 3, row, r"Draw #%d\b" % draws, seconds=0.9)
    r.frame(2.0, r"▶%d " % selected)


# --- Writing the SVG --------------------------------------------------------------------------

def number(value):
    return ("%.2f" % value).rstrip("0").rstrip(".")


# The box-drawing characters drawn as lines: which of the cell's sides each joins to the middle.
BOX_LINES = {"─": "lr", "│": "tb", "┌": "rb", "┐": "lb", "└": "tr", "┘": "tl", "├": "tbr", "┤": "tbl",
             "┬": "lrb", "┴": "lrt", "┼": "lrtb"}


def box_path(character, column):
    """The path of a box-drawing character in cell `column` of a row whose top is at y = 0."""
    left = column * CELL_WIDTH
    middle_x, middle_y = left + CELL_WIDTH / 2, CELL_HEIGHT / 2
    ends = {"l": (left, middle_y), "r": (left + CELL_WIDTH, middle_y), "t": (middle_x, 0), "b": (middle_x, CELL_HEIGHT)}
    return "".join("M%s %sL%s %s" % (number(middle_x), number(middle_y), number(ends[side][0]), number(ends[side][1]))
                   for side in BOX_LINES[character])


class Writer:
    """Turns frames into SVG text, sharing rows and styles between frames."""

    def __init__(self):
        self.row_ids = {}       # a row's cells -> its <defs> id
        self.row_defs = []
        self.classes = {}       # a text style -> its CSS class
        self.fills = {}         # a background colour -> its CSS class

    def text_class(self, fg, bold):
        key = (fg, bold)
        if key not in self.classes:
            self.classes[key] = "t%d" % len(self.classes)
        return self.classes[key]

    def fill_class(self, colour):
        if colour not in self.fills:
            self.fills[colour] = "b%d" % len(self.fills)
        return self.fills[colour]

    def row(self, cells):
        """The id of a <g> that draws `cells` with its top at y = 0."""
        key = tuple(cells)
        if key in self.row_ids:
            return self.row_ids[key]
        parts = []
        # Backgrounds, in runs of one colour.
        column = 0
        while column < COLUMNS:
            bg = cells[column][1][1]
            end = column
            while end < COLUMNS and cells[end][1][1] == bg:
                end += 1
            if bg is not None:
                parts.append('<rect class="%s" x="%s" width="%s" height="%d"/>'
                             % (self.fill_class(bg), number(column * CELL_WIDTH), number((end - column) * CELL_WIDTH), CELL_HEIGHT))
            column = end
        # Box-drawing lines as strokes through the cell's middle, so that they join across
        # cells and rows as in a terminal; the text runs skip them.
        strokes = {}
        for column, (character, (fg, _, _, _)) in enumerate(cells):
            if character in BOX_LINES:
                strokes.setdefault(fg, []).append(box_path(character, column))
        for fg, paths in strokes.items():
            parts.append('<path d="%s" stroke="%s" fill="none"/>' % ("".join(paths), fg))
        cells = [(" ", style) if character in BOX_LINES else (character, style) for character, style in cells]
        # Text, in runs of one style; a wide character on its own.
        column = 0
        while column < COLUMNS:
            character, (fg, _, bold, underline) = cells[column]
            if character == "":
                column += 1
                continue
            if cell_width(character[0]) == 2:
                parts.append(self.text(character, column, 2, fg, bold))
                if underline:
                    parts.append(self.underline(column, 2, fg))
                column += 2
                continue
            end = column
            while (end < COLUMNS and cells[end][0] != "" and cell_width(cells[end][0][0]) == 1
                   and cells[end][1][0] == fg and cells[end][1][2] == bold and cells[end][1][3] == underline):
                end += 1
            run = "".join(c for c, _ in cells[column:end])
            stripped = run.rstrip(" ")
            if stripped.strip(" "):
                lead = len(stripped) - len(stripped.lstrip(" "))
                parts.append(self.text(stripped.lstrip(" "), column + lead, len(stripped) - lead, fg, bold))
            if underline:
                parts.append(self.underline(column, end - column, fg))
            column = end
        identifier = "r%d" % len(self.row_defs)
        self.row_defs.append('<g id="%s">%s</g>' % (identifier, "".join(parts)))
        self.row_ids[key] = identifier
        return identifier

    def text(self, text, column, cells, fg, bold):
        return ('<text class="%s" x="%s" y="%d" textLength="%s" lengthAdjust="spacingAndGlyphs">%s</text>'
                % (self.text_class(fg, bold), number(column * CELL_WIDTH), FONT_SIZE,
                   number(cells * CELL_WIDTH), html.escape(text, quote=False)))

    def underline(self, column, cells, fg):
        return '<rect x="%s" y="%d" width="%s" height="1" fill="%s"/>' % (
            number(column * CELL_WIDTH), CELL_HEIGHT - 2, number(cells * CELL_WIDTH), fg)

    def picture(self, frame):
        """The <use> elements and overlays of one frame, with its top at y = 0."""
        parts = []
        for index, cells in enumerate(frame["rows"]):
            if any(c != " " or s[1] is not None or s[3] for c, s in cells):
                parts.append('<use href="#%s" y="%d"/>' % (self.row(cells), index * CELL_HEIGHT))
        if frame["cursor"]:
            x, y = frame["cursor"]
            parts.append('<rect class="cursor" x="%s" y="%d" width="%s" height="%d"/>'
                         % (number(x * CELL_WIDTH), y * CELL_HEIGHT + 1, number(CELL_WIDTH), CELL_HEIGHT - 2))
        if frame["pointer"]:
            x, y = frame["pointer"]
            parts.append('<circle class="pointer" cx="%s" cy="%s" r="7"/>'
                         % (number((x + 0.5) * CELL_WIDTH), number((y + 0.5) * CELL_HEIGHT)))
        return "".join(parts)

    def svg(self, frames, animated=True):
        """The document: a window with a title bar, and the frames one after another."""
        # Consecutive frames that look the same are one; pictures that recur are drawn once.
        shown = []
        for frame in frames:
            picture = self.picture(frame)
            if shown and shown[-1][0] == picture:
                shown[-1][1] += frame["seconds"]
            else:
                shown.append([picture, frame["seconds"]])
        pictures = []
        for picture, _ in shown:
            if picture not in pictures:
                pictures.append(picture)
        width = COLUMNS * CELL_WIDTH
        height = ROWS * CELL_HEIGHT
        total = sum(seconds for _, seconds in shown)
        title_class = self.text_class("#888a85", False)
        keyframes, elapsed = [], 0.0
        for picture, seconds in shown:
            keyframes.append("%s%%{transform:translateY(-%dpx)}" % (number(100 * elapsed / total), pictures.index(picture) * height))
            elapsed += seconds
        keyframes.append("100%%{transform:translateY(-%dpx)}" % (pictures.index(shown[-1][0]) * height))
        styles = ["text{font-family:'DejaVu Sans Mono','Menlo','Consolas','Liberation Mono',monospace;font-size:%dpx;white-space:pre}" % FONT_SIZE]
        styles += [".%s{fill:%s%s}" % (name, fg, ";font-weight:bold" if bold else "") for (fg, bold), name in self.classes.items()]
        styles += [".%s{fill:%s}" % (name, colour) for colour, name in self.fills.items()]
        styles.append(".cursor{fill:%s;opacity:.75}" % FOREGROUND)
        styles.append(".pointer{fill:#fce94f;fill-opacity:.25;stroke:#fce94f;stroke-width:2}")
        if animated and len(pictures) > 1:
            styles.append(".strip{animation:play %ss steps(1,end) infinite}" % number(total))
            styles.append("@keyframes play{%s}" % "".join(keyframes))
        outer_width = width + 2 * PADDING
        outer_height = height + 2 * PADDING + TITLE_BAR
        strip = "".join('<g transform="translate(0 %d)">%s</g>' % (index * height, picture)
                        for index, picture in enumerate(pictures))
        return (
            '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" xml:space="preserve" '
            'width="%s" height="%s" viewBox="0 0 %s %s">\n'
            '<title>%s: %s</title>\n'
            '<style>%s</style>\n'
            '<defs>%s</defs>\n'
            '<rect width="100%%" height="100%%" rx="8" fill="%s"/>\n'
            '<circle cx="20" cy="16" r="6" fill="#ef2929"/><circle cx="40" cy="16" r="6" fill="#fce94f"/><circle cx="60" cy="16" r="6" fill="#8ae234"/>\n'
            '<text x="%s" y="21" text-anchor="middle" class="%s">%s</text>\n'
            '<svg x="%d" y="%d" width="%s" height="%s" viewBox="0 0 %s %s"><g class="strip">%s</g></svg>\n'
            '</svg>\n'
        ) % (number(outer_width), outer_height, number(outer_width), outer_height,
             html.escape(COMMAND), html.escape(DESCRIPTION),
             "\n".join(styles), "\n".join(self.row_defs), BACKGROUND,
             number(outer_width / 2), title_class, html.escape(COMMAND),
             PADDING, PADDING + TITLE_BAR, number(width), height, number(width), height, strip)


def play_todos(recorder):
    """TodoMVC's scripted run: todos added, one checked with a click, one edited with a double
    click, the filters, Clear completed."""
    s, r = recorder.session, recorder
    s.wait_for("^  todos")
    r.frame(1.2)
    for title in ["Buy milk", "Write the README", "Call mom"]:
        r.type(title, lambda typed: re.escape(typed.rstrip()))
        s.keys("Enter")
        r.frame(0.8, re.escape("☐ " + title))
    column, row = s.locate(r"Buy milk", "☐")
    r.click(column, row, r"☑ Buy milk", 1.2)
    column, row = s.locate(r"Call mom", "Call mom")
    s.mouse(0, column, row, "M")
    s.mouse(0, column, row, "m")
    r.click(column, row, r"☐▸Call mom", 1.0)
    s.keys("End")
    r.type(" back", lambda typed: re.escape(("Call mom" + typed).rstrip()))
    s.keys("Enter")
    r.frame(1.2, r"☐ Call mom back")
    s.keys("Tab")
    s.text("2")
    r.frame(1.6, r"\[Active\]")
    s.text("3")
    r.frame(1.6, r"\[Completed\]")
    s.text("1")
    r.frame(1.2, r"\[All\]")
    column, row = s.locate(r"Clear completed", "Clear completed")
    r.click(column, row, r"^(?![\s\S]*Buy milk)", 2.0)
    column, row = s.locate(r"Write the README", "☐")
    r.click(column, row, r"☑ Write the README", 1.2)
    column, row = s.locate(r"Mark all as complete", "☐")
    r.click(column, row, r"☑ Call mom back", 2.5)


def build(scratch_path, product="lottery"):
    """Builds the demo and answers the binary's path."""
    command = ["swift", "build", "--product", product]
    if scratch_path:
        command += ["--scratch-path", scratch_path]
    subprocess.run(command, check=True)
    bin_path = subprocess.run(command[:2] + command[4:] + ["--show-bin-path"], check=True,
                              capture_output=True, text=True).stdout.strip()
    return os.path.join(bin_path, product)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--scratch-path", help="the build folder (swift build --scratch-path)")
    parser.add_argument("--app", choices=["lottery", "todos"], default="lottery")
    parser.add_argument("--binary", help="the demo already built (skips the build)")
    parser.add_argument("--output", help="default: Docs/lottery-terminal.svg, Docs/todos-terminal.svg")
    parser.add_argument("--still", nargs=2, metavar=("FRAME", "PATH"), action="append", default=[],
                        help="also write frame FRAME (from 0) alone, unanimated, to PATH (repeatable)")
    arguments = parser.parse_args()
    global COLUMNS, ROWS, COMMAND, DESCRIPTION
    binary = arguments.binary and os.path.abspath(arguments.binary)
    os.chdir(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
    binary = binary or build(arguments.scratch_path, arguments.app)
    command = binary
    if arguments.app == "todos":
        COLUMNS, ROWS = 90, 16
        COMMAND, DESCRIPTION = "swift run todos", "TodoMVC on Bindery in a terminal"
        database = "/tmp/bindery-record-todos-%d.sqlite" % os.getpid()
        command = "%s --database %s" % (binary, database)
    arguments.output = arguments.output or "Docs/%s-terminal.svg" % arguments.app
    session = Session(command)
    recorder = Recorder(session)
    try:
        (play_todos if arguments.app == "todos" else play)(recorder)
    finally:
        session.close()
        if arguments.app == "todos":
            for suffix in ["", "-wal", "-shm"]:
                if os.path.exists(database + suffix):
                    os.remove(database + suffix)
    frames = recorder.frames
    svg = Writer().svg(frames)
    with open(arguments.output, "w", encoding="utf-8") as file:
        file.write(svg)
    print("%s: %d frames over %s s (recorded in %s s), %d bytes"
          % (arguments.output, len(frames), number(sum(f["seconds"] for f in frames)), frames[-1]["at"], len(svg.encode())))
    for index, path in arguments.still:
        with open(path, "w", encoding="utf-8") as file:
            file.write(Writer().svg([frames[int(index)]], animated=False))


if __name__ == "__main__":
    main()
