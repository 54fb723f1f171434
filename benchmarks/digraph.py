"""Tokens on a DAG (``grundy solve digraph``): grundy against a plain C++ solution and a
plain Python one, side by side.

- contest size: a random DAG of 2*10^5 vertices and 2*10^5 edges and 10^5 queries of 1 to
  3 tokens, through the CLI (a judge's plain run), against a C++ solution written here
  (Kahn's algorithm and a mex per vertex, compiled with ``g++ -O2`` into a temporary
  folder; skipped with the reason when g++ is missing) and a plain Python one (the same
  algorithm, no NumPy);
- a path of 2*10^5 vertices (the longest topological order) and the same queries;
- agreement: 200 small random inputs solved in-process by the library and by both
  references.

Answers must agree; times are printed, never asserted.  Run: python benchmarks/digraph.py
"""

from __future__ import annotations

import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import _bench  # noqa: E402

from grundy.formats import solve  # noqa: E402

CPP = r"""
#include <cstdio>
#include <vector>
static char buf[1 << 16];
static size_t len = 0, at = 0;
static int get() {
    if (at == len) { len = fread(buf, 1, sizeof buf, stdin); at = 0; if (!len) return -1; }
    return buf[at++];
}
static long next() {
    int c = get();
    while (c == ' ' || c == '\n' || c == '\r' || c == '\t') c = get();
    long x = 0;
    while (c >= '0' && c <= '9') { x = x * 10 + (c - '0'); c = get(); }
    return x;
}
int main() {
    long n = next(), m = next();
    std::vector<long> tail(m), head(m), start(n + 2, 0), pstart(n + 2, 0);
    for (long i = 0; i < m; i++) {
        tail[i] = next() - 1; head[i] = next() - 1;
        start[tail[i] + 1]++; pstart[head[i] + 1]++;
    }
    for (long v = 0; v < n; v++) { start[v + 1] += start[v]; pstart[v + 1] += pstart[v]; }
    std::vector<long> succ(m), pred(m), fill(start.begin(), start.end()), pfill(pstart.begin(), pstart.end());
    for (long i = 0; i < m; i++) { succ[fill[tail[i]]++] = head[i]; pred[pfill[head[i]]++] = tail[i]; }
    std::vector<long> left(n), queue, value(n, 0), mark(n + 2, -1);
    queue.reserve(n);
    for (long v = 0; v < n; v++) { left[v] = start[v + 1] - start[v]; if (!left[v]) queue.push_back(v); }
    for (size_t h = 0; h < queue.size(); h++) {
        long v = queue[h];
        for (long i = start[v]; i < start[v + 1]; i++) mark[value[succ[i]]] = v;
        long g = 0;
        while (mark[g] == v) g++;
        value[v] = g;
        for (long i = pstart[v]; i < pstart[v + 1]; i++) if (!--left[pred[i]]) queue.push_back(pred[i]);
    }
    long q = next();
    std::vector<char> out;
    out.reserve(q * 7);
    for (long j = 0; j < q; j++) {
        long k = next(), x = 0;
        for (long i = 0; i < k; i++) x ^= value[next() - 1];
        const char *w = x ? "First\n" : "Second\n";
        while (*w) out.push_back(*w++);
    }
    fwrite(out.data(), 1, out.size(), stdout);
}
"""

PYTHON = r"""
import sys

def main():
    data = sys.stdin.buffer.read().split()
    n, m = int(data[0]), int(data[1])
    succ = [[] for _ in range(n)]
    at = 2
    for _ in range(m):
        succ[int(data[at]) - 1].append(int(data[at + 1]) - 1)
        at += 2
    value = [None] * n
    for root in range(n):  # a depth-first search from each vertex not valued yet
        if value[root] is not None:
            continue
        stack = [root]
        while stack:
            v = stack[-1]
            todo = [w for w in succ[v] if value[w] is None]
            if todo:
                stack.extend(todo)
                continue
            stack.pop()
            seen = {value[w] for w in succ[v]}
            g = 0
            while g in seen:
                g += 1
            value[v] = g
    q = int(data[at])
    at += 1
    out = []
    for _ in range(q):
        k = int(data[at])
        x = 0
        for w in data[at + 1:at + 1 + k]:
            x ^= value[int(w) - 1]
        at += 1 + k
        out.append("First" if x else "Second")
    sys.stdout.write("\n".join(out) + "\n")

main()
"""


def dag_input(rng: random.Random, n: int, m: int, q: int, path: bool = False) -> bytes:
    """A random DAG (edges go forward in a random order of the vertices; on a path, the
    edges of one Hamiltonian path) and ``q`` queries of 1 to 3 tokens."""
    order = list(range(1, n + 1))
    rng.shuffle(order)
    lines = [f"{n} {m}"]
    if path:
        lines += [f"{order[i]} {order[i + 1]}" for i in range(m)]
    else:
        for _ in range(m):
            a, b = rng.randrange(n), rng.randrange(n)
            while a == b:
                b = rng.randrange(n)
            a, b = min(a, b), max(a, b)
            lines.append(f"{order[a]} {order[b]}")
    lines.append(str(q))
    for _ in range(q):
        k = rng.randint(1, 3)
        lines.append(" ".join([str(k), *(str(rng.randint(1, n)) for _ in range(k))]))
    return ("\n".join(lines) + "\n").encode()


def main() -> None:
    rng = random.Random(34)
    grundy = _bench.grundy_command("solve", "digraph")
    python = [sys.executable, "-c", PYTHON]
    with tempfile.TemporaryDirectory() as folder:
        cpp = None
        if shutil.which("g++") is None:
            print("digraph: C++ reference skipped: g++ is not installed")
        else:
            source = Path(folder) / "digraph.cpp"
            source.write_text(CPP)
            cpp = Path(folder) / "digraph"
            subprocess.run(["g++", "-O2", "-std=c++17", "-o", str(cpp), str(source)], check=True)

        for label, data in (
                ("random DAG, n = m = 2e5, q = 1e5", dag_input(rng, 200000, 200000, 100000)),
                ("a path, n = 2e5, q = 1e5", dag_input(rng, 200000, 199999, 100000, path=True))):
            ours = _bench.run(grundy, data, files=True)
            plain = _bench.run(python, data, repeat=1, files=True)
            if ours.stdout != plain.stdout:
                raise SystemExit(f"digraph: grundy and the plain Python solution disagree ({label})")
            print(_bench.report(f"digraph: {label}", ours, plain, "Python"),
                  f"  peak {ours.peak_rss_mb:.0f} MB")
            if cpp is not None:
                ref = _bench.run([str(cpp)], data, files=True)
                if ours.stdout != ref.stdout:
                    raise SystemExit(f"digraph: grundy and the C++ solution disagree ({label})")
                print(_bench.report(f"digraph: {label}", ours, ref))
        numpy = _bench.run([sys.executable, "-c", "import numpy"])
        print(_bench.report("digraph: the last vs numpy start-up", ours, numpy, "import numpy"),
              f"  above it: {ours.seconds - numpy.seconds:+.3f} s")

        start, count = time.perf_counter(), 0
        for count in range(1, 201):
            n = rng.randint(1, 12)
            data = dag_input(rng, n, rng.randint(0, 3 * n) if n > 1 else 0, rng.randint(1, 8))
            answer = solve("digraph", data).encode()
            for ref_cmd in ([str(cpp)] if cpp is not None else []) + [python]:
                theirs = subprocess.run(ref_cmd, input=data, capture_output=True, check=True).stdout
                if theirs != answer:
                    raise SystemExit(f"digraph: disagreement on random input #{count}:\n"
                                     f"{data.decode()}")
        print(f"digraph: {count} random small inputs agree with the references "
              f"({time.perf_counter() - start:.1f} s)")


if __name__ == "__main__":
    main()
