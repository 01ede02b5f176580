#!/usr/bin/env bash
# Plays the terminal lottery as a person would: starts `lottery` in a detached tmux session of
# fixed size, drives it with send-keys (keys, and mouse clicks and drags as the raw SGR reports
# a terminal sends) and asserts what the screen shows (capture-pane), polling for each expected
# text with a timeout. Checks that the terminal (mouse reporting included) is restored after a
# quit key, Ctrl-C, SIGTERM and SIGHUP, and that without a terminal it refuses with a hint.
# The history is played too: enough draws to fill it past its rows, then scrolled with the
# keys and the wheel, and every visible row checked against the draws the screen showed; a row
# is selected, and draws that arrive keep the selection and the scroll position on their rows.
# With BINDERY_UPDATE_CAPTURES=1 it saves the screen it played to Docs/lottery-terminal.txt.
set -euo pipefail
cd "$(dirname "$0")/../.."
export LC_ALL=C.UTF-8   # ${#text} counts characters: the columns of the screen's lines
swift build --product lottery
bin="$(swift build --show-bin-path)/lottery"
work=$(mktemp -d)
socket="bindery-lottery-$$"
tmux() { command tmux -L "$socket" "$@"; }
trap 'tmux kill-server 2>/dev/null || true; rm -rf "$work"' EXIT

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
# Waits until a tmux format (#{cursor_x}, #{alternate_on}, …) has the value $2.
wait_for_format() {
    local deadline=$((SECONDS + 15))
    until [ "$(tmux display-message -t demo -p "$1")" = "$2" ]; do
        ((SECONDS < deadline)) || fail "$1 never became $2 (it is $(tmux display-message -t demo -p "$1"))"
        sleep 0.05
    done
}
expect_screen() { screen | grep -qE -- "$1" || fail "expected /$1/ on the screen"; }
# The screen once two captures 50 ms apart agree (a frame is written whole, not half).
settled_screen() {
    local previous current
    previous=$(screen)
    while sleep 0.05; current=$(screen); [ "$current" != "$previous" ]; do previous=$current; done
    printf '%s\n' "$current"
}
expect_no_screen() { ! screen | grep -qE -- "$1" || fail "did not expect /$1/ on the screen"; }
# Mouse reports as the terminal sends them with SGR reporting on (ESC [ < b ; x ; y M, m for a
# release), from 1-based cells. press X Y, drag X Y (with the left button held), release X Y.
mouse() { tmux send-keys -t demo -l "$(printf '\e[<%d;%d;%d%s' "$1" "$2" "$3" "$4")"; }
press() { mouse 0 "$1" "$2" M; }
drag() { mouse 32 "$1" "$2" M; }
release() { mouse 0 "$1" "$2" m; }
click() { press "$1" "$2"; release "$1" "$2"; }
# Sets `row` and `column` (1-based, as mouse reports count) to the cell where the text $2 starts
# on the first line that matches /$1/ (the lines it looks at have no wide characters).
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
# Starts the demo in the pane; after it exits the shell prints its status and whether
# `stty -g` is what it was before.
start() {
    tmux send-keys -t demo "clear; stty -g > $work/before; $bin; echo EXIT=\$?; stty -g | cmp -s - $work/before && echo TERMINAL-RESTORED || echo TERMINAL-NOT-RESTORED" Enter
    wait_for "Draw #0"
    wait_for_format '#{alternate_on}' 1
    wait_for_format '#{mouse_sgr_flag}' 1
    wait_for_format '#{mouse_button_flag}' 1
}
# Checks the shell got the terminal back: status $1, settings as before, main screen, cursor shown.
expect_restored() {
    wait_for "EXIT=$1"
    wait_for "TERMINAL-RESTORED"
    wait_for_format '#{alternate_on}' 0
    wait_for_format '#{cursor_flag}' 1
    wait_for_format '#{mouse_sgr_flag}' 0
    wait_for_format '#{mouse_any_flag}' 0
}

echo "== without a terminal, it refuses with a hint and a non-zero status"
set +e
"$bin" < /dev/null > "$work/out" 2> "$work/err"
status=$?
set -e
[ "$status" -ne 0 ] || { echo "FAIL: exited 0 without a terminal"; exit 1; }
grep -q "must be a terminal" "$work/err" && grep -q "hint:" "$work/err" || { echo "FAIL: no hint:"; cat "$work/err"; exit 1; }
[ ! -s "$work/out" ] || { echo "FAIL: wrote to a non-terminal stdout:"; cat -v "$work/out"; exit 1; }

echo "== the screen opens with every chain's initial value"
tmux -u new-session -d -s demo -x 100 -y 24 "env -i PATH=/usr/bin:/bin TERM=xterm-256color LANG=C.UTF-8 bash --norc --noprofile"
start
expect_screen "Code +press Spin"
expect_screen "Result +no win"
expect_screen "Win code +▸?777 +you bet on 777, 50% to win"      # a computed property, bound as a sender
expect_screen "Win rate +▸?\[■{10}·{10}\] +50% "
expect_screen "Flash +▸?\[● on \]"
expect_screen "│ no draws yet +│$"

echo "== the focus starts on Spin and moves in drawn order: Tab/↓ down the screen, Shift-Tab/↑ up"
expect_screen "▸\[ Spin \]"
tmux send-keys -t demo Tab
wait_for "│▸no draws yet"          # the history, drawn first (top right); empty, it passes ↑↓ on
tmux send-keys -t demo Tab
wait_for "Name +▸"
for caption in "Win code +▸" "Win rate +▸" "Win rate +\[[■·]+\] +▸50%" "Flash +▸"; do
    tmux send-keys -t demo Down
    wait_for "$caption"
done
tmux send-keys -t demo Down
wait_for "▸\[ Spin \]"
tmux send-keys -t demo Down
wait_for "│▸no draws yet"
tmux send-keys -t demo Tab
wait_for "Name +▸"
tmux send-keys -t demo BTab
wait_for "│▸no draws yet"
tmux send-keys -t demo Up
wait_for "▸\[ Spin \]"
for caption in "Flash +▸" "Win rate +\[[■·]+\] +▸50%" "Win rate +▸"; do
    tmux send-keys -t demo Up
    wait_for "$caption"
done
tmux send-keys -t demo BTab
wait_for "Win code +▸"

echo "== typing a win code: a 4th digit and a letter are refused, the label never blanks"
tmux send-keys -t demo BSpace
wait_for "you bet on 77 "
tmux send-keys -t demo BSpace BSpace
wait_for "you bet on …"
tmux send-keys -t demo 1 2 3
wait_for "Win code +▸?123 +you bet on 123"
tmux send-keys -t demo 4 x
# Keys are handled in order: once the slider shows the next key's effect, 4 and x were seen.
tmux send-keys -t demo Tab Left
wait_for "Win rate +▸?\[■{9}·{11}\] +45% "
expect_screen "Win code +▸?123 +you bet on 123, 45% to win"       # it follows winRate too

echo "== the slider moves the win rate, the rate field follows (Float -> Double -> \"45%\" by Percent)"
tmux send-keys -t demo Left Left Left
wait_for "\] +30% "
tmux send-keys -t demo End
wait_for "\] +100% "
wait_for "you bet on 123, 100% to win"
tmux send-keys -t demo Left Left
wait_for "\] +90% "

echo "== the rate field: a typed percentage moves the slider (<> transformed by Percent); bad text reads as 0"
tmux send-keys -t demo Down
wait_for "Win rate +\[■{18}·{2}\] +▸90% "
tmux send-keys -t demo BSpace BSpace BSpace
wait_for "Win rate +\[·{20}\] +▸ *│"
tmux send-keys -t demo 2 5
wait_for "Win rate +\[■{5}·{15}\] +▸25 "
tmux send-keys -t demo %
wait_for "Win rate +\[■{5}·{15}\] +▸25% "
tmux send-keys -t demo x
wait_for "Win rate +\[·{20}\] +▸25%x"           # not a number: the documented fallback, 0%
tmux send-keys -t demo BSpace
wait_for "Win rate +\[■{5}·{15}\] +▸25% "
tmux send-keys -t demo BSpace BSpace BSpace 9 0
wait_for "Win rate +\[■{18}·{2}\] +▸90 "

echo "== spinning until a win: the reels show the win code and flash"
tmux send-keys -t demo Down Down
wait_for "▸\[ Spin \]"
for draw in $(seq 1 40); do
    tmux send-keys -t demo Enter
    wait_for "Draw #$draw\b"
    screen | grep -qE "Result +WIN!" && break
done
expect_screen "Result +WIN!"
expect_screen "Code +123"
expect_screen "│ +1 +2 +3 +│"
# Flashing: the reels' row is drawn in reverse video in one phase and not in the other.
reels_line=$(screen | grep -nE "│ +1 +2 +3 +│" | cut -d: -f1)
reels_row() { tmux capture-pane -t demo -p -e | sed -n "${reels_line}p"; }
reverse=$'\e\\[([0-9]+;)*7(;[0-9]+)*m'   # SGR 7 as a parameter of its own
deadline=$((SECONDS + 10)); seen_on=0; seen_off=0
while ((SECONDS < deadline)) && ((seen_on == 0 || seen_off == 0)); do
    if reels_row | grep -qE "$reverse"; then seen_on=1; else seen_off=1; fi
    sleep 0.05
done
((seen_on && seen_off)) || fail "the reels did not flash (reverse seen: $seen_on, plain seen: $seen_off)"

echo "== the switch stops the flashing"
tmux send-keys -t demo Up Space
wait_for "Flash +▸?\[○ off\]"
for _ in $(seq 1 10); do
    ! reels_row | grep -qE "$reverse" || fail "the reels still flash with the switch off"
    sleep 0.05
done

echo "== the history: 30 more draws fill it past its 13 rows; scrolled by keys and the wheel, its reused"
echo "   cells show the right draws"
# The history's rows as drawn, top to bottom, one "sn code" or "sn code WIN!" a line.
history() { screen | grep -oE "│[ ▸][#▶][0-9]+ +[0-9]{3}( +WIN!)?" | sed -E 's/^│[ ▸][#▶]//; s/ +/ /g'; }
# What the 13 rows from draw $1 down show: each draw's code and result as the screen showed
# them when it was drawn; with $2 = sn, only the draws' numbers (for draws not recorded).
expected_history() {
    local n
    for ((n = $1; n > $1 - 13; n--)); do
        if [ "${2:-}" = sn ]; then echo "$n"; else echo "$n ${codes[$n]}${wins[$n]}"; fi
    done
}
# Waits until the history's rows are those of expected_history "$@".
expect_history() {
    local expected actual deadline=$((SECONDS + 15))
    expected=$(expected_history "$@")
    while true; do
        actual=$(history)
        [ "${2:-}" = sn ] && actual=$(cut -d" " -f1 <<< "$actual")
        [ "$actual" = "$expected" ] && return
        ((SECONDS < deadline)) || fail "the history shows"$'\n'"$actual"$'\n'"--- expected"$'\n'"$expected"
        sleep 0.05
    done
}
# Draws once with Enter (Spin has the focus) and records the code and result the screen shows.
declare -A codes wins
spin_and_record() {
    draw=$((draw + 1))
    tmux send-keys -t demo Enter
    wait_for "Draw #$draw\b"
    local shown
    shown=$(settled_screen)
    codes[$draw]=$(grep -oE "Code +[0-9]{3}" <<< "$shown" | grep -oE "[0-9]{3}")
    if grep -qE "Result +WIN!" <<< "$shown"; then wins[$draw]=" WIN!"; else wins[$draw]=""; fi
}
draw=$(screen | grep -oE "Draw #[0-9]+" | grep -oE "[0-9]+")
tmux send-keys -t demo Down
wait_for "▸\[ Spin \]"
for _ in $(seq 1 30); do spin_and_record; done
newest=$draw
count=$((newest < 50 ? newest : 50))
expect_history "$newest"
screen | grep -E "│ #$newest " | grep -qE "┃ *$" || fail "the scroll bar's thumb is not at the top"
# A wheel notch over the list scrolls three rows; the focus stays on Spin.
locate "│ #$((newest - 4)) " "#$((newest - 4))"
mouse 65 "$column" "$row" M
expect_history $((newest - 3))
expect_screen "▸\[ Spin \]"
mouse 64 "$column" "$row" M
expect_history "$newest"
# The keys, once the list has the focus (Tab from Spin wraps to it).
tmux send-keys -t demo Tab
wait_for "│▸#$newest "
tmux send-keys -t demo Down Down Down
expect_history $((newest - 3))
tmux send-keys -t demo PageDown
expect_history $((newest - 16))
tmux send-keys -t demo PageUp
expect_history $((newest - 3))
tmux send-keys -t demo Up Up Up
expect_history "$newest"
tmux send-keys -t demo Up                        # at the top, ↑ moves the focus on, as elsewhere
wait_for "▸\[ Spin \]"
tmux send-keys -t demo Tab End
expect_history $((newest - count + 13)) sn       # the oldest draws kept, down to #$((newest - count + 1))
screen | grep -E "│ #$((newest - count + 1)) " | grep -qE "┃ *$" || fail "the scroll bar's thumb is not at the bottom"
# A draw while the list shows the oldest rows: the top row stays on its draw (the list grows
# below it); at 50 the oldest goes, and the view, at the bottom, moves up one.
offset=$((count - 13))
top=$((newest - offset))
tmux send-keys -t demo BTab
wait_for "▸\[ Spin \]"
spin_and_record
count=$((draw < 50 ? draw : 50))
if ((offset + 1 <= count - 13)); then expect_history "$top" sn; else expect_history $((draw - (count - 13))) sn; fi
tmux send-keys -t demo Tab Home
expect_history "$draw"
wait_for "│▸#$draw "

echo "== the history: a selected row keeps its selection, and the view its rows, while draws arrive"
# Scrolled two rows down, Enter selects the top row in view: drawn with ▶ for #.
tmux send-keys -t demo Down Down Enter
selected=$((draw - 2))
wait_for "│▸▶$selected "
tmux send-keys -t demo BTab
wait_for "▸\[ Spin \]"
spin_and_record
spin_and_record
wait_for "│ ▶$selected "                              # the selection stayed on its draw
expect_history "$selected" sn                      # and the top row in view too
[ "$(screen | grep -cE "│[ ▸]▶")" = 1 ] || fail "more than one row is selected"
tmux send-keys -t demo Tab Home
expect_history "$draw"

echo "== the mouse: a click in a field focuses it and puts the cursor under the pointer"
locate "Win code +123" "123"
click $((column + 1)) "$row"                      # on the 2: the cursor goes before it
wait_for "Win code +▸123"
tmux send-keys -t demo BSpace
wait_for "Win code +▸23 +you bet on 23"
tmux send-keys -t demo 1
wait_for "Win code +▸123 +you bet on 123"

echo "== the mouse: a click and a drag on the slider set the win rate from the pointer's column"
locate "Win rate" "["
press $((column + 1)) "$row"                      # the track's first cell: one step
wait_for "Win rate +▸\[■·{19}\] +5% "
drag $((column + 10)) "$row"
wait_for "Win rate +▸\[■{10}·{10}\] +50% "
drag $((column + 18)) $((row + 3))                # off the slider's row, the drag still moves it
wait_for "Win rate +▸\[■{18}·{2}\] +90% "
release $((column + 18)) $((row + 3))
drag $((column + 2)) "$row"                       # no button held: nothing moves
expect_screen "\] +90% "

echo "== the mouse: a click toggles the switch, a click on Spin draws"
locate "Flash +" "[○ off]"
click $((column + 2)) "$row"
wait_for "Flash +▸\[● on \]"
draw=$(screen | grep -oE "Draw #[0-9]+" | grep -oE "[0-9]+")
locate "\[ Spin \]" "[ Spin ]"
press $((column + 3)) "$row"
release $((column + 40)) "$row"                   # released off the button: no press
wait_for "▸\[ Spin \]"
expect_screen "Draw #$draw\b"
for _ in $(seq 1 40); do
    draw=$((draw + 1))
    click $((column + 3)) "$row"
    wait_for "Draw #$draw\b"
    screen | grep -qE "Result +WIN!" && break
done
expect_screen "Result +WIN!"

echo "== Unicode input: é and 中 in the name field (clicked), the cursor after them"
locate "Name +" "type your name"
click "$column" "$row"
wait_for "Name +▸ +│"
tmux send-keys -t demo -l "Zoë 中文"
wait_for "Good luck, Zoë 中文!"
# The field starts 12 columns after its caption; "Zoë 中文" takes 8 columns (中 and 文 two each).
name_line=$(screen | grep -E "Name +▸?Zoë")
indent=${name_line%%Name*}
wait_for_format '#{cursor_y}' "$(screen | grep -nE "Name +▸?Zoë" | cut -d: -f1 | awk '{print $1 - 1}')"
wait_for_format '#{cursor_x}' "$((${#indent} + 12 + 8))"
if [ "${BINDERY_UPDATE_CAPTURES:-0}" = 1 ]; then screen > Docs/lottery-terminal.txt; fi

echo "== a resize lays the screen out again; too small, it says how big it must be"
tmux resize-window -t demo -x 120 -y 30
wait_for "^ {16}Bindery lottery"
tmux resize-window -t demo -x 50 -y 15
wait_for "Make the terminal at least 92×20"
tmux resize-window -t demo -x 100 -y 24
wait_for "^ {6}Bindery lottery"
expect_no_screen "Make the terminal"
expect_screen "Result +WIN!"

echo "== q quits (outside a text field) and gives the terminal back"
tmux send-keys -t demo BTab
tmux send-keys -t demo q
expect_restored 0
expect_screen "Thanks for playing: [0-9]+ draws?\."

echo "== Ctrl-C quits and gives the terminal back"
start
tmux send-keys -t demo C-c
expect_restored 0

echo "== SIGTERM and SIGHUP: the terminal is given back, the status says which signal"
for signal in TERM:143 HUP:129; do
    start
    pid=$(pgrep -f -n "^$bin\$")
    kill -"${signal%%:*}" "$pid"
    expect_restored "${signal##*:}"
done

echo "lottery in tmux: every check passed"
