/* grundy-cram: the compiled board search of _cram.c as a command of its own, without Python.
 *
 *     grundy-cram [--node-kayles] [--memory SIZE] [--second-order] [--time SECONDS] [--moves]
 *                 BOARD...
 *
 * prints the Grundy value of each BOARD (ROWSxCOLS, or rows such as '....|.#..': '.' a free
 * cell, '#' a blocked one) in Cram (or Node Kayles), one line each, as `grundy board` does
 * for one board; with --moves, after each value, `winning moves: N` and the N boards that the
 * winning moves leave, one a line, as `grundy analyze` lists them.  It is the same search,
 * compiled from the same file (this one includes _cram.c with CRAM_COMMAND set, leaving out
 * the Python module), for where a Python interpreter is in the way: a machine without one,
 * or a search whose memory is measured to the megabyte (the interpreter alone takes 8 MB).
 * Installing grundy builds it (setup.py), and the `grundy-cram` console script runs it.
 *
 * Bad input is one line `grundy-cram: error: ...` on stderr and exit status 2, nothing on
 * stdout for it; so are Ctrl-C and the end of --time.  On a terminal a status line on stderr
 * shows the components searched and the values kept, every 2^20 components.
 */
#define CRAM_COMMAND 1
#include "_cram.c"

#include <errno.h>
#include <signal.h>
#include <time.h>
#include <unistd.h>

static volatile sig_atomic_t interrupted = 0;
static double time_limit = 0.0;   /* seconds from the start, 0: none */
static int timed_out = 0;
static int status_line = 0;        /* stderr is a terminal: a status line is shown */
static char no_memory[80] = ""; /* what host_no_memory() was told */

static void on_signal(int sig)
{
    (void)sig;
    interrupted = 1;
}

static double seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static void host_no_memory(const char *text) { snprintf(no_memory, sizeof no_memory, "%s", text); }

static int host_tick(void)
{
    if (time_limit > 0 && seconds() > time_limit)
        timed_out = 1;
    if (status_line && (searched & (every - 1)) == 0)
        fprintf(stderr, "\r%llu components searched, %llu values kept ",
                (unsigned long long)searched, (unsigned long long)values_kept());
    return interrupted || timed_out;
}

static int usage(void)
{
    fputs("usage: grundy-cram [--node-kayles] [--memory SIZE] [--second-order] "
          "[--time SECONDS] [--moves] BOARD...\n"
          "  BOARD          ROWSxCOLS (3x14), or rows such as '....|.#..' ('#' a blocked cell)\n"
          "  --node-kayles  play Node Kayles on the board's grid, not Cram\n"
          "  --memory SIZE  the most the table grows to, such as 512M or 2G (32M unless told;\n"
          "                 slots of 12 bytes, rounded down to a power of two; boards past\n"
          "                 64 cells take up to 5/6 more)\n"
          "  --second-order try Cram's moves in the second order (a check of a value)\n"
          "  --time SECONDS stop after about this many seconds\n"
          "  --moves        after each value, the winning moves: how many, and the board\n"
          "                 each leaves ('#' the cells it takes)\n",
          stdout);
    return 0;
}

static int fail(const char *what, const char *given)
{
    if (status_line && searched >= every)
        fputs("\n", stderr);
    fprintf(stderr, "grundy-cram: error: %s%s%s\n", what, given ? ": " : "", given ? given : "");
    return 2;
}

/* SIZE as bytes (a number with K, M or G after it, or none); 0 if it is not one */
static unsigned long long read_size(const char *text)
{
    char *end;
    errno = 0;
    unsigned long long n = strtoull(text, &end, 10);
    if (end == text || errno != 0 || text[0] == '-')
        return 0;
    int shift = 0;
    if (*end == 'K' || *end == 'k')
        shift = 10;
    else if (*end == 'M' || *end == 'm')
        shift = 20;
    else if (*end == 'G' || *end == 'g')
        shift = 30;
    if (shift != 0)
        end++;
    if (*end != '\0' || n > (~0ull >> shift))
        return 0;
    return n << shift;
}

/* BOARD as its rows, columns and mask of free cells; 0 if it is one */
static int read_board(const char *text, int *h, int *w, Wide *m)
{
    int rows, cols, used;
    if (sscanf(text, "%dx%d%n", &rows, &cols, &used) == 2 && text[used] == '\0') {
        if (rows < 1 || cols < 1 || rows > 128 || cols > 128 || rows * cols > 128)
            return -1;
        *h = rows;
        *w = cols;
        *m = rows * cols == 128 ? ~(Wide)0 : ((Wide)1 << (rows * cols)) - 1;
        return 0;
    }
    int r = 0, c = 0, width = -1, cells = 0; /* bit r * width + c is the cells before */
    Wide free = 0;
    for (const char *p = text;; p++) {
        if (*p == '|' || *p == '\0') {
            if (c == 0 || (width >= 0 && c != width))
                return -1;
            width = c;
            r++;
            c = 0;
            if (*p == '\0')
                break;
        } else if ((*p == '.' || *p == '#') && cells < 128) {
            if (*p == '.')
                free |= (Wide)1 << cells;
            cells++;
            c++;
        } else {
            return -1;
        }
    }
    *h = r;
    *w = width;
    *m = free;
    return 0;
}

/* the board of h x w cells whose free cells are m, as rows of '.' (free) and '#' between '|' */
static void print_board(Wide m, int h, int w)
{
    for (int r = 0; r < h; r++) {
        if (r > 0)
            putchar('|');
        for (int c = 0; c < w; c++)
            putchar((m >> (r * w + c)) & 1 ? '.' : '#');
    }
    putchar('\n');
}

/* whether the free cells m of an h x w board (in `words` words) have the value 0; BAD on a stop */
static int is_zero(Wide m, int h, int w, int words)
{
    stopped = 0;
    root_value = -1;
    return words == 1 ? has_value_1((uint64_t)m, h, w, 0) : has_value_2(m, h, w, 0);
}

/* the winning moves of the free cells m: the options of value 0, asked one by one ("is your
 * value 0?", far cheaper than the option's value), into won (room for 2 * 128).  Cram's
 * dominoes across, row by row, then down; Node Kayles's cells, row by row, each taking its
 * neighbours too.  How many, or -1 on a stop */
static int winning_moves(Wide m, int h, int w, int words, Wide *won)
{
    int n = 0, cells = h * w;
    for (int pass = 0; pass < (rule == 0 ? 2 : 1); pass++)
        for (int i = 0; i < cells; i++) {
            int r = i / w, c = i % w;
            Wide take = (Wide)1 << i;
            if (rule == 1) {
                take |= c > 0 ? (Wide)1 << (i - 1) : 0;
                take |= c + 1 < w ? (Wide)1 << (i + 1) : 0;
                take |= r > 0 ? (Wide)1 << (i - w) : 0;
                take |= r + 1 < h ? (Wide)1 << (i + w) : 0;
            } else if (pass == 0 && c + 1 < w)
                take |= (Wide)1 << (i + 1);
            else if (pass == 1 && r + 1 < h)
                take |= (Wide)1 << (i + w);
            else
                continue;
            /* Cram takes both cells, free; Node Kayles takes a free cell and what is left of
             * its neighbours */
            if (rule == 0 ? (m & take) != take : !((m >> i) & 1))
                continue;
            int zero = is_zero(m & ~take, h, w, words);
            if (zero == BAD)
                return -1;
            if (zero)
                won[n++] = m & ~take;
        }
    return n;
}

/* the reason a search stopped, as grundy-cram's one line of error, for the board `given` */
static int stopped_on(const char *given)
{
    if (no_memory[0] != '\0')
        return fail(no_memory, NULL);
    if (timed_out)
        return fail("out of time", given);
    if (interrupted)
        return fail("interrupted", given);
    return fail("a value past 127", given);
}

int main(int argc, char **argv)
{
    unsigned long long memory = 32ull << 20;
    int which = 0, boards = 0, moves = 0;
    static Wide won[2 * 128]; /* the boards the winning moves leave (--moves) */
    /* the boards given, in order: as written, then as read (rows, columns, free cells) */
    const char **board = malloc((size_t)argc * sizeof *board);
    int *rows = malloc((size_t)argc * sizeof *rows), *cols = malloc((size_t)argc * sizeof *cols);
    Wide *free_cells = malloc((size_t)argc * sizeof *free_cells);
    if (board == NULL || rows == NULL || cols == NULL || free_cells == NULL)
        return fail("out of memory", NULL);
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0)
            return usage();
        if (strcmp(a, "--node-kayles") == 0)
            which = 1;
        else if (strcmp(a, "--second-order") == 0)
            other_axis = 1;
        else if (strcmp(a, "--moves") == 0)
            moves = 1;
        else if (strcmp(a, "--memory") == 0 || strcmp(a, "--time") == 0) {
            if (i + 1 == argc)
                return fail("this option needs a value", a);
            const char *given = argv[++i];
            if (a[2] == 'm') {
                memory = read_size(given);
                if (memory < (1ull << 20) || memory > (48ull << 30))
                    return fail("--memory takes 1M to 48G", given);
            } else {
                char *end;
                time_limit = strtod(given, &end);
                if (end == given || *end != '\0' || !(time_limit > 0 && time_limit < 1e9))
                    return fail("--time takes a number of seconds above 0", given);
            }
        } else if (a[0] == '-' && a[1] != '\0')
            return fail("no such option", a);
        else
            board[boards++] = a;
    }
    if (boards == 0)
        return fail("no board given (grundy-cram --help)", NULL);
    uint64_t slots = 1024; /* the most 12-byte slots within `memory`, a power of two */
    while (slots * 2 * 12 <= memory && slots < (1ull << 32))
        slots *= 2;
    most_slots_1 = slots;
    most_slots_2 = slots / 2;

    /* every board is read before any is searched: a bad one prints nothing */
    for (int i = 0; i < boards; i++)
        if (read_board(board[i], &rows[i], &cols[i], &free_cells[i]) < 0)
            return fail("not a board of 1 to 128 cells (ROWSxCOLS, or rows of '.' and '#' "
                        "between '|')", board[i]);
    status_line = isatty(2);
    if (time_limit > 0)
        time_limit += seconds();
    signal(SIGINT, on_signal);
    signal(SIGTERM, on_signal);
    rule = which;
    for (int i = 0; i < boards; i++) {
        int h = rows[i], w = cols[i];
        Wide m = free_cells[i];
        int words = h * w <= 64 ? 1 : 2;
        if (ensure_table_1() < 0 || (words == 2 && ensure_table_2() < 0))
            return fail(no_memory, NULL);
        stopped = 0;
        root_value = -1;
        int v = words == 1 ? board_value_1((uint64_t)m, h, w) : board_value_2(m, h, w);
        /* a board of value 0 has no winning move: none is asked */
        int n = v == BAD || !moves || v == 0 ? 0 : winning_moves(m, h, w, words, won);
        if (v == BAD || n < 0)
            return stopped_on(board[i]);
        if (status_line && searched >= every)
            fputs("\r\033[K", stderr);
        printf("%d\n", v);
        if (moves)
            printf("winning moves: %d\n", n);
        for (int j = 0; j < n; j++)
            print_board(won[j], h, w);
        fflush(stdout);
    }
    return 0;
}
