#!/usr/bin/env bash
# Plays the terminal TodoMVC as a person would, point by point of the spec's "Functionality"
# section: starts `todos` in a detached tmux session of fixed size on a database of its own,
# drives it with send-keys (keys, and mouse clicks as the raw SGR reports a terminal sends) and
# asserts what the screen shows (capture-pane, with -e for the looks: bold, struck through).
# Then persistence: quit and start again (the todos, their states and the filter are back, an
# edit in progress is not), SIGKILL right after an action (its write is there on reopening),
# a file that is not a database (moved aside, named, the app starts empty), a place that cannot
# be written (a clear message), and the default database in $XDG_DATA_HOME. The terminal is
# checked restored after q and Ctrl-C. With BINDERY_UPDATE_CAPTURES=1 it saves the screen it
# played to Docs/todos-terminal.txt.
set -euo pipefail
cd "$(dirname "$0")/../.."
export LC_ALL=C.UTF-8   # ${#text} counts characters: the columns of the screen's lines
swift build --product todos
bin="$(swift build --show-bin-path)/todos"
work=$(mktemp -d)
socket="bindery-todos-$$"
tmux() { command tmux -L "$socket" "$@"; }
trap 'tmux kill-server 2>/dev/null || true; sleep 0.2; rm -rf "$work"' EXIT
database="$work/todos.sqlite"

screen() { tmux capture-pane -t demo -p "$@"; }
fail() {
    echo "FAIL: $1"
    echo "--- the screen:"
    screen
    exit 1
}
# Waits (up to 15 s) until the screen matches the extended regular expression $1.
wait_for() {
    local deadline=$((SECONDS + 15))
    until screen | grep -qE -- "$1"; do
        ((SECONDS < deadline)) || fail "the screen never showed /$1/"
        sleep 0.05
    done
}
# Waits until the screen no longer matches $1.
wait_gone() {
    local deadline=$((SECONDS + 15))
    while screen | grep -qE -- "$1"; do
        ((SECONDS < deadline)) || fail "the screen still shows /$1/"
        sleep 0.05
    done
}
wait_for_format() {
    local deadline=$((SECONDS + 15))
    until [ "$(tmux display-message -t demo -p "$1")" = "$2" ]; do
        ((SECONDS < deadline)) || fail "$1 never became $2 (it is $(tmux display-message -t demo -p "$1"))"
        sleep 0.05
    done
}
expect_screen() { screen | grep -qE -- "$1" || fail "expected /$1/ on the screen"; }
expect_no_screen() { ! screen | grep -qE -- "$1" || fail "did not expect /$1/ on the screen"; }
# The screen once two captures 50 ms apart agree.
settled_screen() {
    local previous current
    previous=$(screen)
    while sleep 0.05; current=$(screen); [ "$current" != "$previous" ]; do previous=$current; done
    printf '%s\n' "$current"
}
# The rows of the list, top to bottom, as "☐ title" / "☑ title".
rows() { settled_screen | sed -n '4,14p' | grep -oE "[☐☑] [^✕]*[^ ✕]" || true; }
expect_rows() {
    local deadline=$((SECONDS + 15)) want
    want=$(printf '%s\n' "$@")
    until [ "$(rows)" = "$want" ]; do
        ((SECONDS < deadline)) || { echo "want:"; echo "$want"; echo "have:"; rows; fail "the list is not as expected"; }
        sleep 0.05
    done
}
mouse() { tmux send-keys -t demo -l "$(printf '\e[<%d;%d;%d%s' "$1" "$2" "$3" "$4")"; }
click() { mouse 0 "$1" "$2" M; mouse 0 "$1" "$2" m; }
# Sets `row` and `column` (1-based, as mouse reports count) to the cell where the text $2 starts
# on the first line that matches /$1/ (wide characters count as one: the lines it looks at
# have only narrow ones before $2).
locate() {
    local number line prefix
    number=$(screen | grep -nE -- "$1" | head -1 | cut -d: -f1)
    [ -n "$number" ] || fail "no line matches /$1/"
    line=$(screen | sed -n "${number}p")
    [[ "$line" == *"$2"* ]] || fail "line $number has no \"$2\""
    prefix=${line%%"$2"*}
    row=$number
    column=$((${#prefix} + 1))
}
type_text() { tmux send-keys -t demo -l "$1"; }
keys() { tmux send-keys -t demo "$@"; }
start() {
    tmux send-keys -t demo "clear; stty -g > $work/before; $bin --database $database $*; echo EXIT=\$?; stty -g | cmp -s - $work/before && echo TERMINAL-RESTORED || echo TERMINAL-NOT-RESTORED" Enter
    wait_for "^  todos"
    wait_for_format '#{alternate_on}' 1
}
expect_restored() {
    wait_for "EXIT=$1"
    wait_for "TERMINAL-RESTORED"
    wait_for_format '#{alternate_on}' 0
    wait_for_format '#{cursor_flag}' 1
    wait_for_format '#{mouse_sgr_flag}' 0
}
# The pid of the running app.
app_pid() { pgrep -f "^$bin --database $database" | head -1; }

echo "== without a terminal, it refuses with a hint and a non-zero status"
set +e
"$bin" --database "$database" < /dev/null > "$work/out" 2> "$work/err"
status=$?
set -e
[ "$status" -ne 0 ] || { echo "FAIL: exited 0 without a terminal"; exit 1; }
grep -q "hint:" "$work/err" || { echo "FAIL: no hint:"; cat "$work/err"; exit 1; }

tmux -u new-session -d -s demo -x 90 -y 20 "env -i PATH=/usr/bin:/bin TERM=xterm-256color LANG=C.UTF-8 HOME=$work bash --norc --noprofile"

echo "== no todos: the main section and the footer are hidden; the input has the focus"
start
expect_screen "^ ▸ *$"                                 # the focus marker at the empty input
expect_no_screen "Mark all as complete"
expect_no_screen "items? left"
expect_screen "Tab move  Enter add/edit  .*  q quit"

echo "== new todo: Enter appends the trimmed title and clears the input; a blank one adds nothing"
type_text "  Buy milk  "
keys Enter
expect_rows "☐ Buy milk"
wait_for "^ ▸ *$"                                       # the input is empty again
expect_screen "☐ Mark all as complete"
expect_screen "1 item left"
type_text "   "
keys Enter
type_text "Walk the dog"
keys Enter
type_text "Read a book"
keys Enter
expect_rows "☐ Buy milk" "☐ Walk the dog" "☐ Read a book"
wait_for "3 items left"

echo "== counter: the number is bold and the word pluralised"
tmux capture-pane -t demo -p -e | grep -qE $'\e\\[1m3\e\\[0m.* items left' || fail "the count's number is not bold"

echo "== item: Space toggles the selected todo; a completed one is drawn struck through; Clear completed shows"
keys Tab Tab                                             # the input → mark all → the list
wait_for "^ ▸.*☐ Buy milk"
keys Down                                                # selects the top row
wait_for "▶ ☐ Buy milk"
keys Space
wait_for "▶ ☑ Buy milk"
wait_for "2 items left"
wait_for "\[ Clear completed \(1\) \]"
tmux capture-pane -t demo -p -e | grep -E "Buy milk" | grep -qE $'\e\\[([0-9]+;)*9(;[0-9]+)*m' || fail "a completed todo is not struck through"
keys Down Space
wait_for "▶ ☑ Walk the dog"
wait_for "1 item left"

echo "== mark all as complete: checked when every todo is; sets them all; unchecked when one is not"
keys Down Space
wait_for "☑ Mark all as complete"
wait_for "0 items left"
keys Space
wait_for "☐ Mark all as complete"
keys BTab
wait_for "^ ▸☐ Mark all"
keys Space
expect_rows "☑ Buy milk" "☑ Walk the dog" "☑ Read a book"
wait_for "0 items left"
keys Space
expect_rows "☐ Buy milk" "☐ Walk the dog" "☐ Read a book"
wait_for "3 items left"
expect_no_screen "Clear completed"

echo "== editing: Enter edits the selected todo; Enter saves it trimmed, Escape discards, Tab (blur) saves"
keys Tab                                                  # back to the list: the selection stayed
wait_for "▶ ☐ Read a book"
keys Up
wait_for "▶ ☐ Walk the dog"
keys Enter
wait_for "☐▸Walk the dog"
wait_for_format '#{cursor_flag}' 1
keys End BSpace BSpace BSpace
type_text "cat  "
keys Enter
expect_rows "☐ Buy milk" "☐ Walk the cat" "☐ Read a book"
keys Enter
type_text " NOT SAVED"
wait_for "Walk the cat NOT SAVED"
keys Escape
expect_rows "☐ Buy milk" "☐ Walk the cat" "☐ Read a book"
keys Enter
type_text "!"
keys Tab                                                  # the focus leaves the edit: saved
expect_rows "☐ Buy milk" "☐ Walk the cat!" "☐ Read a book"

echo "== editing to an empty title destroys the todo"
keys BTab
wait_for "▶ ☐ Walk the cat!"
keys Enter
for _ in $(seq 1 16); do keys BSpace; done
type_text "   "
keys Enter
expect_rows "☐ Buy milk" "☐ Read a book"
wait_for "2 items left"

echo "== the mouse: a click on ☐ toggles, a double click on the title edits, a click on ✕ destroys"
locate "☐ Read a book" "☐"
click "$column" "$row"
expect_rows "☐ Buy milk" "☑ Read a book"
keys BTab BTab                                           # to the input
wait_for "^ ▸ *$"
type_text "Call mom"
keys Enter
expect_rows "☐ Buy milk" "☑ Read a book" "☐ Call mom"
locate "Call mom" "Call mom"
click "$column" "$row"; click "$column" "$row"
wait_for "☐▸Call mom"
type_text " back"
keys Enter
expect_rows "☐ Buy milk" "☑ Read a book" "☐ Call mom back"
locate "Buy milk" "✕"
click "$column" "$row"
expect_rows "☑ Read a book" "☐ Call mom back"
wait_for "1 item left"

echo "== routing: 1 2 3 and clicks choose the filter, on the model; a todo toggled under Active leaves it"
keys Tab                                                  # out of any text field
type_text "2"
wait_for "\[Active\]"
expect_rows "☐ Call mom back"
type_text "3"
wait_for "\[Completed\]"
expect_rows "☑ Read a book"
locate "Completed" " All "
click $((column + 1)) "$row"
wait_for "\[All\]"
expect_rows "☑ Read a book" "☐ Call mom back"
type_text "2"
wait_for "\[Active\]"
locate "Call mom back" "☐"
click "$column" "$row"                                    # checked while Active is chosen: it leaves
expect_rows
wait_for "0 items left"
type_text "1"
wait_for "\[All\]"
expect_rows "☑ Read a book" "☑ Call mom back"

echo "== clear completed: removes the completed todos; hidden once none is; mark all unchecked with no todos"
locate "Clear completed" "Clear completed"
click "$column" "$row"
expect_rows
wait_gone "Mark all as complete"
wait_gone "items? left"
expect_no_screen "Clear completed"

echo "== persistence: quit, start again: the todos, their states, their order and the filter are back; an edit is not"
keys BTab BTab BTab
for title in one two three; do type_text "$title"; keys Enter; done
expect_rows "☐ one" "☐ two" "☐ three"
keys Tab Tab Down Down Space                              # "two" completed
wait_for "▶ ☑ two"
type_text "3"
wait_for "\[Completed\]"
keys Tab BTab                                             # to the list: the selection stayed on "two"
wait_for "▸▶ ☑ two"
keys Enter                                                # edit "two", leave it in progress
type_text "EDITED"
wait_for "twoEDITED"
keys Tab
keys BTab
wait_for "▶ ☑ twoEDITED"
keys Enter
type_text "AGAIN"
tmux send-keys -t demo C-c                                 # quit while editing (a key in raw mode)
expect_restored 0
start
wait_for "\[Completed\]"
expect_rows "☑ twoEDITED"
type_text "1"                                             # typed into the input, which has the focus
wait_for "^ ▸1 *$"
keys BSpace Tab                                           # out of the text field: 1 chooses All
type_text "1"
expect_rows "☐ one" "☑ twoEDITED" "☐ three"
keys q
expect_restored 0

echo "== SIGKILL right after an action: its write is on the disk"
start
kill_and_restart() {
    local pid
    pid=$(app_pid)
    [ -n "$pid" ] || fail "todos is not running"
    kill -9 "$pid"
    wait_for "EXIT=137"
    start
}
type_text "after a kill"                                   # the input has the focus at start
keys Enter
wait_for "☐ after a kill"
kill_and_restart
expect_rows "☐ one" "☑ twoEDITED" "☐ three" "☐ after a kill"
keys Tab Tab Down Space                                    # toggle "one"
wait_for "▶ ☑ one"
kill_and_restart
expect_rows "☑ one" "☑ twoEDITED" "☐ three" "☐ after a kill"
keys Tab Tab Down Enter End
type_text " edited"
keys Enter
expect_rows "☑ one edited" "☑ twoEDITED" "☐ three" "☐ after a kill"
kill_and_restart
expect_rows "☑ one edited" "☑ twoEDITED" "☐ three" "☐ after a kill"
locate "Clear completed" "Clear completed"
click "$column" "$row"
expect_rows "☐ three" "☐ after a kill"
kill_and_restart
expect_rows "☐ three" "☐ after a kill"
if [ "${BINDERY_UPDATE_CAPTURES:-0}" = 1 ]; then
    type_text "Buy milk"; keys Enter
    type_text "Write the README"; keys Enter
    keys Tab Tab Down Space Down
    settled_screen > Docs/todos-terminal.txt
fi
keys C-c
expect_restored 0

echo "== a file that is not a database: named, moved aside untouched, and the app starts empty"
printf 'not a database\n' > "$database"
rm -f "$database-wal" "$database-shm"
start
wait_for "Not a todo database, moved aside: .*todos.sqlite.unreadable"
expect_rows
[ "$(cat "$database.unreadable")" = "not a database" ] || fail "the bad file was not kept as it was"
keys C-c
expect_restored 0
screen -J | grep -qE "todos.sqlite is not a readable todo database .*moved aside to .*todos.sqlite.unreadable" \
    || fail "the whole message was not left on the terminal"

echo "== a place that cannot be written: a clear message, no trap"
set +e
"$bin" --database /proc/todos.sqlite < /dev/null > "$work/out" 2> "$work/err"
status=$?
set -e
# Without a terminal it stops at the terminal first; with one, at the database: both say why.
[ "$status" -ne 0 ] || { echo "FAIL: exited 0"; exit 1; }
tmux send-keys -t demo "clear; $bin --database /proc/todos.sqlite; echo EXIT=\$?" Enter
wait_for "EXIT=1"
expect_screen "cannot write the todo database at /proc/todos.sqlite"
expect_screen "hint:"

echo "== without --database, the todos are kept in \$XDG_DATA_HOME/bindery-todos"
tmux send-keys -t demo "clear; XDG_DATA_HOME=$work/xdg $bin; echo EXIT=\$?" Enter
wait_for "^  todos"
type_text "kept in XDG"
keys Enter
wait_for "☐ kept in XDG"
keys C-c
wait_for "EXIT=0"
[ -f "$work/xdg/bindery-todos/todos.sqlite" ] || fail "no database in \$XDG_DATA_HOME/bindery-todos"

echo "todos in tmux: every check passed"
