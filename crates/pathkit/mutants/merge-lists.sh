#!/bin/sh
# Merges the outcome lists of a mutation-testing sitting into a run's lists in this folder.
#
#   crates/pathkit/mutants/merge-lists.sh DIR RUN    # e.g. crates/pathkit/mutants/merge-lists.sh /tmp/m run-10
#
# DIR is the `-o` folder of `cargo mutants --iterate`; RUN names the folder here. A sitting's
# caught, timeout and unviable mutants join the run's; its missed list replaces the run's for
# the mutants it ran again (a mutant caught now leaves the missed list). Names no longer in
# `cargo mutants --list` (their file changed since) are dropped, so the counts are of the
# mutants of the current tree. Run from the repository's root.
set -eu
dir=$1/mutants.out
run=crates/pathkit/mutants/$2
mkdir -p "$run"
touch "$run/caught.txt" "$run/missed.txt" "$run/timeout.txt" "$run/unviable.txt"
current=$(mktemp)
cargo mutants -p pathkit-games --list > "$current"
for list in caught timeout unviable; do
    sort -u "$run/$list.txt" "$dir/$list.txt" | grep -Fxf "$current" > "$run/$list.new" || true
    mv "$run/$list.new" "$run/$list.txt"
done
settled=$(mktemp)
cat "$run/caught.txt" "$run/timeout.txt" "$run/unviable.txt" > "$settled"
sort -u "$run/missed.txt" "$dir/missed.txt" | grep -Fxf "$current" | grep -Fxvf "$settled" > "$run/missed.new" || true
mv "$run/missed.new" "$run/missed.txt"
rm -f "$current" "$settled"
wc -l "$run"/*.txt
