/* The compiled kernel of misère quotients (see grundy.misere.solver): the P-portion of a
 * candidate monoid marked along the least sum of each of its elements.
 *
 * The monoid is a direct product: an element is the integer a * nc + c, a of the first factor
 * (table base, nb x nb) and c of the others (table rest, nc x nc).  Sums of the heaps are
 * walked depth first in lexicographic order (the largest heap's count first); a sum whose
 * element was reached before is cut with all its extensions, so each element is reached by
 * its least sum, whose options all come before it.  The elements of the options of a sum are
 * carried along: S(w + h) = g_h S(w) u x(w) T_h.  An element is in P when that set is not
 * empty and holds no element of P.  The NumPy/Python path computes the same (tests compare).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    const int32_t *base, *rest;
    int64_t nb, nc;
    const int64_t *gens, *opts, *offsets;
    int k;
    int64_t want;
    int want_mark;
    int64_t limit;
    /* hash: code -> index */
    int64_t *keys;
    int32_t *vals;
    int64_t cap;
    /* elements reached */
    int64_t *order;
    uint8_t *marks;
    int64_t count;
    int32_t *stamp;
    int32_t stamp_now;
    int32_t *exps;  /* the counts of the sum walked */
    int32_t *words; /* when asked: the counts of each element's least sum, k per element */
    int status; /* 0 going, 1 rejected, 2 too many, 3 out of memory, 4 inconsistent */
} Walk;

static inline int64_t mul(const Walk *w, int64_t x, int64_t y) {
    int64_t nc = w->nc;
    return (int64_t)w->base[(x / nc) * w->nb + y / nc] * nc + w->rest[(x % nc) * nc + y % nc];
}

static inline uint64_t hash64(int64_t x) {
    uint64_t h = (uint64_t)x * 0x9E3779B97F4A7C15ull;
    return h ^ (h >> 29);
}

static int64_t find(const Walk *w, int64_t code) {
    uint64_t i = hash64(code) & (uint64_t)(w->cap - 1);
    while (w->keys[i] != -1) {
        if (w->keys[i] == code) return w->vals[i];
        i = (i + 1) & (uint64_t)(w->cap - 1);
    }
    return -1;
}

static void insert(Walk *w, int64_t code, int32_t index) {
    uint64_t i = hash64(code) & (uint64_t)(w->cap - 1);
    while (w->keys[i] != -1) i = (i + 1) & (uint64_t)(w->cap - 1);
    w->keys[i] = code;
    w->vals[i] = index;
}

/* extensions of the sum reached (element x, its options' elements s[0..n)) by heaps 0..d */
static void walk(Walk *w, int d, int64_t x, const int32_t *s, int64_t n) {
    if (d < 0 || w->status) return;
    walk(w, d - 1, x, s, n);
    int64_t g = w->gens[d];
    const int64_t *t = w->opts + w->offsets[d];
    int64_t nt = w->offsets[d + 1] - w->offsets[d];
    int32_t *cur = NULL;
    int64_t ncur = 0;
    const int32_t *prev = s;
    int64_t nprev = n;
    while (!w->status) {
        int32_t *next = malloc(sizeof(int32_t) * (size_t)(nprev + nt + 1));
        if (!next) { w->status = 3; break; }
        int64_t m = 0;
        if (++w->stamp_now == INT32_MAX) {
            memset(w->stamp, 0, sizeof(int32_t) * (size_t)(w->limit + 1));
            w->stamp_now = 1;
        }
        for (int64_t i = 0; i < nprev; i++) {
            int64_t j = find(w, mul(w, w->order[prev[i]], g));
            if (j < 0) { w->status = 4; break; }
            if (w->stamp[j] != w->stamp_now) { w->stamp[j] = w->stamp_now; next[m++] = (int32_t)j; }
        }
        for (int64_t i = 0; i < nt && !w->status; i++) {
            int64_t j = find(w, mul(w, x, t[i]));
            if (j < 0) { w->status = 4; break; }
            if (w->stamp[j] != w->stamp_now) { w->stamp[j] = w->stamp_now; next[m++] = (int32_t)j; }
        }
        if (w->status) { free(next); break; }
        x = mul(w, x, g);
        w->exps[d]++;
        if (find(w, x) >= 0) { free(next); break; }
        if (w->count >= w->limit) { w->status = 2; free(next); break; }
        int mark = m > 0;
        for (int64_t i = 0; i < m && mark; i++) if (w->marks[next[i]]) mark = 0;
        int64_t index = w->count++;
        w->order[index] = x;
        w->marks[index] = (uint8_t)mark;
        insert(w, x, (int32_t)index);
        if (w->words) memcpy(w->words + index * w->k, w->exps, sizeof(int32_t) * (size_t)w->k);
        if (x == w->want && mark != w->want_mark) { w->status = 1; free(next); break; }
        free(cur);
        cur = next;
        ncur = m;
        prev = cur;
        nprev = ncur;
        walk(w, d - 1, x, cur, ncur);
    }
    w->exps[d] = 0;
    free(cur);
}

static int get_buffer(PyObject *obj, Py_buffer *view, Py_ssize_t itemsize, const char *what) {
    if (PyObject_GetBuffer(obj, view, PyBUF_C_CONTIGUOUS) < 0) return -1;
    if (view->len % itemsize) {
        PyErr_Format(PyExc_ValueError, "%s: not an array of %zd-byte integers", what, itemsize);
        PyBuffer_Release(view);
        return -1;
    }
    return 0;
}

/* get_buffer for k groups (object, view, item size as an int, name), given one after the
 * other; on a failure the views got so far are released and -1 returned */
static int get_buffers(int k, ...) {
    va_list ap;
    Py_buffer *got[16];
    va_start(ap, k);
    for (int i = 0; i < k; i++) {
        PyObject *obj = va_arg(ap, PyObject *);
        Py_buffer *view = va_arg(ap, Py_buffer *);
        int size = va_arg(ap, int);
        const char *what = va_arg(ap, const char *);
        if (i >= 16 || get_buffer(obj, view, size, what) < 0) {
            while (i-- > 0) PyBuffer_Release(got[i]);
            va_end(ap);
            return -1;
        }
        got[i] = view;
    }
    va_end(ap);
    return 0;
}

PyDoc_STRVAR(mark_doc,
"mark(base, rest, nb, nc, gens, opts, offsets, want, want_mark, limit, words=False)\n"
"-> (order, marks, act[, words]) or None\n\n"
"The elements reached from the identity (int64 codes, in the order of their least sums),\n"
"whether each is in P (uint8), and where each generator sends each (int32, row-major);\n"
"None when the element ``want`` is marked other than ``want_mark`` or more than ``limit``\n"
"elements are reached.  base, rest: int32 tables; gens: int64 codes; opts: the int64 codes\n"
"of each generator's options, generator j's at offsets[j]:offsets[j+1].  With words, also\n"
"the counts of each generator in each element's least sum (int32, row-major).");

static PyObject *mark_py(PyObject *self, PyObject *args) {
    PyObject *ob, *orr, *og, *oo, *ooff;
    long long nb, nc, want, limit;
    int want_mark, want_words = 0;
    if (!PyArg_ParseTuple(args, "OOLLOOOLpL|p", &ob, &orr, &nb, &nc, &og, &oo, &ooff, &want,
                          &want_mark, &limit, &want_words))
        return NULL;
    Py_buffer vb, vr, vg, vo, voff;
    if (get_buffers(5, ob, &vb, 4, "base", orr, &vr, 4, "rest", og, &vg, 8, "gens",
                    oo, &vo, 8, "opts", ooff, &voff, 8, "offsets") < 0)
        return NULL;
    PyObject *result = NULL;
    Walk w;
    memset(&w, 0, sizeof w);
    int k = (int)(vg.len / 8);
    if (vb.len != nb * nb * 4 || vr.len != nc * nc * 4 || voff.len != (k + 1) * 8 || limit < 1
        || nb < 1 || nc < 1) {
        PyErr_SetString(PyExc_ValueError, "mark: sizes do not match");
        goto done;
    }
    w.base = vb.buf; w.rest = vr.buf; w.nb = nb; w.nc = nc;
    w.gens = vg.buf; w.opts = vo.buf; w.offsets = voff.buf; w.k = k;
    w.want = want; w.want_mark = want_mark; w.limit = limit;
    for (int j = 0; j <= k; j++)
        if (w.offsets[j] < 0 || w.offsets[j] > vo.len / 8 || (j && w.offsets[j] < w.offsets[j - 1])) {
            PyErr_SetString(PyExc_ValueError, "mark: bad offsets");
            goto done;
        }
    for (int64_t i = 0; i < vg.len / 8; i++)
        if (w.gens[i] < 0 || w.gens[i] >= nb * nc) { PyErr_SetString(PyExc_ValueError, "mark: bad code"); goto done; }
    for (int64_t i = 0; i < vo.len / 8; i++)
        if (w.opts[i] < 0 || w.opts[i] >= nb * nc) { PyErr_SetString(PyExc_ValueError, "mark: bad code"); goto done; }
    w.cap = 1;
    while (w.cap < 4 * (limit + 1)) w.cap <<= 1;
    w.keys = malloc(sizeof(int64_t) * (size_t)w.cap);
    w.vals = malloc(sizeof(int32_t) * (size_t)w.cap);
    w.order = malloc(sizeof(int64_t) * (size_t)(limit + 1));
    w.marks = malloc((size_t)(limit + 1));
    w.stamp = calloc((size_t)(limit + 1), sizeof(int32_t));
    w.exps = calloc((size_t)k + 1, sizeof(int32_t));
    if (want_words) w.words = calloc((size_t)(limit + 1) * (size_t)(k ? k : 1), sizeof(int32_t));
    if (!w.keys || !w.vals || !w.order || !w.marks || !w.stamp || !w.exps
        || (want_words && !w.words)) { PyErr_NoMemory(); goto done; }
    memset(w.keys, 0xff, sizeof(int64_t) * (size_t)w.cap);
    w.order[0] = 0; w.marks[0] = 0; w.count = 1;
    insert(&w, 0, 0);
    Py_BEGIN_ALLOW_THREADS
    walk(&w, k - 1, 0, NULL, 0);
    Py_END_ALLOW_THREADS
    if (w.status == 3) { PyErr_NoMemory(); goto done; }
    if (w.status == 4) { PyErr_SetString(PyExc_RuntimeError, "mark: an option was not reached before its sum"); goto done; }
    if (w.status) { Py_INCREF(Py_None); result = Py_None; goto done; }
    PyObject *order = PyBytes_FromStringAndSize((const char *)w.order, (Py_ssize_t)(8 * w.count));
    PyObject *marks = PyBytes_FromStringAndSize((const char *)w.marks, (Py_ssize_t)w.count);
    PyObject *act = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)(4 * w.count * k));
    if (!order || !marks || !act) { Py_XDECREF(order); Py_XDECREF(marks); Py_XDECREF(act); goto done; }
    int32_t *a = (int32_t *)PyBytes_AS_STRING(act);
    for (int64_t i = 0; i < w.count; i++)
        for (int j = 0; j < k; j++) {
            int64_t y = find(&w, mul(&w, w.order[i], w.gens[j]));
            if (y < 0) {
                Py_DECREF(order); Py_DECREF(marks); Py_DECREF(act);
                PyErr_SetString(PyExc_RuntimeError, "mark: the elements are not closed");
                goto done;
            }
            a[i * k + j] = (int32_t)y;
        }
    if (want_words) {
        PyObject *words = PyBytes_FromStringAndSize((const char *)w.words,
                                                    (Py_ssize_t)(4 * w.count * k));
        if (!words) { Py_DECREF(order); Py_DECREF(marks); Py_DECREF(act); goto done; }
        result = Py_BuildValue("NNNN", order, marks, act, words);
    } else {
        result = Py_BuildValue("NNN", order, marks, act);
    }
done:
    free(w.keys); free(w.vals); free(w.order); free(w.marks); free(w.stamp); free(w.exps);
    free(w.words);
    PyBuffer_Release(&vb); PyBuffer_Release(&vr); PyBuffer_Release(&vg); PyBuffer_Release(&vo);
    PyBuffer_Release(&voff);
    return result;
}

/* -- the verification's walk over (element, option set) pairs ----------------------------- */

typedef struct {
    const int32_t *table;
    const uint8_t *in_p;
    int64_t n, words;
    const int32_t *gens, *opts;
    const int64_t *offsets;
    int k;
    int64_t *exps;
    uint64_t *pmask;
    /* the sets kept: pool of bitsets, each with its element and whether it is still kept */
    uint64_t *pool;
    int32_t *owner;
    uint8_t *alive;
    int64_t used, cap;
    /* per element, the sets kept for it: a linked list through next[] */
    int64_t *head, *next;
    int status; /* 0 going, 1 failure found, 3 out of memory */
} Check;

static int64_t keep(Check *c, int32_t x, const uint64_t *set) {
    /* returns 0 if a kept set of x lies within set (cut), else keeps set and returns 1 */
    int64_t w = c->words;
    for (int64_t i = c->head[x]; i >= 0; i = c->next[i]) {
        if (!c->alive[i]) continue;
        const uint64_t *old = c->pool + i * w;
        int64_t j = 0;
        while (j < w && !(old[j] & ~set[j])) j++;
        if (j == w) return 0;
    }
    for (int64_t i = c->head[x]; i >= 0; i = c->next[i]) {  /* drop the supersets */
        if (!c->alive[i]) continue;
        const uint64_t *old = c->pool + i * w;
        int64_t j = 0;
        while (j < w && !(set[j] & ~old[j])) j++;
        if (j == w) c->alive[i] = 0;
    }
    if (c->used == c->cap) {
        int64_t cap = c->cap ? 2 * c->cap : 1024;
        uint64_t *pool = realloc(c->pool, sizeof(uint64_t) * (size_t)(cap * w));
        int32_t *owner = realloc(c->owner, sizeof(int32_t) * (size_t)cap);
        uint8_t *alive = realloc(c->alive, (size_t)cap);
        int64_t *next = realloc(c->next, sizeof(int64_t) * (size_t)cap);
        if (pool) c->pool = pool;
        if (owner) c->owner = owner;
        if (alive) c->alive = alive;
        if (next) c->next = next;
        if (!pool || !owner || !alive || !next) { c->status = 3; return 0; }
        c->cap = cap;
    }
    int64_t i = c->used++;
    memcpy(c->pool + i * w, set, sizeof(uint64_t) * (size_t)w);
    c->owner[i] = x;
    c->alive[i] = 1;
    c->next[i] = c->head[x];
    c->head[x] = i;
    return 1;
}

static void check_walk(Check *c, int d, int32_t x, const uint64_t *s) {
    if (d < 0 || c->status) return;
    check_walk(c, d - 1, x, s);
    if (c->status) return;
    int64_t w = c->words, n = c->n;
    int32_t g = c->gens[d];
    const int32_t *t = c->opts + c->offsets[d];
    int64_t nt = c->offsets[d + 1] - c->offsets[d];
    uint64_t *set = malloc(sizeof(uint64_t) * (size_t)w);
    if (!set) { c->status = 3; return; }
    uint64_t *prev = malloc(sizeof(uint64_t) * (size_t)w);
    if (!prev) { free(set); c->status = 3; return; }
    if (s) memcpy(prev, s, sizeof(uint64_t) * (size_t)w);
    else memset(prev, 0, sizeof(uint64_t) * (size_t)w);
    while (!c->status) {
        memset(set, 0, sizeof(uint64_t) * (size_t)w);
        for (int64_t j = 0; j < w; j++) {
            uint64_t bits = prev[j];
            while (bits) {
                int b = __builtin_ctzll(bits);
                bits &= bits - 1;
                int64_t y = j * 64 + b;
                int32_t z = c->table[y * n + g];
                set[z >> 6] |= 1ull << (z & 63);
            }
        }
        for (int64_t i = 0; i < nt; i++) {
            int32_t z = c->table[(int64_t)x * n + t[i]];
            set[z >> 6] |= 1ull << (z & 63);
        }
        x = c->table[(int64_t)x * n + g];
        c->exps[d]++;
        if (!keep(c, x, set)) break;
        if (!c->in_p[x]) {
            int hit = 0;
            for (int64_t j = 0; j < w && !hit; j++) if (set[j] & c->pmask[j]) hit = 1;
            if (!hit) { c->status = 1; break; }  /* options all outside P: predicted wrong */
        }
        memcpy(prev, set, sizeof(uint64_t) * (size_t)w);
        check_walk(c, d - 1, x, prev);
        if (c->status) break;
        /* prev may be kept: the recursion read it only */
    }
    if (c->status != 1) c->exps[d] = 0;
    free(set);
    free(prev);
}

PyDoc_STRVAR(check_doc,
"check(table, in_p, gens, opts, offsets) -> (failure, owners, members, starts)\n\n"
"The verification's walk (see grundy.misere.solver._n_check): the least sum (int64\n"
"counts of each generator) whose element is outside P and whose options all lie outside\n"
"P, or None; and the least option sets seen: set i belongs to element owners[i] and holds\n"
"members[starts[i]:starts[i+1]] (int32).");

static PyObject *check_py(PyObject *self, PyObject *args) {
    PyObject *ot, *op, *og, *oo, *ooff;
    if (!PyArg_ParseTuple(args, "OOOOO", &ot, &op, &og, &oo, &ooff)) return NULL;
    Py_buffer vt, vp, vg, vo, voff;
    if (get_buffers(5, ot, &vt, 4, "table", op, &vp, 1, "in_p", og, &vg, 4, "gens",
                    oo, &vo, 4, "opts", ooff, &voff, 8, "offsets") < 0)
        return NULL;
    PyObject *result = NULL;
    Check c;
    memset(&c, 0, sizeof c);
    int64_t n = vp.len;
    int k = (int)(vg.len / 4);
    if (n < 1 || vt.len != n * n * 4 || voff.len != (k + 1) * 8) {
        PyErr_SetString(PyExc_ValueError, "check: sizes do not match");
        goto done;
    }
    c.table = vt.buf; c.in_p = vp.buf; c.n = n; c.words = (n + 63) / 64;
    c.gens = vg.buf; c.opts = vo.buf; c.offsets = voff.buf; c.k = k;
    for (int64_t i = 0; i < n * n; i++)
        if (c.table[i] < 0 || c.table[i] >= n) { PyErr_SetString(PyExc_ValueError, "check: bad table"); goto done; }
    for (int j = 0; j <= k; j++)
        if (c.offsets[j] < 0 || c.offsets[j] > vo.len / 4 || (j && c.offsets[j] < c.offsets[j - 1])) {
            PyErr_SetString(PyExc_ValueError, "check: bad offsets");
            goto done;
        }
    for (int64_t i = 0; i < vg.len / 4; i++)
        if (c.gens[i] < 0 || c.gens[i] >= n) { PyErr_SetString(PyExc_ValueError, "check: bad element"); goto done; }
    for (int64_t i = 0; i < vo.len / 4; i++)
        if (c.opts[i] < 0 || c.opts[i] >= n) { PyErr_SetString(PyExc_ValueError, "check: bad element"); goto done; }
    c.exps = calloc((size_t)(k + 1), sizeof(int64_t));
    c.pmask = calloc((size_t)c.words, sizeof(uint64_t));
    c.head = malloc(sizeof(int64_t) * (size_t)n);
    if (!c.exps || !c.pmask || !c.head) { PyErr_NoMemory(); goto done; }
    for (int64_t i = 0; i < n; i++) {
        c.head[i] = -1;
        if (c.in_p[i]) c.pmask[i >> 6] |= 1ull << (i & 63);
    }
    Py_BEGIN_ALLOW_THREADS
    check_walk(&c, k - 1, 0, NULL);
    Py_END_ALLOW_THREADS
    if (c.status == 3) { PyErr_NoMemory(); goto done; }
    PyObject *failure;
    if (c.status == 1) {
        failure = PyTuple_New(k);
        if (!failure) goto done;
        for (int j = 0; j < k; j++) PyTuple_SET_ITEM(failure, j, PyLong_FromLongLong(c.exps[j]));
    } else {
        Py_INCREF(Py_None);
        failure = Py_None;
    }
    int64_t kept = 0, total = 0;
    for (int64_t i = 0; i < c.used; i++)
        if (c.alive[i]) {
            kept++;
            for (int64_t j = 0; j < c.words; j++) total += __builtin_popcountll(c.pool[i * c.words + j]);
        }
    PyObject *owners = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)(4 * kept));
    PyObject *members = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)(4 * total));
    PyObject *starts = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)(8 * (kept + 1)));
    if (!owners || !members || !starts) {
        Py_DECREF(failure); Py_XDECREF(owners); Py_XDECREF(members); Py_XDECREF(starts);
        goto done;
    }
    int32_t *ow = (int32_t *)PyBytes_AS_STRING(owners);
    int32_t *me = (int32_t *)PyBytes_AS_STRING(members);
    int64_t *st = (int64_t *)PyBytes_AS_STRING(starts);
    int64_t a = 0, m = 0;
    for (int64_t i = 0; i < c.used; i++) {
        if (!c.alive[i]) continue;
        ow[a] = c.owner[i];
        st[a++] = m;
        for (int64_t j = 0; j < c.words; j++) {
            uint64_t bits = c.pool[i * c.words + j];
            while (bits) {
                int b = __builtin_ctzll(bits);
                bits &= bits - 1;
                me[m++] = (int32_t)(j * 64 + b);
            }
        }
    }
    st[a] = m;
    result = Py_BuildValue("NNNN", failure, owners, members, starts);
done:
    free(c.exps); free(c.pmask); free(c.head); free(c.pool); free(c.owner); free(c.alive);
    free(c.next);
    PyBuffer_Release(&vt); PyBuffer_Release(&vp); PyBuffer_Release(&vg); PyBuffer_Release(&vo);
    PyBuffer_Release(&voff);
    return result;
}

/* -- the reduction modulo P: Moore's partition refinement, then the quotient's table ------- */

static uint64_t mix64(uint64_t h) {
    h ^= h >> 33; h *= 0xff51afd7ed558ccdull; h ^= h >> 33; h *= 0xc4ceb9fe1a85ec53ull;
    return h ^ (h >> 33);
}

PyDoc_STRVAR(reduce_doc,
"reduce(base, rest, nb, nc, order, marks, act, limit=-1) -> (table, in_p, classes) or None\n\n"
"The quotient of the elements order (int64 codes of a direct product, closed under the\n"
"generators, whose action is act: int32, row-major, k per element) modulo the P-portion\n"
"marks (uint8): the coarsest partition separating P kept by every generator, classes\n"
"numbered by their first element; returns the quotient's table (int32, m x m, row-major),\n"
"its P-portion (uint8) and the class of each element (int32).  The NumPy path\n"
"(grundy.misere.monoid.quotient_of) computes the same.  None when the quotient has more\n"
"than limit elements (limit >= 0), before its table is made.");

static PyObject *reduce_py(PyObject *self, PyObject *args) {
    PyObject *ob, *orr, *oo, *om, *oa;
    long long nb, nc, limit = -1;
    if (!PyArg_ParseTuple(args, "OOLLOOO|L", &ob, &orr, &nb, &nc, &oo, &om, &oa, &limit)) return NULL;
    Py_buffer vb, vr, vo, vm, va;
    if (get_buffers(5, ob, &vb, 4, "base", orr, &vr, 4, "rest", oo, &vo, 8, "order",
                    om, &vm, 1, "marks", oa, &va, 4, "act") < 0)
        return NULL;
    PyObject *result = NULL;
    int64_t n = vo.len / 8;
    int64_t *keys = NULL, *hkeys = NULL;
    int32_t *vals = NULL, *cls = NULL, *fresh = NULL, *hvals = NULL, *reps = NULL;
    const int64_t *order = vo.buf;
    const uint8_t *marks = vm.buf;
    const int32_t *act = va.buf;
    if (n < 1 || vm.len != n || nb < 1 || nc < 1 || vb.len != nb * nb * 4 || vr.len != nc * nc * 4
        || va.len % (4 * n)) {
        PyErr_SetString(PyExc_ValueError, "reduce: sizes do not match");
        goto done;
    }
    int64_t k = va.len / (4 * n);
    for (int64_t i = 0; i < n; i++)
        if (order[i] < 0 || order[i] >= nb * nc) { PyErr_SetString(PyExc_ValueError, "reduce: bad code"); goto done; }
    for (int64_t i = 0; i < n * k; i++)
        if (act[i] < 0 || act[i] >= n) { PyErr_SetString(PyExc_ValueError, "reduce: bad action"); goto done; }
    int64_t cap = 1;
    while (cap < 2 * n) cap <<= 1;
    cls = malloc(sizeof(int32_t) * (size_t)n);
    fresh = malloc(sizeof(int32_t) * (size_t)n);
    hkeys = malloc(sizeof(int64_t) * (size_t)cap);   /* signature hash -> first element */
    hvals = malloc(sizeof(int32_t) * (size_t)cap);
    reps = malloc(sizeof(int32_t) * (size_t)n);
    if (!cls || !fresh || !hkeys || !hvals || !reps) { PyErr_NoMemory(); goto done; }
    int64_t count = 0;
    for (int64_t i = 0; i < n; i++) cls[i] = marks[i] ? 1 : 0;
    {   /* the classes numbered by first element from the start */
        int32_t seen[2] = {-1, -1};
        for (int64_t i = 0; i < n; i++) {
            if (seen[cls[i]] < 0) seen[cls[i]] = (int32_t)count++;
            fresh[i] = seen[cls[i]];
        }
        memcpy(cls, fresh, sizeof(int32_t) * (size_t)n);
    }
    while (1) {
        memset(hkeys, 0xff, sizeof(int64_t) * (size_t)cap);
        int64_t next = 0;
        for (int64_t i = 0; i < n; i++) {
            uint64_t h = mix64((uint64_t)cls[i] + 1);
            for (int64_t j = 0; j < k; j++) h = mix64(h ^ ((uint64_t)cls[act[i * k + j]] + 0x9E3779B97F4A7C15ull * (uint64_t)(j + 1)));
            uint64_t s = h & (uint64_t)(cap - 1);
            while (1) {
                if (hkeys[s] == -1) {
                    hkeys[s] = i;
                    hvals[s] = (int32_t)next;
                    reps[next] = (int32_t)i;
                    fresh[i] = (int32_t)next++;
                    break;
                }
                int64_t r = hkeys[s];
                int same = cls[r] == cls[i];
                for (int64_t j = 0; j < k && same; j++) same = cls[act[r * k + j]] == cls[act[i * k + j]];
                if (same) { fresh[i] = hvals[s]; break; }
                s = (s + 1) & (uint64_t)(cap - 1);
            }
        }
        memcpy(cls, fresh, sizeof(int32_t) * (size_t)n);
        if (next == count) break;
        count = next;
    }
    if (limit >= 0 && count > limit) { Py_INCREF(Py_None); result = Py_None; goto done; }
    /* code -> index */
    int64_t hcap = 1;
    while (hcap < 2 * n) hcap <<= 1;
    keys = malloc(sizeof(int64_t) * (size_t)hcap);
    vals = malloc(sizeof(int32_t) * (size_t)hcap);
    if (!keys || !vals) { PyErr_NoMemory(); goto done; }
    memset(keys, 0xff, sizeof(int64_t) * (size_t)hcap);
    for (int64_t i = 0; i < n; i++) {
        uint64_t s = hash64(order[i]) & (uint64_t)(hcap - 1);
        while (keys[s] != -1) s = (s + 1) & (uint64_t)(hcap - 1);
        keys[s] = order[i];
        vals[s] = (int32_t)i;
    }
    PyObject *table = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)(4 * count * count));
    PyObject *in_p = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)count);
    PyObject *classes = PyBytes_FromStringAndSize((const char *)cls, (Py_ssize_t)(4 * n));
    if (!table || !in_p || !classes) { Py_XDECREF(table); Py_XDECREF(in_p); Py_XDECREF(classes); goto done; }
    int32_t *t = (int32_t *)PyBytes_AS_STRING(table);
    uint8_t *p = (uint8_t *)PyBytes_AS_STRING(in_p);
    const int32_t *base = vb.buf, *rest = vr.buf;
    int bad = 0;
    Py_BEGIN_ALLOW_THREADS
    for (int64_t a = 0; a < count && !bad; a++) {
        int64_t x = order[reps[a]];
        p[a] = marks[reps[a]];
        for (int64_t b = a; b < count; b++) {
            int64_t y = order[reps[b]];
            int64_t z = (int64_t)base[(x / nc) * nb + y / nc] * nc + rest[(x % nc) * nc + y % nc];
            uint64_t s = hash64(z) & (uint64_t)(hcap - 1);
            while (keys[s] != -1 && keys[s] != z) s = (s + 1) & (uint64_t)(hcap - 1);
            if (keys[s] == -1) { bad = 1; break; }
            int32_t c = cls[vals[s]];
            t[a * count + b] = c;
            t[b * count + a] = c;
        }
    }
    Py_END_ALLOW_THREADS
    if (bad) {
        Py_DECREF(table); Py_DECREF(in_p); Py_DECREF(classes);
        PyErr_SetString(PyExc_RuntimeError, "reduce: the elements are not closed under products");
        goto done;
    }
    result = Py_BuildValue("NNN", table, in_p, classes);
done:
    free(keys); free(vals); free(cls); free(fresh); free(hkeys); free(hvals); free(reps);
    PyBuffer_Release(&vb); PyBuffer_Release(&vr); PyBuffer_Release(&vo); PyBuffer_Release(&vm);
    PyBuffer_Release(&va);
    return result;
}

/* -- the P half of the verification, and the masks of the admissible elements ------------- */

PyDoc_STRVAR(p_failure_doc,
"p_failure(table, in_p, gens, opts, offsets, order, words) -> tuple or None\n\n"
"The least sum (in the order of the sums: the last count first) u + h whose element is in P\n"
"while some option of it is in P, where u runs over the least sums of the elements\n"
"(order: int64 elements, words: their int32 counts, k per element) and h over the\n"
"generators (gens: int32 elements, opts at offsets as in check); None when there is none.");

static PyObject *p_failure_py(PyObject *self, PyObject *args) {
    PyObject *ot, *op, *og, *oo, *ooff, *oord, *ow;
    if (!PyArg_ParseTuple(args, "OOOOOOO", &ot, &op, &og, &oo, &ooff, &oord, &ow)) return NULL;
    Py_buffer vt, vp, vg, vo, voff, vord, vw;
    if (get_buffers(7, ot, &vt, 4, "table", op, &vp, 1, "in_p", og, &vg, 4, "gens",
                    oo, &vo, 4, "opts", ooff, &voff, 8, "offsets", oord, &vord, 8, "order",
                    ow, &vw, 4, "words") < 0)
        return NULL;
    PyObject *result = NULL;
    int32_t *best = NULL;
    int64_t n = vp.len, k = vg.len / 4, count = vord.len / 8;
    const int32_t *table = vt.buf, *gens = vg.buf, *opts = vo.buf, *words = vw.buf;
    const int64_t *offsets = voff.buf, *order = vord.buf;
    const uint8_t *in_p = vp.buf;
    if (n < 1 || vt.len != n * n * 4 || voff.len != (k + 1) * 8 || vw.len != count * k * 4) {
        PyErr_SetString(PyExc_ValueError, "p_failure: sizes do not match");
        goto done;
    }
    for (int64_t i = 0; i < n * n; i++)
        if (table[i] < 0 || table[i] >= n) { PyErr_SetString(PyExc_ValueError, "p_failure: bad table"); goto done; }
    for (int64_t j = 0; j <= k; j++)
        if (offsets[j] < 0 || offsets[j] > vo.len / 4 || (j && offsets[j] < offsets[j - 1])) {
            PyErr_SetString(PyExc_ValueError, "p_failure: bad offsets"); goto done;
        }
    for (int64_t i = 0; i < k; i++)
        if (gens[i] < 0 || gens[i] >= n) { PyErr_SetString(PyExc_ValueError, "p_failure: bad element"); goto done; }
    for (int64_t i = 0; i < vo.len / 4; i++)
        if (opts[i] < 0 || opts[i] >= n) { PyErr_SetString(PyExc_ValueError, "p_failure: bad element"); goto done; }
    for (int64_t i = 0; i < count; i++)
        if (order[i] < 0 || order[i] >= n) { PyErr_SetString(PyExc_ValueError, "p_failure: bad element"); goto done; }
    best = malloc(sizeof(int32_t) * (size_t)(k + 1));
    if (!best) { PyErr_NoMemory(); goto done; }
    int found = 0;
    for (int64_t i = 0; i < count; i++) {
        int64_t x = order[i];
        const int32_t *row = table + x * n;
        for (int64_t j = 0; j < k; j++) {
            if (!in_p[row[gens[j]]]) continue;
            int hit = 0;
            for (int64_t q = offsets[j]; q < offsets[j + 1] && !hit; q++) hit = in_p[row[opts[q]]];
            if (!hit) continue;
            const int32_t *w = words + i * k;
            int less = !found;
            for (int64_t q = k - 1; q >= 0 && !less; q--) {  /* compare w + e_j with best */
                int32_t a = w[q] + (q == j), b = best[q];
                if (a != b) { less = a < b; break; }
            }
            if (less) {
                for (int64_t q = 0; q < k; q++) best[q] = w[q] + (q == j);
                found = 1;
            }
        }
    }
    if (!found) { Py_INCREF(Py_None); result = Py_None; goto done; }
    result = PyTuple_New(k);
    if (!result) goto done;
    for (int64_t q = 0; q < k; q++) PyTuple_SET_ITEM(result, q, PyLong_FromLong(best[q]));
done:
    free(best);
    PyBuffer_Release(&vt); PyBuffer_Release(&vp); PyBuffer_Release(&vg); PyBuffer_Release(&vo);
    PyBuffer_Release(&voff); PyBuffer_Release(&vord); PyBuffer_Release(&vw);
    return result;
}

PyDoc_STRVAR(p_masks_doc,
"p_masks(table, in_p) -> bytes\n\n"
"For each element x, the set {z : xz in P} as little-endian 64-bit words, ceil(n / 64) per\n"
"element: x and y are compatible (no z with xz and yz both in P) when their sets are apart.");

static PyObject *p_masks_py(PyObject *self, PyObject *args) {
    PyObject *ot, *op;
    if (!PyArg_ParseTuple(args, "OO", &ot, &op)) return NULL;
    Py_buffer vt, vp;
    if (get_buffers(2, ot, &vt, 4, "table", op, &vp, 1, "in_p") < 0)
        return NULL;
    PyObject *result = NULL;
    int64_t n = vp.len, w = (n + 63) / 64;
    const int32_t *table = vt.buf;
    const uint8_t *in_p = vp.buf;
    if (n < 1 || vt.len != n * n * 4) {
        PyErr_SetString(PyExc_ValueError, "p_masks: sizes do not match");
        goto done;
    }
    for (int64_t i = 0; i < n * n; i++)
        if (table[i] < 0 || table[i] >= n) { PyErr_SetString(PyExc_ValueError, "p_masks: bad table"); goto done; }
    result = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)(8 * n * w));
    if (!result) goto done;
    uint64_t *m = (uint64_t *)PyBytes_AS_STRING(result);
    memset(m, 0, (size_t)(8 * n * w));
    for (int64_t x = 0; x < n; x++)
        for (int64_t z = 0; z < n; z++)
            if (in_p[table[x * n + z]]) m[x * w + (z >> 6)] |= 1ull << (z & 63);
done:
    PyBuffer_Release(&vt); PyBuffer_Release(&vp);
    return result;
}

static PyMethodDef methods[] = {
    {"mark", mark_py, METH_VARARGS, mark_doc},
    {"check", check_py, METH_VARARGS, check_doc},
    {"reduce", reduce_py, METH_VARARGS, reduce_doc},
    {"p_failure", p_failure_py, METH_VARARGS, p_failure_doc},
    {"p_masks", p_masks_py, METH_VARARGS, p_masks_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_misere",
    "The compiled kernel of misère quotients (see grundy.misere.solver).", -1, methods,
};

PyMODINIT_FUNC PyInit__misere(void) { return PyModule_Create(&module); }
