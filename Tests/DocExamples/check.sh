#!/usr/bin/env bash
# The README's and the DocC articles' Swift examples compile, in the Swift 6 language mode,
# with no warnings. Each document's examples become one program, in order, as main-actor
# top-level code (as an app's main-actor code is), so a later example may use what an earlier
# one declared. What a document leaves out (its widgets, its model) comes from Widgets.swift
# and the document's own prelude here. A block that starts with `.` (a package-manifest
# fragment) is not app code and is skipped. Then check-doc-comments.sh does the same for the
# examples of the doc comments in Sources/Bindery. Run after `swift build`.
set -uo pipefail
cd "$(dirname "$0")/../.."
bin=$(swift build --show-bin-path)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=0
passed=0
for doc in README.md Sources/Bindery/Bindery.docc/*.md Sources/Bindery/Bindery.docc/Articles/*.md; do
    name=$(basename "$doc" .md)
    main="$work/$name/main.swift"
    mkdir -p "$work/$name"
    count=$(python3 - "$doc" "$main" <<'PY'
import re, sys
doc, out = sys.argv[1], sys.argv[2]
text = open(doc).read()
# The README's quick start runs alone (below): it declares its own widgets.
text = re.sub(r"<!-- quick-start:[^>]*-->\n```swift\n.*?^```", "", text, flags=re.S | re.M)
blocks = re.findall(r"^```swift\n(.*?)^```", text, flags=re.S | re.M)
parts = ["import Bindery"]
count = 0
for block in blocks:
    # An example's own imports (`import Synchronization`) go to the top of the program.
    parts[0:0] = [line for line in block.splitlines() if line.startswith("import ") and line not in parts]
    lines = [line for line in block.splitlines() if not line.startswith("import ")]
    body = "\n".join(lines).strip()
    if not body or body.startswith("."):
        continue
    count += 1
    parts.append(body)
open(out, "w").write("\n\n".join(parts) + "\n")
print(count)
PY
)
    [ "$count" -eq 0 ] && continue
    # A prelude whose first line says so leaves Widgets.swift out: its document uses a widget
    # kit's own widgets (BuildingTodoMVC, with BinderyTerminal's).
    prelude="Tests/DocExamples/$name.prelude.swift"
    if [ -f "$prelude" ] && head -1 "$prelude" | grep -q "without Widgets.swift"; then
        sources=("$main" "$prelude")
    else
        sources=("Tests/DocExamples/Widgets.swift" "$main")
        [ -f "$prelude" ] && sources+=("$prelude")
    fi
    output=$(swiftc -swift-version 6 -warnings-as-errors -wmo -emit-sil -o /dev/null -module-name "DocExample$passed$failed" \
        -I "$bin/Modules" -Xcc -fmodule-map-file="$bin/BinderyRuntime.build/module.modulemap" \
        -load-plugin-executable "$bin/BinderyMacros-tool#BinderyMacros" "${sources[@]}" 2>&1)
    if [ $? -eq 0 ] && ! grep -q "warning:" <<<"$output"; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        echo "FAIL $doc ($count examples):"
        echo "$output" | grep -E "error|warning" | head -n 10
        echo "--- the program it made:"
        cat -n "$main" | head -n 80
    fi
done
echo "documentation examples: $passed documents compile, $failed do not"

# The README's quick start, as a newcomer pastes it: compiled alone (no prelude), linked with
# the library and run; each `print` must print what its comment says (up to a colon).
quick="$work/quick-start"
mkdir -p "$quick"
python3 - README.md "$quick/main.swift" "$quick/expected.txt" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
block = re.search(r"<!-- quick-start:[^>]*-->\n```swift\n(.*?)^```", text, flags=re.S | re.M).group(1)
open(sys.argv[2], "w").write(block)
expected = [line.split("//", 1)[1].split(":")[0].strip() for line in block.splitlines() if line.lstrip().startswith("print(")]
open(sys.argv[3], "w").write("\n".join(expected) + "\n")
PY
if swiftc -swift-version 6 -warnings-as-errors -o "$quick/run" -module-name QuickStart \
    -I "$bin/Modules" -Xcc -fmodule-map-file="$bin/BinderyRuntime.build/module.modulemap" \
    -load-plugin-executable "$bin/BinderyMacros-tool#BinderyMacros" "$quick/main.swift" \
    "$bin"/Bindery.build/*.o "$bin"/BinderyRuntime.build/*.o > "$quick/build.txt" 2>&1 \
    && "$quick/run" > "$quick/output.txt" 2>&1 && diff -u "$quick/expected.txt" "$quick/output.txt"; then
    echo "README quick start: compiles alone, runs, and prints what its comments say"
else
    failed=$((failed + 1))
    echo "FAIL README quick start:"
    cat "$quick/build.txt" "$quick/output.txt" 2>/dev/null | head -n 20
fi
bash Tests/DocExamples/check-doc-comments.sh
comments=$?
[ $failed -eq 0 ] && [ $comments -eq 0 ]
