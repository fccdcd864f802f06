#!/usr/bin/env python3
"""Splits a JPS+ query profile by what the time is spent on, for pathkit and for Warthog alike.

usage: perf_split.py pathkit|warthog BINARY PERF.DATA...

Each sample of `perf record -e cpu-clock` inside BINARY is put in the first group that matches
one of its frames, innermost first; the frames, inlined ones included, come from
`addr2line -i` on the sample's address, so BINARY needs debug information (pathkit's release
profile has it; of pathkit's frames only its own and the standard library's binary heap
count; Warthog: build with `-DCMAKE_CXX_FLAGS_RELEASE="-O3 -DNDEBUG -g"`). Building
the table, loading the map and the scenario are left out; samples outside BINARY (the kernel,
the C library's printing) too. Prints each group's share of what is left.
"""
import collections
import re
import subprocess
import sys

GROUPS = {
    "pathkit": [
        ("not the search", r"build_rows|JpsPlus::new|Components|Bitmap::of_cells|MovingAiMap|Scenario"),
        ("open list", r"binary_heap|key_heap|open_list|Entry::new"),
        ("table reads (and touching the successor's entries)",
         r"JumpTable|JpsPlus::at@|straight_stop|slot@|expand::\{\{closure\}\}@plus"),
        ("neighbour bits, successor directions", r"padded_bit|is_free|RowOf|arrival"),
        ("expansion: rays, goal checks", r"straight_result|steps_to_goal|::diagonal@plus|::straight@plus|expand8|free_run|padded_word"),
        ("records, heuristic, pushes", r"Successors::visit|distance@|checked_add|improves_on|estimate"),
        ("search loop", r"advance|::expand@context|run_search"),
        ("front door, writing the path", r"write_segment|write_path|write_step|segment_len|direct_ray|check_|set_of|reachable|begin"),
    ],
    "warthog": [
        ("not the search", r"compute_jump_table|read_map|bittable_serialize|gridmap::gridmap|rotate_gridmap::|set_line|scenario|load"),
        ("open list", r"pqueue|cmp_less_search_node|search_node::operator_less|set_priority"),
        ("table reads (and touching the successor's entries)", r"get_jump|jump_intercardinal_many|jump_cardinal_next"),
        ("goal test (jump_target)", r"jump_target|point_to_direction_id"),
        ("heuristic", r"octile_heuristic"),
        ("neighbour bits, successor directions", r"get_neighbours|compute_forced|compute_natural|compute_successors|from_direction"),
        ("records, pushes", r"node_pool|search_node::|expansion_policy::generate|arraylist|add_neighbour|get_successor|expansion_policy::n@"),
        ("expansion: rays, goal checks", r"jps_prune_expansion_policy|integer_sequence|dir_id_adj|rpoint|point_to|identity_base"),
        ("search loop", r"unidirectional_search"),
    ],
}


def plain(function):
    """A function's name without its arguments and generic parameters."""
    name = function.split("(")[0].replace("operator<", "operator_less")
    if name.startswith("<"):  # <Type<T> as Trait>::f: keep the type and the trait
        depth = 0
        for i, ch in enumerate(name):
            depth += {"<": 1, ">": -1}.get(ch, 0)
            if depth == 0:
                name = name[1:i] + name[i + 1:]
                break
    while True:
        shorter = re.sub(r"<[^<>]*>", "", name)
        if shorter == name:
            return name.split("<")[0]  # cut short by addr2line: drop the unclosed rest
        name = shorter


def main():
    side, binary, datas = sys.argv[1], sys.argv[2], sys.argv[3:]
    groups = GROUPS[side]
    symbols = {}
    for line in subprocess.run(["nm", binary], capture_output=True, text=True).stdout.splitlines():
        p = line.split()
        if len(p) == 3:
            symbols[p[2]] = int(p[0], 16)
    samples = collections.Counter()
    name = binary.split("/")[-1]
    for data in datas:
        out = subprocess.run(
            ["perf", "script", "-i", data, "-F", "ip,sym,symoff,dso", "--no-demangle"],
            capture_output=True, text=True).stdout
        for line in out.splitlines():
            m = re.search(r"\s(\S+)\+0x([0-9a-f]+)\s+\((\S+)\)", line)
            if m and m.group(3).endswith(name) and m.group(1) in symbols:
                samples[symbols[m.group(1)] + int(m.group(2), 16)] += 1
    addrs = list(samples)
    lines = subprocess.run(["addr2line", "-a", "-i", "-f", "-C", "-e", binary] + [hex(a) for a in addrs],
                           capture_output=True, text=True).stdout.splitlines()
    frames, cur = {}, None
    for line in lines:
        if re.fullmatch(r"0x[0-9a-f]+", line):
            cur = int(line, 16)
            frames[cur] = []
        else:
            frames[cur].append(line)
    split = collections.Counter()
    for addr, n in samples.items():
        f = frames.get(addr, [])
        chain = [plain(fn) + "@" + loc.split("/")[-1].split(":")[0]
                 for fn, loc in zip(f[0::2], f[1::2])
                 # pathkit's own frames (and the heap's), not those of the standard library
                 if side != "pathkit" or "crates/pathkit/" in loc or "binary_heap" in loc]
        group = next((g for fr in chain for g, pat in groups if re.search(pat, fr)), "other")
        split[group] += n
    total = sum(n for g, n in split.items() if g != "not the search")
    print(f"{side}: {total} samples of the search")
    for g, _ in groups[1:] + [("other", "")]:
        if split[g]:
            print(f"{100 * split[g] / total:5.1f}%  {g}")


if __name__ == "__main__":
    main()
