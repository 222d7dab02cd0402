/* The open-hand solver's search in C: the same alpha-beta as tarot_teach/solver.py's
 * Position.search, _close and _outcome, about 30 times faster. Optional: without it (no
 * compiler, Pyodide, TAROT_TEACH_NATIVE=0) the pure Python search runs, and stays the
 * reference; tests/test_solver_native.py checks that both give the same values.
 *
 * A Searcher holds what does not change during a deal's play (the seats' sides, the card
 * values and orders of the rule set, the Excuse variant, the first lead's forbidden cards)
 * and a transposition table at trick starts that persists across searches of one Position.
 * Masks are unsigned __int128 (bit i: card index i, as tarot_teach.cards: 0 the Excuse,
 * 1..21 the trumps, then four plain suits of 14 cards, each from the 1 up to the King).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#ifndef __SIZEOF_INT128__
#error "the native solver needs unsigned __int128 (gcc, clang); the pure Python search serves"
#endif

typedef unsigned __int128 mask_t;

#define BIT(i) (((mask_t)1) << (i))
#define EXCUSE ((mask_t)1)
#define INF 1000000
#define MAX_SEATS 5
#define CHANGES 0 /* the last trick's Excuse (RULES.md §8): goes over to the other side */
#define WINNER 1  /* ... goes to the trick's winner */
#define KEPT 2    /* ... is kept by its side, as in any other trick */

static mask_t GROUP[78];        /* the trumps' mask or the plain suit's; 0 for the Excuse */
static mask_t TRUMPS_ABOVE[22]; /* the trumps above trump r (r = 0: all of them) */

static inline int low_index(mask_t m)
{
    uint64_t lo = (uint64_t)m;
    return lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll((uint64_t)(m >> 64));
}

static inline int high_index(mask_t m)
{
    uint64_t hi = (uint64_t)(m >> 64);
    return hi ? 127 - __builtin_clzll(hi) : 63 - __builtin_clzll((uint64_t)m);
}

/* ----- the transposition table ------------------------------------------------------ */

typedef struct {
    uint64_t lo[MAX_SEATS], hi[MAX_SEATS]; /* the hands (the key, with leader and facts) */
    int32_t lower, upper;                  /* bounds on the taker's side's units to come */
    int8_t best;                           /* the best card found (-1: none) */
    uint8_t leader, facts;
    uint8_t depth; /* tricks left: the shallowest is replaced first */
} Entry;

#define PROBES 4
#define FIRST_BITS 12

typedef struct {
    PyObject_HEAD
    int n, merge, last_excuse;
    int side[MAX_SEATS];
    int units[78], order[78], halves[78], cls[78];
    /* solver.py's move ordering keys by card (lower first) */
    int lead_key[78], neg_halves[78], give_key[78], lose_key[78];
    mask_t small;     /* the cards worth a half point (for the exchange card) */
    int relative;     /* the table keyed by relative ranks (see canonical()) */
    mask_t low[5];    /* each group's small cards: trumps 2..20, each suit's 1..10 */
    int low_start[5]; /* the index of each group's lowest small card */
    mask_t forbidden; /* five players, first lead: the called King's suit but the King */
    Entry *table;
    uint64_t *tags;
    size_t cap, used, max_cap;
    int busy; /* a search is running (the GIL is released meanwhile) */
} Searcher;

static inline uint64_t mix(uint64_t x)
{
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    x *= 0xc4ceb9fe1a85ec53ULL;
    x ^= x >> 33;
    return x;
}

static uint64_t entry_hash(int n, const mask_t *hands, int leader, int facts)
{
    uint64_t h = (uint64_t)leader * 0x9e3779b97f4a7c15ULL + (uint64_t)facts * 0x632be59bd9b4e019ULL;
    for (int i = 0; i < n; i++) {
        h = (h ^ (uint64_t)hands[i]) * 0x100000001b3ULL + (h >> 29);
        h = (h ^ (uint64_t)(hands[i] >> 64)) * 0xc2b2ae3d27d4eb4fULL + (h >> 31);
    }
    return mix(h);
}

static inline int entry_is(const Entry *e, int n, const mask_t *hands, int leader, int facts)
{
    if (e->leader != leader || e->facts != facts)
        return 0;
    for (int i = 0; i < n; i++)
        if (e->lo[i] != (uint64_t)hands[i] || e->hi[i] != (uint64_t)(hands[i] >> 64))
            return 0;
    return 1;
}

/* The table is in buckets of PROBES slots; a slot's tag (the key's hash, odd; 0: empty) is
 * read first, from one cache line, and the entry only when the tags agree. */
static inline size_t bucket_of(const Searcher *o, uint64_t hash)
{
    return hash & (o->cap - 1) & ~(size_t)(PROBES - 1);
}

static Entry *probe(Searcher *o, uint64_t hash, const mask_t *hands, int leader, int facts)
{
    size_t at = bucket_of(o, hash);
    uint64_t tag = hash | 1;
    for (int p = 0; p < PROBES; p++) {
        uint64_t t = o->tags[at + p];
        if (!t)
            return NULL;
        if (t == tag && entry_is(&o->table[at + p], o->n, hands, leader, facts))
            return &o->table[at + p];
    }
    return NULL;
}

/* The slot for a new entry of this hash: an empty one in its bucket (counted as used), else
 * the one with the fewest tricks left (replaced). Its tag is set, the entry is the caller's. */
static Entry *slot_for(Searcher *o, uint64_t hash)
{
    size_t at = bucket_of(o, hash), victim = at;
    for (int p = 0; p < PROBES; p++) {
        if (!o->tags[at + p]) {
            victim = at + p;
            o->used++;
            break;
        }
        if (o->table[at + p].depth < o->table[victim].depth)
            victim = at + p;
    }
    o->tags[victim] = hash | 1;
    return &o->table[victim];
}

/* Twice as many slots (keeping the entries that find room); 0 if no memory (the table then
 * stays as it is, entries being replaced). */
static int grow(Searcher *o)
{
    size_t old_cap = o->cap;
    Entry *old = o->table;
    uint64_t *old_tags = o->tags;
    Entry *table = PyMem_RawCalloc(old_cap * 2, sizeof(Entry));
    uint64_t *tags = PyMem_RawCalloc(old_cap * 2, sizeof(uint64_t));
    if (!table || !tags) {
        PyMem_RawFree(table);
        PyMem_RawFree(tags);
        return 0;
    }
    o->table = table;
    o->tags = tags;
    o->cap = old_cap * 2;
    o->used = 0;
    for (size_t i = 0; i < old_cap; i++) {
        if (!old_tags[i])
            continue;
        mask_t hands[MAX_SEATS];
        for (int h = 0; h < o->n; h++)
            hands[h] = ((mask_t)old[i].hi[h] << 64) | old[i].lo[h];
        *slot_for(o, entry_hash(o->n, hands, old[i].leader, old[i].facts)) = old[i];
    }
    PyMem_RawFree(old);
    PyMem_RawFree(old_tags);
    return 1;
}

/* ----- the search ------------------------------------------------------------------- */

typedef struct {
    Searcher *o;
    mask_t hands[MAX_SEATS];
    mask_t inplay; /* the cards in the hands and in the trick */
    int trick[MAX_SEATS], k;
    int leader, tricks_left, first_trick, sweep, owed, has_small[2];
    int remaining; /* the units of the cards in play */
    long long nodes, max_nodes;
    int stopped;
} State;

typedef struct {
    int leader, sweep, owed, has_small[2];
} After;

/* tricks.winning_position_ranked: the position of the card winning the complete trick. */
static int winning(const Searcher *o, const int *trick)
{
    int best_position = -1, best_value = -1;
    mask_t led = 0;
    for (int p = 0; p < o->n; p++) {
        int card = trick[p], value;
        if (!card)
            continue;
        if (!led)
            led = GROUP[card];
        if (card <= 21)
            value = 1000 + card;
        else if (BIT(card) & led)
            value = o->order[card];
        else
            continue;
        if (value > best_value) {
            best_value = value;
            best_position = p;
        }
    }
    return best_position;
}

/* Position._outcome: the complete trick filed (RULES.md §8 for an Excuse), ``position`` the
 * winning card's: the taker's side's units from it; what follows in ``after``. */
static int outcome(const State *s, int position, After *after)
{
    const Searcher *o = s->o;
    int n = o->n, leader = s->leader;
    int winner = (leader + position) % n, win_side = o->side[winner];
    int is_last = s->tricks_left == 1;
    int gained = 0, small = 0, excuse_at = -1;
    for (int p = 0; p < n; p++) {
        int card = s->trick[p];
        gained += o->units[card];
        if (BIT(card) & o->small)
            small = 1;
        if (!card)
            excuse_at = p;
    }
    int taker = 0, owed = s->owed, sweep = s->sweep;
    if (excuse_at >= 0) {
        int excuse_seat = (leader + excuse_at) % n, excuse_side = o->side[excuse_seat];
        if (is_last && (sweep == excuse_side || sweep == 2)) {
            winner = excuse_seat; /* the slam exception */
            win_side = excuse_side;
        } else if (is_last && o->last_excuse == CHANGES) {
            gained -= o->units[0];
            if (excuse_side == 1)
                taker += o->units[0];
        } else if (is_last && o->last_excuse == WINNER) {
            /* it goes with the trick */
        } else if (excuse_side != win_side) { /* kept by its side, which owes a small card */
            gained -= o->units[0];
            if (excuse_side == 0)
                taker += o->units[0];
            owed = excuse_side;
        }
    }
    if (win_side == 0)
        taker += gained;
    int has_small[2] = {s->has_small[0], s->has_small[1]};
    if (small)
        has_small[win_side] = 1;
    if (owed >= 0 && has_small[owed]) { /* the exchange card is given */
        taker += owed == 0 ? -1 : 1;
        owed = -1;
    }
    if (is_last && owed >= 0) { /* its half point moves all the same */
        taker += owed == 0 ? -1 : 1;
        owed = -1;
    }
    after->leader = winner;
    after->sweep = (sweep == 2 || sweep == win_side) ? win_side : -1;
    after->owed = owed;
    after->has_small[0] = has_small[0];
    after->has_small[1] = has_small[1];
    return taker;
}

/* solver._excuse_facts: what the Excuse rules need to know at a trick start. */
static inline int excuse_facts(const State *s)
{
    if (s->inplay & EXCUSE)
        return 100 + s->sweep * 4 + s->has_small[0] * 2 + s->has_small[1];
    return s->owed >= 0 ? 10 + s->owed : 0;
}

/* The table's key by relative ranks (solver.py's Position._relative_key): the hands with
 * each group's small cards still in play renumbered from the group's lowest small card up,
 * in order, the other cards in place. Positions that differ only by which small cards were
 * played before share it (the small cards of a group lie between its higher cards, so the
 * renumbering keeps every comparison of play, and each small card counts one unit). */
static void canonical(const State *s, mask_t *key)
{
    const Searcher *o = s->o;
    int n = o->n;
    for (int h = 0; h < n; h++)
        key[h] = s->hands[h] & ~o->small;
    for (int g = 0; g < 5; g++) {
        mask_t live = s->inplay & o->low[g];
        int place = o->low_start[g];
        while (live) {
            mask_t low = live & -live;
            live ^= low;
            for (int h = 0; h < n; h++)
                if (s->hands[h] & low) {
                    key[h] |= BIT(place);
                    break;
                }
            place++;
        }
    }
}

/* A stable sort of moves by key (a handful of cards). */
static void sort_moves(int *moves, int count, const int *key)
{
    for (int i = 1; i < count; i++) {
        int card = moves[i], j = i;
        while (j > 0 && key[moves[j - 1]] > key[card]) {
            moves[j] = moves[j - 1];
            j--;
        }
        moves[j] = card;
    }
}

static int search(State *s, int alpha, int beta, int wpos, int wcard);

/* Position._close: the trick is complete (``position`` the winning card's): file it, search
 * on, and put everything back. */
static int close_trick(State *s, int alpha, int beta, int position)
{
    const Searcher *o = s->o;
    After after;
    int taker = outcome(s, position, &after);
    if (s->tricks_left == 1)
        return taker;
    int n = o->n, trick[MAX_SEATS], units = 0;
    mask_t mask = 0;
    for (int p = 0; p < n; p++) {
        trick[p] = s->trick[p];
        mask |= BIT(trick[p]);
        units += o->units[trick[p]];
    }
    State saved = *s;
    s->inplay ^= mask;
    s->remaining -= units;
    s->leader = after.leader;
    s->sweep = after.sweep;
    s->owed = after.owed;
    s->has_small[0] = after.has_small[0];
    s->has_small[1] = after.has_small[1];
    s->first_trick = 0;
    s->tricks_left--;
    s->k = 0;
    int value = taker + search(s, alpha - taker, beta - taker, -1, -1);
    saved.nodes = s->nodes;
    saved.stopped = s->stopped;
    *s = saved;
    memcpy(s->trick, trick, sizeof trick);
    return value;
}

/* Position.search: the taker's side's units still to come from here, fail-soft alpha-beta;
 * (wpos, wcard) the card winning the trick so far (-1 if none). */
static int search(State *s, int alpha, int beta, int wpos, int wcard)
{
    if (++s->nodes > s->max_nodes) {
        s->stopped = 1;
        return 0;
    }
    Searcher *o = s->o;
    int n = o->n, k = s->k, leader = s->leader;
    int seat = (leader + k) % n;
    if (s->tricks_left == 1) { /* one card each: no choice is left */
        for (int p = k; p < n; p++)
            s->trick[p] = high_index(s->hands[(leader + p) % n]);
        After after;
        return outcome(s, winning(o, s->trick), &after);
    }
    int hint = -1, facts = 0, orig_alpha = 0, orig_beta = 0, lower = -INF, upper = INF;
    mask_t key[MAX_SEATS];
    const mask_t *hands_key = s->hands;
    uint64_t hash = 0;
    if (k == 0) {
        facts = excuse_facts(s);
        if (o->relative && !s->first_trick) { /* (the first trick: its called King rule) */
            canonical(s, key);
            hands_key = key;
        }
        hash = entry_hash(n, hands_key, leader, facts);
        Entry *e = probe(o, hash, hands_key, leader, facts);
        if (e) {
            lower = e->lower;
            upper = e->upper;
            hint = e->best;
        } else if (s->inplay & EXCUSE) { /* its holder can play it now and keep it */
            for (int h = 0; h < n; h++)
                if (s->hands[h] & EXCUSE) {
                    if (o->side[h])
                        upper = s->remaining - o->units[0] + 1;
                    else
                        lower = o->units[0] - 1;
                }
        }
        if (lower >= beta || lower == upper)
            return lower;
        if (upper <= alpha)
            return upper;
        if (lower > alpha)
            alpha = lower;
        if (upper < beta)
            beta = upper;
        /* All the points still in play (and an exchange half point) bound what is to come. */
        if (s->remaining + 1 <= alpha)
            return s->remaining + 1;
        if (beta <= -1)
            return -1;
        orig_alpha = alpha;
        orig_beta = beta;
    }
    mask_t hand = s->hands[seat], legal;
    /* The legal cards (RULES.md §7), read from the card winning so far. */
    if (wcard < 0) { /* nothing played yet but perhaps the Excuse */
        legal = hand;
        if (s->first_trick && k == 0 && (hand & ~o->forbidden))
            legal = hand & ~o->forbidden;
    } else {
        int lead = s->trick[0] ? s->trick[0] : s->trick[1];
        legal = lead > 21 ? hand & GROUP[lead] : 0;
        if (legal) {
            legal |= hand & EXCUSE;
        } else {
            legal = hand & GROUP[1];
            if (legal) {
                mask_t above = legal & TRUMPS_ABOVE[wcard <= 21 ? wcard : 0];
                legal = (above ? above : legal) | (hand & EXCUSE);
            } else {
                legal = hand;
            }
        }
    }
    /* One card per class of equivalent cards (solver._merged), ordered as Python orders. */
    int moves[80], count = 0;
    if (!(legal & (legal - 1))) {
        moves[count++] = low_index(legal);
    } else {
        mask_t live = o->merge ? s->inplay & ~hand : ~(mask_t)0;
        int previous = -2;
        mask_t before = 0, rest = legal;
        while (rest) {
            mask_t low = rest & -rest;
            int card = low_index(low);
            rest ^= low;
            if (o->cls[card] == previous && !(live & (low - (before << 1)))) {
                before = low;
                continue;
            }
            moves[count++] = card;
            previous = o->cls[card];
            before = low;
        }
        if (count > 1) {
            if (k == 0) {
                sort_moves(moves, count, o->lead_key);
            } else if (wcard < 0) {
                sort_moves(moves, count, o->neg_halves);
            } else if (o->side[(leader + wpos) % n] == o->side[seat]) {
                sort_moves(moves, count, o->give_key); /* my side wins: give it points */
            } else { /* the cheapest winner first, then the cheapest loser */
                int winners[80], losers[80], w = 0, l = 0, trump_best = wcard <= 21;
                for (int i = 0; i < count; i++) {
                    int card = moves[i];
                    if ((card && (card <= 21 ? card > wcard
                                             : !trump_best && GROUP[card] == GROUP[wcard]
                                                   && o->order[card] > o->order[wcard]))
                        || (card && card <= 21 && !trump_best))
                        winners[w++] = card;
                    else
                        losers[l++] = card;
                }
                sort_moves(winners, w, o->units);
                sort_moves(losers, l, o->lose_key);
                memcpy(moves, winners, w * sizeof(int));
                memcpy(moves + w, losers, l * sizeof(int));
            }
        }
    }
    if (hint >= 0) { /* the table's best card first */
        for (int i = 0; i < count; i++)
            if (moves[i] == hint) {
                memmove(moves + 1, moves, i * sizeof(int));
                moves[0] = hint;
                break;
            }
    }
    int maximise = o->side[seat] == 0;
    int best = maximise ? -INF : INF, best_move = moves[0];
    int last = k + 1 == n;
    for (int i = 0; i < count; i++) {
        int card = moves[i], npos = wpos, ncard = wcard, value;
        s->hands[seat] = hand & ~BIT(card);
        s->trick[k] = card;
        s->k = k + 1;
        if (card && (wcard < 0
                     || (card <= 21 ? card > wcard
                                    : wcard > 21 && GROUP[card] == GROUP[wcard]
                                          && o->order[card] > o->order[wcard])
                     || (card <= 21 && wcard > 21))) {
            npos = k; /* this card takes the lead in the trick */
            ncard = card;
        }
        value = last ? close_trick(s, alpha, beta, npos) : search(s, alpha, beta, npos, ncard);
        s->k = k;
        s->hands[seat] = hand;
        if (s->stopped)
            return 0;
        if (maximise) {
            if (value > best) {
                best = value;
                best_move = card;
                if (best > alpha) {
                    alpha = best;
                    if (alpha >= beta)
                        break;
                }
            }
        } else if (value < best) {
            best = value;
            best_move = card;
            if (best < beta) {
                beta = best;
                if (alpha >= beta)
                    break;
            }
        }
    }
    if (k == 0) { /* file the bound (the entry looked up again: it may have moved) */
        Entry *e = probe(o, hash, hands_key, leader, facts);
        if (!e) {
            if (o->used * 4 >= o->cap * 3 && o->cap < o->max_cap)
                grow(o);
            e = slot_for(o, hash);
            for (int h = 0; h < MAX_SEATS; h++) {
                e->lo[h] = h < n ? (uint64_t)hands_key[h] : 0;
                e->hi[h] = h < n ? (uint64_t)(hands_key[h] >> 64) : 0;
            }
            e->leader = (uint8_t)leader;
            e->facts = (uint8_t)facts;
            e->depth = (uint8_t)s->tricks_left;
            e->lower = lower;
            e->upper = upper;
        }
        if (best <= orig_alpha) {
            if (best < e->upper)
                e->upper = best;
        } else if (best >= orig_beta) {
            if (best > e->lower)
                e->lower = best;
        } else {
            e->lower = e->upper = best;
        }
        e->best = (int8_t)best_move;
    }
    return best;
}

/* ----- the Python type ---------------------------------------------------------------- */

/* A Python int (a card mask) as a mask_t. */
static int to_mask(PyObject *number, mask_t *out)
{
    if (!PyLong_Check(number)) {
        PyErr_SetString(PyExc_TypeError, "a card mask must be an int");
        return -1;
    }
    uint64_t lo = PyLong_AsUnsignedLongLongMask(number);
    if (lo == (uint64_t)-1 && PyErr_Occurred())
        return -1;
    PyObject *shift = PyLong_FromLong(64);
    if (!shift)
        return -1;
    PyObject *high = PyNumber_Rshift(number, shift);
    Py_DECREF(shift);
    if (!high)
        return -1;
    uint64_t hi = PyLong_AsUnsignedLongLongMask(high);
    Py_DECREF(high);
    if (hi == (uint64_t)-1 && PyErr_Occurred())
        return -1;
    if (hi >> (78 - 64)) {
        PyErr_SetString(PyExc_ValueError, "a card mask has bits above the 78 cards");
        return -1;
    }
    *out = ((mask_t)hi << 64) | lo;
    return 0;
}

/* ``count`` ints of a sequence into ``out`` (each in [low, high]). */
static int to_ints(PyObject *sequence, int *out, Py_ssize_t count, long low, long high,
                   const char *what)
{
    PyObject *fast = PySequence_Fast(sequence, what);
    if (!fast)
        return -1;
    if (PySequence_Fast_GET_SIZE(fast) != count) {
        PyErr_Format(PyExc_ValueError, "%s: %zd values expected", what, count);
        Py_DECREF(fast);
        return -1;
    }
    for (Py_ssize_t i = 0; i < count; i++) {
        long value = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, i));
        if (value == -1 && PyErr_Occurred()) {
            Py_DECREF(fast);
            return -1;
        }
        if (value < low || value > high) {
            PyErr_Format(PyExc_ValueError, "%s: %ld is out of range", what, value);
            Py_DECREF(fast);
            return -1;
        }
        out[i] = (int)value;
    }
    Py_DECREF(fast);
    return 0;
}

static int Searcher_init(Searcher *self, PyObject *args, PyObject *kwargs)
{
    static char *names[] = {"players", "side", "units", "order", "halves", "merge",
                            "last_excuse", "forbidden", "keys", "small", "max_entries", NULL};
    int n, merge, last_excuse;
    Py_ssize_t max_entries = (Py_ssize_t)1 << 20;
    PyObject *side, *units, *order, *halves, *forbidden, *keys, *small;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "iOOOOpiOOO|n", names, &n, &side, &units,
                                     &order, &halves, &merge, &last_excuse, &forbidden,
                                     &keys, &small, &max_entries))
        return -1;
    if (n < 3 || n > MAX_SEATS || last_excuse < CHANGES || last_excuse > KEPT
        || max_entries < 1 || max_entries > ((Py_ssize_t)1 << 30)) {
        PyErr_SetString(PyExc_ValueError,
                        "3 to 5 players, last_excuse 0, 1 or 2, max_entries 1 to 2**30");
        return -1;
    }
    if (to_ints(side, self->side, n, 0, 1, "side") || to_ints(units, self->units, 78, 0, 1000, "units")
        || to_ints(order, self->order, 78, 0, 999, "order")
        || to_ints(halves, self->halves, 78, 0, 1000, "halves")
        || to_mask(forbidden, &self->forbidden) || to_mask(small, &self->small))
        return -1;
    /* solver.py's tables, in its order: _merged's classes, then the move ordering's keys
     * (_LEAD_KEY, _NEG_UNITS, _GIVE_KEY, _LOSE_KEY). */
    int *tables[] = {self->cls, self->lead_key, self->neg_halves, self->give_key,
                     self->lose_key};
    static const char *table_names[] = {"keys[0] (classes)", "keys[1] (lead)",
                                        "keys[2] (units)", "keys[3] (give)", "keys[4] (lose)"};
    PyObject *fast = PySequence_Fast(keys, "keys: 5 tables of 78 values expected");
    if (!fast)
        return -1;
    if (PySequence_Fast_GET_SIZE(fast) != 5) {
        PyErr_SetString(PyExc_ValueError, "keys: 5 tables of 78 values expected");
        Py_DECREF(fast);
        return -1;
    }
    for (int t = 0; t < 5; t++)
        if (to_ints(PySequence_Fast_GET_ITEM(fast, t), tables[t], 78, -1000000, 1000000,
                    table_names[t])) {
            Py_DECREF(fast);
            return -1;
        }
    Py_DECREF(fast);
    self->n = n;
    self->merge = merge;
    self->last_excuse = last_excuse;
    self->max_cap = PROBES;
    while (self->max_cap < (size_t)max_entries)
        self->max_cap <<= 1;
    /* The key by relative ranks when the cards merge (not in Cosmic Tribe, whose order of
     * the pips differs), and each group's small cards lie next to each other. */
    self->relative = merge;
    for (int g = 0; g < 5; g++) {
        mask_t group = g == 0 ? GROUP[1] : GROUP[22 + 14 * (g - 1)];
        self->low[g] = group & self->small;
        self->low_start[g] = self->low[g] ? low_index(self->low[g]) : 0;
        mask_t run = self->low[g] >> self->low_start[g];
        if (run & (run + 1))
            self->relative = 0;
    }
    size_t cap = (size_t)1 << FIRST_BITS;
    if (cap > self->max_cap)
        cap = self->max_cap;
    PyMem_RawFree(self->table);
    PyMem_RawFree(self->tags);
    self->table = PyMem_RawCalloc(cap, sizeof(Entry));
    self->tags = PyMem_RawCalloc(cap, sizeof(uint64_t));
    if (!self->table || !self->tags) {
        PyErr_NoMemory();
        return -1;
    }
    self->cap = cap;
    self->used = 0;
    return 0;
}

static void Searcher_dealloc(Searcher *self)
{
    PyMem_RawFree(self->table);
    PyMem_RawFree(self->tags);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

PyDoc_STRVAR(search_doc,
"search(hands, trick, leader, tricks_left, first_trick, sweep, owed, has_small_0,\n"
"       has_small_1, alpha, beta, wpos, wcard, max_nodes) -> (value, nodes)\n\n"
"Position.search from the position given (the fields of a Position): the taker's side's\n"
"units still to come, fail-soft in the window (alpha, beta). value is None if the search\n"
"needed more than max_nodes nodes.");

static PyObject *Searcher_search(Searcher *self, PyObject *args)
{
    PyObject *hands, *trick;
    int alpha, beta, wpos, wcard;
    State s;
    memset(&s, 0, sizeof s);
    if (!PyArg_ParseTuple(args, "OOiiiiiiiiiiiL", &hands, &trick, &s.leader, &s.tricks_left,
                          &s.first_trick, &s.sweep, &s.owed, &s.has_small[0], &s.has_small[1],
                          &alpha, &beta, &wpos, &wcard, &s.max_nodes))
        return NULL;
    int n = self->n;
    PyObject *fast = PySequence_Fast(hands, "hands");
    if (!fast)
        return NULL;
    if (PySequence_Fast_GET_SIZE(fast) != n) {
        Py_DECREF(fast);
        return PyErr_Format(PyExc_ValueError, "hands: %d masks expected", n);
    }
    for (int h = 0; h < n; h++) {
        if (to_mask(PySequence_Fast_GET_ITEM(fast, h), &s.hands[h])) {
            Py_DECREF(fast);
            return NULL;
        }
        s.inplay |= s.hands[h];
    }
    Py_DECREF(fast);
    fast = PySequence_Fast(trick, "trick");
    if (!fast)
        return NULL;
    s.k = (int)PySequence_Fast_GET_SIZE(fast);
    Py_DECREF(fast);
    if (s.k >= n || to_ints(trick, s.trick, s.k, 0, 77, "trick"))
        return s.k >= n ? PyErr_Format(PyExc_ValueError, "a trick in progress has under %d cards", n)
                        : NULL;
    if (s.tricks_left < 1 || s.leader < 0 || s.leader >= n || wpos >= s.k || wcard > 77)
        return PyErr_Format(PyExc_ValueError, "not a position in play");
    for (int p = 0; p < s.k; p++)
        s.inplay |= BIT(s.trick[p]);
    for (int p = 0; p < n; p++) { /* one card each per trick left, less those played */
        mask_t hand = s.hands[(s.leader + p) % n];
        int cards = __builtin_popcountll((uint64_t)hand) + __builtin_popcountll((uint64_t)(hand >> 64));
        if (cards != s.tricks_left - (p < s.k))
            return PyErr_Format(PyExc_ValueError, "the hands do not hold %d cards each",
                                s.tricks_left);
    }
    if (self->busy)
        return PyErr_Format(PyExc_RuntimeError, "this position is being searched already");
    for (int i = 0; i < 78; i++)
        if (s.inplay & BIT(i))
            s.remaining += self->units[i];
    s.o = self;
    int value;
    self->busy = 1;
    Py_BEGIN_ALLOW_THREADS
    value = search(&s, alpha, beta, wpos, wcard);
    Py_END_ALLOW_THREADS
    self->busy = 0;
    if (s.stopped)
        return Py_BuildValue("(OL)", Py_None, s.nodes);
    return Py_BuildValue("(iL)", value, s.nodes);
}

static PyObject *Searcher_entries(Searcher *self, void *closure)
{
    (void)closure;
    return PyLong_FromSize_t(self->used);
}

static PyMethodDef Searcher_methods[] = {
    {"search", (PyCFunction)Searcher_search, METH_VARARGS, search_doc},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef Searcher_getset[] = {
    {"entries", (getter)Searcher_entries, NULL, "the table's entries in use", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

PyDoc_STRVAR(Searcher_doc,
"Searcher(players, side, units, order, halves, merge, last_excuse, forbidden, keys, small,\n"
"         max_entries=2**20)\n\n"
"The search of one Position: its fixed facts (each seat's side, the rule set's card units,\n"
"plain-card order and half points, whether equivalent cards merge, the last trick's Excuse\n"
"0 changes sides / 1 to the winner / 2 kept, the first lead's forbidden cards as a mask,\n"
"solver.py's tables: keys = (classes, lead, units, give, lose keys by card index), small =\n"
"the mask of the cards worth the least) and its transposition table, kept across searches.");

static PyTypeObject SearcherType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "tarot_teach._solver.Searcher",
    .tp_basicsize = sizeof(Searcher),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = Searcher_doc,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Searcher_init,
    .tp_dealloc = (destructor)Searcher_dealloc,
    .tp_methods = Searcher_methods,
    .tp_getset = Searcher_getset,
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_solver",
    "The open-hand solver's search in C (optional; tarot_teach.solver decides when it runs).",
    -1, NULL, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__solver(void)
{
    mask_t trumps = (BIT(22) - 1) & ~EXCUSE;
    for (int i = 0; i < 78; i++)
        GROUP[i] = i == 0 ? 0 : i <= 21 ? trumps : ((BIT(14) - 1) << (22 + 14 * ((i - 22) / 14)));
    for (int r = 0; r < 22; r++)
        TRUMPS_ABOVE[r] = trumps & ~(BIT(r + 1) - 1);
    if (PyType_Ready(&SearcherType) < 0)
        return NULL;
    PyObject *m = PyModule_Create(&module);
    if (!m)
        return NULL;
    Py_INCREF(&SearcherType);
    if (PyModule_AddObject(m, "Searcher", (PyObject *)&SearcherType) < 0) {
        Py_DECREF(&SearcherType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
