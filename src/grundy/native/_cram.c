/* The compiled Cram search: Grundy values of boards of at most 64 cells.
 *
 * A board is a bitboard: bit r * w + c is set when cell (r, c) of an h x w rectangle is
 * free.  The value of a board is the XOR of the values of its connected components; a
 * component of one cell has no move (value 0), one of two or three cells has value 1.
 * Every other component is searched in its canonical form: cropped to its bounding box
 * and the least of its eight images under the square's symmetries, so each shape is met
 * once; before a Cram board is split, the cells that change no value are taken away
 * (reduced()).  A move (a domino on two free adjacent cells) splits a component into parts;
 * equal parts cancel in pairs before any is searched, and the value of the move is the
 * XOR of the rest.  The value of a component is the mex of its moves' values, found
 * without valuing every option: see search() below.  The same search answers "is the
 * value t?" (has_value) far faster than it finds the value when the answer is no: a
 * winning move is an option of value 0, so the winning moves are found by such questions.
 *
 * Values found are kept in a transposition table of 16 bytes a slot that grows with the
 * work: it starts small (2^16 slots, 1 MB) and doubles, every slot placed again, when more
 * than half its slots are used, up to a limit (set_slots; 64 MB by default), so a board of
 * a second never pays for a table of gigabytes.  A slot is found by linear probing over 8
 * places; when all 8 are taken (in a table at its limit), the smallest board among them
 * is replaced (it is the cheapest to find again).  Every value the table holds is exact, so the table can be saved (dump) and
 * given back (load) to resume a long search.  A slot may also hold, for a board whose
 * value is not known yet, the values 0..31 it was found not to have (a question "is your
 * value r?" answered no without settling the value), so that the question is not searched
 * again (about 40% fewer boards searched); a known value pushes such a slot out first, and
 * dump leaves them out.  The search checks for signals (Ctrl-C)
 * every 2^16 components and then stops with the table kept.
 *
 * The same search plays Node Kayles on a board's grid graph (rule 1: a move takes a free
 * cell and its free neighbours), where one cell or two have value 1.
 *
 * It also plays both games on any graph of at most 64 vertices (graph_value): a position
 * is the mask of the vertices left, components are found by a flood fill over the
 * neighbour masks, and a move (rule 0, Arc Kayles: an edge u-v, both ends taken; rule 1,
 * Node Kayles: a vertex and its neighbours) takes vertices from the adjacency.  A
 * component is keyed by its vertex mask (no symmetries: a general graph has no cheap
 * canonical form) and by the id of its graph, in the shape field: (65 + id / 256) * 256 +
 * id % 256, past every board's h * 256 + w (h <= 64), so no board key is ever a graph's.
 * Each distinct adjacency gets a new id (the last GRAPHS graphs are recognised and keep
 * theirs), so entries of one graph are never read for another; when the ids run out the
 * whole table is cleared and they start again.  Graph entries are not dumped.
 *
 * The Python path (grundy.rules.cram) computes the same values through the generic
 * engine; the tests check the two against each other and against a plain mex search.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

typedef struct {
    uint64_t mask;
    uint16_t shape; /* h * 256 + w; 0 for an empty slot */
    uint8_t value;      /* UNKNOWN: not known, but not the values in `excluded` */
    uint8_t cells;
    uint32_t excluded;  /* values 0..31 the board was found not to have */
} Slot;

static Slot *table = NULL;
static uint64_t slots = 0;          /* a power of two */
static uint64_t most_slots = 1u << 22;  /* the table grows up to this many slots */
static uint64_t first_slots = 1u << 16; /* ...from this many */
static int keep_all = 0;            /* load(): grow rather than let a value go (a search lets
                                     * one go when its 8 places are taken: it is a cache) */
static uint64_t stored = 0;         /* slots holding a value */
static uint64_t noted = 0;          /* slots holding values a board has not (UNKNOWN) */
static uint64_t searched = 0;       /* components searched (not found in the table) */
static int stopped = 0;             /* a signal arrived: unwind */
static int rule = 0;                /* 0: Cram (a domino); 1: Node Kayles (a cell and its neighbours) */
static int reduce = 1;              /* Cram: take away the cells that change no value (reduced()) */
static int mirror = 1;              /* Cram: leave out parts that are a loss by symmetry */
static int depth = 0;               /* searches under way, one inside another */
static int asking = 0;              /* a question about one value (has_value): no search is
                                     * the board's own piece (search_root) */
static int root_value = -1, root_option = 0, root_options = 0; /* where the outermost is */
static PyObject *progress = NULL;   /* called with (searched, stored) every `every` searches */
static uint64_t every = 1u << 20;   /* a power of two */

/* graph mode (graph_value): the graph searched, and the ids of the graphs recently met */
#define GRAPHS 256
#define MAX_GRAPH_ID (63 * 256)     /* ids 0 .. MAX_GRAPH_ID - 1 */
static int graph = 0;               /* searching a graph, not a board */
static uint64_t adjacency[64];      /* the neighbours of each vertex of the graph searched */
static int graph_kind = 0;          /* the shape field of its components (see above) */
typedef struct {
    int n, id;
    uint64_t hash, adjacency[64];
} Known;
static Known known[GRAPHS];
static int known_count = 0, known_next = 0, next_id = 0;
/* the moves and pending options of the searches under way, when a graph component has
 * more edges than a search's own arrays hold (at most about 64^2 entries along a line of
 * searches whose components lose two vertices a step) */
#define STACK (1 << 16)
static uint64_t stack_moves[STACK], stack_pending[STACK];
static uint8_t stack_size[STACK];
static int stack_top = 0;

#define PROBES 8
#define BAD 255
#define UNKNOWN 254
#define NOT_IN 253             /* search(): the value is not in the set asked about */

/* A set of values 0..127, one bit each (a board of 64 cells has at most 112 moves, so
 * every board's value is in it). */
typedef unsigned __int128 Set;
#define ALL (~(Set)0)

static inline Set bit(int v) { return (Set)1 << v; }
static inline Set below(int n) { return n >= 128 ? ALL : bit(n) - 1; } /* 0 .. n - 1 */
static inline int lowest(Set s)  /* s != 0 */
{
    uint64_t lo = (uint64_t)s;
    return lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll((uint64_t)(s >> 64));
}
static inline int largest(Set s)  /* s != 0 */
{
    uint64_t hi = (uint64_t)(s >> 64);
    return hi ? 127 - __builtin_clzll(hi) : 63 - __builtin_clzll((uint64_t)s);
}
static Set xored(Set s, int x)  /* {v ^ x : v in s}; x < 128 */
{
    if (x == 0)
        return s;
    Set out = 0;
    for (; s; s &= s - 1)
        out |= bit(lowest(s) ^ x);
    return out;
}

/* The values a component may still have, in Beling and Rogalski's search: n + 1 values at
 * first (n moves), and one fewer after each option looked at, so one is left at the end.
 * `low` holds those below 128, `above` counts the rest (all of 128 .. 127 + above). */
typedef struct {
    Set low;
    int above;
} Pool;

static inline Pool pool_of(int moves)
{
    Pool p = {below(moves + 1), moves + 1 > 128 ? moves + 1 - 128 : 0};
    return p;
}
static inline Set pool_but_largest(Pool p) { return p.above ? p.low : p.low & ~bit(largest(p.low)); }
static inline void pool_drop_largest(Pool *p, Set but_largest)
{
    if (p->above)
        p->above--;
    else
        p->low = but_largest;
}
/* take away the value v if the pool holds it, else its largest */
static inline void pool_drop(Pool *p, int v, Set but_largest)
{
    if (v < 128 && ((p->low >> v) & 1))
        p->low &= ~bit(v);
    else
        pool_drop_largest(p, but_largest);
}

/* per shape: where each cell goes in the transpose, and column masks */
typedef struct {
    int ready;
    uint8_t transpose[64];
    /* how far from the centre a move is, in half cells (moves_of() lists the nearest
     * first): a horizontal or vertical domino from cell i, the cell i itself */
    uint8_t far_h[64], far_v[64], far_cell[64];
    uint64_t not_first, not_last, full;
} Shape;

static Shape shapes[65][65];

static inline uint64_t shl(uint64_t m, int s) { return s >= 64 ? 0 : m << s; }
static inline uint64_t shr(uint64_t m, int s) { return s >= 64 ? 0 : m >> s; }

static Shape *shape_of(int h, int w)
{
    Shape *s = &shapes[h][w];
    if (s->ready)
        return s;
    s->full = h * w == 64 ? ~(uint64_t)0 : (((uint64_t)1 << (h * w)) - 1);
    uint64_t first = 0;
    for (int r = 0; r < h; r++)
        first |= (uint64_t)1 << (r * w);
    s->not_first = s->full & ~first;
    s->not_last = s->full & ~shl(first, w - 1);
    for (int r = 0; r < h; r++)
        for (int c = 0; c < w; c++) {
            int i = r * w + c, dr = abs(2 * r - (h - 1)), dc = abs(2 * c - (w - 1));
            s->transpose[i] = (uint8_t)(c * h + r);
            s->far_cell[i] = (uint8_t)(dr + dc);
            s->far_h[i] = (uint8_t)(dr + abs(2 * c + 1 - (w - 1)));
            s->far_v[i] = (uint8_t)(abs(2 * r + 1 - (h - 1)) + dc);
        }
    s->ready = 1;
    return s;
}

/* the component of `seed` within `free`, not crossing from a cell of `cut` to its right
 * neighbour (see block_cut()) */
static inline uint64_t fill(const Shape *s, int w, uint64_t seed, uint64_t free, uint64_t cut)
{
    uint64_t part = seed;
    for (;;) {
        uint64_t grown = part | ((part & ~cut) << 1 & s->not_first)
                         | ((part >> 1) & s->not_last & ~cut) | shl(part, w) | shr(part, w);
        grown &= free;
        if (grown == part)
            return part;
        part = grown;
    }
}

/* crop `m` (an h x w board) to its bounding box; sets *H, *W */
static uint64_t crop(uint64_t m, int h, int w, int *H, int *W)
{
    (void)h;
    int top = __builtin_ctzll(m) / w, bottom = (63 - __builtin_clzll(m)) / w;
    uint64_t row = w == 64 ? ~(uint64_t)0 : (((uint64_t)1 << w) - 1), cols = 0;
    for (int r = top; r <= bottom; r++)
        cols |= shr(m, r * w) & row;
    int left = __builtin_ctzll(cols), right = 63 - __builtin_clzll(cols);
    int nw = right - left + 1, nh = bottom - top + 1;
    *H = nh;
    *W = nw;
    if (nw == w)
        return shr(m, top * w);
    uint64_t keep = nw == 64 ? ~(uint64_t)0 : (((uint64_t)1 << nw) - 1), out = 0;
    for (int r = 0; r < nh; r++)
        out |= ((shr(m, (r + top) * w + left)) & keep) << (r * nw);
    return out;
}

static inline uint64_t reverse64(uint64_t x)
{
    x = ((x >> 1) & 0x5555555555555555ull) | ((x & 0x5555555555555555ull) << 1);
    x = ((x >> 2) & 0x3333333333333333ull) | ((x & 0x3333333333333333ull) << 2);
    x = ((x >> 4) & 0x0F0F0F0F0F0F0F0Full) | ((x & 0x0F0F0F0F0F0F0F0Full) << 4);
    return __builtin_bswap64(x);
}

/* the board turned half a turn: cell i goes to n - 1 - i */
static inline uint64_t half_turn(uint64_t m, int n) { return reverse64(m) >> (64 - n); }

/* the rows of an h x w board in the opposite order */
static inline uint64_t flip_rows(uint64_t m, int h, int w)
{
    uint64_t row = w == 64 ? ~(uint64_t)0 : (((uint64_t)1 << w) - 1), out = 0;
    for (int r = 0; r < h; r++)
        out |= (shr(m, r * w) & row) << ((h - 1 - r) * w);
    return out;
}

static inline void better(uint64_t image, int h, int w, uint64_t *best, int *bh, int *bw)
{
    if (h < *bh || (h == *bh && (w < *bw || (w == *bw && image < *best)))) {
        *best = image;
        *bh = h;
        *bw = w;
    }
}

/* an h x w board transposed (a w x h board): one pass over its cells */
static inline uint64_t transpose(uint64_t m, int h, int w)
{
    const Shape *s = shape_of(h, w);
    uint64_t t = 0;
    for (uint64_t rest = m; rest; rest &= rest - 1)
        t |= (uint64_t)1 << s->transpose[__builtin_ctzll(rest)];
    return t;
}

/* the canonical form of a cropped h x w component: the least (H, W, image) of its eight
 * images.  The four that keep the rows as rows are a half turn and row flips (a few word
 * operations), the other four the same of the transpose (one pass over the cells); the
 * least height comes first, so a component wider than high is never transposed, and one
 * higher than wide only is. */
static uint64_t canonical(uint64_t m, int h, int w, int *H, int *W)
{
    int n = h * w;
    uint64_t best = m;
    int bh = h, bw = w;
    if (h > w) { /* every transposed image is lower: start from the transpose */
        best = m = transpose(m, h, w);
        bh = h = w;
        bw = w = n / h;
    }
    uint64_t turned = half_turn(m, n);
    better(turned, h, w, &best, &bh, &bw);
    better(flip_rows(m, h, w), h, w, &best, &bh, &bw);
    better(flip_rows(turned, h, w), h, w, &best, &bh, &bw);
    if (h == w) { /* a square: its transposed images too */
        uint64_t t = transpose(m, h, w);
        uint64_t t_turned = half_turn(t, n);
        better(t, w, h, &best, &bh, &bw);
        better(t_turned, w, h, &best, &bh, &bw);
        better(flip_rows(t, w, h), w, h, &best, &bh, &bw);
        better(flip_rows(t_turned, w, h), w, h, &best, &bh, &bw);
    }
    *H = bh;
    *W = bw;
    return best;
}

static inline uint64_t hash_of(uint64_t m, uint16_t shape)
{
    uint64_t x = m ^ ((uint64_t)shape << 48) ^ ((uint64_t)shape * 0x9E3779B97F4A7C15ull);
    x ^= x >> 31;
    x *= 0xBF58476D1CE4E5B9ull;
    x ^= x >> 29;
    return x;
}

static inline uint64_t slot_of(uint64_t m, uint16_t shape) { return hash_of(m, shape) & (slots - 1); }

/* The table's memory, zeroed.  On Linux it is mapped whole and asked for huge pages: its
 * probes land anywhere in it, and with 4 KB pages nearly each one misses the address
 * cache (4 x 11 with a 2 GB table: 22% less CPU time). */
static Slot *table_alloc(uint64_t n)
{
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    size_t bytes = (size_t)n * sizeof(Slot);
    void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED)
        return NULL;
    madvise(p, bytes, MADV_HUGEPAGE);  /* a hint: without it the pages are small */
    return (Slot *)p;
#else
    return calloc(n, sizeof(Slot));
#endif
}

static void table_free(Slot *t, uint64_t n)
{
    if (t == NULL)
        return;
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    munmap(t, (size_t)n * sizeof(Slot));
#else
    (void)n;
    free(t);
#endif
}

static int ensure_table(void)
{
    if (table != NULL)
        return 0;
    uint64_t n = first_slots < most_slots ? first_slots : most_slots;
    table = table_alloc(n);
    if (table == NULL) {
        PyErr_Format(PyExc_MemoryError, "cannot hold a Cram table of %llu slots",
                     (unsigned long long)n);
        return -1;
    }
    slots = n;
    stored = noted = 0;
    return 0;
}

/* forget every value: the table goes back to its first size (cheaper than zeroing a big
 * one) */
static void table_reset(void)
{
    table_free(table, slots);
    table = NULL;
    slots = stored = noted = 0;
}

/* the table at n slots (more than now), every slot placed again in probe order from its
 * new place; when some 8 places are all taken, the smallest board among them gives way as
 * in keep_fact (in load(), the table doubles again instead while within the limit).  Left as it is when the
 * memory is not there; 0 if it grew. */
static int grow_to(uint64_t n)
{
    Slot *bigger = table_alloc(n);
    if (bigger == NULL)
        return -1;
    uint64_t lost_stored = 0, lost_noted = 0;
    for (uint64_t i = 0; i < slots; i++) {
        const Slot *e = &table[i];
        if (e->shape == 0)
            continue;
        uint64_t at = hash_of(e->mask, e->shape) & (n - 1);
        Slot *victim = NULL;
        for (int k = 0; k < PROBES; k++) {
            Slot *f = &bigger[(at + k) & (n - 1)];
            if (f->shape == 0) {
                victim = f;
                break;
            }
            int f_unknown = f->value == UNKNOWN, v_unknown = victim && victim->value == UNKNOWN;
            if (victim == NULL || f_unknown > v_unknown
                || (f_unknown == v_unknown && f->cells < victim->cells))
                victim = f;
        }
        if (victim->shape != 0) {
            if (keep_all && 2 * n <= most_slots) { /* crowded: try a larger table */
                table_free(bigger, n);
                return grow_to(2 * n);
            }
            if (victim->value == UNKNOWN)
                lost_noted++;
            else
                lost_stored++;
        }
        *victim = *e;
    }
    table_free(table, slots);
    table = bigger;
    slots = n;
    stored -= lost_stored;
    noted -= lost_noted;
    return 0;
}

/* the slot of board m, or NULL */
static Slot *find(uint64_t m, uint16_t shape)
{
    uint64_t i = slot_of(m, shape);
    for (int k = 0; k < PROBES; k++) {
        Slot *e = &table[(i + k) & (slots - 1)];
        if (e->shape == 0)
            return NULL;
        if (e->shape == shape && e->mask == m)
            return e;
    }
    return NULL;
}

static int look(uint64_t m, uint16_t shape)
{
    const Slot *e = find(m, shape);
    return e == NULL || e->value == UNKNOWN ? -1 : e->value;
}

/* keep the value of m, or (value UNKNOWN) that m has none of the values `not` (bits
 * 0..31): in m's slot, an empty one, or the one of the smallest board among the 8 (a slot
 * of an unknown value goes first, and an unknown value never pushes out a known one) */
static void keep_fact(uint64_t m, uint16_t shape, int value, uint32_t not)
{
    if (2 * (stored + noted) >= slots && slots < most_slots)
        grow_to(2 * slots);
    uint64_t i = slot_of(m, shape);
    Slot *victim = NULL;
    int cells = __builtin_popcountll(m), fresh = 0;
    for (int k = 0; k < PROBES; k++) {
        Slot *e = &table[(i + k) & (slots - 1)];
        if (e->shape == shape && e->mask == m) {
            if (e->value != UNKNOWN)
                return;
            if (value == UNKNOWN) {
                e->excluded |= not;
            } else {
                e->value = (uint8_t)value;
                noted--;
                stored++;
            }
            return;
        }
        if (e->shape == 0) {
            victim = e;
            fresh = 1;
            break;
        }
        int e_unknown = e->value == UNKNOWN, v_unknown = victim && victim->value == UNKNOWN;
        if (victim == NULL || e_unknown > v_unknown
            || (e_unknown == v_unknown && e->cells < victim->cells))
            victim = e;
    }
    if (!fresh && keep_all && slots < most_slots && grow_to(2 * slots) == 0) { /* crowded */
        keep_fact(m, shape, value, not);
        return;
    }
    if (!fresh) {
        int v_unknown = victim->value == UNKNOWN;
        if (value == UNKNOWN && !v_unknown)
            return; /* a known value stays */
        if (v_unknown == (value == UNKNOWN) && victim->cells > cells)
            return; /* every slot holds a bigger board: keep them */
        if (v_unknown)
            noted--;
        else
            stored--;
    }
    if (value == UNKNOWN)
        noted++;
    else
        stored++;
    victim->mask = m;
    victim->shape = shape;
    victim->value = (uint8_t)value;
    victim->cells = (uint8_t)cells;
    victim->excluded = value == UNKNOWN ? not : 0;
}

static void keep(uint64_t m, uint16_t shape, int value) { keep_fact(m, shape, value, 0); }

typedef struct {
    uint64_t mask;
    uint16_t kind;  /* H * 256 + W of its canonical form; 0 * 256 + cells for a small part */
    uint8_t cells;
} Part;

static int search(uint64_t m, int h, int w, Set want);

/* parts[0..n) with the part (key, kind) added, or its equal twin taken away (two equal
 * parts cancel in the XOR); the new count */
static int add_part(Part *parts, int n, uint64_t key, uint16_t kind, int cells)
{
    for (int j = 0; j < n; j++)
        if (parts[j].mask == key && parts[j].kind == kind) {
            parts[j] = parts[n - 1];
            return n - 1;
        }
    parts[n].mask = key;
    parts[n].kind = kind;
    parts[n].cells = (uint8_t)cells;
    return n + 1;
}

/* Cram only: the free cells `p` with cells that change no value taken away, until none is
 * left (the reductions Beling's igs makes).  A *tuft* is a cell with exactly one free
 * neighbour, its *star*.
 * - Of two tufts of one star, one may go: a domino on either takes the star and leaves the
 *   other tuft alone, so the two moves are the same.
 * - A cell x whose free neighbours are all stars, none a tuft, may go: in the sum of the
 *   board with and without x, the second player answers a domino (x, s) by the domino
 *   (s, t) on the star's tuft in the other board (the same cells are then left, but for
 *   a lone tuft) and every other move by the same move in the other board; x keeps only
 *   stars as neighbours all along, so that sum is a loss for the player to move, and the
 *   two boards have one value.  (A lone cell is such an x.)
 * The tests check the search against a plain search on random boards. */
static uint64_t reduced(uint64_t p, const Shape *s, int w)
{
    for (;;) {
        uint64_t right = (p >> 1) & s->not_last & p, left = (p << 1) & s->not_first & p;
        uint64_t below = shr(p, w) & p, above = shl(p, w) & s->full & p;
        uint64_t any = right | left | below | above;
        uint64_t many = (right & (left | below | above)) | (left & (below | above)) | (below & above);
        uint64_t tufts = any & ~many, stars = 0, dup, out = p;
        uint64_t t = tufts & below, st = shl(t, w);     /* stars below their tufts */
        stars |= st;
        t = tufts & right, st = t << 1;                  /* right of them */
        dup = st & stars, stars |= st, out &= ~(dup >> 1);
        t = tufts & above, st = shr(t, w);               /* above them */
        dup = st & stars, stars |= st, out &= ~shl(dup, w);
        t = tufts & left, st = t >> 1;                   /* left of them */
        dup = st & stars, stars |= st, out &= ~(dup << 1);
        uint64_t others = p & ~(tufts | stars);          /* neither a tuft nor a star */
        uint64_t near = ((others >> 1) & s->not_last) | ((others << 1) & s->not_first)
                        | shr(others, w) | (shl(others, w) & s->full);
        out &= ~(others & ~near);                         /* ...with no such neighbour */
        if (out == p)
            return p;
        p = out;
    }
}

/* Cram only: the left cells of the horizontal dominoes that change no value, of the free
 * cells `p` (Beling's igs uses them the same way).  A free 2 x 2 block
 *     A B
 *     C D
 * with A's left and upper neighbours taken and D's right and lower ones (or B's right and
 * upper and C's left and lower) has no need of its horizontal dominoes: A B leaves C D with D
 * hanging from C alone, and B D leaves A C with A hanging from C alone, the same board but
 * for which cell hangs there; so too C D and A C.  So the board is worth the same without
 * those two dominoes, and the cells on either side of them need not be one component.  The
 * tests check the search against a plain search on random boards. */
static inline uint64_t block_cut(uint64_t p, const Shape *s, int w)
{
    uint64_t right = (p >> 1) & s->not_last, left = (p << 1) & s->not_first;
    uint64_t below = shr(p, w), above = shl(p, w) & s->full;
    uint64_t a = p & ~left & ~above & right & below, d = p & ~right & ~below & left & above;
    uint64_t b = p & ~right & ~above & left & below, c = p & ~left & ~below & right & above;
    uint64_t corners = (a & shr(d, w + 1)) | ((b >> 1) & shr(c, w)); /* the A of each block */
    return corners | shl(corners, w);
}

/* Cram only: whether the cropped h x w component m is a second player's win by symmetry:
 * it is its own image under the half turn and no domino is its own image (none covers
 * the centre).  The second player then answers each domino by its image, which is free
 * and apart from it, and the board is symmetric again.  (A reflection keeps a connected
 * component only with a domino across its axis, so the half turn is the one symmetry.) */
static inline int mirror_loss(uint64_t m, int h, int w)
{
    if (half_turn(m, h * w) != m)
        return 0;
    if (h % 2 == 0 && w % 2 == 0)  /* the centre is a corner: no domino covers it */
        return 1;
    int mid = (h / 2) * w + w / 2;  /* the centre cell, or the one below or right of it */
    if (h % 2 == 1 && w % 2 == 1)
        return !((m >> mid) & 1);
    uint64_t centre = ((uint64_t)1 << mid) | ((uint64_t)1 << (h % 2 == 1 ? mid - 1 : mid - w));
    return (m & centre) != centre;
}

/* the parts of the free cells `free` of an h x w board with a move left, canonical, equal
 * parts cancelled in pairs (their values cancel in the XOR) and parts of value 0 by
 * symmetry left out (mirror_loss); returns how many */
static int split_graph(uint64_t free, Part *parts);

static int split(uint64_t free, int h, int w, Part *parts)
{
    if (graph)
        return split_graph(free, parts);
    const Shape *s = shape_of(h, w);
    int n = 0, small = rule == 0 ? 3 : 2; /* a part this small has value 1 (one Cram cell: 0) */
    if (rule == 0 && reduce)
        free = reduced(free, s, w);
    uint64_t cut = rule == 0 && reduce ? block_cut(free, s, w) : 0, whole = free;
    while (free) {
        uint64_t part = fill(s, w, free & -free, free, cut);
        free &= ~part;
        if (cut && part != whole) { /* split by the cut: a part may now reduce further */
            uint64_t fewer = reduced(part, s, w);
            if (fewer != part) {
                Part more[32];
                int k = split(fewer, h, w, more);
                for (int j = 0; j < k; j++)
                    n = add_part(parts, n, more[j].mask, more[j].kind, more[j].cells);
                continue;
            }
        }
        int cells = __builtin_popcountll(part);
        if (cells < 2 && rule == 0)
            continue;
        int ch, cw, H = 0, W = cells;
        uint64_t key = crop(part, h, w, &ch, &cw);
        if (cells > small && rule == 0 && mirror && mirror_loss(key, ch, cw))
            continue;
        if (cells > small)
            key = canonical(key, ch, cw, &H, &W);
        uint16_t kind = (uint16_t)(H * 256 + W);
        n = add_part(parts, n, key, kind, cells);
    }
    return n;
}

static inline uint16_t shape_key(uint16_t kind) { return (uint16_t)(kind + (rule << 15)); }

/* the value of a part: 1 when small, else searched */
static int part_value(const Part *p)
{
    if ((p->kind >> 8) == 0)
        return 1;
    int v = search(p->mask, p->kind >> 8, p->kind & 255, ALL);
    if (v == NOT_IN) { /* a value past the sets' 128 (only a graph's could be) */
        stopped = 1;
        return BAD;
    }
    return v;
}

/* the parts of the option `rest` (split()), with the table's slots of the searched ones
 * asked for ahead (a look-up of a big table waits on memory: the search asks for the
 * next option's slots while it reads this one's) */
static int option_parts(uint64_t rest, int h, int w, Part *parts)
{
    int n = split(rest, h, w, parts);
    for (int j = 0; j < n; j++)
        if ((parts[j].kind >> 8) != 0)
            __builtin_prefetch(&table[slot_of(parts[j].mask, shape_key(parts[j].kind))]);
    return n;
}

/* the value of an option of parts parts[0..n) when the table knows every part's, else -1
 * (and then *big is the size of its largest part) */
static int option_known(const Part *parts, int n, int *big)
{
    int x = 0, unknown = 0;
    *big = 0;
    for (int j = 0; j < n; j++) {
        if (parts[j].cells > *big)
            *big = parts[j].cells;
        int v = (parts[j].kind >> 8) == 0 ? 1 : look(parts[j].mask, shape_key(parts[j].kind));
        if (v < 0)
            unknown = 1;
        x ^= v;
    }
    return unknown ? -1 : x;
}

/* the value of the option `rest` if it is in `want`, else NOT_IN (BAD on a stop; a value
 * not in `want` may come back too, when the search settles it): the values of all its parts
 * but the largest are searched whole, and the largest is asked whether its value is in
 * `want` shifted by the XOR of the others' */
static int option_value(uint64_t rest, int h, int w, Set want)
{
    Part parts[32];
    int n = split(rest, h, w, parts), largest = -1, x = 0;
    if (n == 0)
        return 0;
    for (int j = 0; j < n; j++)
        if (largest < 0 || parts[j].cells > parts[largest].cells)
            largest = j;
    for (int j = 0; j < n; j++) {
        if (j == largest)
            continue;
        int v = part_value(&parts[j]);
        if (v == BAD)
            return BAD;
        x ^= v;
    }
    const Part *big = &parts[largest];
    if ((big->kind >> 8) == 0)
        return 1 ^ x;
    int v = search(big->mask, big->kind >> 8, big->kind & 255, xored(want, x));
    return v == NOT_IN || v == BAD ? v : v ^ x;
}

/* the moves of a component: the cells each one takes */
static int moves_of_graph(uint64_t m, uint64_t *out);

static int moves_of(uint64_t m, int h, int w, uint64_t *out)
{
    if (graph)
        return moves_of_graph(m, out);
    const Shape *s = shape_of(h, w);
    uint64_t listed[128];
    uint8_t far[128];
    int n = 0;
    if (rule == 1) {
        for (uint64_t rest = m; rest; rest &= rest - 1) {
            uint64_t cell = rest & -rest;
            far[n] = s->far_cell[__builtin_ctzll(cell)];
            listed[n++] = (cell | ((cell << 1) & s->not_first) | ((cell >> 1) & s->not_last)
                           | shl(cell, w) | shr(cell, w)) & m;
        }
    } else {
        for (uint64_t starts = m & (m >> 1) & s->not_last; starts; starts &= starts - 1) {
            uint64_t low = starts & -starts;
            far[n] = s->far_h[__builtin_ctzll(low)];
            listed[n++] = low | (low << 1);
        }
        for (uint64_t starts = w < 64 ? m & (m >> w) : 0; starts; starts &= starts - 1) {
            uint64_t low = starts & -starts;
            far[n] = s->far_v[__builtin_ctzll(low)];
            listed[n++] = low | shl(low, w);
        }
    }
    /* nearest the centre first, as igs does (a counting sort by far[]; a distance is below
     * 2 * 64): central moves split a piece, so the search meets small pieces, soon known,
     * sooner; 0.3 to 0.55 times the boards searched on 4 x 9, 5 x 7, 3 x 14 and 4 x 11 */
    int first[130] = {0};
    for (int i = 0; i < n; i++)
        first[far[i] + 1]++;
    for (int d = 1; d < 130; d++)
        first[d] += first[d - 1];
    for (int i = 0; i < n; i++)
        out[first[far[i]]++] = listed[i];
    return n;
}

/* The search of a canonical component: its value if it is in the set `want`, else NOT_IN
 * (BAD on a stop).  The board's own piece (the outermost search) asks its options, for
 * r = 0, 1, ..., whether some option not yet valued has value r (an option has one value,
 * so each serves one r: Lemoine and Viennot's "nimbers are inevitable" with Beling's
 * aspiration sets); the value is the first r no option has.  Every other search is
 * Beling and Rogalski's ("On pruning search trees of impartial games", 2020): a pool of
 * the values the component may have (a value is at most the number of moves) loses one
 * value for each option, the option's own if the option says it, else the largest; each
 * option is asked only whether its value is in the pool but its largest, at most the
 * largest value wanted.  When the pool has nothing wanted left, the value is not wanted;
 * at the end one value is left, which is the component's if it is at most the largest
 * wanted.  Options whose parts the table knows are valued first, at once; the others go in
 * order of their largest part, smallest first, and an option's parts but its largest are
 * valued whole, the largest is asked about the wanted set shifted by their XOR.  Every
 * value settled is kept in the table, and of a component whose value is not wanted, the
 * values it was found not to have (of 0..31), so that the same question is not searched
 * again. */
static int search_with(uint64_t m, int h, int w, Set want, uint16_t shape,
                       uint64_t *moves, uint64_t *pending, uint8_t *size);
static int edges_in(uint64_t m);

static int search(uint64_t m, int h, int w, Set want)
{
    uint16_t shape = shape_key((uint16_t)(h * 256 + w));
    const Slot *e = find(m, shape);
    if (e != NULL && e->value != UNKNOWN)
        return e->value;
    if (e != NULL)
        want &= ~(Set)e->excluded;
    if (want == 0)
        return NOT_IN;
    if (stopped)
        return BAD;
    if ((++searched & ((every < 0x10000 ? every : 0x10000) - 1)) == 0) {
        if (PyErr_CheckSignals() < 0) {
            stopped = 1;
            return BAD;
        }
        if (progress != NULL && (searched & (every - 1)) == 0) {
            PyObject *r = PyObject_CallFunction(progress, "KK", (unsigned long long)searched,
                                                (unsigned long long)stored);
            if (r == NULL) {
                stopped = 1;
                return BAD;
            }
            Py_DECREF(r);
        }
    }
    if (graph && rule == 0) { /* Arc Kayles: a component may have more edges than 128 */
        int edges = edges_in(m);
        if (edges > 128) {
            if (stack_top + edges > STACK) {
                PyErr_SetString(PyExc_MemoryError, "a graph search deeper than its stack");
                stopped = 1;
                return BAD;
            }
            int base = stack_top;
            stack_top += edges;
            depth++;
            int r = search_with(m, h, w, want, shape, stack_moves + base,
                                stack_pending + base, stack_size + base);
            depth--;
            stack_top = base;
            return r;
        }
    }
    uint64_t moves[128], pending[128];
    uint8_t size[128];
    depth++;
    int r = search_with(m, h, w, want, shape, moves, pending, size);
    depth--;
    return r;
}

/* the value of m that the outermost search finds by asking about one value at a time */
static int search_root(uint64_t m, int h, int w, uint16_t shape, Set seen,
                       uint64_t *pending, int waiting)
{
    for (int r = 0;; r++) {
        if ((seen >> r) & 1)
            continue;
        if (r >= 128) { /* a value the sets cannot hold (only a graph's could be) */
            stopped = 1;
            return BAD;
        }
        int found = 0;
        for (int i = 0; i < waiting && !found;) {
            root_value = r;
            root_option = i;
            root_options = waiting;
            int v = option_value(pending[i], h, w, bit(r));
            if (v == BAD)
                return BAD;
            if (v == NOT_IN) {
                i++;
                continue;
            }
            found = v == r;
            seen |= bit(v);
            waiting--;
            for (int j = i; j < waiting; j++)
                pending[j] = pending[j + 1];
        }
        if (!found) { /* no option has value r: the value is r */
            keep(m, shape, r);
            return r;
        }
    }
}

/* search() past the look-up, with arrays for the component's moves */
static int search_with(uint64_t m, int h, int w, Set want, uint16_t shape,
                       uint64_t *moves, uint64_t *pending, uint8_t *size)
{
    int count = moves_of(m, h, w, moves), waiting = 0;
    Pool pool = pool_of(count);
    Set seen = 0, up = want & below(count + 1);
    if (up == 0)
        return NOT_IN; /* every wanted value is past the number of moves */
    up = below(largest(up) + 1);
    int root = depth == 1 && !asking;
    Part parts[2][32]; /* this option's parts, and the next one's (their slots fetched) */
    int parts_in[2] = {count > 0 ? option_parts(m & ~moves[0], h, w, parts[0]) : 0, 0};
    for (int i = 0; i < count; i++) {
        uint64_t rest = m & ~moves[i];
        int now = i & 1;
        if (i + 1 < count)
            parts_in[now ^ 1] = option_parts(m & ~moves[i + 1], h, w, parts[now ^ 1]);
        int big, v = option_known(parts[now], parts_in[now], &big);
        if (v < 0) { /* kept in order of their largest part, smallest first */
            int j = waiting++;
            while (j > 0 && size[j - 1] > big) {
                pending[j] = pending[j - 1];
                size[j] = size[j - 1];
                j--;
            }
            pending[j] = rest;
            size[j] = (uint8_t)big;
            continue;
        }
        seen |= bit(v);
        pool_drop(&pool, v, pool_but_largest(pool));
        if (!root && (pool.low & want) == 0)
            goto not_in;
    }
    if (root)
        return search_root(m, h, w, shape, seen, pending, waiting);
    int exact = 1;
    for (int i = 0; i < waiting; i++) {
        if ((pool.low & want) == 0)
            goto not_in;
        Set but_largest = pool_but_largest(pool);
        int v = option_value(pending[i], h, w, but_largest & up);
        if (v == BAD)
            return BAD;
        if (v == NOT_IN) {
            pool_drop_largest(&pool, but_largest);
            exact = 0;
        } else {
            pool_drop(&pool, v, but_largest);
        }
    }
    if (exact || (pool.low & up) != 0) { /* one value is left, and it is the value */
        if (pool.low == 0) { /* past 127 (only a graph's could be) */
            stopped = 1;
            return BAD;
        }
        int v = lowest(pool.low);
        keep(m, shape, v);
        return v;
    }
    keep_fact(m, shape, UNKNOWN, (uint32_t)up); /* the value is past every wanted one */
    return NOT_IN;
not_in: /* the value is not wanted, and if at most the largest wanted, in the pool */
    keep_fact(m, shape, UNKNOWN, (uint32_t)(want | (up & ~pool.low)));
    return NOT_IN;
}

/* -- graphs ---------------------------------------------------------------------------- */

/* the edges inside the vertices m */
static int edges_in(uint64_t m)
{
    int twice = 0;
    for (uint64_t rest = m; rest; rest &= rest - 1)
        twice += __builtin_popcountll(adjacency[__builtin_ctzll(rest)] & m);
    return twice / 2;
}

/* the moves of a graph component m: the vertices each takes */
static int moves_of_graph(uint64_t m, uint64_t *out)
{
    int n = 0;
    for (uint64_t rest = m; rest; rest &= rest - 1) {
        int v = __builtin_ctzll(rest);
        uint64_t bit = rest & -rest;
        if (rule == 1) {
            out[n++] = bit | (adjacency[v] & m);
            continue;
        }
        for (uint64_t later = adjacency[v] & m & ~(bit | (bit - 1)); later; later &= later - 1)
            out[n++] = bit | (later & -later);
    }
    return n;
}

/* split() for a graph: components by flood fill; a small one (Arc Kayles: 2 or 3 vertices,
 * Node Kayles: 1 or 2) has value 1 and is keyed by its size alone, so that equal ones
 * cancel, and a lone vertex has no move in Arc Kayles; a larger one by its vertex mask */
static int split_graph(uint64_t free, Part *parts)
{
    int n = 0, small = rule == 0 ? 3 : 2;
    while (free) {
        uint64_t part = free & -free, todo = part;
        while (todo) {
            uint64_t grown = adjacency[__builtin_ctzll(todo)] & free & ~part;
            todo &= todo - 1;
            part |= grown;
            todo |= grown;
        }
        free &= ~part;
        int cells = __builtin_popcountll(part);
        if (cells < 2 && rule == 0)
            continue;
        uint64_t key = cells > small ? part : 0;
        uint16_t kind = (uint16_t)(cells > small ? graph_kind : cells);
        n = add_part(parts, n, key, kind, cells);
    }
    return n;
}

/* the id of the graph (n, adj): the one it had if it is among the graphs recently met,
 * else a new one (the table cleared when they have run out) */
static int graph_id(int n, const uint64_t *adj)
{
    uint64_t hash = (uint64_t)n * 0x9E3779B97F4A7C15ull;
    for (int v = 0; v < n; v++) {
        hash ^= adj[v] + 0x9E3779B97F4A7C15ull + (hash << 6) + (hash >> 2);
        hash *= 0xBF58476D1CE4E5B9ull;
    }
    for (int k = 0; k < known_count; k++)
        if (known[k].hash == hash && known[k].n == n
            && memcmp(known[k].adjacency, adj, (size_t)n * sizeof(uint64_t)) == 0)
            return known[k].id;
    if (next_id == MAX_GRAPH_ID) { /* every id used: forget every value, start again */
        table_reset();
        if (ensure_table() < 0)
            return -1;
        known_count = known_next = next_id = 0;
    }
    Known *slot = &known[known_next];
    known_next = (known_next + 1) % GRAPHS;
    if (known_count < GRAPHS)
        known_count++;
    slot->n = n;
    slot->hash = hash;
    slot->id = next_id++;
    memcpy(slot->adjacency, adj, (size_t)n * sizeof(uint64_t));
    return slot->id;
}

static int board_value(uint64_t free, int h, int w); /* below: a graph's is board_value(free, 0, 0) */

/* read a graph (its adjacency, the mask of its vertices left, the rule) into the search's
 * graph mode; -1 with an exception set if it is not one */
static int graph_begin(PyObject *given, uint64_t m, int which)
{
    uint64_t adj[64];
    if (which != 0 && which != 1) {
        PyErr_SetString(PyExc_ValueError, "rule: 0 (Arc Kayles) or 1 (Node Kayles)");
        return -1;
    }
    PyObject *seq = PySequence_Fast(given, "adjacency: a sequence of neighbour masks");
    if (seq == NULL)
        return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    if (n > 64) {
        Py_DECREF(seq);
        PyErr_Format(PyExc_ValueError, "a graph has at most 64 vertices, got %zd", n);
        return -1;
    }
    for (Py_ssize_t v = 0; v < n; v++) {
        PyObject *item = PySequence_Fast_GET_ITEM(seq, v);
        adj[v] = PyLong_Check(item) ? PyLong_AsUnsignedLongLong(item) : (uint64_t)-1;
        if (adj[v] == (uint64_t)-1 && (!PyLong_Check(item) || PyErr_Occurred())) {
            Py_DECREF(seq);
            PyErr_Clear();
            PyErr_Format(PyExc_ValueError, "the neighbours of vertex %zd are not a mask of "
                         "64 bits", v);
            return -1;
        }
    }
    Py_DECREF(seq);
    uint64_t all = n == 64 ? ~(uint64_t)0 : (((uint64_t)1 << n) - 1);
    for (int v = 0; v < n; v++) {
        if (adj[v] & ~all) {
            PyErr_Format(PyExc_ValueError, "vertex %d has a neighbour past vertex %zd", v,
                         n - 1);
            return -1;
        }
        if ((adj[v] >> v) & 1) {
            PyErr_Format(PyExc_ValueError, "vertex %d is its own neighbour (a loop)", v);
            return -1;
        }
        for (uint64_t rest = adj[v]; rest; rest &= rest - 1) {
            int u = __builtin_ctzll(rest);
            if (!((adj[u] >> v) & 1)) {
                PyErr_Format(PyExc_ValueError, "vertex %d is a neighbour of %d but not %d of "
                             "%d (the adjacency is not symmetric)", u, v, v, u);
                return -1;
            }
        }
    }
    if (m & ~all) {
        PyErr_SetString(PyExc_ValueError, "the mask has vertices outside the graph");
        return -1;
    }
    if (ensure_table() < 0)
        return -1;
    int id = graph_id((int)n, adj);
    if (id < 0)
        return -1;
    memcpy(adjacency, adj, (size_t)n * sizeof(uint64_t));
    graph_kind = (65 + id / 256) * 256 + id % 256;
    rule = which;
    graph = 1;
    stopped = 0;
    root_value = -1;
    stack_top = 0;
    return 0;
}

static int has_value(uint64_t free, int h, int w, int target);

static PyObject *cram_graph_value(PyObject *self, PyObject *args)
{
    PyObject *given;
    unsigned long long m;
    int which;
    (void)self;
    if (!PyArg_ParseTuple(args, "OKi", &given, &m, &which))
        return NULL;
    if (graph_begin(given, (uint64_t)m, which) < 0)
        return NULL;
    int v = board_value((uint64_t)m, 0, 0);
    graph = 0;
    if (v == BAD) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_OverflowError, "a graph value past 127");
        return NULL;
    }
    return PyLong_FromLong(v);
}

static PyObject *cram_graph_has_value(PyObject *self, PyObject *args)
{
    PyObject *given;
    unsigned long long m;
    int which, target;
    (void)self;
    if (!PyArg_ParseTuple(args, "OKii", &given, &m, &which, &target))
        return NULL;
    if (target < 0) {
        PyErr_SetString(PyExc_ValueError, "a value is at least 0");
        return NULL;
    }
    if (graph_begin(given, (uint64_t)m, which) < 0)
        return NULL;
    int v = has_value((uint64_t)m, 0, 0, target);
    graph = 0;
    if (v == BAD) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_OverflowError, "a graph value past 127");
        return NULL;
    }
    return PyBool_FromLong(v);
}

/* the value of the free cells `free` of an h x w board: the XOR of its parts' */
static int board_value(uint64_t free, int h, int w)
{
    Part parts[32];
    int n = split(free, h, w, parts), x = 0;
    for (int j = 0; j < n; j++) {
        int v = part_value(&parts[j]);
        if (v == BAD)
            return BAD;
        x ^= v;
    }
    return x;
}

/* whether the free cells `free` of an h x w board (a graph's vertices in graph mode) have
 * the value `target`, 1 or 0 (BAD on a stop): the question "is the value target?" of
 * Beling and Rogalski's search, far cheaper than the value when the answer is no */
static int has_value(uint64_t free, int h, int w, int target)
{
    if (target >= 128) { /* past the sets: the value itself */
        int v = board_value(free, h, w);
        return v == BAD ? BAD : v == target;
    }
    asking = 1;
    int v = option_value(free, h, w, bit(target));
    asking = 0;
    return v == BAD ? BAD : v == target;
}

/* check a board's arguments and make ready to search it; -1 with an exception set */
static int board_begin(int h, int w, uint64_t m, int which)
{
    if (which != 0 && which != 1) {
        PyErr_SetString(PyExc_ValueError, "rule: 0 (Cram) or 1 (Node Kayles)");
        return -1;
    }
    if (h < 1 || w < 1 || h * w > 64) {
        PyErr_SetString(PyExc_ValueError, "a board has 1 to 64 cells");
        return -1;
    }
    if (h * w < 64 && (m >> (h * w)) != 0) {
        PyErr_SetString(PyExc_ValueError, "the mask has cells outside the board");
        return -1;
    }
    if (ensure_table() < 0)
        return -1;
    rule = which;
    stopped = 0;
    root_value = -1;
    return 0;
}

static PyObject *cram_value(PyObject *self, PyObject *args)
{
    int h, w, which = 0;
    unsigned long long m;
    (void)self;
    if (!PyArg_ParseTuple(args, "iiK|i", &h, &w, &m, &which))
        return NULL;
    if (board_begin(h, w, (uint64_t)m, which) < 0)
        return NULL;
    int v = board_value((uint64_t)m, h, w);
    if (v == BAD) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_OverflowError, "a value past 127");
        return NULL;
    }
    return PyLong_FromLong(v);
}

static PyObject *cram_has_value(PyObject *self, PyObject *args)
{
    int h, w, which, target;
    unsigned long long m;
    (void)self;
    if (!PyArg_ParseTuple(args, "iiKii", &h, &w, &m, &which, &target))
        return NULL;
    if (target < 0) {
        PyErr_SetString(PyExc_ValueError, "a value is at least 0");
        return NULL;
    }
    if (board_begin(h, w, (uint64_t)m, which) < 0)
        return NULL;
    int v = has_value((uint64_t)m, h, w, target);
    if (v == BAD) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_OverflowError, "a value past 127");
        return NULL;
    }
    return PyBool_FromLong(v);
}

static PyObject *cram_set_slots(PyObject *self, PyObject *args)
{
    unsigned long long n, first = 1u << 16;
    (void)self;
    if (!PyArg_ParseTuple(args, "K|K", &n, &first))
        return NULL;
    if (n < 1024 || (n & (n - 1)) != 0 || n > (1ull << 32)) {
        PyErr_SetString(PyExc_ValueError, "slots: a power of two from 2^10 to 2^32");
        return NULL;
    }
    if (first < 16 || (first & (first - 1)) != 0 || first > (1ull << 32)) {
        PyErr_SetString(PyExc_ValueError, "first: a power of two from 2^4 to 2^32");
        return NULL;
    }
    table_reset();
    known_count = known_next = next_id = 0;
    most_slots = n;
    first_slots = first;
    Py_RETURN_NONE;
}

static PyObject *cram_stats(PyObject *self, PyObject *noargs)
{
    (void)self;
    (void)noargs;
    return Py_BuildValue("KKK", (unsigned long long)searched, (unsigned long long)stored,
                         (unsigned long long)most_slots);
}

static PyObject *cram_table_slots(PyObject *self, PyObject *noargs)
{
    (void)self;
    (void)noargs;
    return Py_BuildValue("KK", (unsigned long long)slots, (unsigned long long)most_slots);
}

static PyObject *cram_root(PyObject *self, PyObject *noargs)
{
    (void)self;
    (void)noargs;
    if (depth == 0 || root_value < 0)
        Py_RETURN_NONE;
    return Py_BuildValue("iii", root_value, root_option, root_options);
}

static PyObject *cram_set_reduce(PyObject *self, PyObject *args)
{
    (void)self;
    int on, symmetric = -1;
    if (!PyArg_ParseTuple(args, "p|p", &on, &symmetric))
        return NULL;
    reduce = on;
    mirror = symmetric < 0 ? on : symmetric;
    Py_RETURN_NONE;
}

static PyObject *cram_set_progress(PyObject *self, PyObject *args)
{
    PyObject *fn;
    unsigned long long n = 1u << 20;
    (void)self;
    if (!PyArg_ParseTuple(args, "O|K", &fn, &n))
        return NULL;
    if (n < 1 || (n & (n - 1)) != 0) {
        PyErr_SetString(PyExc_ValueError, "every: a power of two");
        return NULL;
    }
    every = n;
    Py_XDECREF(progress);
    progress = fn == Py_None ? NULL : fn;
    Py_XINCREF(progress);
    Py_RETURN_NONE;
}

/* the slots in use, as bytes of 12-byte records: mask (8, little-endian), shape (2), value, cells */
static PyObject *cram_dump(PyObject *self, PyObject *noargs)
{
    (void)self;
    (void)noargs;
    if (table == NULL)
        return PyBytes_FromStringAndSize("", 0);
    PyObject *out = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)(stored * 12));
    if (out == NULL)
        return NULL;
    unsigned char *p = (unsigned char *)PyBytes_AS_STRING(out);
    uint64_t n = 0;
    for (uint64_t i = 0; i < slots && n < stored; i++) {
        const Slot *e = &table[i];
        if (e->shape == 0 || e->value == UNKNOWN || ((e->shape >> 8) & 127) > 64)
            continue; /* empty, a note, or a graph's (its id holds only in this process) */
        for (int b = 0; b < 8; b++)
            p[b] = (unsigned char)(e->mask >> (8 * b));
        p[8] = (unsigned char)(e->shape & 255);
        p[9] = (unsigned char)(e->shape >> 8);
        p[10] = e->value;
        p[11] = e->cells;
        p += 12;
        n++;
    }
    if (_PyBytes_Resize(&out, (Py_ssize_t)(n * 12)) < 0)
        return NULL;
    return out;
}

static PyObject *cram_load(PyObject *self, PyObject *arg)
{
    Py_buffer view;
    (void)self;
    if (PyObject_GetBuffer(arg, &view, PyBUF_SIMPLE) < 0)
        return NULL;
    if (view.len % 12 != 0) {
        PyBuffer_Release(&view);
        PyErr_SetString(PyExc_ValueError, "a Cram table is a whole number of 12-byte records");
        return NULL;
    }
    if (ensure_table() < 0) {
        PyBuffer_Release(&view);
        return NULL;
    }
    const unsigned char *p = view.buf;
    for (Py_ssize_t k = 0; k < view.len / 12; k++, p += 12) {
        uint64_t m = 0;
        for (int b = 0; b < 8; b++)
            m |= (uint64_t)p[b] << (8 * b);
        int h = p[9] & 127, w = p[8];
        uint16_t shape = (uint16_t)(p[8] | (p[9] << 8));
        if (h < 1 || w < 1 || h * w > 64 || __builtin_popcountll(m) != p[11]
            || (h * w < 64 && (m >> (h * w)) != 0)) {
            PyBuffer_Release(&view);
            PyErr_Format(PyExc_ValueError, "record %zd of the Cram table is not a board", k);
            return NULL;
        }
        /* records are trusted only once checked by the caller (a checksum); they are
         * stored here as found */
        keep_all = 1;
        keep(m, shape, p[10]);
        keep_all = 0;
    }
    PyBuffer_Release(&view);
    Py_RETURN_NONE;
}

static PyObject *cram_clear(PyObject *self, PyObject *noargs)
{
    (void)self;
    (void)noargs;
    table_reset();
    searched = 0;
    known_count = known_next = next_id = 0;
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"value", cram_value, METH_VARARGS,
     "value(rows, cols, mask, rule=0) -> the Grundy value of the board whose free cells are the "
     "set bits of mask (bit r * cols + c), in Cram (rule 0) or Node Kayles (rule 1)"},
    {"graph_value", cram_graph_value, METH_VARARGS,
     "graph_value(adjacency, mask, rule) -> the Grundy value of the vertices of mask in a graph "
     "given by its vertices' neighbour masks (at most 64, symmetric, no loop), in Arc Kayles "
     "(rule 0) or Node Kayles (rule 1)"},
    {"has_value", cram_has_value, METH_VARARGS,
     "has_value(rows, cols, mask, rule, target) -> whether the board's value is target (a "
     "question the search answers faster than the value)"},
    {"graph_has_value", cram_graph_has_value, METH_VARARGS,
     "graph_has_value(adjacency, mask, rule, target) -> whether the graph's value is target"},
    {"set_slots", cram_set_slots, METH_VARARGS,
     "set_slots(n, first=2**16): the most slots of 16 bytes the table grows to, and the "
     "slots it starts with (powers of two); clears it"},
    {"stats", cram_stats, METH_NOARGS,
     "stats() -> (components searched, slots used, the most slots)"},
    {"table_slots", cram_table_slots, METH_NOARGS,
     "table_slots() -> (slots now, the most slots): the table grows as it fills"},
    {"set_progress", cram_set_progress, METH_VARARGS,
     "set_progress(fn or None, every=2**20): fn(searched, stored) is called every `every` "
     "components searched (a power of two); an exception it raises stops the search"},
    {"root", cram_root, METH_NOARGS,
     "root() -> (r, i, n) or None: while a search runs, the outermost piece's question (is "
     "some option's value r?) and which of its n options open is asked (i)"},
    {"set_reduce", cram_set_reduce, METH_VARARGS,
     "set_reduce(on, mirror=on): whether Cram boards lose the cells that change no value "
     "before they are split, and (mirror) the parts that are a loss by symmetry (both on by "
     "default; off: for comparisons)"},
    {"dump", cram_dump, METH_NOARGS, "dump() -> the table's records as bytes"},
    {"load", cram_load, METH_O, "load(bytes): put records of dump() back in the table"},
    {"clear", cram_clear, METH_NOARGS, "clear(): forget every value"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_cram",
                                    "The compiled Cram search (see _cram.c).", -1, methods,
                                    NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__cram(void) { return PyModule_Create(&module); }
