#!/usr/bin/env bash
# The Swift examples of the doc comments in Sources/Bindery (the blocks between `/// ```swift`
# and `/// ````) compile, in the Swift 6 language mode, with no warnings. check.sh runs it;
# it also runs alone, after `swift build`.
#
# - Most examples are a line or two that use names the doc comment leaves out (`lottery`,
#   `label`, `rateSlider`, …): Widgets.swift and DocComments.prelude.swift declare them. These
#   examples make one program that imports Bindery and Synchronization (for `Mutex`), each
#   example in a `do { … }` block of its own, as main-actor top-level code, so that names they
#   declare do not meet.
# - An example that declares a type (a `@Dynamic` class, a control) is compiled at the top
#   level instead, with the other such examples of its source file, as a program of their own:
#   a `@Dynamic` class cannot be local, and its names would meet the shared world's. That
#   program has the source file's own prelude here (`<File>.prelude.swift`, as
#   `Dynamic+Macro.prelude.swift`) if there is one, and Widgets.swift unless the examples
#   declare one of its types (Control.swift's `TextField` is Widgets.swift's).
# - An example in the doc comment of a declaration that is not public (Conversion.swift's) is
#   compiled that way too, its program importing Bindery with `@testable` (the debug build
#   allows it).
# - An example's `import` lines move to the top of its program.
# - A block whose first line is a `//` comment that calls it a fragment (ChangeRegistrar.swift's
#   `set { … }`) is not a program: it is skipped, and counted.
#
# Each example keeps its file's lines and columns (through `#sourceLocation`), so an error
# points at the doc comment; the failing example's part of its program is printed with it. A
# program that fails counts all its examples as failing.
set -uo pipefail
cd "$(dirname "$0")/../.."
bin=$(swift build --show-bin-path)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

read -r -d '' script <<'PY'
import glob, json, os, re, sys

OPEN = re.compile(r"^(\s*)/// ```swift\s*$")
CLOSE = re.compile(r"^\s*/// ```\s*$")
TYPE = re.compile(r"^(@\w+(\([^)]*\))?\s+)*((public|internal|fileprivate|private|open|final)\s+)*"
                  r"(class|struct|enum|actor|protocol|extension)\s+(\w+)")
DECLARATION = re.compile(r"\b(func|var|let|class|struct|enum|protocol|macro|extension|typealias|init|"
                         r"subscript|actor|case|associatedtype)\b")
WIDGETS = "Tests/DocExamples/Widgets.swift"


def examples(path):
    """Each ```swift block of the file's doc comments: where it starts, its lines as they
    stand in the file with `///` blanked (so columns match), the code itself, and whether the
    declaration it documents is public."""
    lines = open(path).read().split("\n")
    i = 0
    while i < len(lines):
        opening = OPEN.match(lines[i])
        if not opening:
            i += 1
            continue
        indent = opening.group(1)
        end = i + 1
        while not CLOSE.match(lines[end]):
            end += 1
        block = lines[i + 1:end]
        body = [indent + "   " + line[len(indent) + 3:] for line in block]
        code = [line[len(indent) + 4:] for line in block]
        # Its imports go to the top of its program; their lines stay, blank.
        imports = [line for line in code if line.startswith("import ")]
        body = ["" if line.startswith("import ") else kept for line, kept in zip(code, body)]
        # The documented declaration: the first line after the comment that is neither doc
        # comment nor attribute and declares something.
        public = False
        for line in lines[end + 1:]:
            stripped = line.strip()
            if stripped.startswith("///") or stripped.startswith("@") or not DECLARATION.search(stripped):
                continue
            public = re.search(r"\b(public|open)\b", stripped) is not None
            break
        yield {"file": path, "line": i + 2, "body": body, "code": code, "public": public, "imports": imports}
        i = end + 1


def program(imports, items, scoped):
    """The program's text, and where each example stands in it."""
    text = list(imports)
    for item in items:
        text.extend(line for line in item["imports"] if line not in text)
    for item in items:
        if scoped:
            text.append("do {")
        item["first"] = len(text) + 2
        text.append('#sourceLocation(file: "%s", line: %d)' % (item["file"], item["line"]))
        text.extend(item["body"])
        item["last"] = len(text)
        text.append("#sourceLocation()")
        if scoped:
            text.append("}")
    return "\n".join(text) + "\n"


def extract(work):
    shared, alone, skipped = [], {}, 0
    for path in sorted(glob.glob("Sources/Bindery/**/*.swift", recursive=True)):
        for item in examples(path):
            first = next((line.strip() for line in item["code"] if line.strip()), "")
            if first.startswith("//") and re.search(r"\bfragment\b", first, re.I):
                skipped += 1
                continue
            item["types"] = {m.group(6) for m in map(TYPE.match, item["code"]) if m}
            if item["types"] or not item["public"]:
                alone.setdefault(path, []).append(item)
            else:
                shared.append(item)
    programs = []
    if shared:
        programs.append(("DocComments", shared, True,
                         [WIDGETS, "Tests/DocExamples/DocComments.prelude.swift"], ["import Bindery", "import Synchronization"]))
    widget_types = {m.group(6) for m in map(TYPE.match, open(WIDGETS).read().split("\n")) if m}
    for path, items in alone.items():
        stem = os.path.splitext(os.path.basename(path))[0]
        sources = [] if set().union(*(item["types"] for item in items)) & widget_types else [WIDGETS]
        prelude = "Tests/DocExamples/%s.prelude.swift" % stem
        if os.path.exists(prelude):
            sources.append(prelude)
        testable = not all(item["public"] for item in items)
        programs.append((stem, items, False, sources, ["@testable import Bindery" if testable else "import Bindery"]))
    with open(os.path.join(work, "programs"), "w") as listing:
        for number, (name, items, scoped, sources, imports) in enumerate(programs):
            directory = os.path.join(work, "program%d" % number)
            os.makedirs(directory)
            main = os.path.join(directory, "main.swift")
            open(main, "w").write(program(imports, items, scoped))
            json.dump([{k: item[k] for k in ("file", "line", "first", "last")} for item in items],
                      open(os.path.join(directory, "examples.json"), "w"))
            listing.write("%s %d %s %s\n" % (directory, len(items), name, " ".join(sources)))
    print(skipped)


def report(directory, output):
    """The compiler's errors, then the program of each example they point at (all of it if
    they point at none)."""
    items = json.load(open(os.path.join(directory, "examples.json")))
    main = open(os.path.join(directory, "main.swift")).read().split("\n")
    failing = []
    diagnostics = [line for line in open(output).read().split("\n") if re.search(r": (error|warning): ", line)]
    for line in diagnostics[:20]:
        print(line)
        where = re.match(r"^(.*?):(\d+):\d+: ", line)
        for item in items:
            if where and item["file"] == where.group(1) \
                    and item["line"] <= int(where.group(2)) < item["line"] + item["last"] - item["first"] + 1 \
                    and item not in failing:
                failing.append(item)
    for item in failing:
        print("--- the program it made for %s:%d:" % (item["file"], item["line"]))
        for number in range(max(1, item["first"] - 2), min(len(main), item["last"] + 2) + 1):
            print("%6d\t%s" % (number, main[number - 1]))
    if not failing:
        print("--- the program it made:")
        for number, line in enumerate(main, 1):
            print("%6d\t%s" % (number, line))


if sys.argv[1] == "extract":
    extract(sys.argv[2])
else:
    report(sys.argv[2], sys.argv[3])
PY

skipped=$(python3 -c "$script" extract "$work") || exit 1
compiled=0
failed=0
while read -r directory count name sources; do
    # shellcheck disable=SC2086 # `sources` is a list of paths without spaces
    swiftc -swift-version 6 -warnings-as-errors -wmo -emit-sil -o /dev/null -module-name "DocComment${name//[^A-Za-z0-9]/}" \
        -I "$bin/Modules" -Xcc -fmodule-map-file="$bin/BinderyRuntime.build/module.modulemap" \
        -load-plugin-executable "$bin/BinderyMacros-tool#BinderyMacros" $sources "$directory/main.swift" \
        </dev/null >"$directory/output" 2>&1
    if [ $? -eq 0 ] && ! grep -q "warning:" "$directory/output"; then
        compiled=$((compiled + count))
    else
        failed=$((failed + count))
        echo "FAIL $name ($count examples):"
        python3 -c "$script" report "$directory" "$directory/output"
    fi
done <"$work/programs"
echo "doc comment examples: $compiled compile, $failed do not, $skipped skipped (fragments)"
[ $failed -eq 0 ]
