#!/usr/bin/env bash
# Each file here must fail to type-check with the error its first line names: the chain syntax
# rejects these at compile time, in the Swift 6 language mode users build with. Run after
# `swift build` (it reads the debug build's modules).
set -uo pipefail
cd "$(dirname "$0")/../.."
bin=$(swift build --show-bin-path)
failed=0
passed=0
for file in Tests/CompileFailures/*.swift; do
    expected=$(head -n 1 "$file" | sed -e 's|^// expected-error: ||')
    output=$(swiftc -typecheck -swift-version 6 -I "$bin/Modules" -Xcc -fmodule-map-file="$bin/BinderyRuntime.build/module.modulemap" -load-plugin-executable "$bin/BinderyMacros-tool#BinderyMacros" "$file" 2>&1)
    status=$?
    if [ $status -ne 0 ] && grep -qF -- "$expected" <<<"$output"; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        echo "FAIL $file: expected an error containing: $expected"
        echo "$output" | grep -E "error" | head -n 5
    fi
done
echo "compile-failure checks: $passed of $((passed + failed)) rejected as expected"
[ $failed -eq 0 ]
