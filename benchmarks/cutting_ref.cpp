// Reference for POJ 2311 (Cutting Game), written for grundy's benchmark.
// Reduced game: a cut must leave both pieces at least 2 wide (leaving a piece of
// width 1 hands the opponent a 1x1 cut).  Plain memoised mex over the cuts.
#include <cstdio>
#include <cstring>

#ifndef MAXN
#define MAXN 201
#endif

static int sg[MAXN + 1][MAXN + 1];

static int value(int w, int h) {
    int &memo = sg[w][h];
    if (memo >= 0) return memo;
    bool seen[MAXN + 2];
    memset(seen, 0, sizeof seen);
    for (int i = 2; i <= w - 2; ++i) {
        int x = value(i, h) ^ value(w - i, h);
        if (x <= MAXN) seen[x] = true;
    }
    for (int j = 2; j <= h - 2; ++j) {
        int x = value(w, j) ^ value(w, h - j);
        if (x <= MAXN) seen[x] = true;
    }
    int g = 0;
    while (seen[g]) ++g;
    sg[h][w] = g;
    return memo = g;
}

int main() {
    memset(sg, -1, sizeof sg);
    int w, h;
    while (scanf("%d %d", &w, &h) == 2) puts(value(w, h) ? "WIN" : "LOSE");
    return 0;
}
