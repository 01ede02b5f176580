#!/usr/bin/env bash
# Plays TodoMVC's GTK window headless: builds `todos-gtk` with the GTK trait (in the GTK scratch
# path, .build-gtk, so the default build stays as it is), then runs its self-tests under Xvfb on
# a temporary database. `--self-test` builds the real window and drives the real widgets through
# GTK's API as a person would (typing and Enter in the new todo's entry, the rows' check
# buttons, "mark all as complete", double clicks on the titles, Enter, Escape and the focus
# leaving in the edit entry, ×, "Clear completed", the All / Active / Completed buttons, closing
# the window during an edit), and checks every point of TodoMVC's "Functionality" section
# against what the widgets show, the model and the database; `--self-test-reopen`, on the same
# file, checks that the todos (their titles, states and order) and the filter come back and that
# the edit was not saved; `--self-test-recovered` that a file that is not a todo database is
# moved aside, said in the window, and replaced. See Sources/todos-gtk/SelfTest.swift. Also
# checks that a build without the trait says how to get GTK, that it refuses without a display,
# and that a database it cannot write ends it with status 1 and a hint. With
# BINDERY_UPDATE_CAPTURES=1 it saves the window, with a few todos, one completed, to
# Docs/todos-gtk.png.
set -euo pipefail
cd "$(dirname "$0")/../.."
scratch=.build-gtk
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

for tool in pkg-config xvfb-run xauth; do
    command -v "$tool" > /dev/null || { echo "FAIL: $tool is missing (Debian: apt-get install libgtk-4-dev xvfb xauth)"; exit 1; }
done
pkg-config --exists gtk4 || { echo "FAIL: GTK 4 is missing (Debian: apt-get install libgtk-4-dev)"; exit 1; }

# The cairo renderer draws the same on every machine (no GL needed); no accessibility bus.
headless() {
    GSK_RENDERER=cairo GTK_A11Y=none GDK_BACKEND=x11 LANG=C.UTF-8 \
        timeout 120 xvfb-run -a -s "-screen 0 1024x768x24" "$@"
}

# Runs the command after `--`, expecting exit status $1 and the text $2 on standard error.
expect_refusal() {
    local expected=$1 text=$2 status
    shift 3
    set +e
    "$@" > "$work/out" 2> "$work/err"
    status=$?
    set -e
    [ "$status" -eq "$expected" ] || { echo "FAIL: exited $status, expected $expected:"; cat "$work/err"; exit 1; }
    grep -qF -- "$text" "$work/err" || { echo "FAIL: no \"$text\" in:"; cat "$work/err"; exit 1; }
}

echo "== without the GTK trait, todos-gtk says how to build it and fails"
# In the GTK scratch path too (the default one is someone else's build): the trait's build
# below rebuilds what this one changed.
swift build --scratch-path "$scratch" --product todos-gtk
expect_refusal 2 "built without GTK: run \`swift run --traits GTK todos-gtk\`" -- \
    "$(swift build --scratch-path "$scratch" --show-bin-path)/todos-gtk" --database "$work/unused.sqlite"

echo "== swift build --traits GTK (GTK $(pkg-config --modversion gtk4))"
swift build --traits GTK --scratch-path "$scratch" --product todos-gtk
bin="$(swift build --traits GTK --scratch-path "$scratch" --show-bin-path)/todos-gtk"

echo "== without a display, it refuses with a hint"
expect_refusal 2 "hint:" -- env -u DISPLAY -u WAYLAND_DISPLAY "$bin" --self-test --database "$work/unused.sqlite"

echo "== a database it cannot write: status 1 and a hint"
expect_refusal 1 "hint: pass --database PATH" -- headless "$bin" --database "$work/no-such-folder/todos.sqlite"
touch "$work/file"
expect_refusal 1 "hint: pass --database PATH" -- headless env XDG_DATA_HOME="$work/file" "$bin"

echo "== the self-test, under Xvfb, on an empty database"
screenshot=()
if [ "${BINDERY_UPDATE_CAPTURES:-0}" = 1 ]; then screenshot=(--screenshot Docs/todos-gtk.png); fi
headless "$bin" --self-test --database "$work/todos.sqlite" "${screenshot[@]}"

echo "== reopened on the same database: the todos, their states and order, and the filter come back; the edit does not"
headless "$bin" --self-test-reopen --database "$work/todos.sqlite"

echo "== a file that is not a todo database: moved aside, said in the window, a new one started"
printf 'these are not todos\n%.0s' {1..200} > "$work/notes.sqlite"
headless "$bin" --self-test-recovered --database "$work/notes.sqlite"
cmp -s "$work/notes.sqlite.unreadable" <(printf 'these are not todos\n%.0s' {1..200}) \
    || { echo "FAIL: the file moved aside is not the one that was there"; exit 1; }

echo "todos-gtk under Xvfb: every check passed"
