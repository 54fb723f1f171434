/* The compiled Cram search: Grundy values of boards of at most 128 cells.
 *
 * A board is held in one machine word of 64 bits when it fits, else in two (an unsigned
 * __int128): the search below is compiled twice, once for each width (this file includes
 * itself with WORDS set to 1, then 2; every name of the search gets the suffix _1 or _2).
 * A board of more than 64 cells is searched in two words, and each piece of it that fits
 * in one word (a bounding box of at most 64 cells) goes to the one-word search, faster,
 * with its own table: the two-word table holds only the pieces too large for one.  The
 * limit is 128 cells because the words are the compiler's own 128-bit integers (a third
 * word would need the shifts, counts and comparisons written out); a full board that large
 * does not end in hours anyway, but a board of any shape with blocked cells does.  Two
 * words cost about 1.5 times one on the same board (set_wide: the tests compare them).
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
 * Values found are kept in a transposition table of 12 bytes a slot (the board's mask, its
 * shape and its value: 20 in two words) that grows with the work: it starts small (2^16
 * slots, 768 KB) and doubles in place when its values and half its notes (below) fill half
 * its slots (its pages moved, not copied, so the old and the new table are never held at
 * once), up to a limit (set_slots; 2^21 slots, 24 MB, by default), so a board of a
 * second never pays for a table of gigabytes.  A slot is found by linear probing over the
 * 8 places from its own (the table has 8 more slots past the last, so a probe never wraps
 * around); when all 8 are taken (in a table at its limit), the new board takes the place
 * of the smallest board among them (the cheapest to find again), even when the new one is
 * smaller still: a full table that kept its big boards only would search every small board
 * again at each of its uses (4 x 11 in 2^17 slots: more than 300 s where it takes 20 s so, and
 * 10 s in 2^21 slots).  Every value the table holds is exact, so the table can be
 * saved (dump) and given back (load) to resume a long search.  A slot may also hold, for a
 * board whose value is not known yet, the values 0..14 it was found not to have (a
 * question "is your value r?" answered no without settling the value), so that the
 * question is not searched again (about 40% fewer boards searched, 15% less CPU time); a
 * value pushes such a note out first.  Notes are exact too, and dumped apart (dump(words,
 * notes=True)): a has_value search leaves mostly notes.  The search checks for signals (Ctrl-C)
 * every 2^16 components and then stops with the table kept.
 *
 * The same search plays Node Kayles on a board's grid graph (rule 1: a move takes a free
 * cell and its free neighbours), where one cell or two have value 1.
 *
 * It also plays both games on any graph of at most 128 vertices (graph_value): a position
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
#ifndef WORDS /* -- what both widths share ---------------------------------------------- */
#define PY_SSIZE_T_CLEAN
#if defined(__linux__) && !defined(_GNU_SOURCE)
#define _GNU_SOURCE /* mremap */
#endif
#ifndef CRAM_COMMAND
#include <Python.h>
#endif
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

static uint64_t searched = 0;       /* components searched (not found in the table) */
static int stopped = 0;             /* a signal arrived: unwind */
static int rule = 0;                /* 0: Cram (a domino); 1: Node Kayles (a cell and its neighbours) */
static int reduce = 1;              /* Cram: take away the cells that change no value (reduced()) */
static int mirror = 1;              /* Cram: leave out parts that are a loss by symmetry */
static int depth = 0;               /* searches under way, one inside another */
static int asking = 0;              /* a question about one value (has_value): no search is
                                     * the board's own piece (search_root) */
static int root_value = -1, root_option = 0, root_options = 0; /* where the outermost is */
static uint64_t values_kept(void);  /* the values both widths' tables hold (past them) */
static uint64_t every = 1u << 20;   /* a power of two */
static int wide = 0;                /* every board and graph in two words (for the tests) */
static int other_axis = 0;          /* Cram: of moves equally near the centre, those the long
                                     * axis does not cut in half first (set_order: a second
                                     * move order, to check a new value by; see moves_of) */
/* What the search asks of the program it runs in: this module, or the command of
 * cram_command.c (built with CRAM_COMMAND, without Python), which defines both:
 * host_no_memory() reports the memory that was not there (a MemoryError here), and
 * host_tick(), called every 2^16 components searched (at most every `every`), says whether
 * to stop (a signal, a failed progress callback, the command's time run out). */
static void host_no_memory(const char *text);
static int host_tick(void);

#ifndef CRAM_COMMAND
static PyObject *progress = NULL;   /* called with (searched, values_kept()) every `every`
                                     * searches */
/* A search runs without Python's lock (the GIL), so that the process's other threads run
 * meanwhile (a Dask worker's heartbeat to its scheduler, a web server's event loop); it
 * takes the GIL back for the moments it runs Python (a check for signals, the progress
 * callback, an exception).  Its tables are module globals, so every function of the module
 * runs under a lock of its own (`busy`), held by one thread at a time, which may take it
 * again from inside its own search (the progress callback asks stats() and root()). */
static PyThreadState *released = NULL; /* the searching thread, while it has not the GIL */
static PyThread_type_lock busy = NULL;
static unsigned long busy_owner = 0;   /* the thread holding `busy` (read under the GIL) */
static int busy_depth = 0;

static void python_away(void) { released = PyEval_SaveThread(); }
static void python_back(void)
{
    PyThreadState *state = released;
    released = NULL;
    PyEval_RestoreThread(state);
}
/* inside a search: the GIL for a moment; whether it was given up (python_again's argument) */
static int python_now(void)
{
    if (released == NULL)
        return 0;
    python_back();
    return 1;
}
static void python_again(int was) { if (was) python_away(); }

static void host_no_memory(const char *text)
{
    int was = python_now();
    PyErr_SetString(PyExc_MemoryError, text);
    python_again(was);
}

static int host_tick(void)
{
    int was = python_now(), bad = PyErr_CheckSignals() < 0;
    if (!bad && progress != NULL && (searched & (every - 1)) == 0) {
        PyObject *r = PyObject_CallFunction(progress, "KK", (unsigned long long)searched,
                                            (unsigned long long)values_kept());
        bad = r == NULL;
        Py_XDECREF(r);
    }
    python_again(was);
    return bad;
}
#endif

#define PROBES 8
#define GRAPHS 256
#define MAX_GRAPH_ID (63 * 256)     /* ids 0 .. MAX_GRAPH_ID - 1 */
#define STACK (1 << 16)
#define BAD 255
#define UNKNOWN 254
#define NOT_IN 253             /* search(): the value is not in the set asked about */
#define NOTE 0x8000            /* a slot's info: values the board has not, of 0..14 */
#define NOTED 0x7FFF

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

static inline uint64_t reverse64(uint64_t x)
{
    x = ((x >> 1) & 0x5555555555555555ull) | ((x & 0x5555555555555555ull) << 1);
    x = ((x >> 2) & 0x3333333333333333ull) | ((x & 0x3333333333333333ull) << 2);
    x = ((x >> 4) & 0x0F0F0F0F0F0F0F0Full) | ((x & 0x0F0F0F0F0F0F0F0Full) << 4);
    return __builtin_bswap64(x);
}

typedef unsigned __int128 Wide;

#ifndef CRAM_COMMAND
/* a mask as a Python int; NULL with an exception set */
static PyObject *mask_object(Wide m)
{
    PyObject *lo = PyLong_FromUnsignedLongLong((uint64_t)m);
    if (lo == NULL || (m >> 64) == 0)
        return lo;
    PyObject *hi = PyLong_FromUnsignedLongLong((uint64_t)(m >> 64)), *shift = PyLong_FromLong(64);
    PyObject *up = hi != NULL && shift != NULL ? PyNumber_Lshift(hi, shift) : NULL;
    PyObject *out = up != NULL ? PyNumber_Or(up, lo) : NULL;
    Py_XDECREF(lo);
    Py_XDECREF(hi);
    Py_XDECREF(shift);
    Py_XDECREF(up);
    return out;
}
#endif

/* The search counts cells with the popcnt instruction where GCC builds for x86-64 (every
 * such CPU since 2008 has it; the module refuses to load on one without, and grundy then
 * takes its Python path): the generic build calls a library function for each count
 * (3 x 14: 5% more CPU time, measured under load). */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && !defined(__POPCNT__)
#define POPCNT_PRAGMA 1
#pragma GCC push_options
#pragma GCC target("popcnt")
#endif
#define WORDS 1
#include "_cram.c"
#undef WORDS
#define WORDS 2
#include "_cram.c"
#undef WORDS
#ifdef POPCNT_PRAGMA
#pragma GCC pop_options
#endif

static uint64_t values_kept(void) { return stored_1 + stored_2; }

#ifndef CRAM_COMMAND

/* -- the module: each board and graph to the search of its width ------------------------ */


/* a non-negative Python int of at most 128 bits; -1 with an exception set */
static int read_mask(PyObject *given, Wide *out, const char *what)
{
    if (!PyLong_Check(given)) { /* an integer of another type (numpy's) is read as an int */
        PyObject *number = PyNumber_Check(given) ? PyNumber_Index(given) : NULL;
        if (number == NULL) {
            PyErr_Clear();
            PyErr_Format(PyExc_ValueError, "%s is not an integer", what);
            return -1;
        }
        int r = read_mask(number, out, what);
        Py_DECREF(number);
        return r;
    }
    PyObject *zero = PyLong_FromLong(0), *high = NULL;
    int negative = zero == NULL ? -1 : PyObject_RichCompareBool(given, zero, Py_LT);
    Py_XDECREF(zero);
    if (negative != 0) {
        if (negative > 0)
            PyErr_Format(PyExc_ValueError, "%s is negative", what);
        return -1;
    }
    uint64_t lo = PyLong_AsUnsignedLongLongMask(given);
    PyObject *shift = PyLong_FromLong(64);
    if (shift != NULL)
        high = PyNumber_Rshift(given, shift);
    Py_XDECREF(shift);
    if (high == NULL)
        return -1;
    uint64_t hi = PyLong_AsUnsignedLongLong(high);
    Py_DECREF(high);
    if (hi == (uint64_t)-1 && PyErr_Occurred()) {
        PyErr_Clear();
        PyErr_Format(PyExc_ValueError, "%s has more than 128 bits", what);
        return -1;
    }
    *out = ((Wide)hi << 64) | lo;
    return 0;
}

/* check a board's arguments and make ready to search it: the words it is searched in (1 or
 * 2), or -1 with an exception set */
static int board_begin(int h, int w, PyObject *given, int which, Wide *m)
{
    if (which != 0 && which != 1) {
        PyErr_SetString(PyExc_ValueError, "rule: 0 (Cram) or 1 (Node Kayles)");
        return -1;
    }
    if (h < 1 || w < 1 || h > 128 || w > 128 || h * w > 128) {
        PyErr_SetString(PyExc_ValueError, "a board has 1 to 128 cells");
        return -1;
    }
    if (read_mask(given, m, "the mask") < 0)
        return -1;
    if (h * w < 128 && (*m >> (h * w)) != 0) {
        PyErr_SetString(PyExc_ValueError, "the mask has cells outside the board");
        return -1;
    }
    int words = h * w <= 64 && !wide ? 1 : 2;
    if (ensure_table_1() < 0 || (words == 2 && ensure_table_2() < 0))
        return -1;
    rule = which;
    stopped = 0;
    root_value = -1;
    return words;
}

/* whether v is a value or an answer; else (BAD) an exception is set: the search's own, or
 * an OverflowError saying `what` */
static int answered(int v, const char *what)
{
    if (v != BAD)
        return 1;
    if (!PyErr_Occurred())
        PyErr_SetString(PyExc_OverflowError, what);
    return 0;
}

/* the arguments (rows, cols, mask, rule=0) of value() and root_options() read into the
 * search of their width: the words (1 or 2), or -1 with an exception set */
static int board_args(PyObject *args, int *h, int *w, Wide *m)
{
    int which = 0;
    PyObject *given;
    if (!PyArg_ParseTuple(args, "iiO|i", h, w, &given, &which))
        return -1;
    return board_begin(*h, *w, given, which, m);
}

static PyObject *cram_value(PyObject *self, PyObject *args)
{
    int h, w;
    Wide m;
    (void)self;
    int words = board_args(args, &h, &w, &m);
    if (words < 0)
        return NULL;
    python_away();
    int v = words == 1 ? board_value_1((uint64_t)m, h, w) : board_value_2(m, h, w);
    python_back();
    if (!answered(v, "a value past 127"))
        return NULL;
    return PyLong_FromLong(v);
}

static PyObject *cram_has_value(PyObject *self, PyObject *args)
{
    int h, w, which, target;
    PyObject *given;
    Wide m;
    (void)self;
    if (!PyArg_ParseTuple(args, "iiOii", &h, &w, &given, &which, &target))
        return NULL;
    if (target < 0) {
        PyErr_SetString(PyExc_ValueError, "a value is at least 0");
        return NULL;
    }
    int words = board_begin(h, w, given, which, &m);
    if (words < 0)
        return NULL;
    python_away();
    int v = words == 1 ? has_value_1((uint64_t)m, h, w, target) : has_value_2(m, h, w, target);
    python_back();
    if (!answered(v, "a value past 127"))
        return NULL;
    return PyBool_FromLong(v);
}

static PyObject *root_pieces_1(uint64_t free, int h, int w);
static PyObject *root_pieces_2(Wide free, int h, int w);

static PyObject *cram_root_options(PyObject *self, PyObject *args)
{
    int h, w;
    Wide m;
    (void)self;
    int words = board_args(args, &h, &w, &m);
    if (words < 0)
        return NULL;
    return words == 1 ? root_pieces_1((uint64_t)m, h, w) : root_pieces_2(m, h, w);
}

/* read a graph (its adjacency, the mask of its vertices left, the rule) into the graph mode
 * of the search of its width: the words (1 or 2), or -1 with an exception set */
static int graph_begin(PyObject *given, PyObject *mask, int which, Wide *m)
{
    Wide adj[128];
    if (which != 0 && which != 1) {
        PyErr_SetString(PyExc_ValueError, "rule: 0 (Arc Kayles) or 1 (Node Kayles)");
        return -1;
    }
    PyObject *seq = PySequence_Fast(given, "adjacency: a sequence of neighbour masks");
    if (seq == NULL)
        return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    if (n > 128) {
        Py_DECREF(seq);
        PyErr_Format(PyExc_ValueError, "a graph has at most 128 vertices, got %zd", n);
        return -1;
    }
    for (Py_ssize_t v = 0; v < n; v++) {
        if (read_mask(PySequence_Fast_GET_ITEM(seq, v), &adj[v], "a neighbour mask") < 0) {
            Py_DECREF(seq);
            PyErr_Clear();
            PyErr_Format(PyExc_ValueError, "the neighbours of vertex %zd are not a mask of "
                         "64 bits (of 128 past 64 vertices)", v);
            return -1;
        }
    }
    Py_DECREF(seq);
    Wide all = n == 128 ? ~(Wide)0 : (((Wide)1 << n) - 1);
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
        for (Wide rest = adj[v]; rest; rest &= rest - 1) {
            int u = ctzB_2(rest);
            if (!((adj[u] >> v) & 1)) {
                PyErr_Format(PyExc_ValueError, "vertex %d is a neighbour of %d but not %d of "
                             "%d (the adjacency is not symmetric)", u, v, v, u);
                return -1;
            }
        }
    }
    if (read_mask(mask, m, "the mask") < 0)
        return -1;
    if (*m & ~all) {
        PyErr_SetString(PyExc_ValueError, "the mask has vertices outside the graph");
        return -1;
    }
    if (n > 64 || wide)
        return begin_graph_2((int)n, adj, which) < 0 ? -1 : 2;
    uint64_t narrow[64];
    for (int v = 0; v < n; v++)
        narrow[v] = (uint64_t)adj[v];
    return begin_graph_1((int)n, narrow, which) < 0 ? -1 : 1;
}

/* the graph mode left (the boards' mode back), and whether v is an answer (else an exception) */
static int graph_answered(int v)
{
    graph_1 = graph_2 = 0;
    return answered(v, "a graph value past 127");
}

static PyObject *cram_graph_value(PyObject *self, PyObject *args)
{
    PyObject *given, *mask;
    int which;
    Wide m;
    (void)self;
    if (!PyArg_ParseTuple(args, "OOi", &given, &mask, &which))
        return NULL;
    int words = graph_begin(given, mask, which, &m);
    if (words < 0)
        return NULL;
    python_away();
    int v = words == 1 ? board_value_1((uint64_t)m, 0, 0) : board_value_2(m, 0, 0);
    python_back();
    if (!graph_answered(v))
        return NULL;
    return PyLong_FromLong(v);
}

static PyObject *cram_graph_has_value(PyObject *self, PyObject *args)
{
    PyObject *given, *mask;
    int which, target;
    Wide m;
    (void)self;
    if (!PyArg_ParseTuple(args, "OOii", &given, &mask, &which, &target))
        return NULL;
    if (target < 0) {
        PyErr_SetString(PyExc_ValueError, "a value is at least 0");
        return NULL;
    }
    int words = graph_begin(given, mask, which, &m);
    if (words < 0)
        return NULL;
    python_away();
    int v = words == 1 ? has_value_1((uint64_t)m, 0, 0, target) : has_value_2(m, 0, 0, target);
    python_back();
    if (!graph_answered(v))
        return NULL;
    return PyBool_FromLong(v);
}

static void forget_all(void)
{
    table_reset_1();
    table_reset_2();
    known_count_1 = known_next_1 = next_id_1 = 0;
    known_count_2 = known_next_2 = next_id_2 = 0;
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
    forget_all();
    most_slots_1 = n;
    first_slots_1 = first;
    most_slots_2 = n / 2; /* 20 bytes a slot: the two tables at most 1.8 times n slots of 12 */
    first_slots_2 = first;
    Py_RETURN_NONE;
}

static PyObject *cram_stats(PyObject *self, PyObject *noargs)
{
    (void)self;
    (void)noargs;
    return Py_BuildValue("KKKK", (unsigned long long)searched,
                         (unsigned long long)values_kept(),
                         (unsigned long long)most_slots_1,
                         (unsigned long long)(noted_1 + noted_2));
}

static PyObject *cram_table_slots(PyObject *self, PyObject *args)
{
    int words = 1;
    (void)self;
    if (!PyArg_ParseTuple(args, "|i", &words))
        return NULL;
    if (words != 1 && words != 2) {
        PyErr_SetString(PyExc_ValueError, "words: 1 or 2");
        return NULL;
    }
    return Py_BuildValue("KK", (unsigned long long)(words == 1 ? slots_1 : slots_2),
                         (unsigned long long)(words == 1 ? most_slots_1 : most_slots_2));
}

/* a switch of the search set from its one argument, true or false */
static PyObject *set_switch(PyObject *args, int *to)
{
    int on;
    if (!PyArg_ParseTuple(args, "p", &on))
        return NULL;
    *to = on;
    Py_RETURN_NONE;
}

static PyObject *cram_set_wide(PyObject *self, PyObject *args)
{
    (void)self;
    return set_switch(args, &wide);
}

static PyObject *cram_set_order(PyObject *self, PyObject *args)
{
    (void)self;
    return set_switch(args, &other_axis);
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

/* the values the table of one width holds (its notes, with notes), as bytes of records:
 * for one word (the default) 12 bytes, mask (8, little-endian), shape (2), value, cells
 * (a note: the values it has not, 2 bytes); for two words 20 (a mask of 16) */
static PyObject *cram_dump(PyObject *self, PyObject *args)
{
    int words = 1, notes = 0;
    unsigned long long start = 0, stop = ULLONG_MAX;
    (void)self;
    if (!PyArg_ParseTuple(args, "|ipKK", &words, &notes, &start, &stop))
        return NULL;
    if (words != 1 && words != 2) {
        PyErr_SetString(PyExc_ValueError, "words: 1 or 2");
        return NULL;
    }
    uint64_t count = words == 1 ? (notes ? noted_1 : stored_1) : (notes ? noted_2 : stored_2);
    uint64_t end = (words == 1 ? slots_1 : slots_2) + PROBES;
    if (stop > end)
        stop = end;
    if (start >= stop)
        count = 0;
    else if (count > stop - start)
        count = stop - start; /* a slot holds one record */
    uint64_t size = words == 1 ? 12 : 20;
    PyObject *out = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)(count * size));
    if (out == NULL)
        return NULL;
    unsigned char *p = (unsigned char *)PyBytes_AS_STRING(out);
    uint64_t n = count == 0 ? 0
                 : words == 1 ? dump_records_1(p, notes, start, stop)
                              : dump_records_2(p, notes, start, stop);
    if (_PyBytes_Resize(&out, (Py_ssize_t)(n * size)) < 0)
        return NULL;
    return out;
}

static PyObject *cram_load(PyObject *self, PyObject *args)
{
    Py_buffer view;
    int words = 1, notes = 0;
    (void)self;
    if (!PyArg_ParseTuple(args, "y*|ip", &view, &words, &notes))
        return NULL;
    Py_ssize_t size = words == 1 ? 12 : 20;
    if (words != 1 && words != 2) {
        PyBuffer_Release(&view);
        PyErr_SetString(PyExc_ValueError, "words: 1 or 2");
        return NULL;
    }
    if (view.len % size != 0) {
        PyBuffer_Release(&view);
        PyErr_Format(PyExc_ValueError, "a Cram table is a whole number of %zd-byte records",
                     size);
        return NULL;
    }
    const unsigned char *p = view.buf;
    Py_ssize_t count = view.len / size;
    int r = words == 1 ? load_records_1(p, count, notes) : load_records_2(p, count, notes);
    PyBuffer_Release(&view);
    if (r < 0)
        return NULL;
    Py_RETURN_NONE;
}

static PyObject *cram_clear(PyObject *self, PyObject *noargs)
{
    (void)self;
    (void)noargs;
    forget_all();
    searched = 0;
    Py_RETURN_NONE;
}

/* `busy` taken for a call of the module's function: at once when free or this thread's;
 * else waited for without the GIL, so that the thread holding it can take the GIL back */
static void enter(void)
{
    unsigned long me = PyThread_get_thread_ident();
    if (busy_depth > 0 && busy_owner == me) {
        busy_depth++;
        return;
    }
    if (!PyThread_acquire_lock(busy, NOWAIT_LOCK)) {
        Py_BEGIN_ALLOW_THREADS
        PyThread_acquire_lock(busy, WAIT_LOCK);
        Py_END_ALLOW_THREADS
    }
    busy_owner = me;
    busy_depth = 1;
}

static void leave(void)
{
    if (--busy_depth == 0) {
        busy_owner = 0;
        PyThread_release_lock(busy);
    }
}

#define LOCKED(name)                                                                     \
    static PyObject *locked_##name(PyObject *self, PyObject *args)                       \
    {                                                                                    \
        enter();                                                                         \
        PyObject *r = name(self, args);                                                  \
        leave();                                                                         \
        return r;                                                                        \
    }
LOCKED(cram_value)
LOCKED(cram_graph_value)
LOCKED(cram_has_value)
LOCKED(cram_root_options)
LOCKED(cram_graph_has_value)
LOCKED(cram_set_slots)
LOCKED(cram_stats)
LOCKED(cram_table_slots)
LOCKED(cram_set_order)
LOCKED(cram_set_wide)
LOCKED(cram_set_progress)
LOCKED(cram_root)
LOCKED(cram_set_reduce)
LOCKED(cram_dump)
LOCKED(cram_load)
LOCKED(cram_clear)

static PyMethodDef methods[] = {
    {"value", locked_cram_value, METH_VARARGS,
     "value(rows, cols, mask, rule=0) -> the Grundy value of the board (at most 128 cells) whose "
     "free cells are the set bits of mask (bit r * cols + c), in Cram (rule 0) or Node Kayles "
     "(rule 1)"},
    {"graph_value", locked_cram_graph_value, METH_VARARGS,
     "graph_value(adjacency, mask, rule) -> the Grundy value of the vertices of mask in a graph "
     "given by its vertices' neighbour masks (at most 128, symmetric, no loop), in Arc Kayles "
     "(rule 0) or Node Kayles (rule 1)"},
    {"has_value", locked_cram_has_value, METH_VARARGS,
     "has_value(rows, cols, mask, rule, target) -> whether the board's value is target (a "
     "question the search answers faster than the value)"},
    {"root_options", locked_cram_root_options, METH_VARARGS,
     "root_options(rows, cols, mask, rule=0) -> (pieces, options): the pieces the search "
     "values the board by, after its reductions, each (H, W, mask) in canonical form or "
     "(0, cells, mask) for one of value 1, the largest first; and the options the search "
     "tries at the root of that largest (none if it has value 1), each (mask, its pieces) "
     "of the H x W board, in the order of its moves (nearest the centre first)"},
    {"graph_has_value", locked_cram_graph_has_value, METH_VARARGS,
     "graph_has_value(adjacency, mask, rule, target) -> whether the graph's value is target"},
    {"set_slots", locked_cram_set_slots, METH_VARARGS,
     "set_slots(n, first=2**16): the most slots of 12 bytes the table grows to, and the "
     "slots it starts with (powers of two); clears it"},
    {"stats", locked_cram_stats, METH_NOARGS,
     "stats() -> (components searched, slots holding a value, the most slots, slots holding "
     "values a board was found not to have)"},
    {"table_slots", locked_cram_table_slots, METH_VARARGS,
     "table_slots(words=1) -> (slots now, the most slots) of the table of boards held in that "
     "many words: it grows as it fills"},
    {"set_order", locked_cram_set_order, METH_VARARGS,
     "set_order(other): Cram: of moves equally near the centre, try first the dominoes the "
     "piece's long axis does not cut in half, not those it does (a second move order, to "
     "check a value by); the table is kept"},
    {"set_wide", locked_cram_set_wide, METH_VARARGS,
     "set_wide(on): search every board and graph in two words, not only those past 64 cells "
     "(for the tests: the two widths checked against each other)"},
    {"set_progress", locked_cram_set_progress, METH_VARARGS,
     "set_progress(fn or None, every=2**20): fn(searched, stored) is called every `every` "
     "components searched (a power of two), stored the values the tables of both widths "
     "hold (stats()[1]); an exception it raises stops the search"},
    {"root", locked_cram_root, METH_NOARGS,
     "root() -> (r, i, n) or None: while a search runs, the outermost piece's question (is "
     "some option's value r?) and which of its n options open is asked (i)"},
    {"set_reduce", locked_cram_set_reduce, METH_VARARGS,
     "set_reduce(on, mirror=on): whether Cram boards lose the cells that change no value "
     "before they are split, and (mirror) the parts that are a loss by symmetry (both on by "
     "default; off: for comparisons)"},
    {"dump", locked_cram_dump, METH_VARARGS,
     "dump(words=1, notes=False, start=0, stop=all) -> the records of the table of boards "
     "held in that many words, as bytes: their values, or (notes) the values they were found "
     "not to have; only those in the table's slots start..stop-1 (see table_slots; the "
     "table also has 8 slots past its last)"},
    {"load", locked_cram_load, METH_VARARGS,
     "load(bytes, words=1, notes=False): put records of dump(words, notes) back in the "
     "table"},
    {"clear", locked_cram_clear, METH_NOARGS, "clear(): forget every value"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_cram",
                                    "The compiled Cram search (see _cram.c).", -1, methods,
                                    NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__cram(void)
{
#ifdef POPCNT_PRAGMA
    __builtin_cpu_init();
    if (!__builtin_cpu_supports("popcnt")) {
        PyErr_SetString(PyExc_ImportError, "the compiled board search needs the popcnt "
                        "instruction, which this CPU has not");
        return NULL;
    }
#endif
    busy = PyThread_allocate_lock();
    if (busy == NULL)
        return PyErr_NoMemory();
    return PyModule_Create(&module);
}
#endif /* CRAM_COMMAND */

#else /* -- the search, once for each width: WORDS words of 64 bits -------------------- */

#define BITS (64 * WORDS)   /* the most cells of a board, vertices of a graph */
#define MOVES (128 * WORDS) /* the most moves of a search's own arrays */
#define PARTS (32 * WORDS)  /* the most parts of a board */
#define NAMED_(x, w) x##_##w
#define NAMED(x, w) NAMED_(x, w)
#define B NAMED(B, WORDS)
#define Known NAMED(Known, WORDS)
#define Part NAMED(Part, WORDS)
#define Shape NAMED(Shape, WORDS)
#define Slot NAMED(Slot, WORDS)
#define add_part NAMED(add_part, WORDS)
#define adjacency NAMED(adjacency, WORDS)
#define begin_graph NAMED(begin_graph, WORDS)
#define better NAMED(better, WORDS)
#define block_cut NAMED(block_cut, WORDS)
#define board_value NAMED(board_value, WORDS)
#define canonical NAMED(canonical, WORDS)
#define clzB NAMED(clzB, WORDS)
#define crop NAMED(crop, WORDS)
#define ctzB NAMED(ctzB, WORDS)
#define dump_records NAMED(dump_records, WORDS)
#define edges_in NAMED(edges_in, WORDS)
#define ensure_table NAMED(ensure_table, WORDS)
#define fill NAMED(fill, WORDS)
#define first_to_go NAMED(first_to_go, WORDS)
#define find NAMED(find, WORDS)
#define first_slots NAMED(first_slots, WORDS)
#define flip_rows NAMED(flip_rows, WORDS)
#define fold NAMED(fold, WORDS)
#define graph NAMED(graph, WORDS)
#define graph_id NAMED(graph_id, WORDS)
#define graph_kind NAMED(graph_kind, WORDS)
#define grow_to NAMED(grow_to, WORDS)
#define half_turn NAMED(half_turn, WORDS)
#define has_value NAMED(has_value, WORDS)
#define hash_of NAMED(hash_of, WORDS)
#define is_note NAMED(is_note, WORDS)
#define keep NAMED(keep, WORDS)
#define keep_all NAMED(keep_all, WORDS)
#define keep_fact NAMED(keep_fact, WORDS)
#define links_of NAMED(links_of, WORDS)
#define known NAMED(known, WORDS)
#define known_count NAMED(known_count, WORDS)
#define known_next NAMED(known_next, WORDS)
#define load_records NAMED(load_records, WORDS)
#define look NAMED(look, WORDS)
#define mirror_loss NAMED(mirror_loss, WORDS)
#define most_slots NAMED(most_slots, WORDS)
#define moves_of NAMED(moves_of, WORDS)
#define moves_of_graph NAMED(moves_of_graph, WORDS)
#define next_id NAMED(next_id, WORDS)
#define noted NAMED(noted, WORDS)
#define option_known NAMED(option_known, WORDS)
#define option_parts NAMED(option_parts, WORDS)
#define option_value NAMED(option_value, WORDS)
#define options_list NAMED(options_list, WORDS)
#define part_value NAMED(part_value, WORDS)
#define parts_list NAMED(parts_list, WORDS)
#define place NAMED(place, WORDS)
#define place_of NAMED(place_of, WORDS)
#define popB NAMED(popB, WORDS)
#define reduced NAMED(reduced, WORDS)
#define reverseB NAMED(reverseB, WORDS)
#define root_pieces NAMED(root_pieces, WORDS)
#define search NAMED(search, WORDS)
#define search_root NAMED(search_root, WORDS)
#define search_with NAMED(search_with, WORDS)
#define shape_key NAMED(shape_key, WORDS)
#define shape_of NAMED(shape_of, WORDS)
#define shapes NAMED(shapes, WORDS)
#define shl NAMED(shl, WORDS)
#define shr NAMED(shr, WORDS)
#define slot_of NAMED(slot_of, WORDS)
#define slots NAMED(slots, WORDS)
#define split NAMED(split, WORDS)
#define split_graph NAMED(split_graph, WORDS)
#define stack_moves NAMED(stack_moves, WORDS)
#define stack_pending NAMED(stack_pending, WORDS)
#define stack_size NAMED(stack_size, WORDS)
#define stack_top NAMED(stack_top, WORDS)
#define stored NAMED(stored, WORDS)
#define table NAMED(table, WORDS)
#define table_alloc NAMED(table_alloc, WORDS)
#define table_free NAMED(table_free, WORDS)
#define table_reset NAMED(table_reset, WORDS)
#define table_widen NAMED(table_widen, WORDS)
#define transpose NAMED(transpose, WORDS)
#define value_in NAMED(value_in, WORDS)

#if WORDS == 1
typedef uint64_t B;
static inline int ctzB(B x) { return __builtin_ctzll(x); }
static inline int clzB(B x) { return __builtin_clzll(x); }
static inline int popB(B x) { return __builtin_popcountll(x); }
static inline B reverseB(B x) { return reverse64(x); }
static inline uint64_t fold(B x) { return x; }
#else
typedef unsigned __int128 B;
static inline int ctzB(B x)
{
    uint64_t lo = (uint64_t)x;
    return lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll((uint64_t)(x >> 64));
}
static inline int clzB(B x)
{
    uint64_t hi = (uint64_t)(x >> 64);
    return hi ? __builtin_clzll(hi) : 64 + __builtin_clzll((uint64_t)x);
}
static inline int popB(B x)
{
    return __builtin_popcountll((uint64_t)x) + __builtin_popcountll((uint64_t)(x >> 64));
}
static inline B reverseB(B x)
{
    return ((B)reverse64((uint64_t)x) << 64) | reverse64((uint64_t)(x >> 64));
}
static inline uint64_t fold(B x) { return (uint64_t)x ^ ((uint64_t)(x >> 64) * 0xD6E8FEB86659FD93ull); }
#endif

typedef struct {
    B mask;
    uint16_t shape; /* h * 256 + w; 0 for an empty slot */
    uint16_t info;  /* the value (0..127), or NOTE and the values 0..14 the board was found
                     * not to have (its value not known) */
} __attribute__((packed, aligned(4))) Slot; /* 12 bytes (20 in two words) */

static inline int is_note(const Slot *e) { return e->info & NOTE; }
static inline int value_in(const Slot *e) { return is_note(e) ? UNKNOWN : e->info; }

static Slot *table = NULL;
static uint64_t slots = 0;          /* a power of two */
static uint64_t most_slots = (1u << 21) / WORDS; /* the table grows up to this many slots */
static uint64_t first_slots = 1u << 16; /* ...from this many */
static int keep_all = 0;            /* load(): grow rather than let a value go (a search lets
                                     * one go when its 8 places are taken: it is a cache) */
static uint64_t stored = 0;         /* slots holding a value */
static uint64_t noted = 0;          /* slots holding values a board has not (UNKNOWN) */
/* graph mode (graph_value): the graph searched, and the ids of the graphs recently met */
static int graph = 0;               /* searching a graph, not a board */
static B adjacency[BITS];      /* the neighbours of each vertex of the graph searched */
static int graph_kind = 0;          /* the shape field of its components (see above) */
typedef struct {
    int n, id;
    uint64_t hash;
    B adjacency[BITS];
} Known;
static Known known[GRAPHS];
static int known_count = 0, known_next = 0, next_id = 0;
/* the moves and pending options of the searches under way, when a graph component has
 * more edges than a search's own arrays hold (at most about 64^2 entries along a line of
 * searches whose components lose two vertices a step) */
static B stack_moves[STACK], stack_pending[STACK];
static uint8_t stack_size[STACK];
static int stack_top = 0;

/* per shape: where each cell goes in the transpose, and column masks */
typedef struct {
    int ready;
    uint8_t transpose[BITS];
    /* how far from the centre a move is, in half cells (moves_of() lists the nearest
     * first): a horizontal or vertical domino from cell i, the cell i itself */
    uint8_t far_h[BITS], far_v[BITS], far_cell[BITS];
    uint8_t row[BITS];  /* the row of each cell (crop() without a division) */
    int doublings;      /* the least k with 2^k >= w (fill()'s leftward steps) */
    B not_first, not_last, full;
} Shape;

static Shape shapes[BITS + 1][BITS + 1];

static inline B shl(B m, int s) { return s >= BITS ? 0 : m << s; }
static inline B shr(B m, int s) { return s >= BITS ? 0 : m >> s; }

static Shape *shape_of(int h, int w)
{
    Shape *s = &shapes[h][w];
    if (s->ready)
        return s;
    s->full = h * w == BITS ? ~(B)0 : (((B)1 << (h * w)) - 1);
    B first = 0;
    for (int r = 0; r < h; r++)
        first |= (B)1 << (r * w);
    s->not_first = s->full & ~first;
    s->not_last = s->full & ~shl(first, w - 1);
    for (int r = 0; r < h; r++)
        for (int c = 0; c < w; c++) {
            int i = r * w + c, dr = abs(2 * r - (h - 1)), dc = abs(2 * c - (w - 1));
            s->transpose[i] = (uint8_t)(c * h + r);
            s->row[i] = (uint8_t)r;
            s->far_cell[i] = (uint8_t)(dr + dc);
            s->far_h[i] = (uint8_t)(dr + abs(2 * c + 1 - (w - 1)));
            s->far_v[i] = (uint8_t)(abs(2 * r + 1 - (h - 1)) + dc);
        }
    while ((1 << s->doublings) < w)
        s->doublings++;
    s->ready = 1;
    return s;
}

/* the horizontal links of the free cells `free`: runs[0] holds each cell whose right
 * neighbour is free too, not across the edge and not from a cell of `cut` to its right
 * (see block_cut()); runs[k] each cell with the 2^k links from it to its right all there */
static inline void links_of(const Shape *s, B free, B cut, B *runs)
{
    runs[0] = free & (free >> 1) & s->not_last & ~cut;
    for (int k = 1; k < s->doublings; k++)
        runs[k] = runs[k - 1] & (runs[k - 1] >> (1 << (k - 1)));
}

/* the component of `seed` within `free` (its links `runs`, links_of()).  Each step takes
 * whole runs of a row at once: to the right by one addition (a carry from a cell of the
 * part runs along the links to the end of its run), to the left in doubling steps; then
 * one row up and down.  So the steps are as many as the part's turns from rows to
 * columns, not its length. */
static inline B fill(const Shape *s, int w, B seed, B free, const B *runs)
{
    B part = seed, linked = runs[0];
    for (;;) {
        B grown = part | ((linked + (part & linked)) ^ linked);
        for (int k = 0; k < s->doublings; k++)
            grown |= runs[k] & (grown >> (1 << k));
        grown |= (shl(grown, w) | shr(grown, w)) & free;
        if (grown == part)
            return part;
        part = grown;
    }
}

/* crop `m` (an h x w board) to its bounding box; sets *H, *W */
static B crop(const Shape *s, B m, int w, int *H, int *W)
{
    int top = s->row[ctzB(m)], bottom = s->row[BITS - 1 - clzB(m)];
    B row = w == BITS ? ~(B)0 : (((B)1 << w) - 1), cols = 0;
    for (int r = top; r <= bottom; r++)
        cols |= shr(m, r * w) & row;
    int left = ctzB(cols), right = BITS - 1 - clzB(cols);
    int nw = right - left + 1, nh = bottom - top + 1;
    *H = nh;
    *W = nw;
    if (nw == w)
        return shr(m, top * w);
    B keep = nw == BITS ? ~(B)0 : (((B)1 << nw) - 1), out = 0;
    for (int r = 0; r < nh; r++)
        out |= ((shr(m, (r + top) * w + left)) & keep) << (r * nw);
    return out;
}

/* the board turned half a turn: cell i goes to n - 1 - i */
static inline B half_turn(B m, int n) { return reverseB(m) >> (BITS - n); }

/* the rows of an h x w board in the opposite order */
static inline B flip_rows(B m, int h, int w)
{
    B row = w == BITS ? ~(B)0 : (((B)1 << w) - 1), out = 0;
    for (int r = 0; r < h; r++)
        out |= (shr(m, r * w) & row) << ((h - 1 - r) * w);
    return out;
}

static inline void better(B image, int h, int w, B *best, int *bh, int *bw)
{
    if (h < *bh || (h == *bh && (w < *bw || (w == *bw && image < *best)))) {
        *best = image;
        *bh = h;
        *bw = w;
    }
}

/* an h x w board transposed (a w x h board): one pass over its cells */
static inline B transpose(B m, int h, int w)
{
    const Shape *s = shape_of(h, w);
    B t = 0;
    for (B rest = m; rest; rest &= rest - 1)
        t |= (B)1 << s->transpose[ctzB(rest)];
    return t;
}

/* the canonical form of a cropped h x w component: the least (H, W, image) of its eight
 * images.  The four that keep the rows as rows are a half turn and row flips (a few word
 * operations), the other four the same of the transpose (one pass over the cells); the
 * least height comes first, so a component wider than high is never transposed, and one
 * higher than wide only is. */
static B canonical(B m, int h, int w, int *H, int *W)
{
    int n = h * w;
    B best = m;
    int bh = h, bw = w;
    if (h > w) { /* every transposed image is lower: start from the transpose */
        best = m = transpose(m, h, w);
        bh = h = w;
        bw = w = n / h;
    }
    B turned = half_turn(m, n);
    better(turned, h, w, &best, &bh, &bw);
    better(flip_rows(m, h, w), h, w, &best, &bh, &bw);
    better(flip_rows(turned, h, w), h, w, &best, &bh, &bw);
    if (h == w) { /* a square: its transposed images too */
        B t = transpose(m, h, w);
        B t_turned = half_turn(t, n);
        better(t, w, h, &best, &bh, &bw);
        better(t_turned, w, h, &best, &bh, &bw);
        better(flip_rows(t, w, h), w, h, &best, &bh, &bw);
        better(flip_rows(t_turned, w, h), w, h, &best, &bh, &bw);
    }
    *H = bh;
    *W = bw;
    return best;
}

static inline uint64_t hash_of(B m, uint16_t shape)
{
    uint64_t x = fold(m) ^ ((uint64_t)shape << 48) ^ ((uint64_t)shape * 0x9E3779B97F4A7C15ull);
    x ^= x >> 31;
    x *= 0xBF58476D1CE4E5B9ull;
    x ^= x >> 29;
    return x;
}

static inline uint64_t slot_of(B m, uint16_t shape) { return hash_of(m, shape) & (slots - 1); }

/* where the look-up of (m, shape) starts, in this table or the one-word one (see search) */
static inline const void *place_of(B m, uint16_t shape)
{
#if WORDS > 1
    if (!wide && !graph && ((shape >> 8) & 127) * (shape & 255) <= 64)
        return &table_1[slot_of_1((uint64_t)m, shape)];
#endif
    return &table[slot_of(m, shape)];
}

/* The table's memory for n slots and the PROBES past the last (a probe never wraps
 * around), zeroed.  On Linux it is mapped whole and asked for huge pages: its probes land
 * anywhere in it, and with 4 KB pages nearly each one misses the address cache (4 x 11
 * with a 2 GB table: 22% less CPU time). */
static Slot *table_alloc(uint64_t n)
{
    size_t bytes = (size_t)(n + PROBES) * sizeof(Slot);
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED)
        return NULL;
    madvise(p, bytes, MADV_HUGEPAGE);  /* a hint: without it the pages are small */
    return (Slot *)p;
#else
    return calloc(1, bytes);
#endif
}

/* the table t of n slots made one of m (more), its slots kept where they are and the new
 * ones zeroed; on Linux the pages are moved, not copied, so that the two are never held at
 * once (NULL, t untouched, when the memory is not there) */
static Slot *table_widen(Slot *t, uint64_t n, uint64_t m)
{
    size_t before = (size_t)(n + PROBES) * sizeof(Slot), after = (size_t)(m + PROBES) * sizeof(Slot);
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    void *p = mremap(t, before, after, MREMAP_MAYMOVE);
    if (p == MAP_FAILED)
        return NULL;
    madvise(p, after, MADV_HUGEPAGE);
    return (Slot *)p;
#else
    Slot *p = realloc(t, after);
    if (p != NULL)
        memset((char *)p + before, 0, after - before);
    return p;
#endif
}

static void table_free(Slot *t, uint64_t n)
{
    if (t == NULL)
        return;
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    munmap(t, (size_t)(n + PROBES) * sizeof(Slot));
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
        char text[64];
        snprintf(text, sizeof text, "cannot hold a Cram table of %llu slots",
                 (unsigned long long)n);
        host_no_memory(text);
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

static void keep(B m, uint16_t shape, int value);

/* which of the slots e and f goes first when one must (NULL: none yet): a note before a
 * value, then the smaller board (the cheaper to find again) */
static inline Slot *first_to_go(Slot *e, Slot *f)
{
    if (f == NULL || is_note(e) > is_note(f))
        return e;
    return is_note(e) == is_note(f) && popB(e->mask) < popB(f->mask) ? e : f;
}

/* put e (of a board not in the table) in its first free place of the 8 from its own, else
 * in the place of the slot that goes first; the slot pushed out, if any, into *out (the
 * shape of *out 0 when none) */
static void place(const Slot *e, Slot *out)
{
    Slot *at = &table[slot_of(e->mask, e->shape)], *victim = NULL;
    for (int k = 0; k < PROBES && (victim == NULL || victim->shape != 0); k++)
        victim = at[k].shape == 0 ? &at[k] : first_to_go(&at[k], victim);
    *out = *victim;
    *victim = *e;
}

/* The table at n slots (twice or more the slots now), in place: every slot taken out and
 * placed again, in the order of the slots (the PROBES past the last first).  A board's
 * probes then never cross a place emptied later: its new place is its old one, below
 * every slot not yet placed again (it is placed where it was, or before), or at least the
 * old slots' number, where only boards placed again lie.  When some 8 places are all
 * taken, a slot gives way as in keep_fact; in load() (keep_all) it is kept aside and put
 * back afterwards, the table growing again while within the limit.  Left as it is when the
 * memory is not there; 0 if it grew. */
static int grow_to(uint64_t n)
{
    Slot *bigger = table_widen(table, slots, n), spill[PROBES], out, *lost = NULL;
    if (bigger == NULL)
        return -1;
    uint64_t old = slots, lost_count = 0, lost_room = 0;
    table = bigger;
    slots = n;
    memcpy(spill, &table[old], sizeof spill);
    memset(&table[old], 0, sizeof spill);
    for (uint64_t i = 0; i < old + PROBES; i++) {
        Slot e = i < old ? table[i] : spill[i - old];
        if (e.shape == 0)
            continue;
        if (i < old)
            table[i].shape = 0;
        place(&e, &out);
        if (out.shape == 0)
            continue;
        if (is_note(&out))
            noted--;
        else
            stored--;
        if (keep_all && !is_note(&out)) {
            if (lost_count == lost_room) {
                lost_room = lost_room ? 2 * lost_room : 64;
                Slot *more = realloc(lost, lost_room * sizeof(Slot));
                if (more == NULL) {
                    free(lost);
                    return -1; /* the table is bigger, and a value lost: it is a cache */
                }
                lost = more;
            }
            lost[lost_count++] = out;
        }
    }
    for (uint64_t k = 0; k < lost_count; k++)
        keep(lost[k].mask, lost[k].shape, value_in(&lost[k]));
    free(lost);
    return 0;
}

/* the slot of board m, or NULL */
static Slot *find(B m, uint16_t shape)
{
    Slot *e = &table[slot_of(m, shape)];
    for (int k = 0; k < PROBES; k++, e++) {
        if (e->shape == 0)
            return NULL;
        if (e->shape == shape && e->mask == m)
            return e;
    }
    return NULL;
}

static int look(B m, uint16_t shape)
{
#if WORDS > 1
    if (!wide && !graph && ((shape >> 8) & 127) * (shape & 255) <= 64) /* see search() */
        return look_1((uint64_t)m, shape);
#endif
    const Slot *e = find(m, shape);
    return e == NULL || is_note(e) ? -1 : e->info;
}

/* keep the value of m, or (value UNKNOWN) that m has none of the values `not` (of them,
 * those of 0..14 are kept): in m's slot, an empty one, or the one of the smallest board
 * among the 8, however large m is (a note goes first, and a note never pushes out a
 * value) */
static void keep_fact(B m, uint16_t shape, int value, uint32_t not)
{
    uint16_t info = value == UNKNOWN ? (uint16_t)(NOTE | (not & NOTED)) : (uint16_t)value;
    if (info == NOTE)
        return; /* nothing to note */
    /* a note counts half a value: a note lost costs a search that says no, a value lost one
     * that finds the value (counted whole, 3 x 14 and 5 x 8 held twice the memory, 14 and
     * 26 MB against 8 and 14, for 2 to 6% fewer components searched) */
    if (2 * stored + noted >= slots && slots < most_slots)
        grow_to(2 * slots);
    Slot *at = &table[slot_of(m, shape)], *victim = NULL;
    for (int k = 0; k < PROBES; k++) {
        Slot *e = &at[k];
        if (e->shape == 0) {
            victim = e;
            break;
        }
        if (e->shape == shape && e->mask == m) {
            if (!is_note(e))
                return;
            if (value == UNKNOWN) {
                e->info |= info;
            } else {
                e->info = info;
                noted--;
                stored++;
            }
            return;
        }
    }
    if (victim == NULL) { /* crowded */
        if (keep_all && slots < most_slots && grow_to(2 * slots) == 0) {
            keep_fact(m, shape, value, not);
            return;
        }
        for (int k = 0; k < PROBES; k++)
            victim = first_to_go(&at[k], victim);
        if (value == UNKNOWN && !is_note(victim))
            return; /* a value stays */
        if (is_note(victim))
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
    victim->info = info;
}

static void keep(B m, uint16_t shape, int value) { keep_fact(m, shape, value, 0); }

typedef struct {
    B mask;
    uint16_t kind;  /* H * 256 + W of its canonical form; 0 * 256 + cells for a small part */
    uint8_t cells;
} Part;

static int search(B m, int h, int w, Set want);

/* parts[0..n) with the part (key, kind) added, or its equal twin taken away (two equal
 * parts cancel in the XOR); the new count */
static int add_part(Part *parts, int n, B key, uint16_t kind, int cells)
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
static B reduced(B p, const Shape *s, int w)
{
    for (;;) {
        B right = (p >> 1) & s->not_last & p, left = (p << 1) & s->not_first & p;
        B below = shr(p, w) & p, above = shl(p, w) & s->full & p;
        B any = right | left | below | above;
        B many = (right & (left | below | above)) | (left & (below | above)) | (below & above);
        B tufts = any & ~many, stars = 0, dup, out = p;
        B t = tufts & below, st = shl(t, w);     /* stars below their tufts */
        stars |= st;
        t = tufts & right, st = t << 1;                  /* right of them */
        dup = st & stars, stars |= st, out &= ~(dup >> 1);
        t = tufts & above, st = shr(t, w);               /* above them */
        dup = st & stars, stars |= st, out &= ~shl(dup, w);
        t = tufts & left, st = t >> 1;                   /* left of them */
        dup = st & stars, stars |= st, out &= ~(dup << 1);
        B others = p & ~(tufts | stars);          /* neither a tuft nor a star */
        B near = ((others >> 1) & s->not_last) | ((others << 1) & s->not_first)
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
static inline B block_cut(B p, const Shape *s, int w)
{
    B right = (p >> 1) & s->not_last, left = (p << 1) & s->not_first;
    B below = shr(p, w), above = shl(p, w) & s->full;
    B a = p & ~left & ~above & right & below, d = p & ~right & ~below & left & above;
    B b = p & ~right & ~above & left & below, c = p & ~left & ~below & right & above;
    B corners = (a & shr(d, w + 1)) | ((b >> 1) & shr(c, w)); /* the A of each block */
    return corners | shl(corners, w);
}

/* Cram only: whether the cropped h x w component m is a second player's win by symmetry:
 * it is its own image under the half turn and no domino is its own image (none covers
 * the centre).  The second player then answers each domino by its image, which is free
 * and apart from it, and the board is symmetric again.  (A reflection keeps a connected
 * component only with a domino across its axis, so the half turn is the one symmetry.) */
static inline int mirror_loss(B m, int h, int w)
{
    if (half_turn(m, h * w) != m)
        return 0;
    if (h % 2 == 0 && w % 2 == 0)  /* the centre is a corner: no domino covers it */
        return 1;
    int mid = (h / 2) * w + w / 2;  /* the centre cell, or the one below or right of it */
    if (h % 2 == 1 && w % 2 == 1)
        return !((m >> mid) & 1);
    B centre = ((B)1 << mid) | ((B)1 << (h % 2 == 1 ? mid - 1 : mid - w));
    return (m & centre) != centre;
}

/* the parts of the free cells `free` of an h x w board with a move left, canonical, equal
 * parts cancelled in pairs (their values cancel in the XOR) and parts of value 0 by
 * symmetry left out (mirror_loss); returns how many */
static int split_graph(B free, Part *parts);

static int split(B free, int h, int w, Part *parts)
{
    if (graph)
        return split_graph(free, parts);
    const Shape *s = shape_of(h, w);
    int n = 0, small = rule == 0 ? 3 : 2; /* a part this small has value 1 (one Cram cell: 0) */
    if (rule == 0 && reduce)
        free = reduced(free, s, w);
    B cut = rule == 0 && reduce ? block_cut(free, s, w) : 0, whole = free, runs[8];
    links_of(s, free, cut, runs);
    while (free) {
        B part = fill(s, w, free & -free, free, runs);
        free &= ~part;
        if (cut && part != whole) { /* split by the cut: a part may now reduce further */
            B fewer = reduced(part, s, w);
            if (fewer != part) {
                Part more[PARTS];
                int k = split(fewer, h, w, more);
                for (int j = 0; j < k; j++)
                    n = add_part(parts, n, more[j].mask, more[j].kind, more[j].cells);
                continue;
            }
        }
        int cells = popB(part);
        if (cells < 2 && rule == 0)
            continue;
        int ch, cw, H = 0, W = cells;
        B key = crop(s, part, w, &ch, &cw);
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
static int option_parts(B rest, int h, int w, Part *parts)
{
    int n = split(rest, h, w, parts);
    for (int j = 0; j < n; j++)
        if ((parts[j].kind >> 8) != 0)
            __builtin_prefetch(place_of(parts[j].mask, shape_key(parts[j].kind)));
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
static int option_value(B rest, int h, int w, Set want)
{
    Part parts[PARTS];
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
static int moves_of_graph(B m, B *out);

static int moves_of(B m, int h, int w, B *out)
{
    if (graph)
        return moves_of_graph(m, out);
    const Shape *s = shape_of(h, w);
    B listed[MOVES];
    uint8_t far[MOVES];
    int n = 0;
    if (rule == 1) {
        for (B rest = m; rest; rest &= rest - 1) {
            B cell = rest & -rest;
            far[n] = s->far_cell[ctzB(cell)];
            listed[n++] = (cell | ((cell << 1) & s->not_first) | ((cell >> 1) & s->not_last)
                           | shl(cell, w) | shr(cell, w)) & m;
        }
    } else {
        for (int pass = 0; pass < 2; pass++) {
            if (pass == ((h & 1) ^ other_axis)) {
                for (B starts = w < BITS ? m & (m >> w) : 0; starts; starts &= starts - 1) {
                    B low = starts & -starts;
                    far[n] = s->far_v[ctzB(low)];
                    listed[n++] = low | shl(low, w);
                }
            } else {
                for (B starts = m & (m >> 1) & s->not_last; starts; starts &= starts - 1) {
                    B low = starts & -starts;
                    far[n] = s->far_h[ctzB(low)];
                    listed[n++] = low | (low << 1);
                }
            }
        }
    }
    /* nearest the centre first, as igs does (a counting sort by far[]; a distance is below
     * 2 * 64): central moves split a piece, so the search meets small pieces, soon known,
     * sooner; 0.3 to 0.55 times the boards searched on 4 x 9, 5 x 7, 3 x 14 and 4 x 11.
     * Of moves as near, those the long axis cuts in half come first (listed first, the sort
     * keeping the order): vertical dominoes when the rows are even (the axis runs between
     * the two middle rows), horizontal ones when odd (along the middle row); 4 x 9 and
     * 4 x 11 then take 0.75 and 0.88 of the time, 5 x 7, 3 x 14, 5 x 8 and 5 x 9 the
     * same (vertical first always: 5 x 7 1.2 times).  set_order(True) swaps the two, a
     * second order to check a new value by */
    int first[2 * BITS + 2] = {0};
    for (int i = 0; i < n; i++)
        first[far[i] + 1]++;
    for (int d = 1; d < 2 * BITS + 2; d++)
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
static int search_with(B m, int h, int w, Set want, uint16_t shape,
                       B *moves, B *pending, uint8_t *size);
static int edges_in(B m);

static int search(B m, int h, int w, Set want)
{
#if WORDS > 1
    /* a piece that fits in one word goes to the one-word search, faster and with its own
     * table (but for tests, which ask for this one on every board: set_wide) */
    if (!wide && !graph && h * w <= 64)
        return search_1((uint64_t)m, h, w, want);
#endif
    uint16_t shape = shape_key((uint16_t)(h * 256 + w));
    const Slot *e = find(m, shape);
    if (e != NULL && !is_note(e))
        return e->info;
    if (e != NULL)
        want &= ~(Set)(e->info & NOTED);
    if (want == 0)
        return NOT_IN;
    if (stopped)
        return BAD;
    if ((++searched & ((every < 0x10000 ? every : 0x10000) - 1)) == 0) {
        if (host_tick()) {
            stopped = 1;
            return BAD;
        }
    }
    if (graph && rule == 0) { /* Arc Kayles: a component may have more edges than MOVES */
        int edges = edges_in(m);
        if (edges > MOVES) {
            if (stack_top + edges > STACK) {
                host_no_memory("a graph search deeper than its stack");
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
    B moves[MOVES], pending[MOVES];
    uint8_t size[MOVES];
    depth++;
    int r = search_with(m, h, w, want, shape, moves, pending, size);
    depth--;
    return r;
}

/* the value of m that the outermost search finds by asking about one value at a time */
static int search_root(B m, int h, int w, uint16_t shape, Set seen,
                       B *pending, int waiting)
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
static int search_with(B m, int h, int w, Set want, uint16_t shape,
                       B *moves, B *pending, uint8_t *size)
{
    int count = moves_of(m, h, w, moves), waiting = 0;
    Pool pool = pool_of(count);
    Set seen = 0, up = want & below(count + 1);
    if (up == 0)
        return NOT_IN; /* every wanted value is past the number of moves */
    up = below(largest(up) + 1);
    int root = depth == 1 && !asking;
    Part parts[2][PARTS]; /* this option's parts, and the next one's (their slots fetched) */
    int parts_in[2] = {count > 0 ? option_parts(m & ~moves[0], h, w, parts[0]) : 0, 0};
    for (int i = 0; i < count; i++) {
        B rest = m & ~moves[i];
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
static int edges_in(B m)
{
    int twice = 0;
    for (B rest = m; rest; rest &= rest - 1)
        twice += popB(adjacency[ctzB(rest)] & m);
    return twice / 2;
}

/* the moves of a graph component m: the vertices each takes */
static int moves_of_graph(B m, B *out)
{
    int n = 0;
    for (B rest = m; rest; rest &= rest - 1) {
        int v = ctzB(rest);
        B bit = rest & -rest;
        if (rule == 1) {
            out[n++] = bit | (adjacency[v] & m);
            continue;
        }
        for (B later = adjacency[v] & m & ~(bit | (bit - 1)); later; later &= later - 1)
            out[n++] = bit | (later & -later);
    }
    return n;
}

/* split() for a graph: components by flood fill; a small one (Arc Kayles: 2 or 3 vertices,
 * Node Kayles: 1 or 2) has value 1 and is keyed by its size alone, so that equal ones
 * cancel, and a lone vertex has no move in Arc Kayles; a larger one by its vertex mask */
static int split_graph(B free, Part *parts)
{
    int n = 0, small = rule == 0 ? 3 : 2;
    while (free) {
        B part = free & -free, todo = part;
        while (todo) {
            B grown = adjacency[ctzB(todo)] & free & ~part;
            todo &= todo - 1;
            part |= grown;
            todo |= grown;
        }
        free &= ~part;
        int cells = popB(part);
        if (cells < 2 && rule == 0)
            continue;
        B key = cells > small ? part : 0;
        uint16_t kind = (uint16_t)(cells > small ? graph_kind : cells);
        n = add_part(parts, n, key, kind, cells);
    }
    return n;
}

/* the id of the graph (n, adj): the one it had if it is among the graphs recently met,
 * else a new one (the table cleared when they have run out) */
static int graph_id(int n, const B *adj)
{
    uint64_t hash = (uint64_t)n * 0x9E3779B97F4A7C15ull;
    for (int v = 0; v < n; v++) {
        hash ^= fold(adj[v]) + 0x9E3779B97F4A7C15ull + (hash << 6) + (hash >> 2);
        hash *= 0xBF58476D1CE4E5B9ull;
    }
    for (int k = 0; k < known_count; k++)
        if (known[k].hash == hash && known[k].n == n
            && memcmp(known[k].adjacency, adj, (size_t)n * sizeof(B)) == 0)
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
    memcpy(slot->adjacency, adj, (size_t)n * sizeof(B));
    return slot->id;
}

/* the value of the free cells `free` of an h x w board: the XOR of its parts' */
static int board_value(B free, int h, int w)
{
    Part parts[PARTS];
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
static int has_value(B free, int h, int w, int target)
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

/* make ready to search the graph of n vertices whose neighbours are adj (checked by the
 * caller); -1 with an exception set */
static int begin_graph(int n, const B *adj, int which)
{
    if (ensure_table() < 0)
        return -1;
    int id = graph_id(n, adj);
    if (id < 0)
        return -1;
    memcpy(adjacency, adj, (size_t)n * sizeof(B));
    graph_kind = (65 + id / 256) * 256 + id % 256;
    rule = which;
    graph = 1;
    stopped = 0;
    root_value = -1;
    stack_top = 0;
    return 0;
}

/* a record of the table (see dump): the mask (8 * WORDS bytes, little-endian), the shape
 * (2), then for a value the value and the cells, for a note (dump(words, notes=True)) the
 * values 0..14 the board has not (2 bytes, little-endian) */
#define RECORD (8 * WORDS + 4)

/* the records of the values the table holds in its slots start..stop-1 (of its notes, with
 * `notes`), into out (room for `stored` records, or `noted` with notes, or stop - start if
 * fewer); how many */
static uint64_t dump_records(unsigned char *out, int notes, uint64_t start, uint64_t stop)
{
    uint64_t n = 0, most = notes ? noted : stored;
    if (stop > slots + PROBES)
        stop = slots + PROBES;
    for (uint64_t i = start; table != NULL && i < stop && n < most; i++) {
        const Slot *e = &table[i];
        if (e->shape == 0 || !is_note(e) != !notes || ((e->shape >> 8) & 127) > 64)
            continue; /* empty, not of the kind asked, or a graph's (its id holds only in
                       * this process) */
        B mask = e->mask;
        for (int b = 0; b < 8 * WORDS; b++)
            out[b] = (unsigned char)(mask >> (8 * b));
        out[8 * WORDS] = (unsigned char)(e->shape & 255);
        out[8 * WORDS + 1] = (unsigned char)(e->shape >> 8);
        if (notes) {
            out[8 * WORDS + 2] = (unsigned char)(e->info & 255);
            out[8 * WORDS + 3] = (unsigned char)((e->info & NOTED) >> 8);
        } else {
            out[8 * WORDS + 2] = (unsigned char)e->info;
            out[8 * WORDS + 3] = (unsigned char)popB(e->mask);
        }
        out += RECORD;
        n++;
    }
    return n;
}

#ifndef CRAM_COMMAND
/* put `count` records (of notes, with `notes`) back in the table; -1 with an exception set
 * if one is not a board of this width, or holds no value, or no note */
static int load_records(const unsigned char *p, Py_ssize_t count, int notes)
{
    if (ensure_table() < 0)
        return -1;
    for (Py_ssize_t k = 0; k < count; k++, p += RECORD) {
        B m = 0;
        for (int b = 0; b < 8 * WORDS; b++)
            m |= (B)p[b] << (8 * b);
        int h = p[8 * WORDS + 1] & 127, w = p[8 * WORDS];
        uint16_t shape = (uint16_t)(p[8 * WORDS] | (p[8 * WORDS + 1] << 8));
        unsigned info = p[8 * WORDS + 2] | ((unsigned)p[8 * WORDS + 3] << 8);
        int board = h >= 1 && w >= 1 && h * w <= BITS && (h * w == BITS || (m >> (h * w)) == 0);
        int fact = notes ? info != 0 && info <= NOTED
                         : info % 256 < 128 && popB(m) == (int)(info >> 8);
        if (!board || !fact) {
            PyErr_Format(PyExc_ValueError, "record %zd of the Cram table is not a board's %s",
                         k, notes ? "note" : "value");
            return -1;
        }
        /* records are trusted only once checked by the caller (a checksum); they are
         * stored here as found */
        keep_all = 1;
        if (notes)
            keep_fact(m, shape, UNKNOWN, info);
        else
            keep(m, shape, (int)(info & 255));
        keep_all = 0;
    }
    return 0;
}


/* -- the root's options, for a search split over processes (root_options) -------------- */

/* parts[0..n) as a list of (H, W, mask); NULL with an exception set */
static PyObject *parts_list(const Part *parts, int n)
{
    PyObject *out = PyList_New(n);
    for (int j = 0; out != NULL && j < n; j++) {
        PyObject *mask = mask_object((Wide)parts[j].mask);
        PyObject *item = mask == NULL ? NULL : Py_BuildValue("iiN", parts[j].kind >> 8,
                                                             parts[j].kind & 255, mask);
        if (item == NULL)
            Py_CLEAR(out);
        else
            PyList_SET_ITEM(out, j, item);
    }
    return out;
}

/* the options of the canonical h x w piece m, each (its mask, its parts), in the order of
 * moves_of(); NULL with an exception set */
static PyObject *options_list(B m, int h, int w)
{
#if WORDS > 1
    if (!wide && h * w <= 64) /* searched in one word: its options as that search sees them */
        return options_list_1((uint64_t)m, h, w);
#endif
    B moves[MOVES];
    Part parts[PARTS];
    int count = moves_of(m, h, w, moves);
    PyObject *out = PyList_New(count);
    for (int i = 0; out != NULL && i < count; i++) {
        B rest = m & ~moves[i];
        PyObject *mask = mask_object((Wide)rest);
        PyObject *listed = mask == NULL ? NULL : parts_list(parts, split(rest, h, w, parts));
        PyObject *item = listed == NULL ? NULL : Py_BuildValue("NN", mask, listed);
        if (item == NULL) {
            Py_XDECREF(mask);
            Py_CLEAR(out);
        } else {
            PyList_SET_ITEM(out, i, item);
        }
    }
    return out;
}

/* root_options() of the free cells `free` of an h x w board: its parts (split()), the
 * largest first, and the options of that one; NULL with an exception set */
static PyObject *root_pieces(B free, int h, int w)
{
    Part parts[PARTS];
    int n = split(free, h, w, parts), largest = 0;
    for (int j = 1; j < n; j++) /* the one option_value() searches last, as a question */
        if (parts[j].cells > parts[largest].cells)
            largest = j;
    if (n > 0) {
        Part first = parts[0];
        parts[0] = parts[largest];
        parts[largest] = first;
    }
    PyObject *pieces = parts_list(parts, n);
    PyObject *options = pieces == NULL ? NULL : n > 0 && (parts[0].kind >> 8) != 0
        ? options_list(parts[0].mask, parts[0].kind >> 8, parts[0].kind & 255) : PyList_New(0);
    if (options == NULL) {
        Py_XDECREF(pieces);
        return NULL;
    }
    return Py_BuildValue("NN", pieces, options);
}
#endif /* CRAM_COMMAND */


#undef B
#undef Known
#undef Part
#undef Shape
#undef Slot
#undef add_part
#undef adjacency
#undef begin_graph
#undef better
#undef block_cut
#undef board_value
#undef canonical
#undef clzB
#undef crop
#undef ctzB
#undef dump_records
#undef edges_in
#undef ensure_table
#undef fill
#undef find
#undef first_slots
#undef first_to_go
#undef flip_rows
#undef fold
#undef graph
#undef graph_id
#undef graph_kind
#undef grow_to
#undef half_turn
#undef has_value
#undef hash_of
#undef is_note
#undef keep
#undef keep_all
#undef keep_fact
#undef links_of
#undef known
#undef known_count
#undef known_next
#undef load_records
#undef look
#undef mirror_loss
#undef most_slots
#undef moves_of
#undef moves_of_graph
#undef next_id
#undef noted
#undef option_known
#undef option_parts
#undef option_value
#undef options_list
#undef part_value
#undef parts_list
#undef place
#undef place_of
#undef popB
#undef reduced
#undef reverseB
#undef root_pieces
#undef search
#undef search_root
#undef search_with
#undef shape_key
#undef shape_of
#undef shapes
#undef shl
#undef shr
#undef slot_of
#undef slots
#undef split
#undef split_graph
#undef stack_moves
#undef stack_pending
#undef stack_size
#undef stack_top
#undef stored
#undef table
#undef table_alloc
#undef table_free
#undef table_reset
#undef table_widen
#undef transpose
#undef value_in
#undef BITS
#undef MOVES
#undef PARTS
#undef RECORD
#endif
