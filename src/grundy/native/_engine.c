/* grundy.native._engine: the engine's single calls, value / outcome / winning_moves, compiled.
 *
 * grundy.engine defines the three in Python, and they stay the reference: with this
 * module missing, or GRUNDY_PURE=1, they are what grundy.value and the others are.  When it
 * is built, grundy.engine binds its names to the functions below, which do in C what the
 * Python ones do first (a memo hit; a position whose options are all memoised, valued
 * from them in place) and hand every other case to the Python function that does it, so the
 * two give the same answers and raise the same errors (tests/test_engine_compiled.py checks
 * them against each other).  Why: a call on a warm memo then costs a dictionary look-up and
 * a C call, as a functools.lru_cache wrapper does, instead of a Python frame.
 *
 *   connect(Game, Sum, value_rest, value, outcome, winning_moves)
 *          once, from grundy.engine: the classes, and the Python functions the cases below
 *          do not cover go to: value_rest(game, position, opts=None, asked=False) is
 *          grundy.engine._value, then the Python value, outcome and winning_moves (a call
 *          with keyword arguments goes to them whole).
 *   value(game, position) -> int
 *          game._grundy_memo[position] if there; else, for a position that is not a Sum, of
 *          a game whose class has no fast_value and that has no cache_limit, the mex of its
 *          options' values if they are all memoised and below 64 (then memoised); else
 *          value_rest(game, position[, opts]).
 *   outcome(game, position) -> "P" | "N"
 *   winning_moves(game, position) -> list
 *          the options of value 0, in the order options() gives them; a Sum, a game that
 *          is not a Game, or an options() that raises: winning_moves_rest.
 *
 * And one pass over a whole graph, for grundy.rules.digraph (its Python loop is the
 * reference, tests/test_digraph.py checks the two against each other):
 *
 *   dag_values(start, succ, values) -> int
 *          start (n + 1 int64), succ (m int64): the successors of v are
 *          succ[start[v]:start[v+1]], each in 0..n-1 (the caller checks); writes into
 *          values (n int64) the mex of each vertex's successors, the vertices taken in
 *          reverse topological order (Kahn's algorithm from the sinks); returns how many
 *          were valued: n, or fewer when the graph has a cycle (the vertices on or above
 *          a cycle are never reached; their values are left as they were).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>

static PyObject *game_type, *sum_type, *value_rest, *value_py, *outcome_py, *moves_rest;
static PyObject *s_memo, *s_options, *s_asks, *s_limit, *s_fast, *s_P, *s_N;

static PyObject *connect(PyObject *self, PyObject *args)
{
    PyObject *g, *s, *r, *v, *o, *w;
    if (!PyArg_ParseTuple(args, "OOOOOO:connect", &g, &s, &r, &v, &o, &w))
        return NULL;
    if (!PyType_Check(g) || !PyType_Check(s) || !PyCallable_Check(r) || !PyCallable_Check(v)
        || !PyCallable_Check(o) || !PyCallable_Check(w)) {
        PyErr_SetString(PyExc_TypeError,
                        "connect(Game, Sum, value_rest, value, outcome, winning_moves)");
        return NULL;
    }
    PyObject **slots[] = {&game_type, &sum_type, &value_rest, &value_py, &outcome_py, &moves_rest};
    PyObject *given[] = {g, s, r, v, o, w};
    for (int i = 0; i < 6; i++) {
        Py_INCREF(given[i]);
        Py_XSETREF(*slots[i], given[i]);
    }
    Py_RETURN_NONE;
}

static int connected(void)
{
    if (value_rest == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "grundy.native._engine: connect() was not called");
        return 0;
    }
    return 1;
}

static PyObject *rest(PyObject *game, PyObject *position, PyObject *opts, int asked)
{
    if (opts == NULL && !asked)
        return PyObject_CallFunctionObjArgs(value_rest, game, position, NULL);
    return PyObject_CallFunctionObjArgs(value_rest, game, position, opts ? opts : Py_None,
                                        asked ? Py_True : Py_False, NULL);
}

/* The mex of the options' memoised values, memoised: 1 done (*out set), 0 when an option is
 * not memoised or not hashable or a value is not a small non-negative int (the Python path
 * then decides), -1 on an error of the memo itself. */
static int mex_in_place(PyObject *memo, PyObject *position, PyObject *opts, PyObject **out)
{
    uint64_t seen = 0;
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(opts); i++) {
        PyObject *o = PyList_GET_ITEM(opts, i);
        Py_INCREF(o);
        PyObject *v = PyDict_GetItemWithError(memo, o);
        Py_DECREF(o);
        if (v == NULL) {
            PyErr_Clear();
            return 0;
        }
        if (!PyLong_CheckExact(v))
            return 0;
        long x = PyLong_AsLong(v);
        if (x < 0 || x >= 64) {
            PyErr_Clear();
            return 0;
        }
        seen |= (uint64_t)1 << x;
    }
    long m = 0;
    while (m < 64 && (seen >> m) & 1)
        m++;
    if (m == 64)
        return 0;
    PyObject *result = PyLong_FromLong(m);
    if (result == NULL || PyDict_SetItem(memo, position, result) < 0) {
        Py_XDECREF(result);
        return -1;
    }
    *out = result;
    return 1;
}

/* v == 0, as Python says it: 1, 0, or -1 with an error */
static int is_zero(PyObject *v)
{
    if (PyLong_CheckExact(v))
        return PyObject_Not(v);
    PyObject *z = PyLong_FromLong(0);
    int zero = z == NULL ? -1 : PyObject_RichCompareBool(v, z, Py_EQ);
    Py_XDECREF(z);
    return zero;
}

/* game._grundy_memo (a new reference, or NULL with an error set): read from the instance's
 * dictionary when its class keeps attributes the ordinary way (Game's class attribute
 * _grundy_memo = None is no descriptor, so the instance's entry is what getattr finds); a
 * class with its own attribute hooks is asked through them. */
static PyObject *memo_of(PyObject *game)
{
    if (Py_TYPE(game)->tp_getattro == PyObject_GenericGetAttr && Py_TYPE(game)->tp_dictoffset) {
        PyObject *dict = PyObject_GenericGetDict(game, NULL);
        if (dict == NULL)
            return NULL;
        PyObject *memo = PyDict_GetItemWithError(dict, s_memo);
        Py_DECREF(dict);
        if (memo != NULL) {
            Py_INCREF(memo);
            return memo;
        }
        if (PyErr_Occurred())
            return NULL;
    }
    return PyObject_GetAttr(game, s_memo);
}

static PyObject *value_of(PyObject *game, PyObject *position)
{
    PyObject *memo = memo_of(game);
    if (memo == NULL) {
        PyErr_Clear();
        return rest(game, position, NULL, 0);
    }
    if (!PyDict_Check(memo)) { /* a fresh game: None */
        Py_DECREF(memo);
        return rest(game, position, NULL, 0);
    }
    PyObject *found = PyDict_GetItemWithError(memo, position);
    if (found != NULL) {
        Py_INCREF(found);
        Py_DECREF(memo);
        return found;
    }
    if (PyErr_Occurred() || (PyObject *)Py_TYPE(position) == sum_type) {
        PyErr_Clear();
        Py_DECREF(memo);
        return rest(game, position, NULL, 0);
    }
    PyObject *asks = PyObject_GetAttr(game, s_asks);
    int asking = asks == NULL ? -1 : PyObject_IsTrue(asks);
    Py_XDECREF(asks);
    if (asking != 0) {
        Py_DECREF(memo);
        if (asking < 0) {
            PyErr_Clear();
            return rest(game, position, NULL, 0);
        }
        PyObject *known = PyObject_CallMethodOneArg(game, s_fast, position);
        if (known != Py_None)
            return known; /* a value, or NULL with its error, as the Python path raises it */
        Py_DECREF(known);
        return rest(game, position, NULL, 1);
    }
    PyObject *limit = PyObject_GetAttr(game, s_limit);
    int trimmed = limit == NULL || limit != Py_None;
    Py_XDECREF(limit);
    PyErr_Clear();
    PyObject *given = PyObject_CallMethodOneArg(game, s_options, position);
    PyObject *opts = NULL;
    if (given != NULL) {
        if (PyList_CheckExact(given)) {
            opts = given;
        } else {
            opts = PySequence_List(given);
            Py_DECREF(given);
        }
    }
    if (opts == NULL) { /* options() raised: the Python path asks again, to raise RulesetError */
        PyErr_Clear();
        Py_DECREF(memo);
        return rest(game, position, NULL, 0);
    }
    PyObject *result = NULL;
    int done = trimmed ? 0 : mex_in_place(memo, position, opts, &result);
    Py_DECREF(memo);
    if (done < 0) {
        Py_DECREF(opts);
        return NULL;
    }
    if (done == 0)
        result = rest(game, position, opts, 0);
    Py_DECREF(opts);
    return result;
}

static PyObject *value(PyObject *self, PyObject *const *args, Py_ssize_t nargs,
                        PyObject *kwnames)
{
    if (!connected())
        return NULL;
    if (kwnames != NULL || nargs != 2) /* the Python function says what is wrong, or does it */
        return PyObject_Vectorcall(value_py, args, nargs, kwnames);
    return value_of(args[0], args[1]);
}

static PyObject *outcome(PyObject *self, PyObject *const *args, Py_ssize_t nargs,
                        PyObject *kwnames)
{
    if (!connected())
        return NULL;
    if (kwnames != NULL || nargs != 2) /* the Python function says what is wrong, or does it */
        return PyObject_Vectorcall(outcome_py, args, nargs, kwnames);
    PyObject *v = value_of(args[0], args[1]);
    if (v == NULL)
        return NULL;
    int zero = is_zero(v);
    Py_DECREF(v);
    if (zero < 0)
        return NULL;
    PyObject *answer = zero ? s_P : s_N;
    Py_INCREF(answer);
    return answer;
}

static PyObject *winning_moves(PyObject *self, PyObject *const *args, Py_ssize_t nargs,
                        PyObject *kwnames)
{
    if (!connected())
        return NULL;
    if (kwnames != NULL || nargs != 2) /* the Python function says what is wrong, or does it */
        return PyObject_Vectorcall(moves_rest, args, nargs, kwnames);
    PyObject *game = args[0], *position = args[1];
    int is_game = PyObject_IsInstance(game, game_type);
    if (is_game < 0)
        return NULL;
    if (!is_game || (PyObject *)Py_TYPE(position) == sum_type)
        return PyObject_CallFunctionObjArgs(moves_rest, game, position, NULL);
    PyObject *given = PyObject_CallMethodOneArg(game, s_options, position);
    if (given == NULL) { /* the Python path raises what it should */
        PyErr_Clear();
        return PyObject_CallFunctionObjArgs(moves_rest, game, position, NULL);
    }
    PyObject *opts = PySequence_List(given); /* a copy: value() below may run user code */
    Py_DECREF(given);
    if (opts == NULL) {
        PyErr_Clear();
        return PyObject_CallFunctionObjArgs(moves_rest, game, position, NULL);
    }
    PyObject *out = PyList_New(0);
    if (out == NULL) {
        Py_DECREF(opts);
        return NULL;
    }
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(opts); i++) {
        PyObject *o = PyList_GET_ITEM(opts, i);
        PyObject *v = value_of(game, o);
        if (v == NULL) {
            Py_DECREF(opts);
            Py_DECREF(out);
            return NULL;
        }
        int zero = is_zero(v);
        Py_DECREF(v);
        if (zero < 0 || (zero && PyList_Append(out, o) < 0)) {
            Py_DECREF(opts);
            Py_DECREF(out);
            return NULL;
        }
    }
    Py_DECREF(opts);
    return out;
}

static PyObject *dag_values(PyObject *self, PyObject *args)
{
    Py_buffer sb, tb, vb;
    if (!PyArg_ParseTuple(args, "y*y*w*:dag_values", &sb, &tb, &vb))
        return NULL;
    Py_ssize_t n = sb.len / (Py_ssize_t)sizeof(int64_t) - 1, m = tb.len / (Py_ssize_t)sizeof(int64_t);
    const int64_t *start = sb.buf, *succ = tb.buf;
    int64_t *values = vb.buf;
    Py_ssize_t done = -1;
    int64_t *pstart = NULL, *pred = NULL, *left = NULL, *queue = NULL, *mark = NULL;
    if (n < 0 || vb.len != n * (Py_ssize_t)sizeof(int64_t) || start[0] != 0 || start[n] != m) {
        PyErr_SetString(PyExc_ValueError, "dag_values: start, succ and values do not fit");
        goto end;
    }
    pstart = calloc((size_t)n + 2, sizeof(int64_t));
    pred = malloc(((size_t)m + 1) * sizeof(int64_t));
    left = malloc(((size_t)n + 1) * sizeof(int64_t));
    queue = malloc(((size_t)n + 1) * sizeof(int64_t));
    mark = calloc((size_t)n + 2, sizeof(int64_t));
    if (!pstart || !pred || !left || !queue || !mark) {
        PyErr_NoMemory();
        goto end;
    }
    Py_BEGIN_ALLOW_THREADS
    for (Py_ssize_t i = 0; i < m; i++)
        pstart[succ[i] + 2]++;
    for (Py_ssize_t v = 0; v < n; v++)
        pstart[v + 2] += pstart[v + 1];
    for (Py_ssize_t v = 0; v < n; v++)  /* the predecessors of w: pred[pstart[w]:pstart[w+1]] */
        for (int64_t i = start[v]; i < start[v + 1]; i++)
            pred[pstart[succ[i] + 1]++] = v;
    Py_ssize_t tail = 0;
    for (Py_ssize_t v = 0; v < n; v++) {
        left[v] = start[v + 1] - start[v];
        if (!left[v])
            queue[tail++] = v;
    }
    for (Py_ssize_t head = 0; head < tail; head++) {
        int64_t v = queue[head], stamp = v + 1, deg = start[v + 1] - start[v], g = 0;
        for (int64_t i = start[v]; i < start[v + 1]; i++) {
            int64_t x = values[succ[i]];
            if (x <= deg)  /* the mex is at most the number of successors */
                mark[x] = stamp;
        }
        while (mark[g] == stamp)
            g++;
        values[v] = g;
        for (int64_t i = pstart[v]; i < pstart[v + 1]; i++)
            if (!--left[pred[i]])
                queue[tail++] = pred[i];
    }
    done = tail;
    Py_END_ALLOW_THREADS
end:
    free(pstart);
    free(pred);
    free(left);
    free(queue);
    free(mark);
    PyBuffer_Release(&sb);
    PyBuffer_Release(&tb);
    PyBuffer_Release(&vb);
    return done < 0 ? NULL : PyLong_FromSsize_t(done);
}

static PyMethodDef methods[] = {
    {"connect", connect, METH_VARARGS,
     "connect(Game, Sum, value_rest, value, outcome, winning_moves): called once by grundy.engine."},
    {"value", (PyCFunction)(void (*)(void))value, METH_FASTCALL | METH_KEYWORDS,
     "value(game, position) -> int: the Grundy value of position (a position of game or a "
     "Sum), memoised on game; grundy.value, compiled (see grundy.engine.value)."},
    {"outcome", (PyCFunction)(void (*)(void))outcome, METH_FASTCALL | METH_KEYWORDS,
     "outcome(game, position) -> 'P' | 'N': 'P' if the player to move loses with best play; "
     "grundy.outcome, compiled."},
    {"winning_moves", (PyCFunction)(void (*)(void))winning_moves, METH_FASTCALL | METH_KEYWORDS,
     "winning_moves(game, position) -> list: the options of position of value 0, in the order "
     "options() gives them; grundy.winning_moves, compiled."},
    {"dag_values", dag_values, METH_VARARGS,
     "dag_values(start, succ, values) -> int: the mex of every vertex's successors written "
     "into values, in reverse topological order; the number of vertices valued (fewer than "
     "n: a cycle)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "grundy.native._engine",
    "The engine's single calls compiled (see grundy.engine).", -1, methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__engine(void)
{
    s_memo = PyUnicode_InternFromString("_grundy_memo");
    s_options = PyUnicode_InternFromString("options");
    s_asks = PyUnicode_InternFromString("_grundy_asks");
    s_limit = PyUnicode_InternFromString("cache_limit");
    s_fast = PyUnicode_InternFromString("fast_value");
    s_P = PyUnicode_InternFromString("P");
    s_N = PyUnicode_InternFromString("N");
    if (!s_memo || !s_options || !s_asks || !s_limit || !s_fast || !s_P || !s_N)
        return NULL;
    return PyModule_Create(&module);
}
