/* grundy.native._speedups: the optional compiled kernel of the nim product.
 *
 * grundy works without it: the NumPy kernels of grundy.nimber.arrays and the NumPy reader of
 * grundy.formats._nim_numpy compute the same things, and the tests check that both
 * agree with each other and with grundy.nimber (the scalar truth).  It exists because
 * benchmarks/nim_product.py showed that the NumPy path cannot beat a compiled program
 * on the Library Checker format: starting NumPy alone takes about half of that
 * program's run time.
 *
 * Three functions, each releasing the GIL while it works (grundy calls the first two
 * from two threads on two halves of the work):
 *
 *   mul(a, b, out)                 out[i] = a[i] (x) b[i] on contiguous uint64 buffers
 *   products(data, start, stop)    the lines "A B" of data[start:stop] -> (count, text)
 *                                  with text the products, one per line; None unless
 *                                  every line holds two numbers of 1 to 20 digits below
 *                                  2**64 between blanks (blank lines only at the end of
 *                                  data): the caller then reads them the careful way.
 *   read_file(fd, size)            the next size bytes of a file, read into memory backed
 *                                  by large pages where Linux offers them.
 *
 * It needs a POSIX system (read, and madvise on Linux); elsewhere the build skips it.
 *
 * The product: a 64-bit nimber is four 16-bit digits.  Karatsuba over the tower
 * 16 -> 32 -> 64 bits (F*F = F + F/2, with F = 2**16 and 2**32) needs nine products of
 * 16-bit digits, each a look-up in the log/exp tables of the 16-bit field; the
 * constants 2**15 and 2**15 (x) 2**15 of the tower are folded into the logs.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>
#include <errno.h>
#include <unistd.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

typedef uint64_t u64;
typedef uint32_t u32;
typedef uint16_t u16;
typedef uint8_t u8;

/* -- the 16-bit field --------------------------------------------------------------- */

#define ORDER 65535u            /* order of the multiplicative group */
#define ZERO_LOG (3u * ORDER)   /* log of 0: any sum with it lands in the zero tail of EXP */
#define GENERATOR 258u          /* a generator of the group (checked when the tables are built) */

static u32 LOG[65536];
static u16 EXP[3u * ORDER + ZERO_LOG + ORDER];  /* g**i for i < 3 * ORDER, then zeros */
static u32 L15, L15SQ;                         /* logs of 2**15 and of 2**15 (x) 2**15 */

/* Nim product of a, b < 2**(2 half) by plain Karatsuba recursion (builds the tables). */
static u32 slow_mul(u32 a, u32 b, u32 half)
{
    static const u8 two_bits[4][4] = {{0, 0, 0, 0}, {0, 1, 2, 3}, {0, 2, 3, 1}, {0, 3, 1, 2}};
    if (a < 2 || b < 2)
        return a * b;
    if (half == 1)
        return two_bits[a][b];
    u32 mask = (1u << half) - 1, a1 = a >> half, a0 = a & mask, b1 = b >> half, b0 = b & mask;
    u32 low = slow_mul(a0, b0, half / 2);
    u32 mid = slow_mul(a0 ^ a1, b0 ^ b1, half / 2) ^ low;
    u32 high = slow_mul(a1, b1, half / 2);
    return (mid << half) ^ low ^ slow_mul(high, 1u << (half - 1), half / 2);
}

/* 0 on success, -1 if GENERATOR does not generate the group. */
static int build_tables(void)
{
    /* x -> x (x) g is GF(2)-linear: tabulate it on each byte of x */
    u16 low[256], high[256];
    low[0] = high[0] = 0;
    for (u32 i = 1; i < 256; i++) {
        u32 bit = 0;
        while (!(i >> bit & 1))
            bit++;
        low[i] = (u16)(low[i & (i - 1)] ^ slow_mul(1u << bit, GENERATOR, 8));
        high[i] = (u16)(high[i & (i - 1)] ^ slow_mul(1u << (bit + 8), GENERATOR, 8));
    }
    memset(LOG, 0, sizeof LOG);
    u32 x = 1;
    for (u32 i = 0; i < ORDER; i++) {
        if (i > 0 && x == 1)
            return -1;
        EXP[i] = EXP[i + ORDER] = EXP[i + 2 * ORDER] = (u16)x;
        LOG[x] = i;
        x = low[x & 255] ^ high[x >> 8];
    }
    if (x != 1)
        return -1;
    memset(EXP + 3 * ORDER, 0, (ZERO_LOG + ORDER) * sizeof(u16));
    LOG[0] = ZERO_LOG;
    L15 = LOG[1u << 15];
    L15SQ = LOG[slow_mul(1u << 15, 1u << 15, 8)];
    return 0;
}

/* The nim product of two 64-bit nimbers.
 * With a = A1 2**32 + A0 (and so on) and P = A0 B0, Q = A1 B1, R = (A0 + A1)(B0 + B1):
 * a (x) b = (R + P) 2**32 + P + Q (x) 2**31, each 32-bit product again three 16-bit ones. */
static inline u64 nim_mul64(u64 a, u64 b)
{
    u16 a0 = (u16)a, a1 = (u16)(a >> 16), a2 = (u16)(a >> 32), a3 = (u16)(a >> 48);
    u16 b0 = (u16)b, b1 = (u16)(b >> 16), b2 = (u16)(b >> 32), b3 = (u16)(b >> 48);
    u16 c0 = a0 ^ a2, c1 = a1 ^ a3, d0 = b0 ^ b2, d1 = b1 ^ b3;
    /* sums of logs: [lo, hi, lo^hi] digits of A0 B0, A1 B1 and (A0+A1)(B0+B1) */
    u32 s0 = LOG[a0] + LOG[b0], s1 = LOG[a1] + LOG[b1], s2 = LOG[a0 ^ a1] + LOG[b0 ^ b1];
    u32 s3 = LOG[a2] + LOG[b2], s4 = LOG[a3] + LOG[b3], s5 = LOG[a2 ^ a3] + LOG[b2 ^ b3];
    u32 s6 = LOG[c0] + LOG[d0], s7 = LOG[c1] + LOG[d1], s8 = LOG[c0 ^ c1] + LOG[d0 ^ d1];
    u16 g0 = EXP[s0], g1 = EXP[s1 + L15], g2 = EXP[s2];
    u16 g6 = EXP[s6], g7 = EXP[s7 + L15], g8 = EXP[s8];
    u16 g9 = EXP[s4 + L15SQ], g10 = EXP[s5 + L15], g11 = EXP[s5 + L15SQ], g12 = EXP[s3 + L15SQ];
    u16 p1 = g2 ^ g0, p0 = g0 ^ g1;  /* P = A0 B0, the 32-bit Karatsuba on 16-bit digits */
    u16 r3 = p1 ^ g8 ^ g6, r2 = p0 ^ g6 ^ g7, r1 = p1 ^ g9 ^ g10, r0 = p0 ^ g11 ^ g12;
    return (u64)r3 << 48 | (u64)r2 << 32 | (u64)r1 << 16 | r0;
}

/* -- reading decimal numbers ------------------------------------------------------- */

static const u64 POW10[20] = {
    1ull, 10ull, 100ull, 1000ull, 10000ull, 100000ull, 1000000ull, 10000000ull,
    100000000ull, 1000000000ull, 10000000000ull, 100000000000ull, 1000000000000ull,
    10000000000000ull, 100000000000000ull, 1000000000000000ull, 10000000000000000ull,
    100000000000000000ull, 1000000000000000000ull, 10000000000000000000ull};

#if defined(__GNUC__) && defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define SWAR 1  /* eight digits at a time in a 64-bit word (GCC and Clang, little-endian) */

static inline u64 load8(const u8 *p)
{
    u64 w;
    memcpy(&w, p, 8);
    return w;
}

/* High bit set in each byte that is not a digit; exact for the lowest such byte (a
 * carry only ever runs upwards from a byte that is itself flagged). */
static inline u64 non_digits(u64 w)
{
    u64 x = w ^ 0x3030303030303030ull;  /* digits become 0..9, every other byte is not */
    return (x | (x + 0x7676767676767676ull)) & 0x8080808080808080ull;
}

/* The value of eight digits, the first in the lowest byte (bytes of 0 count as 0). */
static inline u64 eight_digits(u64 w)
{
    w = ((w & 0x0F0F0F0F0F0F0F0Full) * 2561) >> 8;
    w = ((w & 0x00FF00FF00FF00FFull) * 6553601) >> 16;
    return ((w & 0x0000FFFF0000FFFFull) * 42949672960001ull) >> 32;
}

#endif

/* The number at *pp: 1 to 20 digits, below 2**64.  Moves *pp past it; 0 if there is
 * no such number there. */
static inline int read_number(const u8 **pp, const u8 *end, u64 *value)
{
    const u8 *p = *pp;
    size_t len;
#ifdef SWAR
    if (end - p >= 24) {
        u64 m = non_digits(load8(p));
        if (m) {
            len = (size_t)__builtin_ctzll(m) >> 3;
        } else if ((m = non_digits(load8(p + 8)))) {
            len = 8 + ((size_t)__builtin_ctzll(m) >> 3);
        } else if ((m = non_digits(load8(p + 16)))) {
            len = 16 + ((size_t)__builtin_ctzll(m) >> 3);
        } else {
            return 0;
        }
        if (len == 0 || len > 20)
            return 0;
        /* right-aligned groups of eight digits; the first group shifted to hold zeros */
        size_t first = (len - 1) % 8 + 1;
        u64 top = eight_digits(load8(p) << (8 * (8 - first)));
        if (len <= 8) {
            *value = top;
        } else if (len <= 16) {
            *value = top * 100000000ull + eight_digits(load8(p + first));
        } else {
            u64 rest = eight_digits(load8(p + first)) * 100000000ull + eight_digits(load8(p + first + 8));
            /* 2**64 - 1 = 1844 6744073709551615 */
            if (top >= 1844 && (top > 1844 || rest > 6744073709551615ull))
                return 0;
            *value = top * 10000000000000000ull + rest;
        }
        *pp = p + len;
        return 1;
    }
#endif
    u64 v = 0;
    for (len = 0; p + len < end && p[len] >= '0' && p[len] <= '9'; len++) {
        if (len == 20)
            return 0;
        u64 digit = (u64)(p[len] - '0');
        if (len == 19 && (v > 1844674407370955161ull || (v == 1844674407370955161ull && digit > 5)))
            return 0;
        v = v * 10 + digit;
    }
    if (len == 0)
        return 0;
    *value = v;
    *pp = p + len;
    return 1;
}

/* -- writing decimal numbers ------------------------------------------------------- */

static char PAIRS[200];  /* "00" "01" ... "99" */

/* Writes x < 10**8 as exactly eight digits at p. */
static inline void write8(char *p, u32 x)
{
    u32 hi = x / 10000, lo = x % 10000;
    memcpy(p, PAIRS + 2 * (hi / 100), 2);
    memcpy(p + 2, PAIRS + 2 * (hi % 100), 2);
    memcpy(p + 4, PAIRS + 2 * (lo / 100), 2);
    memcpy(p + 6, PAIRS + 2 * (lo % 100), 2);
}

/* Writes x < 10**8 without leading zeros at p; returns the end. */
static inline char *write_short(char *p, u32 x)
{
    char digits[16];  /* 8 digits, then room for the 8-byte copy below to read from */
    int n = 1;
    while (n < 8 && x >= (u32)POW10[n])
        n++;
    write8(digits, x);
    memcpy(p, digits + 8 - n, 8);  /* the caller leaves 8 bytes of room */
    return p + n;
}

/* Writes v in decimal and a newline at p (with 24 bytes of room); returns the end. */
static inline char *write_line(char *p, u64 v)
{
    if (v < 100000000ull) {
        p = write_short(p, (u32)v);
    } else {
        u64 high = v / 100000000ull;
        u32 low = (u32)(v - high * 100000000ull);
        if (high < 100000000ull) {
            p = write_short(p, (u32)high);
        } else {
            u32 top = (u32)(high / 100000000ull);
            p = write_short(p, top);
            write8(p, (u32)(high - (u64)top * 100000000ull));
            p += 8;
        }
        write8(p, low);
        p += 8;
    }
    *p = '\n';
    return p + 1;
}

/* -- the Python functions ---------------------------------------------------------- */

/* Asks for 2 MB pages under a big buffer about to be written: far fewer page faults
 * (each costs microseconds, more in a virtual machine).  Only a hint. */
static void advise_huge_pages(void *buffer, Py_ssize_t size)
{
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    uintptr_t huge = (uintptr_t)1 << 21, lo = ((uintptr_t)buffer + huge - 1) & ~(huge - 1);
    uintptr_t hi = ((uintptr_t)buffer + (uintptr_t)size) & ~(huge - 1);
    if (hi > lo)
        madvise((void *)lo, hi - lo, MADV_HUGEPAGE);
#else
    (void)buffer;
    (void)size;
#endif
}

static inline int is_blank(u8 c)  /* what bytes.split() splits on, but the newline */
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

static inline const u8 *skip_blanks(const u8 *p, const u8 *end)
{
    while (p < end && is_blank(*p))
        p++;
    return p;
}

static int only_blank_lines(const u8 *p, const u8 *end)
{
    for (; p < end; p++)
        if (!is_blank(*p) && *p != '\n')
            return 0;
    return 1;
}

/* Products of the lines of [p, end) written to [out, limit).  A line is two numbers
 * with blanks (space, tab, \r, \v, \f) between them and any blanks around them, as
 * Python's bytes.split() reads it; blank lines may only close the input (at_end: the
 * chunk ends the input).  Returns the number of lines, or -1 for anything else (or,
 * which cannot happen, products that do not fit). */
static Py_ssize_t products_into(const u8 *p, const u8 *end, int at_end, char *out, char *limit,
                                char **out_end)
{
    enum { BATCH = 256 };  /* lines read, then multiplied, then written: each loop stays simple */
    u64 a[BATCH], b[BATCH];
    Py_ssize_t count = 0;
    while (p < end) {
        int n = 0;
        for (; n < BATCH && p < end; n++) {
            p = skip_blanks(p, end);
            if (p == end || *p == '\n') {  /* a blank line */
                if (!at_end || !only_blank_lines(p, end))
                    return -1;
                p = end;
                break;
            }
            if (!read_number(&p, end, &a[n]) || p == end || !is_blank(*p))
                return -1;
            p = skip_blanks(p, end);
            if (!read_number(&p, end, &b[n]))
                return -1;
            p = skip_blanks(p, end);
            if (p < end && *p++ != '\n')
                return -1;
        }
        for (int i = 0; i < n; i++)
            a[i] = nim_mul64(a[i], b[i]);
        for (int i = 0; i < n; i++) {
            if (limit - out < 32)  /* a line and write_line's slack */
                return -1;
            out = write_line(out, a[i]);
        }
        count += n;
    }
    *out_end = out;
    return count;
}

static PyObject *products(PyObject *self, PyObject *args)
{
    Py_buffer data;
    Py_ssize_t start, stop;
    (void)self;
    if (!PyArg_ParseTuple(args, "y*nn:products", &data, &start, &stop))
        return NULL;
    if (start < 0 || stop > data.len || start > stop) {
        PyBuffer_Release(&data);
        PyErr_SetString(PyExc_ValueError, "products: need 0 <= start <= stop <= len(data)");
        return NULL;
    }
    /* A product is below 2**(2e) for factors below 2**e (the smallest nimber field
       holding them), so it has at most 2d + 1 digits for factors of at most d digits:
       an output line is at most twice as long as its input line "A B\n" (d + 3 bytes
       or more).  32 bytes more: the slack write_line wants beyond the last line. */
    Py_ssize_t room = 2 * (stop - start) + 32;
    PyObject *text = PyBytes_FromStringAndSize(NULL, room);
    if (text == NULL) {
        PyBuffer_Release(&data);
        return NULL;
    }
    char *out = PyBytes_AS_STRING(text), *out_end = out;
    advise_huge_pages(out, room);
    const u8 *base = (const u8 *)data.buf;
    Py_ssize_t count;
    Py_BEGIN_ALLOW_THREADS
    count = products_into(base + start, base + stop, stop == data.len, out, out + room, &out_end);
    Py_END_ALLOW_THREADS
    PyBuffer_Release(&data);
    if (count < 0) {
        Py_DECREF(text);
        Py_RETURN_NONE;
    }
    if (_PyBytes_Resize(&text, out_end - out) < 0)
        return NULL;
    return Py_BuildValue("(nN)", count, text);
}

static PyObject *mul(PyObject *self, PyObject *args)
{
    Py_buffer a, b, out;
    (void)self;
    if (!PyArg_ParseTuple(args, "y*y*w*:mul", &a, &b, &out))
        return NULL;
    PyObject *result = NULL;
    if (a.len != b.len || a.len != out.len || a.len % 8 != 0) {
        PyErr_SetString(PyExc_ValueError, "mul: a, b and out must hold the same number of uint64");
    } else {
        Py_ssize_t n = a.len / 8;
        const u8 *x = (const u8 *)a.buf, *y = (const u8 *)b.buf;
        u8 *z = (u8 *)out.buf;
        Py_BEGIN_ALLOW_THREADS
        for (Py_ssize_t i = 0; i < n; i++) {
            u64 u, v, w;
            memcpy(&u, x + 8 * i, 8);  /* the buffers need not be aligned */
            memcpy(&v, y + 8 * i, 8);
            w = nim_mul64(u, v);
            memcpy(z + 8 * i, &w, 8);
        }
        Py_END_ALLOW_THREADS
        result = Py_NewRef(Py_None);
    }
    PyBuffer_Release(&a);
    PyBuffer_Release(&b);
    PyBuffer_Release(&out);
    return result;
}

/* read_file(fd, size): the next `size` bytes of a file (fewer if it ends sooner). */
static PyObject *read_file(PyObject *self, PyObject *args)
{
    int fd;
    Py_ssize_t size, got = 0;
    (void)self;
    if (!PyArg_ParseTuple(args, "in:read_file", &fd, &size))
        return NULL;
    if (size < 0) {
        PyErr_SetString(PyExc_ValueError, "read_file: size must be >= 0");
        return NULL;
    }
    PyObject *data = PyBytes_FromStringAndSize(NULL, size);
    if (data == NULL)
        return NULL;
    char *buffer = PyBytes_AS_STRING(data);
    advise_huge_pages(buffer, size);
    int error = 0;
    Py_BEGIN_ALLOW_THREADS
    while (got < size) {
        ssize_t n = read(fd, buffer + got, (size_t)(size - got));
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            error = n < 0 ? errno : 0;
            break;
        }
        got += n;
    }
    Py_END_ALLOW_THREADS
    if (error) {
        Py_DECREF(data);
        errno = error;
        return PyErr_SetFromErrno(PyExc_OSError);
    }
    if (got < size && _PyBytes_Resize(&data, got) < 0)
        return NULL;
    return data;
}

static PyMethodDef methods[] = {
    {"products", products, METH_VARARGS,
     "products(data, start, stop) -> (count, text) | None: the nim products of the lines "
     "'A B' of data[start:stop], one per line (None if a line is not two numbers)."},
    {"read_file", read_file, METH_VARARGS,
     "read_file(fd, size) -> bytes: the next size bytes of a file (fewer if it ends sooner), "
     "read into memory backed by large pages where the system offers them."},
    {"mul", mul, METH_VARARGS,
     "mul(a, b, out): out[i] = a[i] (x) b[i] on contiguous buffers of native uint64."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "grundy.native._speedups",
    "The optional compiled nim-product kernel (see grundy.nimber.arrays).", -1, methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__speedups(void)
{
    if (build_tables() < 0) {
        PyErr_SetString(PyExc_ImportError, "grundy.native._speedups: the 16-bit field tables are inconsistent");
        return NULL;
    }
    for (int i = 0; i < 100; i++) {
        PAIRS[2 * i] = (char)('0' + i / 10);
        PAIRS[2 * i + 1] = (char)('0' + i % 10);
    }
    return PyModule_Create(&module);
}
