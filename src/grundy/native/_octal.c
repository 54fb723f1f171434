/* grundy.native._octal: Grundy sequences of take-and-break games whose moves leave at most two
 * heaps (every octal code, 4. prefixes, hexadecimal codes without the 8 bit) and of
 * Grundy's game, by the rare/common ("sparse space") split.
 *
 * The options of heap h are: 0 (zero moves, k == h), g(h - k) (one-heap moves) and
 * g(a) ^ g(b) with a + b = h - k, a, b >= 1 (two-heap moves; a != b when `unequal`).
 *
 * The split.  The two-heap removals k are put in two groups by their parity d.  For a
 * group, the extended value of heap i is x(i) = g(i) << 1 | ((i ^ d) & 1).  A pair a + b
 * = h - k of the group has x(a) ^ x(b) = (g(a) ^ g(b)) << 1 | ((h ^ d) & 1): the extended
 * option value, in the same form as x(h).  With a mask M, an extended value is *common*
 * when popcount(x & M) is odd and *rare* otherwise; a heap is rare when its extended value
 * is.  Parity is linear, so an option of common extended value comes from a pair with
 * exactly one rare part: every such option is reached by scanning the (few) rare heaps
 * r < h - k and pairing each with h - k - r.  The least value c no such option (nor a
 * one-heap or zero move) reaches is g(h) when it is common for every group; when c is
 * rare for a group, that group's pairs are scanned in full, until c is reached (then the
 * next unreached value is the candidate) or every pair is tried (then c is g(h), a rare
 * heap).  The result is exact for every mask; the mask only decides the speed.  It is
 * chosen per group by a Walsh-Hadamard transform of the counts of extended values, as
 * the mask that makes the fewest heaps rare, and chosen again when a heap turns out rare
 * or the values outgrow a power of two.  No mask (every heap rare: every pair scanned)
 * is chosen when the best leaves more than 30% of the heaps rare, and a mask is dropped
 * when it leaves more than 40% (then marking the rare pairs costs about as much as a
 * full scan, and the full scans come on top).  Where dense mode can run (below), every
 * mask is dropped as soon as the masks would cost more than dense mode.
 *
 * Blocks.  Heaps are computed a block at a time (h = n0 + j, j < rows; the rows of bytes
 * that mark each heap's option values fit in L1): the pairs of a rare heap r < n0 whose
 * other part is below n0 too are XORed for the whole block in one loop over consecutive
 * values (split with a worker thread on a second core when asked, threads=2, and the block
 * has many: on a quiet two-core machine it did not pay, benchmarks/threads.py: Grundy's game
 * to 2^24 1.11x the time of one thread, so one is the default), then heap
 * by heap: the pairs with a part in the block and a rare part (a rare r <= j - k, or a
 * rare heap of the block), the first PROBE pairs (values for free), then the full scan
 * while the candidate is rare.  A full scan takes runs of pairs in one of two orders
 * (ascending, or bit-reversed so that far-apart pairs come early), whichever found the
 * values faster in its last trial (memory matters as much as the number of pairs at large
 * N); when the candidate is rare for both groups, their
 * scans take turns.  If the mask changes, or a value reaches a new power of two, the block
 * ends there.
 *
 * The computation runs with the GIL released, a chunk of about 20 ms at a time; between
 * chunks Python checks for signals (Ctrl-C) and the optional `report` callback is called.
 */
#define _GNU_SOURCE
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <pthread.h>

#define MAX_MOVES 4096      /* removals per kind of move */
#define ROWS_BYTES 24576    /* the bytes of one block's rows: about L1 */
#define MAX_BLOCK 256
#define CHUNK_SECONDS 0.02  /* work between two returns to Python */
#define REPORT_SECONDS 0.2  /* at least this long between two calls of `report` */
#define RUN 64           /* pairs a full scan tries between two looks at the candidate */
#define THREAD_PAIRS 100000 /* rare pairs of a block worth a second thread */
#define PROBE 32        /* first parts of every heap tried before the rare check */
#define EPOCH 256       /* heaps per trial of an order */
#define EPOCHS 16       /* a cycle: one epoch on each order, then the better one */
#define RING 64         /* dense mode: rows of pair values kept (a power of two) */

typedef struct {
    int nk;             /* removals in this group (0: the group is absent) */
    int64_t k[MAX_MOVES];
    uint32_t mask;      /* over extended values; 0: every heap rare, scan every pair */
    uint32_t *rpos;     /* rare heaps (>= 1), ascending */
    uint16_t *rval;     /* their values */
    int64_t nrare, cap;
} Group;

/* The second core: a worker thread that marks the rare pairs of the upper half of a
 * block's rows while the calling thread does the lower half. */
typedef struct {
    pthread_t thread;
    pthread_mutex_t lock;
    pthread_cond_t wake, done;
    int running, quit, busy;
    const struct State *s;
    uint8_t *R;
    uint32_t stride;
    int64_t j0, j1, n0;
} Worker;

typedef struct State {
    /* the game */
    int nzero, none;
    int64_t zero[MAX_MOVES], one[MAX_MOVES];
    int unequal;
    Group grp[2];
    uint32_t limit;     /* largest value that may be stored */
    /* the values */
    uint16_t *g;
    int64_t size;       /* g[0..size) are final */
    uint32_t top;       /* a power of two above every value */
    uint64_t *count;    /* count[x]: heaps 1..size-1 of extended value x (group 0) */
    int64_t counted;
    int64_t next_review;
    /* scratch */
    uint8_t *rows;
    size_t rows_cap;
    int64_t *walsh;
    int order;          /* the better scan order (see next_run) */
    double cost[2];     /* seconds each order took to find values in its last trial */
    int error;          /* 1: a value would not fit; 2: out of memory */
    int threads;        /* 2: the rare pairs of big blocks are split with a worker thread */
    Worker worker;
    int64_t error_heap;
    /* dense mode: the rows P(m) of the last RING sizes m (ring_m: which m, -1: none) */
    uint8_t *ring;
    uint32_t ring_top;  /* the length of each row; 0 before the first */
    int64_t ring_m[RING];
    int can_dense;      /* dense mode may run: two-heap removals spanning less than RING
                         * (and not turned off by the caller) */
    int64_t dense_heaps;  /* heaps computed in dense mode */
} State;

#ifdef OCTAL_STATS  /* -DOCTAL_STATS: counts of the work done, on stderr after each fill */
#include <stdio.h>
static long long st_blocks, st_rows, st_vec, st_small, st_verify, st_verify_heaps, st_reviews,
    st_rebuilds, st_rare_heaps, st_found_pairs, st_exhausted, st_exhausted_pairs, st_long,
    st_dense;
#define STAT(x) (x)
#else
#define STAT(x) ((void)0)
#endif

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static inline int parity32(uint32_t x) { return __builtin_parity(x); }

static inline int rare_in(const Group *gr, uint32_t value, int64_t heap, int d) {
    uint32_t x = (value << 1) | (uint32_t)((heap ^ d) & 1);
    return !parity32(x & gr->mask);
}

/* least index >= from of a zero byte in row[0..top]; top if none below top */
static inline uint32_t mex_from(const uint8_t *row, uint32_t from, uint32_t top) {
    uint32_t v = from;
    while (v < top && (v & 7)) {
        if (!row[v]) return v;
        v++;
    }
    while (v + 8 <= top) {
        uint64_t w;
        memcpy(&w, row + v, 8);
        uint64_t z = (w - 0x0101010101010101ULL) & ~w & 0x8080808080808080ULL;
        if (z) return v + (uint32_t)(__builtin_ctzll(z) >> 3);
        v += 8;
    }
    while (v < top) {
        if (!row[v]) return v;
        v++;
    }
    return top;
}

static int push_rare(Group *gr, int64_t pos, uint16_t val) {
    if (gr->nrare == gr->cap) {
        int64_t cap = gr->cap ? 2 * gr->cap : 1024;
        uint32_t *p = realloc(gr->rpos, (size_t)cap * sizeof *p);
        if (!p) return -1;
        gr->rpos = p;
        uint16_t *q = realloc(gr->rval, (size_t)cap * sizeof *q);
        if (!q) return -1;
        gr->rval = q;
        gr->cap = cap;
    }
    gr->rpos[gr->nrare] = (uint32_t)pos;
    gr->rval[gr->nrare] = val;
    gr->nrare++;
    return 0;
}

static int rebuild_rare(State *s, int d) {
    Group *gr = &s->grp[d];
    gr->nrare = 0;
    if (!gr->mask) return 0;
    for (int64_t i = 1; i < s->size; i++)
        if (rare_in(gr, s->g[i], i, d) && push_rare(gr, i, s->g[i])) return -1;
    return 0;
}

/* Choose each group's mask again; rebuild the rare lists that change.  Returns 1 when a
 * mask changed, 0 if not, -1 when out of memory. */
static int review(State *s) {
    uint32_t t = 2 * s->top;  /* extended values */
    int64_t total = 0;
    for (uint32_t x = 0; x < t; x++) {
        s->walsh[x] = (int64_t)s->count[x];
        total += (int64_t)s->count[x];
    }
    for (uint32_t h = 1; h < t; h <<= 1)
        for (uint32_t i = 0; i < t; i += 2 * h)
            for (uint32_t j = i; j < i + h; j++) {
                int64_t a = s->walsh[j], b = s->walsh[j + h];
                s->walsh[j] = a + b;
                s->walsh[j + h] = a - b;
            }
    STAT(st_reviews++);
    uint32_t pick[2] = {0, 0};
    int64_t rare_of[2] = {total, total};
    for (int d = 0; d < 2; d++) {
        Group *gr = &s->grp[d];
        pick[d] = gr->mask;
        if (!gr->nk) continue;
        uint32_t best = 0;
        int64_t best_rare = total, current = total;
        for (uint32_t m = 1; m < t; m++) {
            int64_t h = (d & m & 1) ? -s->walsh[m] : s->walsh[m];
            int64_t rare = (total + h) / 2;
            if (m == gr->mask) current = rare;
            if (rare < best_rare) { best = m; best_rare = rare; }
        }
        if (10 * best_rare > 3 * total) best = 0, best_rare = total;  /* no mask pays */
        rare_of[d] = gr->mask ? current : total;
        /* keep a mask unless another makes far fewer heaps rare, or it no longer pays */
        if (best == gr->mask) continue;
        if (gr->mask && 5 * best_rare > 4 * current && 10 * current <= 4 * total) continue;
        pick[d] = best;
        rare_of[d] = best_rare;
    }
    /* Dense mode against the masks: per heap, a removal with a fraction f of rare heaps
     * marks about f * m rare pairs and, for the rare heaps, scans all m / 2 pairs, 1.5 f m
     * in all; dense mode scans m / 2 pairs whatever the removals.  Dense mode is taken when
     * the masks would cost more (and kept until they cost a fifth less). */
    if (s->can_dense && total > 0) {
        const int was_dense = !s->grp[0].mask && !s->grp[1].mask;
        double cost = 0;
        for (int d = 0; d < 2; d++)
            cost += 3.0 * s->grp[d].nk * (double)rare_of[d] / (double)total;
        if (cost >= (was_dense ? 0.8 : 1.0)) pick[0] = pick[1] = 0;
    }
    int changed = 0;
    for (int d = 0; d < 2; d++) {
        Group *gr = &s->grp[d];
        if (!gr->nk || pick[d] == gr->mask) continue;
        gr->mask = pick[d];
        STAT(st_rebuilds++);
        if (rebuild_rare(s, d)) return -1;
        changed = 1;
    }
    return changed;
}

/* The scan order for heap h: each cycle of EPOCHS epochs tries order 0, then order 1, then
 * keeps the one that found values faster in its epoch (a trial of order 1 stops early once
 * it has taken twice as long as order 0).  The order changes only the speed. */
static int pick_order(State *s, int64_t h) {
    const int64_t phase = (h / EPOCH) % EPOCHS;
    if (h % EPOCH == 0 && phase < 2) s->cost[phase] = 0;
    if (phase == 0) return 0;
    if (phase == 1) {
        if (s->cost[0] + 1e-4 < s->cost[1] / 2) return 0;  /* order 1 loses already */
        return 1;
    }
    if (phase == 2 && h % EPOCH == 0) s->order = s->cost[1] < s->cost[0];
    return s->order;
}

static int ensure_rows(State *s, size_t bytes) {
    if (bytes <= s->rows_cap) return 0;
    uint8_t *p = realloc(s->rows, bytes);
    if (!p) return -1;
    s->rows = p;
    s->rows_cap = bytes;
    return 0;
}

/* The orders in which a full scan tries first parts from..hm.  Order 0: ascending, in runs
 * of RUN.  Order 1: runs of RUN in bit-reversed order (pairs far apart differ more than
 * neighbours, whose values are alike in some games, such as Grundy's game; in others the
 * small parts give the most varied values).  The kernel tries both now and then and keeps
 * the one that finds values faster.  Step *step (from 0) is [*lo, *hi); returns 0 when every
 * first part has been tried. */
static inline int next_run(int order, int64_t from, int64_t hm, int64_t *step, int64_t *lo,
                           int64_t *hi) {
    if (hm < from) return 0;
    const int64_t runs = (hm - from + RUN) / RUN;
    if (order == 0) {
        if (*step >= runs) return 0;
        *lo = from + *step * RUN;
        (*step)++;
    } else {
        int bits = 0;
        while ((1LL << bits) < runs) bits++;
        for (;;) {
            int64_t i = *step;
            if (i >= (1LL << bits)) return 0;
            (*step)++;
            uint64_t r = 0, x = (uint64_t)i;
            for (int b = 0; b < bits; b++, x >>= 1) r = (r << 1) | (x & 1);
            if ((int64_t)r < runs) {
                *lo = from + (int64_t)r * RUN;
                break;
            }
        }
    }
    *hi = *lo + RUN;
    if (*hi > hm + 1) *hi = hm + 1;
    return 1;
}

static inline int64_t half_of(const State *s, int64_t m) {
    return (s->unequal && !(m & 1)) ? m / 2 - 1 : m / 2;
}

/* Mark, in the rows of heaps h = n0 + j (j0 <= j < j1), the value v ^ g(b) of the pair
 * (a, b = h - k - a) for every heap where b is below n0 (and at least 1). */
static inline void mark_block(uint8_t *R, uint32_t stride, int64_t j0, int64_t j1, int64_t n0,
                              const uint16_t *g, int64_t k, int64_t a, uint16_t v, int unequal) {
    int64_t jhi = a + k;  /* j < a + k: b < n0 */
    if (jhi > j1) jhi = j1;
    int64_t jlo = a + k + 1 - n0;  /* b >= 1 */
    if (jlo < j0) jlo = j0;
    if (jlo >= jhi) return;
    const uint16_t *src = g + (n0 - k - a);
    uint8_t *row = R + (size_t)jlo * stride;
    if (unequal) {
        for (int64_t j = jlo; j < jhi; j++, row += stride)
            if (2 * a != n0 + j - k) row[v ^ src[j]] = 1;
    } else {
        for (int64_t j = jlo; j < jhi; j++, row += stride) row[v ^ src[j]] = 1;
    }
}

/* The pairs with a rare part a < n0 and the other part below n0, for rows j0..j1-1. */
static void mark_rare(const State *s, uint8_t *R, uint32_t stride, int64_t j0, int64_t j1,
                      int64_t n0) {
    for (int d = 0; d < 2; d++) {
        const Group *gr = &s->grp[d];
        if (!gr->mask) continue;
        for (int q = 0; q < gr->nk; q++)
            for (int64_t r = 0; r < gr->nrare; r++)
                mark_block(R, stride, j0, j1, n0, s->g, gr->k[q], gr->rpos[r], gr->rval[r],
                           s->unequal);
    }
}

static void *work(void *arg) {
    Worker *w = arg;
    pthread_mutex_lock(&w->lock);
    for (;;) {
        while (!w->busy && !w->quit) pthread_cond_wait(&w->wake, &w->lock);
        if (w->quit) break;
        pthread_mutex_unlock(&w->lock);
        mark_rare(w->s, w->R, w->stride, w->j0, w->j1, w->n0);
        pthread_mutex_lock(&w->lock);
        w->busy = 0;
        pthread_cond_signal(&w->done);
    }
    pthread_mutex_unlock(&w->lock);
    return NULL;
}

static int worker_start(Worker *w) {
    if (w->running) return 1;
    if (pthread_mutex_init(&w->lock, NULL)) return 0;
    if (pthread_cond_init(&w->wake, NULL) || pthread_cond_init(&w->done, NULL)) return 0;
    w->quit = w->busy = 0;
    if (pthread_create(&w->thread, NULL, work, w)) return 0;
    w->running = 1;
    return 1;
}

static void worker_stop(Worker *w) {
    if (!w->running) return;
    pthread_mutex_lock(&w->lock);
    w->quit = 1;
    pthread_cond_signal(&w->wake);
    pthread_mutex_unlock(&w->lock);
    pthread_join(w->thread, NULL);
    pthread_cond_destroy(&w->wake);
    pthread_cond_destroy(&w->done);
    pthread_mutex_destroy(&w->lock);
    w->running = 0;
}

/* Dense mode.  When no group has a mask, every pair of every two-heap removal is tried for
 * every heap (the mex is rare, so it is only known when no pair is left).  The pairs of
 * removal k at heap h are those of removal k + 1 at heap h + 1: the values of the pairs a
 * + b = m, a row P(m), are then computed once per m and ORed into the row of every heap h
 * = m + k, so a code with r two-heap removals scans each pair once instead of r times
 * (and with one removal, the pairs mark one row, which stays in L1 when a block's rows
 * would not).  The rows P(m) of the last RING sizes are kept, for removals that span less
 * than RING. */
static int use_dense(const State *s) {
    return s->can_dense && !s->grp[0].mask && !s->grp[1].mask;
}

/* The row P(m) of the values g(a) ^ g(m - a) of the pairs of heap size m (m >= 0), or
 * NULL when out of memory. */
static const uint8_t *pair_row(State *s, int64_t m) {
    const uint32_t top = s->top;
    if (s->ring_top != top) {
        uint8_t *p = realloc(s->ring, (size_t)RING * top);
        if (!p) return NULL;
        s->ring = p;
        s->ring_top = top;
        for (int i = 0; i < RING; i++) s->ring_m[i] = -1;
    }
    const int slot = (int)(m & (RING - 1));
    uint8_t *row = s->ring + (size_t)slot * top;
    if (s->ring_m[slot] == m) return row;
    memset(row, 0, top);
    const uint16_t *g = s->g;
    const int64_t hm = half_of(s, m);
    for (int64_t a = 1; a <= hm; a++) row[g[a] ^ g[m - a]] = 1;
    STAT(st_dense += hm > 0 ? hm : 0);
    s->ring_m[slot] = m;
    return row;
}

/* g(h) in dense mode, given its row with the zero and one-heap moves marked; UINT32_MAX
 * when out of memory. */
static uint32_t dense_mex(State *s, uint8_t *row, int64_t h) {
    const uint32_t top = s->top;
    for (int d = 0; d < 2; d++)
        for (int q = 0; q < s->grp[d].nk; q++) {
            const int64_t m = h - s->grp[d].k[q];
            if (m < 2) continue;
            const uint8_t *p = pair_row(s, m);
            if (!p) return UINT32_MAX;
            for (uint32_t v = 0; v < top; v++) row[v] |= p[v];
        }
    return mex_from(row, 0, top);
}

/* g(h) outside dense mode, given its row with the zero and one-heap moves, the rare pairs
 * and the first PROBE pairs marked: the full scans while the candidate is rare. */
static uint32_t scan_mex(State *s, uint8_t *row, int64_t h) {
    const uint32_t top = s->top;
    const uint16_t *g = s->g;
    uint32_t c = mex_from(row, 0, top);
    /* while c is rare for a group whose pairs are not all tried: try a run of them
     * (of the group that tried fewer, when c is rare for both) */
    int64_t qa[2] = {0, 0}, aa[2] = {0, 0}, tried[2] = {0, 0}, pairs = 0;
    double since = -1.0;
    const int order = pick_order(s, h);
    int done[2] = {!s->grp[0].nk, !s->grp[1].nk};
    for (;;) {
        const int need0 = !done[0] && rare_in(&s->grp[0], c, h, 0);
        const int need1 = !done[1] && rare_in(&s->grp[1], c, h, 1);
        if (!need0 && !need1) break;
        const int d = need0 && need1 ? tried[1] < tried[0] : need1;
        const Group *gr = &s->grp[d];
        const int64_t m = h - gr->k[qa[d]];
        const int64_t hm = half_of(s, m);
        int64_t lo, hi;
        if (!next_run(order, gr->mask ? PROBE + 1 : 1, hm, &aa[d], &lo, &hi)) {
            aa[d] = 0;
            if (++qa[d] == gr->nk) {
                done[d] = 1;
                STAT((st_exhausted++, st_exhausted_pairs += pairs));
            }
            continue;
        }
        STAT(st_verify += hi - lo);
        if (since < 0) since = now();
        pairs += hi - lo;
        tried[d] += hi - lo;
        for (int64_t a = lo; a < hi; a++) row[g[a] ^ g[m - a]] = 1;
        if (row[c]) {
            STAT(st_verify_heaps++);
            STAT(st_found_pairs += pairs);
            STAT(pairs > 10000 ? st_long++ : 0);
            const double t = now();
            s->cost[order] += t - since;
            since = t;
            pairs = 0;
            c = mex_from(row, c, top);
        }
    }
    return c;
}

/* Compute heaps s->size .. up to stop (at least one); returns -1 on error (s->error). */
static int block(State *s, int64_t stop) {
    const int64_t n0 = s->size;
    const uint32_t top = s->top;
    const uint32_t stride = (top + 8 + 7) & ~7u;
    int64_t rows = ROWS_BYTES / stride;
    if (rows < 8) rows = 8;
    if (rows > MAX_BLOCK) rows = MAX_BLOCK;
    if (rows > stop - n0) rows = stop - n0;
    if (ensure_rows(s, (size_t)rows * stride)) { s->error = 2; return -1; }
    uint8_t *R = s->rows;
    memset(R, 0, (size_t)rows * stride);
    uint16_t *g = s->g;
    /* pairs (rare a < n0, b = h - k - a < n0), for every heap of the block at once: on two
     * threads when there is enough of them */
    int64_t work_pairs = 0;
    for (int d = 0; d < 2; d++)
        if (s->grp[d].mask) work_pairs += s->grp[d].nrare * s->grp[d].nk;
    work_pairs *= rows;
    Worker *w = &s->worker;
    if (s->threads > 1 && work_pairs >= THREAD_PAIRS && rows >= 16 && worker_start(w)) {
        const int64_t mid = rows / 2;
        pthread_mutex_lock(&w->lock);
        w->s = s, w->R = R, w->stride = stride, w->j0 = mid, w->j1 = rows, w->n0 = n0;
        w->busy = 1;
        pthread_cond_signal(&w->wake);
        pthread_mutex_unlock(&w->lock);
        mark_rare(s, R, stride, 0, mid, n0);
        pthread_mutex_lock(&w->lock);
        while (w->busy) pthread_cond_wait(&w->done, &w->lock);
        pthread_mutex_unlock(&w->lock);
    } else {
        mark_rare(s, R, stride, 0, rows, n0);
    }
    STAT(st_vec += work_pairs);
    const int dense = use_dense(s);
    int64_t j;
    const int64_t first[2] = {s->grp[0].nrare, s->grp[1].nrare};  /* rare heaps below n0 */
    STAT(st_blocks++);
    for (j = 0; j < rows; j++) {
        STAT(st_rows++);
        const int64_t h = n0 + j;
        uint8_t *row = R + (size_t)j * stride;
        for (int q = 0; q < s->nzero; q++)
            if (s->zero[q] == h) row[0] = 1;
        for (int q = 0; q < s->none; q++)
            if (s->one[q] < h) row[g[h - s->one[q]]] = 1;
        /* pairs with a part in the block and a rare part: a rare r <= j - k < n0 (its
         * partner is in the block), or a rare heap x of the block (found since n0) */
        for (int d = 0; d < 2; d++) {
            const Group *gr = &s->grp[d];
            if (!gr->mask) continue;
            for (int q = 0; q < gr->nk; q++) {
                const int64_t m = h - gr->k[q];
                const int64_t hi = j - gr->k[q];
                int64_t r = 0;
                for (; r < first[d] && (int64_t)gr->rpos[r] <= hi; r++)
                    row[gr->rval[r] ^ g[m - gr->rpos[r]]] = 1;
                STAT(st_small += r);
                for (r = first[d]; r < gr->nrare; r++) {
                    const int64_t x = gr->rpos[r];
                    if (x < m && !(s->unequal && 2 * x == m)) row[gr->rval[r] ^ g[m - x]] = 1;
                }
            }
        }
        /* and the first PROBE pairs of every two-heap move: values found at no cost */
        for (int d = 0; d < 2; d++) {
            const Group *gr = &s->grp[d];
            if (!gr->mask) continue;
            for (int q = 0; q < gr->nk; q++) {
                const int64_t m = h - gr->k[q];
                int64_t hi = half_of(s, m);
                if (hi > PROBE) hi = PROBE;
                for (int64_t a = 1; a <= hi; a++) row[g[a] ^ g[m - a]] = 1;
            }
        }
        uint32_t c;
        if (dense) {
            c = dense_mex(s, row, h);
            if (c == UINT32_MAX) { s->error = 2; return -1; }
            s->dense_heaps++;
        } else {
            c = scan_mex(s, row, h);
        }
        if (c > s->limit) { s->error = 1; s->error_heap = h; return -1; }
        g[h] = (uint16_t)c;
        s->size = h + 1;
        s->count[(c << 1) | (uint32_t)(h & 1)]++;
        int again = 0;
        if (c >= top) {
            while (c >= s->top) s->top *= 2;
            again = 1;
        }
        for (int d = 0; d < 2; d++) {
            Group *gr = &s->grp[d];
            if (gr->mask && rare_in(gr, c, h, d)) {
                STAT(st_rare_heaps++);
                if (push_rare(gr, h, (uint16_t)c)) { s->error = 2; return -1; }
                again = 1;
            }
        }
        if (again || h + 1 >= s->next_review) {
            if (h + 1 >= s->next_review) s->next_review = 2 * (h + 1);
            int changed = review(s);
            if (changed < 0) { s->error = 2; return -1; }
            if (changed || c >= top) return 0;
        }
    }
    return 0;
}

static int read_moves(PyObject *seq, int64_t *out, int *count, const char *what, int64_t least) {
    PyObject *fast = PySequence_Fast(seq, "moves must be a sequence of integers");
    if (!fast) return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    if (n > MAX_MOVES) {
        PyErr_Format(PyExc_ValueError, "at most %d removals of each kind (%s), got %zd",
                     MAX_MOVES, what, n);
        Py_DECREF(fast);
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        long long v = PyLong_AsLongLong(PySequence_Fast_GET_ITEM(fast, i));
        if (v == -1 && PyErr_Occurred()) { Py_DECREF(fast); return -1; }
        if (v < least || v > 1000000000LL) {
            PyErr_Format(PyExc_ValueError, "bad removal %lld in %s", v, what);
            Py_DECREF(fast);
            return -1;
        }
        out[i] = v;
    }
    *count = (int)n;
    Py_DECREF(fast);
    return 0;
}

static int cmp64(const void *a, const void *b) {
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

static void free_state(State *s) {
    worker_stop(&s->worker);
    for (int d = 0; d < 2; d++) {
        free(s->grp[d].rpos);
        free(s->grp[d].rval);
    }
    free(s->count);
    free(s->walsh);
    free(s->rows);
    free(s->ring);
    free(s);
}

PyDoc_STRVAR(fill_doc,
"fill(values, done, n, zero, one, two, unequal, report=None, limit=65535, every=0.2,\n"
"     threads=0, dense=True)\n--\n\n"
"Fill values[done:n] (a writable buffer of native uint16 whose entries 0..done-1 hold the\n"
"game's values) with the Grundy values of the take-and-break game with removals `zero`\n"
"(leaving no heap), `one` (one heap), `two` (two heaps, of different sizes if `unequal`).\n"
"`report(i)`, if given, is called about every `every` seconds with the number of final\n"
"entries, and at the end.\n"
"Raises OverflowError if a value exceeds `limit`.  `threads`: 1 or 2 (0: the default, one:\n"
"benchmarks/threads.py found a second thread slower on a quiet two-core machine).  `dense`: False keeps the kernel out of dense mode (for\n"
"tests).  Returns the number of heaps computed in dense mode.");

static PyObject *fill(PyObject *self, PyObject *args, PyObject *kw) {
    static char *names[] = {"values", "done", "n", "zero", "one", "two", "unequal", "report",
                            "limit", "every", "threads", "dense", NULL};
    Py_buffer buf;
    long long done, n, limit = 65535;
    double every = REPORT_SECONDS;
    int threads = 0, allow_dense = 1;
    PyObject *zero, *one, *two, *report = Py_None;
    int unequal;
    (void)self;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "w*LLOOOp|OLdip", names, &buf, &done, &n,
                                     &zero, &one, &two, &unequal, &report, &limit, &every,
                                     &threads, &allow_dense))
        return NULL;
    State *s = NULL;
    PyObject *result = NULL;
    if (buf.itemsize != 2 || buf.len % 2 || (buf.format && strcmp(buf.format, "H") &&
                                              strcmp(buf.format, "=H") && strcmp(buf.format, "<H"))) {
        PyErr_SetString(PyExc_TypeError, "values must be a contiguous buffer of uint16");
        goto out;
    }
    if (done < 0 || n < done || n > buf.len / 2 || n > 0xFFFFFFF0LL) {
        PyErr_Format(PyExc_ValueError, "need 0 <= done <= n <= len(values) < 2**32, got "
                     "done=%lld, n=%lld, len=%zd", done, n, buf.len / 2);
        goto out;
    }
    if (limit < 1 || limit > 65535) {
        PyErr_SetString(PyExc_ValueError, "limit must be in 1..65535");
        goto out;
    }
    if (threads < 0 || threads > 2) {
        PyErr_SetString(PyExc_ValueError, "threads must be 0 (as many as help), 1 or 2");
        goto out;
    }
    if (report != Py_None && !PyCallable_Check(report)) {
        PyErr_SetString(PyExc_TypeError, "report must be callable or None");
        goto out;
    }
    s = calloc(1, sizeof *s);
    if (!s) { PyErr_NoMemory(); goto out; }
    int64_t tk[MAX_MOVES];
    int ntwo;
    if (read_moves(zero, s->zero, &s->nzero, "zero", 1) ||
        read_moves(one, s->one, &s->none, "one", 1) ||
        read_moves(two, tk, &ntwo, "two", 0))
        goto out;
    qsort(tk, (size_t)ntwo, sizeof tk[0], cmp64);
    for (int i = 0; i < ntwo; i++) {
        if (i && tk[i] == tk[i - 1]) continue;
        Group *gr = &s->grp[tk[i] & 1];
        gr->k[gr->nk++] = tk[i];
    }
    s->unequal = unequal;
    s->can_dense = allow_dense && ntwo > 0 && tk[ntwo - 1] - tk[0] < RING;  /* tk sorted */
    s->threads = threads ? threads : 1; /* the default: a second thread did not pay (below) */
    s->limit = (uint32_t)limit;
    s->g = buf.buf;
    s->count = calloc(1u << 17, sizeof *s->count);
    s->walsh = calloc(1u << 17, sizeof *s->walsh);
    if (!s->count || !s->walsh) { PyErr_NoMemory(); goto out; }
    s->top = 1;
    if (done == 0 && n > 0) { s->g[0] = 0; done = 1; }
    for (int64_t i = 0; i < done; i++) {
        uint32_t v = s->g[i];
        if (v > s->limit) {
            PyErr_Format(PyExc_OverflowError, "value %u of heap %lld exceeds %lld", v,
                         (long long)i, limit);
            goto out;
        }
        while (v >= s->top) s->top *= 2;
        if (i) s->count[(v << 1) | (uint32_t)(i & 1)]++;
    }
    s->size = done;
    s->next_review = done < 64 ? 64 : 2 * done;
    if (done > 1 && review(s) < 0) { PyErr_NoMemory(); goto out; }
    double last_report = now();
    while (s->size < n) {
        int failed = 0;
        Py_BEGIN_ALLOW_THREADS
        double start = now();
        do {
            if (block(s, n) < 0) { failed = 1; break; }
        } while (s->size < n && now() - start < CHUNK_SECONDS);
        Py_END_ALLOW_THREADS
        if (failed) {
            if (s->error == 1)
                PyErr_Format(PyExc_OverflowError, "the value of heap %lld exceeds %u (the "
                             "largest value kept)", (long long)s->error_heap, s->limit);
            else
                PyErr_NoMemory();
            goto out;
        }
        if (PyErr_CheckSignals()) goto out;
        if (report != Py_None && (s->size == n || now() - last_report >= every)) {
            PyObject *r = PyObject_CallFunction(report, "L", (long long)s->size);
            if (!r) goto out;
            Py_DECREF(r);
            last_report = now();
        }
    }
    result = PyLong_FromLongLong((long long)s->dense_heaps);
#ifdef OCTAL_STATS
    fprintf(stderr, "blocks %lld rows %lld vec %lld small %lld verify %lld (%lld finds: %lld "
            "pairs, %lld over 10^4; %lld scans exhausted: %lld pairs) reviews %lld rebuilds %lld "
            "rare heaps %lld masks %x (%lld rare) %x (%lld rare) top %u order %d dense pairs %lld\n",
            st_blocks, st_rows, st_vec, st_small, st_verify, st_verify_heaps, st_found_pairs,
            st_long, st_exhausted, st_exhausted_pairs, st_reviews, st_rebuilds, st_rare_heaps,
            s->grp[0].mask, (long long)s->grp[0].nrare, s->grp[1].mask,
            (long long)s->grp[1].nrare, s->top, s->order, st_dense);
    st_blocks = st_rows = st_vec = st_small = st_verify = st_verify_heaps = st_reviews = 0;
    st_rebuilds = st_rare_heaps = st_found_pairs = st_exhausted = st_exhausted_pairs = 0;
    st_long = st_dense = 0;
#endif
out:
    if (s) free_state(s);
    PyBuffer_Release(&buf);
    return result;
}

PyDoc_STRVAR(text_doc,
"text(values, start, stop)\n--\n\n"
"values[start:stop] (a buffer of native uint16) in decimal, separated by single spaces.");

static PyObject *text(PyObject *self, PyObject *args) {
    Py_buffer buf;
    Py_ssize_t start, stop;
    (void)self;
    if (!PyArg_ParseTuple(args, "y*nn", &buf, &start, &stop)) return NULL;
    Py_ssize_t len = buf.len / 2;
    if (start < 0 || stop < start || stop > len) {
        PyBuffer_Release(&buf);
        PyErr_SetString(PyExc_ValueError, "need 0 <= start <= stop <= len(values)");
        return NULL;
    }
    const uint16_t *v = buf.buf;
    Py_ssize_t count = stop - start;
    PyObject *out = PyBytes_FromStringAndSize(NULL, count ? 6 * count : 0);
    if (!out) { PyBuffer_Release(&buf); return NULL; }
    char *p = PyBytes_AS_STRING(out), *base = p;
    Py_BEGIN_ALLOW_THREADS
    for (Py_ssize_t i = start; i < stop; i++) {
        unsigned x = v[i];
        char tmp[6];
        int t = 0;
        do { tmp[t++] = (char)('0' + x % 10); x /= 10; } while (x);
        while (t) *p++ = tmp[--t];
        *p++ = ' ';
    }
    Py_END_ALLOW_THREADS
    Py_ssize_t used = p - base;
    if (used) used--;  /* no space after the last */
    PyBuffer_Release(&buf);
    if (_PyBytes_Resize(&out, used) < 0) return NULL;
    return out;
}

/* Subtraction games by sliding windows (grundy.rules.windows): a run a..b of removals reaches
 * heaps n-b..n-a, a window that gains one heap and loses one as n grows.  count[v] is how
 * many heaps in the windows hold v; `free` is a bitset of the values no heap holds, with
 * summary levels (bit j of level L+1 set when word j of level L is nonzero), so the least
 * free value (the mex) is found in one step per level. */
#define SUB_LEVELS 5  /* 64^5 values: more than any array of heaps has */

typedef struct {
    uint64_t *level[SUB_LEVELS];
    int levels;
} Free;

static void free_set(Free *f, int64_t v) {
    for (int L = 0; L < f->levels; L++) {
        uint64_t *w = &f->level[L][v >> 6];
        int was = *w != 0;
        *w |= 1ULL << (v & 63);
        if (was) return;
        v >>= 6;
    }
}

static void free_clear(Free *f, int64_t v) {
    for (int L = 0; L < f->levels; L++) {
        uint64_t *w = &f->level[L][v >> 6];
        *w &= ~(1ULL << (v & 63));
        if (*w) return;
        v >>= 6;
    }
}

static int64_t free_first(const Free *f) {
    int64_t v = 0;
    for (int L = f->levels - 1; L >= 0; L--)
        v = (v << 6) | __builtin_ctzll(f->level[L][v]);
    return v;
}

PyDoc_STRVAR(subtraction_doc,
"subtraction(values, first, last)\n--\n\n"
"Fill values (a writable buffer of native int64) with the Grundy values of heaps\n"
"0..len(values)-1 of the subtraction game whose removals are the runs first[i]..last[i]\n"
"(ascending, disjoint, 1 <= first[i] <= last[i]).");

static PyObject *subtraction(PyObject *self, PyObject *args) {
    Py_buffer buf;
    PyObject *firsts, *lasts;
    (void)self;
    if (!PyArg_ParseTuple(args, "w*OO", &buf, &firsts, &lasts)) return NULL;
    PyObject *result = NULL, *fa = NULL, *fb = NULL;
    int64_t *a = NULL, *b = NULL, *count = NULL;
    Free f = {{NULL}, 0};
    if (buf.itemsize != 8 || buf.len % 8) {
        PyErr_SetString(PyExc_TypeError, "values must be a contiguous buffer of int64");
        goto out;
    }
    fa = PySequence_Fast(firsts, "first must be a sequence");
    fb = fa ? PySequence_Fast(lasts, "last must be a sequence") : NULL;
    if (!fb) goto out;
    Py_ssize_t runs = PySequence_Fast_GET_SIZE(fa);
    if (PySequence_Fast_GET_SIZE(fb) != runs) {
        PyErr_SetString(PyExc_ValueError, "first and last differ in length");
        goto out;
    }
    int64_t n = buf.len / 8, moves = 0;
    a = malloc(sizeof *a * (size_t)(runs + 1));
    b = malloc(sizeof *b * (size_t)(runs + 1));
    if (!a || !b) { PyErr_NoMemory(); goto out; }
    for (Py_ssize_t i = 0; i < runs; i++) {
        a[i] = PyLong_AsLongLong(PySequence_Fast_GET_ITEM(fa, i));
        b[i] = PyLong_AsLongLong(PySequence_Fast_GET_ITEM(fb, i));
        if (PyErr_Occurred()) goto out;
        if (a[i] < 1 || b[i] < a[i] || (i && a[i] <= b[i - 1] + 1) || b[i] > (1LL << 40)) {
            PyErr_SetString(PyExc_ValueError, "the runs must be ascending, disjoint, apart and "
                            "positive");
            goto out;
        }
        moves += b[i] - a[i] + 1;
    }
    int64_t size = moves + 2;  /* a value is at most the number of moves */
    if (size > n + 2) size = n + 2;
    count = calloc((size_t)size, sizeof *count);
    if (!count) { PyErr_NoMemory(); goto out; }
    int64_t words = size;
    for (f.levels = 0; f.levels < SUB_LEVELS; ) {
        words = (words + 63) >> 6;
        f.level[f.levels] = calloc((size_t)words, sizeof(uint64_t));
        if (!f.level[f.levels++]) { PyErr_NoMemory(); goto out; }
        if (words == 1) break;
    }
    if (words != 1) { PyErr_SetString(PyExc_ValueError, "too many values"); goto out; }
    for (int64_t v = 0; v < size; v++) free_set(&f, v);
    int64_t *g = buf.buf, work = 0;
    for (int64_t i = 0; i < n; i++) {
        work += runs + 1;
        if (work > (1 << 24)) {  /* a few ms of work: let Python see a signal (--time, ^C) */
            work = 0;
            if (PyErr_CheckSignals()) goto out;
        }
        for (Py_ssize_t r = 0; r < runs && a[r] <= i; r++) {
            int64_t v = g[i - a[r]];
            if (count[v]++ == 0) free_clear(&f, v);
            if (i > b[r]) {
                v = g[i - b[r] - 1];
                if (--count[v] == 0) free_set(&f, v);
            }
        }
        g[i] = free_first(&f);
    }
    result = Py_None;
    Py_INCREF(result);
out:
    for (int L = 0; L < SUB_LEVELS; L++) free(f.level[L]);
    free(count);
    free(a);
    free(b);
    Py_XDECREF(fa);
    Py_XDECREF(fb);
    PyBuffer_Release(&buf);
    return result;
}

static PyMethodDef methods[] = {
    {"fill", (PyCFunction)(void (*)(void))fill, METH_VARARGS | METH_KEYWORDS, fill_doc},
    {"text", text, METH_VARARGS, text_doc},
    {"subtraction", subtraction, METH_VARARGS, subtraction_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef octal_module = {
    PyModuleDef_HEAD_INIT, "_octal",
    "Grundy sequences of take-and-break games (see the comment at the top of _octal.c).",
    -1, methods,
};

PyMODINIT_FUNC PyInit__octal(void) { return PyModule_Create(&octal_module); }
