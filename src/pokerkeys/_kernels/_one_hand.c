/* One hand at a time in C: the fast paths of evaluate, category, describe, showdown_ranks and
 * winners.
 *
 * Built as pokerkeys._kernels._one_hand; only pokerkeys._kernels.one_hand imports it. Each fast
 * path is a FastPath object wrapping the Python function it speeds up (its "fallback"). A call
 * with the common inputs (no keyword arguments but a showdown's board; card ids as exact ints
 * in a list or tuple or a NumPy row, or a string of two-character ASCII cards; a rank as an
 * exact int) is answered here. Anything
 * else, and anything this code is not sure of (an unknown or repeated card, a bool, a float,
 * a subclass, tables not handed over yet, ...), calls the fallback with the same arguments, so
 * every error and every unusual input keeps the Python behaviour exactly.
 *
 * The module holds no tables of its own: Python hands over each hand size's tables
 * (set_tables, NumPy arrays read through the buffer protocol, references kept) and, once, the
 * HandCategory members by rank, the dict of words describe fills and the two-character card
 * names (set_shared). The ranking is the one of pokerkeys._kernels.evaluate.rank_of_key: the
 * sum of the cards' packed keys, the flush-suit table on its low 9 bits, then the non-flush
 * displacement hash or the flush rank of the flush suit's field. Every table read is checked
 * against the table's length, so damaged tables fall back instead of reading out of bounds.
 *
 * Thread safety: all module state (the tables, the cached objects) is read and written with
 * the GIL held, which guards it; no free-threading support.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define N_RANKS 7462
#define N_CARDS 52
#define MAX_CARDS 7
#define SUIT_BITS 9
#define SUIT_MASK 511u
#define FLUSH_FIELD_BITS 16
#define FLUSH_FIELD 0xffffu
#define NO_CARD 255
#define MAX_PLAYERS 52 /* more hands than cards cannot all be distinct */

typedef struct {
    int ready;
    Py_buffer views[6]; /* card keys, flush keys, flush suit, hash base, hash ranks, flush ranks */
    const uint32_t *card_keys;
    const uint64_t *flush_keys;
    const int8_t *flush_suit;
    const uint16_t *hash_base;
    const uint16_t *hash_ranks;
    const uint16_t *flush_ranks;
    Py_ssize_t n_card_keys, n_flush_keys, n_flush_suit, n_hash_base, n_hash_ranks,
        n_flush_ranks;
    uint64_t mult, hmask, col_mask;
    int shift;
} Tables;

/* Shared state: guarded by the GIL (see the top of the file). */
static Tables hand_tables[MAX_CARDS + 1]; /* by hand size; 5, 6 and 7 are used */
static PyObject *rank_ints[N_RANKS + 1];  /* the int objects 0..7462, made once */
static PyObject *categories = NULL;       /* tuple: rank -> HandCategory member */
static PyObject *words = NULL;            /* dict: rank -> its words (describe fills it) */
static uint8_t card_of_text[128 * 128];   /* two ASCII characters -> card id, NO_CARD if none */
static int text_ready = 0;
static PyTypeObject *ndarray_type = NULL; /* numpy.ndarray: one hand's ids as a NumPy row */

static const Py_ssize_t itemsizes[6] = {4, 8, 1, 2, 2, 2};
static const char *const table_names[6] = {"card_keys", "flush_keys", "flush_suit",
                                           "hash_base", "hash_ranks", "flush_ranks"};

/* ---- ranking ------------------------------------------------------------------------------ */

/* Rank of n distinct valid card ids (checked by the caller); 0 if the tables are not set or
 * a read would leave a table (the caller falls back). */
static int
rank_of_ids(const int *ids, int n)
{
    const Tables *t = &hand_tables[n];
    uint64_t key = 0;
    int i, suit;
    unsigned rank;
    if (!t->ready)
        return 0;
    for (i = 0; i < n; i++)
        key += t->card_keys[ids[i]];
    if ((Py_ssize_t)(key & SUIT_MASK) >= t->n_flush_suit)
        return 0;
    suit = t->flush_suit[key & SUIT_MASK];
    if (suit < 0) {
        uint64_t h = ((key >> SUIT_BITS) * t->mult) & t->hmask;
        uint64_t row = h >> t->shift, slot;
        if (row >= (uint64_t)t->n_hash_base)
            return 0;
        slot = (uint64_t)t->hash_base[row] + (h & t->col_mask);
        if (slot >= (uint64_t)t->n_hash_ranks)
            return 0;
        rank = t->hash_ranks[slot];
    }
    else {
        uint64_t flush = 0, field;
        if (suit > 3)
            return 0;
        for (i = 0; i < n; i++)
            flush += t->flush_keys[ids[i]];
        field = (flush >> (FLUSH_FIELD_BITS * suit)) & FLUSH_FIELD;
        if (field >= (uint64_t)t->n_flush_ranks)
            return 0;
        rank = t->flush_ranks[field];
    }
    return (rank >= 1 && rank <= N_RANKS) ? (int)rank : 0;
}

/* ---- reading cards ------------------------------------------------------------------------ */

/* The value of an exact int; 0 (no exception left set) if it does not fit a long. Small ints
 * (one digit, all card ids and ranks) are read in place, without a call. */
static inline int
int_value(PyObject *obj, long *value)
{
#if PY_VERSION_HEX >= 0x030C0000
    if (PyUnstable_Long_IsCompact((PyLongObject *)obj)) {
        *value = (long)PyUnstable_Long_CompactValue((PyLongObject *)obj);
        return 1;
    }
#else
    Py_ssize_t size = Py_SIZE(obj);
    if (size >= -1 && size <= 1) {
        *value = size * (long)((PyLongObject *)obj)->ob_digit[0];
        return 1;
    }
#endif
    *value = PyLong_AsLong(obj);
    if (*value == -1 && PyErr_Occurred()) {
        PyErr_Clear();
        return 0;
    }
    return 1;
}

/* Append card `id` (0..51) to ids[*n] and its bit to *mask; 0 if *mask holds it already. */
static inline int
add_card(long long id, int *ids, int *n, uint64_t *mask)
{
    uint64_t bit = (uint64_t)1 << id;
    if (*mask & bit)
        return 0;
    *mask |= bit;
    ids[(*n)++] = (int)id;
    return 1;
}

/* Read the ids of a one-dimensional C-contiguous integer buffer (a NumPy row) into ids[],
 * at most `room`, each one not in *mask (which gets their bits); -1 if anything is unusual. */
static int
read_buffer(const Py_buffer *view, int *ids, int room, uint64_t *mask)
{
    const char *format = view->format == NULL ? "B" : view->format;
    const char *data = (const char *)view->buf;
    int is_signed, n = 0;
    Py_ssize_t size, i;
    if (view->ndim != 1 || format[0] == '\0' || format[1] != '\0')
        return -1; /* also a byte order mark: '<i', '>i' */
    if (strchr("bhilq", format[0]) != NULL)
        is_signed = 1;
    else if (strchr("BHILQ", format[0]) != NULL)
        is_signed = 0;
    else
        return -1; /* bools, floats, ... */
    size = view->shape[0];
    if (size > room)
        return -1;
    for (i = 0; i < size; i++) {
        long long id;
        const char *item = data + i * view->itemsize;
        switch (view->itemsize) {
        case 1:
            id = is_signed ? (long long)*(const int8_t *)item : (long long)*(const uint8_t *)item;
            break;
        case 2:
            id = is_signed ? (long long)*(const int16_t *)item
                           : (long long)*(const uint16_t *)item;
            break;
        case 4:
            id = is_signed ? (long long)*(const int32_t *)item
                           : (long long)*(const uint32_t *)item;
            break;
        case 8:
            if (!is_signed && *(const uint64_t *)item >= N_CARDS)
                return -1;
            id = (long long)*(const int64_t *)item;
            break;
        default:
            return -1;
        }
        if (id < 0 || id >= N_CARDS || !add_card(id, ids, &n, mask))
            return -1;
    }
    return n;
}

/* Append the card ids of `obj` to ids[], at most `room` of them, each one not yet in *held
 * (which gets their bits). obj: a list or tuple of exact ints 0..51, or an ASCII str of
 * two-character cards run together ("AsKd") or separated by single spaces ("As Kd"), or with
 * `arrays` a one-dimensional integer NumPy array (exactly numpy.ndarray). Returns how many
 * cards were read, or -1 if obj is anything else or a card is unknown or repeated (the caller
 * falls back). Never leaves an exception set. */
static int
read_cards(PyObject *obj, int *ids, int room, uint64_t *held, int arrays)
{
    uint64_t mask = *held;
    int n = 0;
    if (PyList_CheckExact(obj) || PyTuple_CheckExact(obj)) {
        Py_ssize_t size = PySequence_Fast_GET_SIZE(obj), i;
        PyObject **items = PySequence_Fast_ITEMS(obj);
        if (size > room)
            return -1;
        for (i = 0; i < size; i++) {
            PyObject *item = items[i];
            long id;
            if (!PyLong_CheckExact(item)) /* bools, NumPy ints, floats: the checking path */
                return -1;
            if (!int_value(item, &id))
                return -1;
            if (id < 0 || id >= N_CARDS || !add_card(id, ids, &n, &mask))
                return -1;
        }
    }
    else if (PyUnicode_CheckExact(obj)) {
        Py_ssize_t len, i, step;
        const unsigned char *text;
#if PY_VERSION_HEX < 0x030C0000
        if (PyUnicode_READY(obj) < 0) {
            PyErr_Clear();
            return -1;
        }
#endif
        if (!text_ready || !PyUnicode_IS_ASCII(obj))
            return -1;
        len = PyUnicode_GET_LENGTH(obj);
        text = (const unsigned char *)PyUnicode_DATA(obj);
        if (len >= 2 && len % 2 == 0 && text[2 % len] != ' ')
            step = 2; /* run together (one card: "As") */
        else if (len >= 5 && (len + 1) % 3 == 0)
            step = 3; /* separated by single spaces, checked below */
        else
            return -1;
        if ((len + step - 2) / step > room)
            return -1;
        for (i = 0; i < len; i += step) {
            unsigned id;
            if (step == 3 && i + 2 < len && text[i + 2] != ' ')
                return -1;
            id = card_of_text[(text[i] << 7) | text[i + 1]];
            if (id == NO_CARD || !add_card(id, ids, &n, &mask))
                return -1;
        }
    }
    else if (arrays && ndarray_type != NULL && Py_IS_TYPE(obj, ndarray_type)) {
        Py_buffer view;
        if (PyObject_GetBuffer(obj, &view, PyBUF_ND | PyBUF_FORMAT) < 0) {
            PyErr_Clear(); /* not C-contiguous, say: the Python path reads it */
            return -1;
        }
        n = read_buffer(&view, ids, room, &mask);
        PyBuffer_Release(&view);
        if (n < 0)
            return -1;
    }
    else
        return -1;
    *held = mask;
    return n;
}

/* Rank of one hand of 5-7 cards in any form read_cards reads; 0 if not sure. */
static int
rank_of_hand(PyObject *obj)
{
    int ids[MAX_CARDS];
    uint64_t held = 0;
    int n = read_cards(obj, ids, MAX_CARDS, &held, 1);
    if (n < 5)
        return 0;
    return rank_of_ids(ids, n);
}

/* ---- the fast-path type ------------------------------------------------------------------- */

enum { KIND_EVALUATE, KIND_CATEGORY, KIND_DESCRIBE, KIND_SHOWDOWN_RANKS, KIND_WINNERS };
static const char *const kind_names[] = {"evaluate", "category", "describe", "showdown_ranks",
                                         "winners"};
#define N_KINDS 5

typedef struct {
    PyObject_HEAD
    vectorcallfunc vectorcall;
    PyObject *fallback;
    PyObject *dict;
    PyObject *weakrefs;
    int kind;
} FastPath;

static PyObject *
call_fallback(FastPath *self, PyObject *const *args, size_t nargsf, PyObject *kwnames)
{
    return PyObject_Vectorcall(self->fallback, args, nargsf, kwnames);
}

#define ONE_POSITIONAL(nargsf, kwnames) \
    (PyVectorcall_NARGS(nargsf) == 1 && (kwnames == NULL || PyTuple_GET_SIZE(kwnames) == 0))

static PyObject *
rank_object(int rank)
{
    PyObject *r = rank_ints[rank];
    Py_INCREF(r);
    return r;
}

static PyObject *
evaluate_call(PyObject *callable, PyObject *const *args, size_t nargsf, PyObject *kwnames)
{
    FastPath *self = (FastPath *)callable;
    if (ONE_POSITIONAL(nargsf, kwnames)) {
        int rank = rank_of_hand(args[0]);
        if (rank)
            return rank_object(rank);
    }
    return call_fallback(self, args, nargsf, kwnames);
}

/* The rank an exact int 1..7462 holds, else 0. */
static int
rank_of_int(PyObject *obj)
{
    long value;
    if (!PyLong_CheckExact(obj) || !int_value(obj, &value))
        return 0;
    return (value >= 1 && value <= N_RANKS) ? (int)value : 0;
}

static PyObject *
category_call(PyObject *callable, PyObject *const *args, size_t nargsf, PyObject *kwnames)
{
    FastPath *self = (FastPath *)callable;
    if (ONE_POSITIONAL(nargsf, kwnames) && categories != NULL) {
        int rank = rank_of_int(args[0]);
        if (rank && rank < PyTuple_GET_SIZE(categories)) {
            PyObject *member = PyTuple_GET_ITEM(categories, rank);
            Py_INCREF(member);
            return member;
        }
    }
    return call_fallback(self, args, nargsf, kwnames);
}

static PyObject *
describe_call(PyObject *callable, PyObject *const *args, size_t nargsf, PyObject *kwnames)
{
    FastPath *self = (FastPath *)callable;
    if (ONE_POSITIONAL(nargsf, kwnames) && words != NULL) {
        PyObject *obj = args[0];
        int rank = PyLong_CheckExact(obj) ? rank_of_int(obj) : rank_of_hand(obj);
        if (rank) {
            /* a miss (words not made yet) falls back: Python makes them and keeps them */
            PyObject *text = PyDict_GetItemWithError(words, rank_ints[rank]);
            if (text != NULL && PyUnicode_CheckExact(text)) {
                Py_INCREF(text);
                return text;
            }
            if (PyErr_Occurred())
                PyErr_Clear();
        }
    }
    return call_fallback(self, args, nargsf, kwnames);
}

/* The (hands, board) of a call showdown_ranks(hands, board=None) or winners(hands,
 * board=None): positional, or board by keyword; 0 for anything else (the caller falls back). */
static int
showdown_args(PyObject *const *args, size_t nargsf, PyObject *kwnames, PyObject **hands,
              PyObject **board)
{
    Py_ssize_t nargs = PyVectorcall_NARGS(nargsf);
    Py_ssize_t nkw = kwnames == NULL ? 0 : PyTuple_GET_SIZE(kwnames);
    if (nkw == 0 && (nargs == 1 || nargs == 2)) {
        *hands = args[0];
        *board = nargs == 2 ? args[1] : Py_None;
        return 1;
    }
    if (nkw == 1 && nargs == 1 && PyUnicode_Check(PyTuple_GET_ITEM(kwnames, 0))
            && PyUnicode_CompareWithASCIIString(PyTuple_GET_ITEM(kwnames, 0), "board") == 0) {
        *hands = args[0];
        *board = args[1];
        return 1;
    }
    return 0;
}

/* Ranks of hands sharing a board into ranks[]: each hand a list, tuple or str as read_cards
 * reads, 6 or 7 cards with the board, no card in two places. Returns the number of hands, or
 * -1 if anything is unusual (the caller falls back). */
static Py_ssize_t
showdown(PyObject *hands, PyObject *board, int *ranks)
{
    Py_ssize_t n_hands, i;
    int board_ids[MAX_CARDS], n_board = 0;
    uint64_t held = 0;
    if (!(PyList_CheckExact(hands) || PyTuple_CheckExact(hands)))
        return -1;
    n_hands = PySequence_Fast_GET_SIZE(hands);
    if (n_hands < 1 || n_hands > MAX_PLAYERS)
        return -1;
    if (board != Py_None) {
        n_board = read_cards(board, board_ids, MAX_CARDS, &held, 0);
        if (n_board < 0)
            return -1;
    }
    for (i = 0; i < n_hands; i++) {
        int ids[MAX_CARDS], n_hole, rank;
        memcpy(ids, board_ids, sizeof(int) * (size_t)n_board);
        n_hole = read_cards(PySequence_Fast_ITEMS(hands)[i], ids + n_board,
                            MAX_CARDS - n_board, &held, 0);
        if (n_hole < 0 || n_hole + n_board < 6)
            return -1;
        rank = rank_of_ids(ids, n_hole + n_board);
        if (!rank)
            return -1;
        ranks[i] = rank;
    }
    return n_hands;
}

static PyObject *
showdown_call(PyObject *callable, PyObject *const *args, size_t nargsf, PyObject *kwnames)
{
    PyObject *hands, *board, *out;
    int ranks[MAX_PLAYERS];
    Py_ssize_t n = -1, i;
    if (showdown_args(args, nargsf, kwnames, &hands, &board))
        n = showdown(hands, board, ranks);
    if (n < 0)
        return call_fallback((FastPath *)callable, args, nargsf, kwnames);
    out = PyList_New(n);
    if (out == NULL)
        return NULL;
    for (i = 0; i < n; i++)
        PyList_SET_ITEM(out, i, rank_object(ranks[i]));
    return out;
}

/* winners(hands, board=None): the indices of the hands with the best rank. */
static PyObject *
winners_call(PyObject *callable, PyObject *const *args, size_t nargsf, PyObject *kwnames)
{
    PyObject *hands, *board, *out;
    int ranks[MAX_PLAYERS], best = 0;
    Py_ssize_t n = -1, i, n_best = 0, k = 0;
    if (showdown_args(args, nargsf, kwnames, &hands, &board))
        n = showdown(hands, board, ranks);
    if (n < 0)
        return call_fallback((FastPath *)callable, args, nargsf, kwnames);
    for (i = 0; i < n; i++) {
        if (ranks[i] > best) {
            best = ranks[i];
            n_best = 0;
        }
        n_best += ranks[i] == best;
    }
    out = PyList_New(n_best);
    if (out == NULL)
        return NULL;
    for (i = 0; i < n; i++)
        if (ranks[i] == best)
            PyList_SET_ITEM(out, k++, rank_object((int)i)); /* 0..51: cached ints too */
    return out;
}

static const vectorcallfunc kind_calls[N_KINDS] = {evaluate_call, category_call, describe_call,
                                                   showdown_call, winners_call};

static PyObject *
fast_path_new(PyTypeObject *type, PyObject *args, PyObject *kwargs)
{
    static char *keywords[] = {"kind", "fallback", NULL};
    const char *kind;
    PyObject *fallback;
    FastPath *self;
    int k;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "sO:FastPath", keywords, &kind, &fallback))
        return NULL;
    for (k = 0; k < N_KINDS; k++)
        if (strcmp(kind, kind_names[k]) == 0)
            break;
    if (k == N_KINDS) {
        PyErr_Format(PyExc_ValueError, "unknown fast path %R", PyTuple_GET_ITEM(args, 0));
        return NULL;
    }
    if (!PyCallable_Check(fallback)) {
        PyErr_SetString(PyExc_TypeError, "the fallback must be callable");
        return NULL;
    }
    self = (FastPath *)type->tp_alloc(type, 0);
    if (self == NULL)
        return NULL;
    self->kind = k;
    self->vectorcall = kind_calls[k];
    Py_INCREF(fallback);
    self->fallback = fallback;
    return (PyObject *)self;
}

static int
fast_path_traverse(FastPath *self, visitproc visit, void *arg)
{
    Py_VISIT(self->fallback);
    Py_VISIT(self->dict);
    return 0;
}

static int
fast_path_clear(FastPath *self)
{
    Py_CLEAR(self->fallback);
    Py_CLEAR(self->dict);
    return 0;
}

static void
fast_path_dealloc(FastPath *self)
{
    PyObject_GC_UnTrack(self);
    if (self->weakrefs != NULL)
        PyObject_ClearWeakRefs((PyObject *)self);
    fast_path_clear(self);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* Like a function: bound to an instance when read from a class. */
static PyObject *
fast_path_get(PyObject *self, PyObject *obj, PyObject *type)
{
    if (obj == NULL || obj == Py_None) {
        Py_INCREF(self);
        return self;
    }
    return PyMethod_New(self, obj);
}

static PyObject *
fast_path_repr(FastPath *self)
{
    PyObject *name = PyObject_GetAttrString((PyObject *)self, "__qualname__"), *r;
    if (name == NULL) {
        PyErr_Clear();
        return PyUnicode_FromFormat("<function %s with a C fast path at %p>",
                                    kind_names[self->kind], self);
    }
    r = PyUnicode_FromFormat("<function %S with a C fast path at %p>", name, self);
    Py_DECREF(name);
    return r;
}

/* Pickled by reference, as a function is: its qualified name in its module. */
static PyObject *
fast_path_reduce(PyObject *self, PyObject *unused)
{
    return PyObject_GetAttrString(self, "__qualname__");
}

static PyObject *
fast_path_kind(FastPath *self, void *closure)
{
    return PyUnicode_FromString(kind_names[self->kind]);
}

static PyObject *
fast_path_fallback(FastPath *self, void *closure)
{
    Py_INCREF(self->fallback);
    return self->fallback;
}

static PyMethodDef fast_path_methods[] = {
    {"__reduce__", fast_path_reduce, METH_NOARGS, "Pickle by reference (the qualified name)."},
    {NULL, NULL, 0, NULL}};

static PyGetSetDef fast_path_getset[] = {
    {"__dict__", PyObject_GenericGetDict, PyObject_GenericSetDict, NULL, NULL},
    {"kind", (getter)fast_path_kind, NULL, "Which fast path: 'evaluate', 'category', ...", NULL},
    {"fallback", (getter)fast_path_fallback, NULL, "The Python function called otherwise.", NULL},
    {NULL, NULL, NULL, NULL, NULL}};

static PyTypeObject FastPathType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "pokerkeys._kernels._one_hand.FastPath",
    .tp_basicsize = sizeof(FastPath),
    .tp_dealloc = (destructor)fast_path_dealloc,
    .tp_vectorcall_offset = offsetof(FastPath, vectorcall),
    .tp_repr = (reprfunc)fast_path_repr,
    .tp_call = PyVectorcall_Call,
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC | Py_TPFLAGS_HAVE_VECTORCALL,
    .tp_doc = "A Python function with a C fast path for its common inputs: FastPath(kind, "
              "fallback).",
    .tp_traverse = (traverseproc)fast_path_traverse,
    .tp_clear = (inquiry)fast_path_clear,
    .tp_weaklistoffset = offsetof(FastPath, weakrefs),
    .tp_methods = fast_path_methods,
    .tp_getset = fast_path_getset,
    .tp_descr_get = fast_path_get,
    .tp_dictoffset = offsetof(FastPath, dict),
    .tp_new = fast_path_new,
};

/* ---- handing tables over ------------------------------------------------------------------ */

static void
release_tables(Tables *t)
{
    int i;
    if (!t->ready)
        return;
    t->ready = 0;
    for (i = 0; i < 6; i++)
        PyBuffer_Release(&t->views[i]);
}

static PyObject *
set_tables(PyObject *module, PyObject *args)
{
    int n, shift, i, got = 0;
    unsigned long long mult, hmask;
    PyObject *arrays[6];
    Tables fresh;
    memset(&fresh, 0, sizeof fresh);
    if (!PyArg_ParseTuple(args, "iOOOOOOKKi:set_tables", &n, &arrays[0], &arrays[1],
                          &arrays[2], &arrays[3], &arrays[4], &arrays[5], &mult, &hmask,
                          &shift))
        return NULL;
    if (n < 5 || n > MAX_CARDS) {
        PyErr_Format(PyExc_ValueError, "hand size %d is not 5, 6 or 7", n);
        return NULL;
    }
    if (shift < 0 || shift > 32) {
        PyErr_Format(PyExc_ValueError, "hash shift %d is outside 0..32", shift);
        return NULL;
    }
    for (i = 0; i < 6; i++) {
        Py_buffer *view = &fresh.views[i];
        if (PyObject_GetBuffer(arrays[i], view, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0)
            goto fail;
        got++;
        if (view->itemsize != itemsizes[i]) {
            PyErr_Format(PyExc_ValueError, "table %s has items of %zd bytes, not %zd",
                         table_names[i], view->itemsize, itemsizes[i]);
            goto fail;
        }
    }
    if (fresh.views[0].len / 4 < N_CARDS || fresh.views[1].len / 8 < N_CARDS) {
        PyErr_SetString(PyExc_ValueError, "the card key tables need 52 entries");
        goto fail;
    }
    fresh.card_keys = (const uint32_t *)fresh.views[0].buf;
    fresh.flush_keys = (const uint64_t *)fresh.views[1].buf;
    fresh.flush_suit = (const int8_t *)fresh.views[2].buf;
    fresh.hash_base = (const uint16_t *)fresh.views[3].buf;
    fresh.hash_ranks = (const uint16_t *)fresh.views[4].buf;
    fresh.flush_ranks = (const uint16_t *)fresh.views[5].buf;
    fresh.n_card_keys = fresh.views[0].len / 4;
    fresh.n_flush_keys = fresh.views[1].len / 8;
    fresh.n_flush_suit = fresh.views[2].len;
    fresh.n_hash_base = fresh.views[3].len / 2;
    fresh.n_hash_ranks = fresh.views[4].len / 2;
    fresh.n_flush_ranks = fresh.views[5].len / 2;
    fresh.mult = mult;
    fresh.hmask = hmask;
    fresh.shift = shift;
    fresh.col_mask = ((uint64_t)1 << shift) - 1;
    fresh.ready = 1;
    release_tables(&hand_tables[n]);
    hand_tables[n] = fresh;
    Py_RETURN_NONE;
fail:
    for (i = 0; i < got; i++)
        PyBuffer_Release(&fresh.views[i]);
    return NULL;
}

static PyObject *
set_shared(PyObject *module, PyObject *args)
{
    PyObject *members, *word_dict, *names, *array_type, *key, *value;
    Py_ssize_t pos = 0;
    uint8_t table[128 * 128];
    if (!PyArg_ParseTuple(args, "O!O!O!O!:set_shared", &PyTuple_Type, &members, &PyDict_Type,
                          &word_dict, &PyDict_Type, &names, &PyType_Type, &array_type))
        return NULL;
    if (PyTuple_GET_SIZE(members) != N_RANKS + 1) {
        PyErr_Format(PyExc_ValueError, "the categories by rank need %d entries, not %zd",
                     N_RANKS + 1, PyTuple_GET_SIZE(members));
        return NULL;
    }
    memset(table, NO_CARD, sizeof table);
    while (PyDict_Next(names, &pos, &key, &value)) {
        long id;
        const unsigned char *text;
        if (!PyUnicode_Check(key) || !PyLong_Check(value)) {
            PyErr_SetString(PyExc_TypeError, "card names map str to int");
            return NULL;
        }
#if PY_VERSION_HEX < 0x030C0000
        if (PyUnicode_READY(key) < 0)
            return NULL;
#endif
        if (!PyUnicode_IS_ASCII(key) || PyUnicode_GET_LENGTH(key) != 2)
            continue; /* unicode suits: the Python path reads them */
        id = PyLong_AsLong(value);
        if (id == -1 && PyErr_Occurred())
            return NULL;
        if (id < 0 || id >= N_CARDS) {
            PyErr_Format(PyExc_ValueError, "card %R has id %ld, outside 0..51", key, id);
            return NULL;
        }
        text = (const unsigned char *)PyUnicode_DATA(key);
        table[(text[0] << 7) | text[1]] = (uint8_t)id;
    }
    memcpy(card_of_text, table, sizeof table);
    text_ready = 1;
    Py_INCREF(members);
    Py_XSETREF(categories, members);
    Py_INCREF(word_dict);
    Py_XSETREF(words, word_dict);
    Py_INCREF(array_type);
    Py_XSETREF(ndarray_type, (PyTypeObject *)array_type);
    Py_RETURN_NONE;
}

static PyObject *
tables_ready(PyObject *module, PyObject *arg)
{
    long n = PyLong_AsLong(arg);
    if (n == -1 && PyErr_Occurred())
        return NULL;
    return PyBool_FromLong(n >= 5 && n <= MAX_CARDS && hand_tables[n].ready);
}

static PyMethodDef module_methods[] = {
    {"set_tables", set_tables, METH_VARARGS,
     "set_tables(n, card_keys, flush_keys, flush_suit, hash_base, hash_ranks, flush_ranks, "
     "mult, hmask, shift): hand over the n-card Hold'em tables (references are kept)."},
    {"set_shared", set_shared, METH_VARARGS,
     "set_shared(categories, words, card_names, ndarray): the HandCategory members by rank "
     "(7463, index 0 unused), describe's dict of words by rank, the two-character card names "
     "and numpy.ndarray (whose integer rows evaluate reads)."},
    {"tables_ready", tables_ready, METH_O, "tables_ready(n): whether the n-card tables are set."},
    {NULL, NULL, 0, NULL}};

static void
module_free(void *unused)
{
    int n, r;
    for (n = 0; n <= MAX_CARDS; n++)
        release_tables(&hand_tables[n]);
    for (r = 0; r <= N_RANKS; r++)
        Py_CLEAR(rank_ints[r]);
    Py_CLEAR(categories);
    Py_CLEAR(words);
    Py_CLEAR(ndarray_type);
    text_ready = 0;
}

static struct PyModuleDef one_hand_module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "pokerkeys._kernels._one_hand",
    .m_doc = "One hand at a time in C: the fast paths of evaluate, category, describe, "
             "showdown_ranks and winners (used through pokerkeys._kernels.one_hand).",
    .m_size = -1,
    .m_methods = module_methods,
    .m_free = module_free,
};

PyMODINIT_FUNC
PyInit__one_hand(void)
{
    PyObject *module;
    int r;
    if (PyType_Ready(&FastPathType) < 0)
        return NULL;
    for (r = 0; r <= N_RANKS; r++) {
        if (rank_ints[r] == NULL) {
            rank_ints[r] = PyLong_FromLong(r);
            if (rank_ints[r] == NULL)
                return NULL;
        }
    }
    module = PyModule_Create(&one_hand_module);
    if (module == NULL)
        return NULL;
    Py_INCREF(&FastPathType);
    if (PyModule_AddObject(module, "FastPath", (PyObject *)&FastPathType) < 0) {
        Py_DECREF(&FastPathType);
        Py_DECREF(module);
        return NULL;
    }
    if (PyModule_AddIntConstant(module, "N_RANKS", N_RANKS) < 0) {
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
