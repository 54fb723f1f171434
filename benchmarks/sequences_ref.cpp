// Plain O(n^2) Grundy sequence of a heap game, the reference for benchmarks/sequences.py.
// Usage: sequences_ref CODE N   (CODE: a take-and-break code like 0.77 with digits 0-7 and
//        a leading 0 or 4, or "grundy" for Grundy's game).  Prints N values, space-separated.
// For heap n and each option kind, every split a + b = n - k is tried; the mex uses a
// stamp array (no clearing).
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

int main(int argc, char** argv) {
    if (argc != 3) { std::fprintf(stderr, "usage: %s CODE N\n", argv[0]); return 2; }
    std::string code = argv[1];
    long n = std::atol(argv[2]);
    bool grundy = code == "grundy";
    std::vector<int> digit;  // digit[k]: what removing k tokens may leave
    if (grundy) {
        digit.push_back(4);
    } else {
        digit.push_back(code[0] - '0');
        for (size_t i = 2; i < code.size(); ++i) digit.push_back(code[i] - '0');
    }
    std::vector<int> g(n, 0);
    std::vector<long> stamp(1 << 16, -1);
    for (long i = 0; i < n; ++i) {
        for (long k = 0; k < (long)digit.size() && k <= i; ++k) {
            int d = digit[k];
            long m = i - k;
            if ((d & 1) && m == 0) stamp[0] = i;
            if ((d & 2) && m >= 1) stamp[g[m]] = i;
            if (d & 4) {
                for (long a = 1; 2 * a <= m; ++a) {
                    if (grundy && 2 * a == m) continue;
                    stamp[g[a] ^ g[m - a]] = i;
                }
            }
        }
        int v = 0;
        while (stamp[v] == i) ++v;
        g[i] = v;
    }
    std::string out;
    out.reserve(n * 3);
    char buf[16];
    for (long i = 0; i < n; ++i) {
        int len = std::snprintf(buf, sizeof buf, i ? " %d" : "%d", g[i]);
        out.append(buf, len);
    }
    out.push_back('\n');
    std::fwrite(out.data(), 1, out.size(), stdout);
    return 0;
}
