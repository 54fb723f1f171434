/* The compiled kernel of misère quotients (see grundy.play.misere.solver): the P-portion of a
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
        if (find(w, x) >= 0) { free(next); break; }
        if (w->count >= w->limit) { w->status = 2; free(next); break; }
        int mark = m > 0;
        for (int64_t i = 0; i < m && mark; i++) if (w->marks[next[i]]) mark = 0;
        int64_t index = w->count++;
        w->order[index] = x;
        w->marks[index] = (uint8_t)mark;
        insert(w, x, (int32_t)index);
        if (x == w->want && mark != w->want_mark) { w->status = 1; free(next); break; }
        free(cur);
        cur = next;
        ncur = m;
        prev = cur;
        nprev = ncur;
        walk(w, d - 1, x, cur, ncur);
    }
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

PyDoc_STRVAR(mark_doc,
"mark(base, rest, nb, nc, gens, opts, offsets, want, want_mark, limit)\n"
"-> (order, marks, act) or None\n\n"
"The elements reached from the identity (int64 codes, in the order of their least sums),\n"
"whether each is in P (uint8), and where each generator sends each (int32, row-major);\n"
"None when the element ``want`` is marked other than ``want_mark`` or more than ``limit``\n"
"elements are reached.  base, rest: int32 tables; gens: int64 codes; opts: the int64 codes\n"
"of each generator's options, generator j's at offsets[j]:offsets[j+1].");

static PyObject *mark_py(PyObject *self, PyObject *args) {
    PyObject *ob, *orr, *og, *oo, *ooff;
    long long nb, nc, want, limit;
    int want_mark;
    if (!PyArg_ParseTuple(args, "OOLLOOOLpL", &ob, &orr, &nb, &nc, &og, &oo, &ooff, &want,
                          &want_mark, &limit))
        return NULL;
    Py_buffer vb, vr, vg, vo, voff;
    if (get_buffer(ob, &vb, 4, "base") < 0) return NULL;
    if (get_buffer(orr, &vr, 4, "rest") < 0) { PyBuffer_Release(&vb); return NULL; }
    if (get_buffer(og, &vg, 8, "gens") < 0) { PyBuffer_Release(&vb); PyBuffer_Release(&vr); return NULL; }
    if (get_buffer(oo, &vo, 8, "opts") < 0) {
        PyBuffer_Release(&vb); PyBuffer_Release(&vr); PyBuffer_Release(&vg); return NULL;
    }
    if (get_buffer(ooff, &voff, 8, "offsets") < 0) {
        PyBuffer_Release(&vb); PyBuffer_Release(&vr); PyBuffer_Release(&vg); PyBuffer_Release(&vo);
        return NULL;
    }
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
    if (!w.keys || !w.vals || !w.order || !w.marks || !w.stamp) { PyErr_NoMemory(); goto done; }
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
    result = Py_BuildValue("NNN", order, marks, act);
done:
    free(w.keys); free(w.vals); free(w.order); free(w.marks); free(w.stamp);
    PyBuffer_Release(&vb); PyBuffer_Release(&vr); PyBuffer_Release(&vg); PyBuffer_Release(&vo);
    PyBuffer_Release(&voff);
    return result;
}

static PyMethodDef methods[] = {
    {"mark", mark_py, METH_VARARGS, mark_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_misere",
    "The compiled kernel of misère quotients (see grundy.play.misere.solver).", -1, methods,
};

PyMODINIT_FUNC PyInit__misere(void) { return PyModule_Create(&module); }
