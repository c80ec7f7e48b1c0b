/* The FreeCell solver's move generator in C: `children` of engine/freecell_moves.py.

   The solver spends half its time listing a position's children (issue 11: a deal at the
   99th percentile took about 100 ms, half of it here). This is the same generator, move for
   move and in the same order, so every search keeps its lines; engine/freecell_moves.py
   falls back on its Python version where this was not built. See that module for the
   position's layout: a column is bytes (one card a byte, bottom first), a card rank * 4 +
   suit, the cells four ints (0 empty), the foundations four ranks.

   What the solver relies on beyond the moves: a child keeps its parent's cells and
   foundations objects when they did not change (it tests `is` to know no card went up),
   and new columns and cells are shared through `columns.interned`, so positions that hold
   the same column hold one object. */

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#define CELLS_BASE 8
#define FOUNDATION 12
#define NO_COLUMN 8
#define MAX_RUN 13
#define MAX_COLUMN 64 /* longer than any column can be: 7 dealt plus a run of 12 */

typedef unsigned long long Bits; /* a set of cards, bit `card` set; cards are under 56 */

static int red[56];
static int onto_a[56], onto_b[56]; /* the two cards `card` may go onto, the lower first */
static const int other[4][2] = {{1, 2}, {0, 3}, {0, 3}, {1, 2}};

#define BIT(card) (1ULL << (card))

typedef struct {
    PyObject *cols_obj[8];
    const unsigned char *col[8];
    Py_ssize_t len[8];
    PyObject *cells_obj, *found_obj, *interned, *out;
    int cells[4], found[4];
    Bits up, safe;
} Parent;

typedef struct {
    const unsigned char *col[8];
    Py_ssize_t len[8];
    unsigned char built[MAX_COLUMN]; /* the one column a move adds cards to */
    int cells[4], found[4];
} Child;

static void limits_of(const int *found, int *limit) {
    for (int s = 0; s < 4; s++) {
        int a = found[other[s][0]], b = found[other[s][1]];
        int low = (a < b ? a : b) + 1;
        limit[s] = low > 2 ? low : 2;
    }
}

/* Send every safe card up, to the fixed point (as freecell_moves.auto). */
static void child_auto(Child *ch) {
    for (;;) {
        int limit[4], safe_cards[4], n = 0, went = 0;
        limits_of(ch->found, limit);
        for (int s = 0; s < 4; s++) {
            int rank = ch->found[s];
            if (rank < 13 && rank + 1 <= limit[s])
                safe_cards[n++] = (rank + 1) * 4 + s;
        }
        for (int k = 0; k < n; k++) {
            int c = safe_cards[k], done = 0;
            for (int ci = 0; ci < 4 && !done; ci++)
                if (ch->cells[ci] == c) {
                    ch->cells[ci] = 0;
                    done = 1;
                }
            for (int i = 0; i < 8 && !done; i++)
                if (ch->len[i] && ch->col[i][ch->len[i] - 1] == c) {
                    ch->len[i]--;
                    done = 1;
                }
            if (done) {
                ch->found[c & 3]++;
                went = 1;
            }
        }
        if (!went)
            return;
    }
}

static void child_from(Child *ch, const Parent *p) {
    memcpy(ch->col, p->col, sizeof ch->col);
    memcpy(ch->len, p->len, sizeof ch->len);
    memcpy(ch->cells, p->cells, sizeof ch->cells);
    memcpy(ch->found, p->found, sizeof ch->found);
}

/* Column j of the child becomes the parent's column j with `count` cards from `from` on top. */
static void child_build(Child *ch, const Parent *p, int j, const unsigned char *from, Py_ssize_t count) {
    memcpy(ch->built, p->col[j], p->len[j]);
    memcpy(ch->built + p->len[j], from, count);
    ch->col[j] = ch->built;
    ch->len[j] = p->len[j] + count;
}

/* The shared object equal to `obj` (a new reference), or NULL on error; steals `obj`. */
static PyObject *shared(PyObject *interned, PyObject *obj) {
    if (obj == NULL)
        return NULL;
    PyObject *kept = PyDict_SetDefault(interned, obj, obj);
    Py_XINCREF(kept);
    Py_DECREF(obj);
    return kept;
}

static PyObject *int_tuple(PyObject *interned, const int *values) {
    PyObject *t = Py_BuildValue("(iiii)", values[0], values[1], values[2], values[3]);
    return interned == NULL ? t : shared(interned, t);
}

/* Append (move, columns, cells, foundations); new_cells / new_found: make them from the
   child rather than keep the parent's objects. 0 on success, -1 on error. */
static int emit(Parent *p, Child *ch, int src, int dst, int count, int new_cells, int new_found) {
    PyObject *cols = PyTuple_New(8);
    if (cols == NULL)
        return -1;
    for (int k = 0; k < 8; k++) {
        PyObject *col;
        if (ch->col[k] == p->col[k] && ch->len[k] == p->len[k]) {
            col = p->cols_obj[k];
            Py_INCREF(col);
        } else {
            col = shared(p->interned, PyBytes_FromStringAndSize((const char *)ch->col[k], ch->len[k]));
            if (col == NULL) {
                Py_DECREF(cols);
                return -1;
            }
        }
        PyTuple_SET_ITEM(cols, k, col);
    }
    PyObject *cells, *found;
    if (new_cells) {
        cells = int_tuple(p->interned, ch->cells);
    } else {
        cells = p->cells_obj;
        Py_INCREF(cells);
    }
    if (new_found) {
        found = int_tuple(NULL, ch->found);
    } else {
        found = p->found_obj;
        Py_INCREF(found);
    }
    PyObject *child = NULL;
    if (cells != NULL && found != NULL)
        child = Py_BuildValue("((iii)NNN)", src, dst, count, cols, cells, found);
    else {
        Py_DECREF(cols);
        Py_XDECREF(cells);
        Py_XDECREF(found);
    }
    if (child == NULL)
        return -1;
    int failed = PyList_Append(p->out, child);
    Py_DECREF(child);
    return failed;
}

static int top_of(const Parent *p, int i) { return p->len[i] ? p->col[i][p->len[i] - 1] : 0; }

static int column_of_top(const int *tops, int card) {
    for (int i = 0; i < 8; i++)
        if (tops[i] == card)
            return i;
    return NO_COLUMN;
}

static int read_ints(PyObject *tuple, int *values, const char *what) {
    if (!PyTuple_Check(tuple) || PyTuple_GET_SIZE(tuple) != 4) {
        PyErr_Format(PyExc_TypeError, "%s must be a tuple of four ints", what);
        return -1;
    }
    for (int k = 0; k < 4; k++) {
        long v = PyLong_AsLong(PyTuple_GET_ITEM(tuple, k));
        if (v == -1 && PyErr_Occurred())
            return -1;
        if (v < 0 || v > 55) {
            PyErr_Format(PyExc_ValueError, "%s holds %ld, not a card or rank", what, v);
            return -1;
        }
        values[k] = (int)v;
    }
    return 0;
}

static int read_position(Parent *p, PyObject *cols, PyObject *cells, PyObject *found) {
    if (!PyTuple_Check(cols) || PyTuple_GET_SIZE(cols) != 8) {
        PyErr_SetString(PyExc_TypeError, "columns must be a tuple of eight bytes");
        return -1;
    }
    for (int i = 0; i < 8; i++) {
        PyObject *col = PyTuple_GET_ITEM(cols, i);
        if (!PyBytes_Check(col) || PyBytes_GET_SIZE(col) > MAX_COLUMN - MAX_RUN) {
            PyErr_SetString(PyExc_TypeError, "a column must be bytes of at most 51 cards");
            return -1;
        }
        p->cols_obj[i] = col;
        p->col[i] = (const unsigned char *)PyBytes_AS_STRING(col);
        p->len[i] = PyBytes_GET_SIZE(col);
        for (Py_ssize_t k = 0; k < p->len[i]; k++)
            if (p->col[i][k] < 4 || p->col[i][k] > 55) {
                PyErr_SetString(PyExc_ValueError, "a column holds a byte that is not a card");
                return -1;
            }
    }
    if (read_ints(cells, p->cells, "cells") || read_ints(found, p->found, "foundations"))
        return -1;
    for (int ci = 0; ci < 4; ci++)
        if (p->cells[ci] > 0 && p->cells[ci] < 4) {
            PyErr_SetString(PyExc_ValueError, "a cell holds a number that is not a card");
            return -1;
        }
    for (int s = 0; s < 4; s++)
        if (p->found[s] > 13) {
            PyErr_SetString(PyExc_ValueError, "a foundation's rank is at most 13");
            return -1;
        }
    p->cells_obj = cells;
    p->found_obj = found;
    return 0;
}

/* The moves of one column i (as the second half of freecell_moves.children). */
static int column_moves(Parent *p, int i, const int *tops, Bits tops_bits, int limit, int limit_empty,
                        int first_empty, int first_cell, int whole_runs, const int *undo) {
    Py_ssize_t n = p->len[i];
    const unsigned char *col = p->col[i];
    int top = col[n - 1];
    Child ch;
    if (BIT(top) & p->up) {
        child_from(&ch, p);
        ch.len[i] = n - 1;
        ch.found[top & 3]++;
        child_auto(&ch);
        if (emit(p, &ch, i, FOUNDATION, 1, 1, 1))
            return -1;
    }
    int run = 1;
    while (run < n) {
        int upper = col[n - run], lower = col[n - run - 1];
        if ((lower >> 2) != (upper >> 2) + 1 || red[lower] == red[upper])
            break;
        run++;
    }
    int reach = limit < MAX_RUN ? limit : MAX_RUN;
    Bits onto_reach = 0;
    for (int d = 0; d < run && d < reach; d++)
        onto_reach |= BIT(onto_a[col[n - 1 - d]]) | BIT(onto_b[col[n - 1 - d]]);
    if (onto_reach & tops_bits) {
        for (int count = 1; count <= run; count++) {
            if (count > limit)
                break;
            int card = col[n - count], a = onto_a[card], b = onto_b[card];
            if (!((BIT(a) | BIT(b)) & tops_bits))
                continue;
            Bits below = n > count ? BIT(col[n - count - 1]) : 0;
            if (whole_runs && count < run && !(below & p->up))
                continue;
            int ja = BIT(a) & tops_bits ? column_of_top(tops, a) : NO_COLUMN;
            int jb = BIT(b) & tops_bits ? column_of_top(tops, b) : NO_COLUMN;
            int order[2] = {ja < jb ? ja : jb, ja < jb ? jb : ja};
            for (int k = 0; k < 2; k++) {
                int j = order[k];
                if (j == NO_COLUMN || (undo[0] == i && undo[1] == j && undo[2] == count))
                    continue;
                child_from(&ch, p);
                ch.len[i] = n - count;
                child_build(&ch, p, j, col + n - count, count);
                int went = (below & p->safe) != 0;
                if (went)
                    child_auto(&ch);
                if (emit(p, &ch, i, j, count, went, went))
                    return -1;
            }
        }
    }
    if (first_empty >= 0) {
        int count = run < limit_empty ? run : limit_empty;
        /* moving a whole column into an empty one changes nothing */
        if (n > count && !(undo[0] == i && undo[1] == first_empty && undo[2] == count)) {
            Bits below = BIT(col[n - count - 1]);
            child_from(&ch, p);
            ch.len[i] = n - count;
            ch.col[first_empty] = col + n - count;
            ch.len[first_empty] = count;
            int went = (below & p->safe) != 0;
            if (went)
                child_auto(&ch);
            if (emit(p, &ch, i, first_empty, count, went, went))
                return -1;
        }
    }
    if (first_cell >= 0 && !(undo[0] == i && undo[1] == CELLS_BASE + first_cell && undo[2] == 1)) {
        Bits below = n > 1 ? BIT(col[n - 2]) : 0;
        child_from(&ch, p);
        ch.len[i] = n - 1;
        ch.cells[first_cell] = top;
        int went = (below & p->safe) != 0;
        if (went)
            child_auto(&ch);
        if (emit(p, &ch, i, CELLS_BASE + first_cell, 1, 1, went))
            return -1;
    }
    return 0;
}

/* The moves out of the free cells (as the first half of freecell_moves.children). */
static int cell_moves(Parent *p, const int *tops, Bits tops_bits, int first_empty, const int *undo) {
    Child ch;
    for (int ci = 0; ci < 4; ci++) {
        int c = p->cells[ci];
        if (!c)
            continue;
        if (BIT(c) & p->up) {
            child_from(&ch, p);
            ch.cells[ci] = 0;
            ch.found[c & 3]++;
            child_auto(&ch);
            if (emit(p, &ch, CELLS_BASE + ci, FOUNDATION, 1, 1, 1))
                return -1;
        }
        int a = onto_a[c], b = onto_b[c], targets[3], n = 0;
        if ((BIT(a) | BIT(b)) & tops_bits) {
            int ja = BIT(a) & tops_bits ? column_of_top(tops, a) : NO_COLUMN;
            int jb = BIT(b) & tops_bits ? column_of_top(tops, b) : NO_COLUMN;
            int lo = ja < jb ? ja : jb, hi = ja < jb ? jb : ja;
            if (lo != NO_COLUMN)
                targets[n++] = lo;
            if (hi != NO_COLUMN)
                targets[n++] = hi;
        } else if (first_empty < 0) {
            continue;
        }
        if (first_empty >= 0)
            targets[n++] = first_empty;
        for (int k = 0; k < n; k++) {
            int j = targets[k];
            if (undo[0] == CELLS_BASE + ci && undo[1] == j && undo[2] == 1)
                continue;
            unsigned char card = (unsigned char)c;
            child_from(&ch, p);
            child_build(&ch, p, j, &card, 1);
            ch.cells[ci] = 0;
            if (emit(p, &ch, CELLS_BASE + ci, j, 1, 1, 0))
                return -1;
        }
    }
    return 0;
}

static int generate(Parent *p, PyObject *back, int whole_runs) {
    int limit_now[4];
    limits_of(p->found, limit_now);
    p->up = p->safe = 0;
    for (int s = 0; s < 4; s++) {
        int rank = p->found[s];
        if (rank < 13) {
            p->up |= BIT((rank + 1) * 4 + s);
            if (rank + 1 <= limit_now[s])
                p->safe |= BIT((rank + 1) * 4 + s);
        }
    }
    int free = 0, first_cell = -1;
    Bits cell_bits = 0, cell_onto = 0;
    for (int ci = 0; ci < 4; ci++) {
        int c = p->cells[ci];
        if (!c) {
            free++;
            if (first_cell < 0)
                first_cell = ci;
        } else {
            cell_bits |= BIT(c);
            cell_onto |= BIT(onto_a[c]) | BIT(onto_b[c]);
        }
    }
    int tops[8], empties = 0, first_empty = -1;
    Bits tops_bits = 0;
    for (int i = 0; i < 8; i++) {
        tops[i] = top_of(p, i);
        if (tops[i])
            tops_bits |= BIT(tops[i]);
        else {
            empties++;
            if (first_empty < 0)
                first_empty = i;
        }
    }
    int limit = (free + 1) << empties;
    int limit_empty = empties ? (free + 1) << (empties - 1) : 0;
    int undo[3] = {-1, -1, -1}; /* the move that would take `back` back: not generated */
    if (back != Py_None) {
        int src, dst, count;
        PyObject *move = PySequence_Tuple(back); /* a list does as well as a tuple */
        if (move == NULL)
            return -1;
        int parsed = PyArg_ParseTuple(move, "iii", &src, &dst, &count);
        Py_DECREF(move);
        if (!parsed)
            return -1;
        if (src < 0 || src > 11 || dst < 0 || dst > FOUNDATION) {
            PyErr_SetString(PyExc_ValueError, "back is not a move");
            return -1;
        }
        undo[0] = dst;
        if (src >= CELLS_BASE) {
            undo[1] = CELLS_BASE + first_cell;
            undo[2] = 1;
        } else {
            undo[1] = p->len[src] ? src : first_empty;
            undo[2] = count;
        }
    }
    if ((cell_bits & p->up) || (cell_onto & tops_bits) || (free < 4 && first_empty >= 0))
        if (cell_moves(p, tops, tops_bits, first_empty, undo))
            return -1;
    /* No card can go to a cell, an empty column or the foundations: only the columns whose
       top card fits on another's can move, and they are few. */
    int only_onto = first_cell < 0 && first_empty < 0 && !(tops_bits & p->up);
    for (int i = 0; i < 8; i++) {
        if (!tops[i])
            continue;
        if (only_onto && !((BIT(onto_a[tops[i]]) | BIT(onto_b[tops[i]])) & tops_bits))
            continue;
        if (column_moves(p, i, tops, tops_bits, limit, limit_empty, first_empty, first_cell, whole_runs, undo))
            return -1;
    }
    return 0;
}

static PyObject *interned_name;

static PyObject *children(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs < 4 || nargs > 6) {
        PyErr_SetString(PyExc_TypeError, "children(cols, cells, found, columns, back=None, whole_runs=False)");
        return NULL;
    }
    Parent p;
    if (read_position(&p, args[0], args[1], args[2]))
        return NULL;
    PyObject *back = nargs > 4 ? args[4] : Py_None;
    int whole_runs = nargs > 5 ? PyObject_IsTrue(args[5]) : 0;
    if (whole_runs < 0)
        return NULL;
    p.interned = PyObject_GetAttr(args[3], interned_name);
    if (p.interned == NULL)
        return NULL;
    if (!PyDict_Check(p.interned)) {
        Py_DECREF(p.interned);
        PyErr_SetString(PyExc_TypeError, "columns.interned must be a dict");
        return NULL;
    }
    p.out = PyList_New(0);
    if (p.out != NULL && generate(&p, back, whole_runs))
        Py_CLEAR(p.out);
    Py_DECREF(p.interned);
    return p.out;
}

static PyMethodDef methods[] = {
    {"children", (PyCFunction)(void (*)(void))children, METH_FASTCALL,
     "children(cols, cells, found, columns, back=None, whole_runs=False): as freecell_moves.children."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "engine._freecell",
                                    "The FreeCell solver's move generator in C.", -1, methods};

PyMODINIT_FUNC PyInit__freecell(void) {
    for (int c = 0; c < 56; c++) {
        red[c] = c >= 4 && ((c & 3) == 1 || (c & 3) == 2);
        onto_a[c] = 0;
        onto_b[c] = 1;
    }
    for (int c = 4; c < 52; c++) {
        int found = 0;
        for (int s = 0; s < 4; s++)
            if (red[c] != (s == 1 || s == 2)) {
                if (found++ == 0)
                    onto_a[c] = ((c >> 2) + 1) * 4 + s;
                else
                    onto_b[c] = ((c >> 2) + 1) * 4 + s;
            }
    }
    interned_name = PyUnicode_InternFromString("interned");
    if (interned_name == NULL)
        return NULL;
    return PyModule_Create(&module);
}
