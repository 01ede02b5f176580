#!/usr/bin/env bash
# Plays the GTK lottery headless: builds `lottery-gtk` with the GTK trait (in its own scratch
# path, so the default build stays as it is), then runs its self-test under Xvfb. The self-test
# builds the real window and drives the real widgets through GTK's API as a person would
# (Tab through the window, typing into the entries (a percentage into the rate entry), moving
# the scale, Enter in an entry and activating Spin, the switch, spinning past the history's rows,
# scrolling it with its scroll bar, keys and the wheel, clicking a history row and moving the
# selection with the arrow keys, spinning while a row is selected and while scrolled down), and
# checks the focus order, Spin as the suggested action, the model, what the labels show, what
# every visible history row shows after its cell is reused, that a draw while scrolled down
# keeps the same draw at the top and changes no row in view, that the selection stays on its
# draw (same number) as draws arrive and GTK's selected row is the place showing it (none while
# it is scrolled out of view), and that a selected draw the history drops is released and
# unselected; see Sources/lottery-gtk/SelfTest.swift. Also checks that a build without the
# trait says how to get GTK. With BINDERY_UPDATE_CAPTURES=1 it saves the window it played to
# Docs/lottery-gtk.png.
set -euo pipefail
cd "$(dirname "$0")/../.."
scratch=.build-gtk
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

for tool in pkg-config xvfb-run xauth; do
    command -v "$tool" > /dev/null || { echo "FAIL: $tool is missing (Debian: apt-get install libgtk-4-dev xvfb xauth)"; exit 1; }
done
pkg-config --exists gtk4 || { echo "FAIL: GTK 4 is missing (Debian: apt-get install libgtk-4-dev)"; exit 1; }

echo "== without the GTK trait, lottery-gtk says how to build it and fails"
swift build --product lottery-gtk
set +e
"$(swift build --show-bin-path)/lottery-gtk" > "$work/out" 2> "$work/err"
status=$?
set -e
[ "$status" -ne 0 ] || { echo "FAIL: lottery-gtk without GTK exited 0"; exit 1; }
grep -q "built without GTK: run \`swift run --traits GTK lottery-gtk\`" "$work/err" || { echo "FAIL: no hint:"; cat "$work/err"; exit 1; }

echo "== swift build --traits GTK (GTK $(pkg-config --modversion gtk4))"
swift build --traits GTK --scratch-path "$scratch" --product lottery-gtk
bin="$(swift build --traits GTK --scratch-path "$scratch" --show-bin-path)/lottery-gtk"

echo "== without a display, it refuses with a hint"
set +e
env -u DISPLAY -u WAYLAND_DISPLAY "$bin" --self-test > "$work/out" 2> "$work/err"
status=$?
set -e
[ "$status" -ne 0 ] || { echo "FAIL: exited 0 without a display"; exit 1; }
grep -q "hint:" "$work/err" || { echo "FAIL: no hint:"; cat "$work/err"; exit 1; }

echo "== the self-test, under Xvfb"
screenshot=()
if [ "${BINDERY_UPDATE_CAPTURES:-0}" = 1 ]; then screenshot=(--screenshot Docs/lottery-gtk.png); fi
# The cairo renderer draws the same on every machine (no GL needed); no accessibility bus.
GSK_RENDERER=cairo GTK_A11Y=none GDK_BACKEND=x11 LANG=C.UTF-8 \
    timeout 120 xvfb-run -a -s "-screen 0 1024x768x24" "$bin" --self-test "${screenshot[@]}"

echo "lottery-gtk under Xvfb: every check passed"
