/* sequenza._fast: the compiled playout core, a fast twin of the Python rules.
 *
 * The Python rules (each game's rules.py) are the reference; this file plays the same
 * games, action for action, and the tests in tests/fast/ hold it to them game by game: the
 * same legal actions in the same order, the same state after every action, the same random
 * generator state and the same results.
 *
 * It knows the board games (Sequence and Sequence Numbers: one set of rules on two boards).
 * Nothing here is read from data files: sequenza/fast.py builds a Board from the Python
 * game's own layout (its cards, faces, action ids, windows) and options, so that the action
 * ids are the game's ActionSpace ids and the two can never drift apart on data.
 *
 * Randomness is CPython's: MT19937 seeded with init_by_array from an integer's 32-bit words,
 * getrandbits(k) as the top k bits of one 32-bit draw, and shuffle and randrange through
 * _randbelow_with_getrandbits (Lib/random.py, Modules/_randommodule.c of CPython 3.11).
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <math.h>
#include <string.h>
#include <time.h>

/* ------------------------------------------------------------------ the generator */

#define MT_N 624
#define MT_M 397

typedef struct {
    uint32_t state[MT_N];
    int index;
} MT;

static void mt_init_genrand(MT *mt, uint32_t s) {
    uint32_t *m = mt->state;
    int i;
    m[0] = s;
    for (i = 1; i < MT_N; i++) m[i] = 1812433253U * (m[i - 1] ^ (m[i - 1] >> 30)) + (uint32_t)i;
    mt->index = MT_N;
}

/* Every seeding starts from init_genrand(19650218): made once, copied after. */
static MT mt_base;

static void mt_init_by_array(MT *mt, const uint32_t *key, size_t length) {
    uint32_t *m = mt->state;
    size_t i = 1, j = 0, k;
    memcpy(mt, &mt_base, sizeof(MT));
    for (k = (MT_N > length ? MT_N : length); k; k--) {
        m[i] = (m[i] ^ ((m[i - 1] ^ (m[i - 1] >> 30)) * 1664525U)) + key[j] + (uint32_t)j;
        i++;
        j++;
        if (i >= MT_N) {
            m[0] = m[MT_N - 1];
            i = 1;
        }
        if (j >= length) j = 0;
    }
    for (k = MT_N - 1; k; k--) {
        m[i] = (m[i] ^ ((m[i - 1] ^ (m[i - 1] >> 30)) * 1566083941U)) - (uint32_t)i;
        i++;
        if (i >= MT_N) {
            m[0] = m[MT_N - 1];
            i = 1;
        }
    }
    m[0] = 0x80000000U;
}

/* random.Random(seed) for 0 <= seed < 2**64: the key is the seed's 32-bit words, low first,
 * as many as it needs (one for zero). */
static void mt_seed_u64(MT *mt, uint64_t seed) {
    uint32_t key[2] = {(uint32_t)seed, (uint32_t)(seed >> 32)};
    mt_init_by_array(mt, key, key[1] ? 2 : 1);
}

/* Two generators seeded as mt_seed_u64 seeds each (a game's deal and its choices): a seeding
 * is one long chain of dependent multiplications, so two chains side by side run in about
 * the time of one, and in the short games of Sequentia Cross seeding was a third of the
 * core's time. The place in the state moves alike whatever the key, so the chains share it. */
static void mt_seed_two(MT *a, uint64_t seed_a, MT *b, uint64_t seed_b) {
    const uint32_t key_a[2] = {(uint32_t)seed_a, (uint32_t)(seed_a >> 32)};
    const uint32_t key_b[2] = {(uint32_t)seed_b, (uint32_t)(seed_b >> 32)};
    const size_t length_a = key_a[1] ? 2 : 1, length_b = key_b[1] ? 2 : 1;
    uint32_t *m = a->state, *n = b->state;
    size_t i = 1, j_a = 0, j_b = 0, k;
    memcpy(a, &mt_base, sizeof(MT));
    memcpy(b, &mt_base, sizeof(MT));
    for (k = MT_N; k; k--) { /* MT_N is longer than any key of two words */
        m[i] = (m[i] ^ ((m[i - 1] ^ (m[i - 1] >> 30)) * 1664525U)) + key_a[j_a] + (uint32_t)j_a;
        n[i] = (n[i] ^ ((n[i - 1] ^ (n[i - 1] >> 30)) * 1664525U)) + key_b[j_b] + (uint32_t)j_b;
        i++;
        if (i >= MT_N) {
            m[0] = m[MT_N - 1];
            n[0] = n[MT_N - 1];
            i = 1;
        }
        if (++j_a >= length_a) j_a = 0;
        if (++j_b >= length_b) j_b = 0;
    }
    for (k = MT_N - 1; k; k--) {
        m[i] = (m[i] ^ ((m[i - 1] ^ (m[i - 1] >> 30)) * 1566083941U)) - (uint32_t)i;
        n[i] = (n[i] ^ ((n[i - 1] ^ (n[i - 1] >> 30)) * 1566083941U)) - (uint32_t)i;
        i++;
        if (i >= MT_N) {
            m[0] = m[MT_N - 1];
            n[0] = n[MT_N - 1];
            i = 1;
        }
    }
    m[0] = 0x80000000U;
    n[0] = 0x80000000U;
}

static inline uint32_t mt_next(MT *mt) {
    static const uint32_t mag01[2] = {0x0U, 0x9908b0dfU};
    uint32_t y;
    uint32_t *m = mt->state;
    if (mt->index >= MT_N) {
        int kk;
        for (kk = 0; kk < MT_N - MT_M; kk++) {
            y = (m[kk] & 0x80000000U) | (m[kk + 1] & 0x7fffffffU);
            m[kk] = m[kk + MT_M] ^ (y >> 1) ^ mag01[y & 0x1U];
        }
        for (; kk < MT_N - 1; kk++) {
            y = (m[kk] & 0x80000000U) | (m[kk + 1] & 0x7fffffffU);
            m[kk] = m[kk + (MT_M - MT_N)] ^ (y >> 1) ^ mag01[y & 0x1U];
        }
        y = (m[MT_N - 1] & 0x80000000U) | (m[0] & 0x7fffffffU);
        m[MT_N - 1] = m[MT_M - 1] ^ (y >> 1) ^ mag01[y & 0x1U];
        mt->index = 0;
    }
    y = m[mt->index++];
    y ^= (y >> 11);
    y ^= (y << 7) & 0x9d2c5680U;
    y ^= (y << 15) & 0xefc60000U;
    y ^= (y >> 18);
    return y;
}

/* _randbelow_with_getrandbits(n) for 1 <= n < 2**32: k = n.bit_length() (not that of n - 1,
 * so randrange(1) still draws once), redrawn until below n. */
/* random(): 53 bits from two draws. */
static inline double mt_random(MT *mt) {
    uint32_t a = mt_next(mt) >> 5, b = mt_next(mt) >> 6;
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0);
}

static inline uint32_t mt_below(MT *mt, uint32_t n) {
    int k = 32 - __builtin_clz(n);
    uint32_t r = mt_next(mt) >> (32 - k);
    while (r >= n) r = mt_next(mt) >> (32 - k);
    return r;
}

/* getrandbits(64): two draws, the first the low word. */
static uint64_t mt_bits64(MT *mt) {
    uint64_t low = mt_next(mt);
    return low | ((uint64_t)mt_next(mt) << 32);
}

/* random.shuffle: from the last place down, swap with a place drawn below it. */
static void mt_shuffle(MT *mt, int16_t *cards, int count) {
    int i;
    for (i = count - 1; i >= 1; i--) {
        int j = (int)mt_below(mt, (uint32_t)i + 1);
        int16_t held = cards[i];
        cards[i] = cards[j];
        cards[j] = held;
    }
}

/* ------------------------------------------------------------------ the board games */

#define SIZE 10
#define SPACES 100
#define RUN 5
#define WINDOWS 192
#define MAX_PLAYERS 12
#define MAX_SIDES 3
#define MAX_CARDS 1024
#define MAX_FACES 512
#define MAX_HAND 16
#define MAX_SEQUENCES 64
#define MAX_LEGAL 4096

#define EMPTY (-1)
#define FREE (-2)

/* Card kinds and action kinds, as rules.py numbers them. */
#define VALUE 0
#define ANYWHERE 1
#define REMOVE 2
#define K_PLAY 0
#define K_TAKE 1
#define K_DEAD 2
#define K_MARK 3
#define K_PASS 4

/* Endings, as BoardTermination names them (fast.py turns them into the enum). */
#define ONGOING 0
#define SEQUENCES_MADE 1
#define STALL 2

typedef struct {
    uint64_t lo, hi;
} Bits;

static inline Bits bits_of(int space) {
    Bits b = {0, 0};
    if (space < 64)
        b.lo = (uint64_t)1 << space;
    else
        b.hi = (uint64_t)1 << (space - 64);
    return b;
}

/* A table's rules: its layout (the Python game's cards and action ids) and options. */
typedef struct {
    PyObject_HEAD
    int cards;
    int faces;
    /* The most cards of one face: the tensor's counts of faces are shares of it. */
    int copies;
    int16_t card_face[MAX_CARDS];
    int8_t kind[MAX_FACES];
    int16_t value_space[MAX_FACES][2];
    /* Per face and space, the id of its play (or remove) action there; -1 where none. */
    int16_t *play_id; /* faces * SPACES */
    int16_t dead_id[MAX_FACES];
    int mark_base;
    int pass_id;
    int actions;
    /* Per action id: its kind, face and space (or window). */
    int8_t *move_kind;
    int16_t *move_face;
    int16_t *move_target;
    int8_t window[WINDOWS][RUN];
    Bits window_bits[WINDOWS];
    /* The windows through each space: at most 4 directions x 5 starts. */
    int16_t through[SPACES][20];
    int8_t through_count[SPACES];
    /* The spaces two windows share. */
    int8_t shared[WINDOWS][WINDOWS];
    int8_t corner[SPACES];
    int players;
    int sides;
    int to_win;
    int hand_size;
    int shared_limit;
    int idle_rounds;
    int random_first_player;
    Bits corner_bits;
    /* Each space's label, as a number (two spaces showing one value share it). */
    int16_t label[SPACES];
} Board;

typedef struct {
    MT rng;
    int8_t board[SPACES];
    int8_t marked[SPACES];
    /* Per team, its chips and the free corners; the empty spaces; the marked spaces. */
    Bits occupied[MAX_SIDES];
    Bits empty;
    Bits marked_bits;
    int sequence_count[MAX_SIDES];
    int16_t sequences[MAX_SIDES][MAX_SEQUENCES];
    int draw_count;
    int16_t draw[MAX_CARDS];
    int hand_count[MAX_PLAYERS];
    int16_t hands[MAX_PLAYERS][MAX_HAND];
    int discard_count[MAX_PLAYERS];
    int16_t *discards; /* players * MAX_CARDS, in the owner's buffer */
    /* Per seat, how many cards of each face it holds, and those faces as bits: the faces of
     * a hand, each once and ascending, are the order of the legal actions. */
    uint8_t face_count[MAX_PLAYERS][MAX_FACES];
    uint64_t held[MAX_PLAYERS][MAX_FACES / 64];
    int to_act;
    int dead_used;
    int passes;
    int pending_space;
    int pending_count;
    int16_t pending[32];
    int ending;
    int winning_team;
} Game;

static inline void hold(const Board *b, Game *g, int seat, int card) {
    int face = b->card_face[card];
    if (!g->face_count[seat][face]++) g->held[seat][face >> 6] |= (uint64_t)1 << (face & 63);
}

static inline void let_go(const Board *b, Game *g, int seat, int card) {
    int face = b->card_face[card];
    if (!--g->face_count[seat][face]) g->held[seat][face >> 6] &= ~((uint64_t)1 << (face & 63));
}

/* The face counts of every hand, from the hands. */
static void count_faces(const Board *b, Game *g) {
    int seat, i;
    memset(g->face_count, 0, sizeof(g->face_count));
    memset(g->held, 0, sizeof(g->held));
    for (seat = 0; seat < b->players; seat++)
        for (i = 0; i < g->hand_count[seat]; i++) hold(b, g, seat, g->hands[seat][i]);
}

static void game_new(const Board *b, Game *g, int16_t *discards, MT *seeded) {
    int i, seat;
    g->rng = *seeded;
    for (i = 0; i < SPACES; i++) {
        g->board[i] = b->corner[i] ? FREE : EMPTY;
        g->marked[i] = 0;
    }
    for (i = 0; i < b->sides; i++) {
        g->occupied[i] = b->corner_bits;
        g->sequence_count[i] = 0;
    }
    /* Spaces 0-63 in lo, 64-99 in hi. */
    g->empty.lo = ~b->corner_bits.lo;
    g->empty.hi = ~b->corner_bits.hi & (((uint64_t)1 << (SPACES - 64)) - 1);
    g->marked_bits.lo = g->marked_bits.hi = 0;
    g->draw_count = b->cards;
    for (i = 0; i < b->cards; i++) g->draw[i] = (int16_t)i;
    mt_shuffle(&g->rng, g->draw, b->cards);
    /* draw(): the top hand_size cards, the top one first. */
    for (seat = 0; seat < b->players; seat++) {
        for (i = 0; i < b->hand_size; i++) g->hands[seat][i] = g->draw[--g->draw_count];
        g->hand_count[seat] = b->hand_size;
        g->discard_count[seat] = 0;
    }
    count_faces(b, g);
    g->discards = discards;
    g->to_act = 0;
    g->dead_used = 0;
    g->passes = 0;
    g->pending_space = -1;
    g->pending_count = 0;
    g->ending = ONGOING;
    g->winning_team = -1;
    if (b->random_first_player) g->to_act = (int)mt_below(&g->rng, (uint32_t)b->players);
}

static int legal_actions(const Board *b, const Game *g, int16_t *out) {
    int count = 0, word, i;
    int seat = g->to_act;
    if (g->pending_count) {
        for (i = 0; i < g->pending_count; i++) out[i] = (int16_t)(b->mark_base + g->pending[i]);
        return g->pending_count;
    }
    /* The dead-card exchanges come first: value cards whose two spaces both hold chips. */
    if (!g->dead_used)
        for (word = 0; word < (b->faces + 63) / 64; word++)
            for (uint64_t bits = g->held[seat][word]; bits; bits &= bits - 1) {
                int face = word * 64 + __builtin_ctzll(bits);
                if (b->kind[face] == VALUE && g->board[b->value_space[face][0]] != EMPTY &&
                    g->board[b->value_space[face][1]] != EMPTY)
                    out[count++] = b->dead_id[face];
            }
    int dead = count;
    for (word = 0; word < (b->faces + 63) / 64; word++)
        for (uint64_t bits = g->held[seat][word]; bits; bits &= bits - 1) {
            int face = word * 64 + __builtin_ctzll(bits);
            const int16_t *ids = b->play_id + face * SPACES;
            if (b->kind[face] == VALUE) {
                int first = b->value_space[face][0], second = b->value_space[face][1];
                if (g->board[first] == EMPTY) out[count++] = ids[first];
                if (g->board[second] == EMPTY) out[count++] = ids[second];
                continue;
            }
            /* Any empty space, ascending; or any chip of another team outside sequences. */
            Bits open = g->empty;
            if (b->kind[face] == REMOVE) {
                int team = seat % b->sides, other;
                open.lo = open.hi = 0;
                for (other = 0; other < b->sides; other++)
                    if (other != team) {
                        open.lo |= g->occupied[other].lo;
                        open.hi |= g->occupied[other].hi;
                    }
                open.lo &= ~(b->corner_bits.lo | g->marked_bits.lo);
                open.hi &= ~(b->corner_bits.hi | g->marked_bits.hi);
            }
            for (uint64_t w = open.lo; w; w &= w - 1) out[count++] = ids[__builtin_ctzll(w)];
            for (uint64_t w = open.hi; w; w &= w - 1) out[count++] = ids[64 + __builtin_ctzll(w)];
        }
    if (count == dead) out[count++] = (int16_t)b->pass_id;
    return count;
}

static void draw_card(const Board *b, Game *g, int seat) {
    if (!g->draw_count) {
        int p, i, n = 0;
        for (p = 0; p < b->players; p++) {
            int16_t *pile = g->discards + p * MAX_CARDS;
            for (i = 0; i < g->discard_count[p]; i++) g->draw[n++] = pile[i];
            g->discard_count[p] = 0;
        }
        mt_shuffle(&g->rng, g->draw, n);
        g->draw_count = n;
    }
    g->hands[seat][g->hand_count[seat]++] = g->draw[--g->draw_count];
    hold(b, g, seat, g->hands[seat][g->hand_count[seat] - 1]);
}

static void end_turn(const Board *b, Game *g) {
    draw_card(b, g, g->to_act);
    g->dead_used = 0;
    g->to_act = (g->to_act + 1) % b->players;
}

/* The windows through `space` complete for `team` that may still be marked, ascending. */
static int candidates(const Board *b, const Game *g, int space, int team, int16_t *out) {
    int count = 0, i, j, k;
    Bits occupied = g->occupied[team];
    for (i = 0; i < b->through_count[space]; i++) {
        int w = b->through[space][i];
        Bits m = b->window_bits[w];
        if ((occupied.lo & m.lo) != m.lo || (occupied.hi & m.hi) != m.hi) continue;
        for (k = 0; k < g->sequence_count[team]; k++)
            if (b->shared[w][g->sequences[team][k]] > b->shared_limit) break;
        if (k < g->sequence_count[team]) continue;
        for (j = count; j > 0 && out[j - 1] > w; j--) out[j] = out[j - 1];
        out[j] = (int16_t)w;
        count++;
    }
    return count;
}

static int compatible(const Board *b, const int16_t *windows, int count) {
    int i, j;
    for (i = 0; i < count; i++)
        for (j = i + 1; j < count; j++)
            if (b->shared[windows[i]][windows[j]] > b->shared_limit) return 0;
    return 1;
}

static void mark(const Board *b, Game *g, int w) {
    int team = g->to_act % b->sides, i;
    g->sequences[team][g->sequence_count[team]++] = (int16_t)w;
    for (i = 0; i < RUN; i++) g->marked[b->window[w][i]] = 1;
    g->marked_bits.lo |= b->window_bits[w].lo;
    g->marked_bits.hi |= b->window_bits[w].hi;
}

static void settle(const Board *b, Game *g) {
    int team = g->to_act % b->sides;
    int16_t found[32];
    int count = candidates(b, g, g->pending_space, team, found);
    while (count) {
        int short_of = g->sequence_count[team] + 1 < b->to_win, i;
        if (short_of && count > 1 && !compatible(b, found, count)) {
            memcpy(g->pending, found, (size_t)count * sizeof(int16_t));
            g->pending_count = count;
            return;
        }
        for (i = 0; i < (short_of ? count : 1); i++) {
            if (g->sequence_count[team] >= MAX_SEQUENCES) break;
            mark(b, g, found[i]);
        }
        if (g->sequence_count[team] >= b->to_win) {
            g->ending = SEQUENCES_MADE;
            g->winning_team = team;
            return;
        }
        count = candidates(b, g, g->pending_space, team, found);
    }
    g->pending_space = -1;
    end_turn(b, g);
}

static void apply_action(const Board *b, Game *g, int action) {
    int kind = b->move_kind[action], face = b->move_face[action];
    int target = b->move_target[action];
    int seat = g->to_act, i;
    if (kind == K_MARK) {
        g->pending_count = 0;
        mark(b, g, target);
        settle(b, g);
        return;
    }
    if (kind == K_PASS) {
        g->passes++;
        g->dead_used = 0;
        if (g->passes >= b->players * b->idle_rounds) {
            g->ending = STALL;
            return;
        }
        g->to_act = (seat + 1) % b->players;
        return;
    }
    /* The first card of the hand with this face goes onto the seat's discard pile. */
    for (i = 0; i < g->hand_count[seat]; i++)
        if (b->card_face[g->hands[seat][i]] == face) {
            let_go(b, g, seat, g->hands[seat][i]);
            g->discards[seat * MAX_CARDS + g->discard_count[seat]++] = g->hands[seat][i];
            memmove(&g->hands[seat][i], &g->hands[seat][i + 1],
                    (size_t)(g->hand_count[seat] - i - 1) * sizeof(int16_t));
            g->hand_count[seat]--;
            break;
        }
    if (kind == K_DEAD) {
        g->dead_used = 1;
        draw_card(b, g, seat);
        return;
    }
    g->passes = 0;
    Bits one = bits_of(target);
    if (kind == K_TAKE) {
        int from = g->board[target];
        g->occupied[from].lo &= ~one.lo;
        g->occupied[from].hi &= ~one.hi;
        g->board[target] = EMPTY;
        g->empty.lo |= one.lo;
        g->empty.hi |= one.hi;
        end_turn(b, g);
        return;
    }
    int team = seat % b->sides;
    g->board[target] = (int8_t)team;
    g->occupied[team].lo |= one.lo;
    g->occupied[team].hi |= one.hi;
    g->empty.lo &= ~one.lo;
    g->empty.hi &= ~one.hi;
    g->pending_space = target;
    settle(b, g);
}

/* The playout policies, as fast.py names them. */
#define RANDOM 0
#define CHEAP 1
#define GREEDY 2
#define POLICIES 3

/* The cheap playout policy of the board games' play.py (board_playout): exchange a dead card,
 * then play a card with at most two actions (a value card) at random, and a place-anywhere or
 * remove card (a run of three actions or more of one face) only when no such card can go. */
static int choose_cheap(const Board *b, const int16_t *legal, int count, MT *choice) {
    int16_t plays[MAX_LEGAL];
    int n = 0, i = 0, first = legal[0];
    if (b->move_kind[first] == K_DEAD || count == 1) return first;
    if (b->move_kind[first] == K_MARK) return legal[mt_below(choice, (uint32_t)count)];
    while (i < count) {
        int face = b->move_face[legal[i]];
        if (i + 2 < count && b->move_face[legal[i + 2]] == face) {
            while (i < count && b->move_face[legal[i]] == face) i++;
            continue;
        }
        plays[n++] = legal[i++];
    }
    if (!n) return legal[mt_below(choice, (uint32_t)count)];
    return plays[mt_below(choice, (uint32_t)n)];
}

/* The greedy heuristic of the board games' play.py (board_policy and board_worths), term for
 * term in the same order, so that the same doubles come out: each legal action is valued by
 * the five-space windows through its space, and the best one, ties broken by random() * 1e-3
 * drawn per action in order, is played. */
static const double OWN[RUN] = {0.0, 1.0, 3.0, 10.0, 40.0};
static const double RIVAL[RUN - 1] = {0.0, 1.0, 3.0, 12.0};
#define RIVAL_FOUR 400.0
#define RIVAL_WINNING_FOUR 5000.0
#define SEQUENCE_WORTH 1000.0
#define WIN 1e6
#define ANYWHERE_COST 60.0
#define REMOVE_COST 40.0
#define REMOVE_SHARE 0.8

typedef struct {
    int team;
    /* Per team and window: its chips there with the free corners, or -1 where it can no
     * longer make that window a sequence. */
    int8_t level[MAX_SIDES][WINDOWS];
    /* Per window: the chips of each team, then the free corners. */
    int8_t chips[WINDOWS][MAX_SIDES + 1];
} Reading;

static int may_become_sequence(const Board *b, const Game *g, int team, int w) {
    int k;
    for (k = 0; k < g->sequence_count[team]; k++)
        if (b->shared[w][g->sequences[team][k]] > b->shared_limit) return 0;
    return 1;
}

static void read_board(const Board *b, const Game *g, Reading *r) {
    int w, k, t;
    r->team = g->to_act % b->sides;
    for (w = 0; w < WINDOWS; w++) {
        int8_t *counts = r->chips[w];
        int all = 0;
        memset(counts, 0, MAX_SIDES + 1);
        for (k = 0; k < RUN; k++) {
            int v = g->board[b->window[w][k]];
            if (v == FREE)
                counts[b->sides]++;
            else if (v != EMPTY) {
                counts[v]++;
                all++;
            }
        }
        for (t = 0; t < b->sides; t++)
            r->level[t][w] = (int8_t)((all != counts[t] || !may_become_sequence(b, g, t, w))
                                          ? -1
                                          : counts[t] + counts[b->sides]);
    }
}

static double rival_worth(const Board *b, const Game *g, int team, int filled) {
    if (filled < RUN - 1) return RIVAL[filled];
    if (g->sequence_count[team] + 1 >= b->to_win) return RIVAL_WINNING_FOUR;
    return RIVAL_FOUR;
}

static double place_worth(const Board *b, const Game *g, const Reading *r, int space) {
    int me = r->team, i, t, completed[20], done = 0;
    double worth = 0.0;
    for (i = 0; i < b->through_count[space]; i++) {
        int w = b->through[space][i];
        for (t = 0; t < b->sides; t++) {
            int filled = r->level[t][w];
            if (filled < 0) continue;
            if (t != me)
                worth += rival_worth(b, g, t, filled);
            else if (filled + 1 == RUN)
                completed[done++] = w;
            else
                worth += OWN[filled + 1] - OWN[filled];
        }
    }
    if (done) {
        /* How many of the completed windows can be marked together. */
        int kept[20], made = 0, j;
        for (i = 0; i < done; i++) {
            for (j = 0; j < made; j++)
                if (b->shared[completed[i]][kept[j]] > b->shared_limit) break;
            if (j == made) kept[made++] = completed[i];
        }
        if (g->sequence_count[me] + made >= b->to_win) return WIN;
        worth += SEQUENCE_WORTH * made;
    }
    return worth;
}

static double remove_worth(const Board *b, const Game *g, const Reading *r, int space) {
    int me = r->team, owner = g->board[space], i, t;
    double worth = 0.0;
    for (i = 0; i < b->through_count[space]; i++) {
        int w = b->through[space][i];
        int filled = r->level[owner][w], others = 0;
        const int8_t *counts = r->chips[w];
        if (filled >= 0)
            worth += rival_worth(b, g, owner, filled) - rival_worth(b, g, owner, filled - 1);
        for (t = 0; t < b->sides; t++) others += counts[t];
        if (others - counts[me] == 1 && r->level[me][w] < 0 && may_become_sequence(b, g, me, w))
            worth += OWN[counts[me] + counts[b->sides]];
    }
    return worth;
}

static double future_after_marking(const Board *b, const Reading *r, int window) {
    double worth = 0.0;
    int w;
    for (w = 0; w < WINDOWS; w++) {
        int filled = r->level[r->team][w];
        if (filled >= 0 && w != window && b->shared[w][window] <= b->shared_limit)
            worth += OWN[filled < RUN - 1 ? filled : RUN - 1];
    }
    return worth;
}

static int choose_greedy(const Board *b, const Game *g, const int16_t *legal, int count,
                         MT *choice) {
    static __thread Reading reading;
    static __thread double worths[MAX_LEGAL];
    static __thread int16_t first_label[MAX_FACES];
    static __thread int8_t anywhere[MAX_FACES];
    double best = 0.0;
    int i, chosen = legal[0];
    if (b->move_kind[legal[0]] == K_DEAD || count == 1) return legal[0];
    read_board(b, g, &reading);
    if (b->move_kind[legal[0]] == K_MARK) {
        for (i = 0; i < count; i++)
            worths[i] = future_after_marking(b, &reading, b->move_target[legal[i]]);
    } else {
        /* The cards played here as place-anywhere cards: their plays reach spaces of more
         * than one label (a value card reaches only the spaces showing its value). */
        for (i = 0; i < count; i++) {
            int face = b->move_face[legal[i]];
            if (face >= 0) {
                first_label[face] = -1;
                anywhere[face] = 0;
            }
        }
        for (i = 0; i < count; i++) {
            int a = legal[i], face = b->move_face[a], label;
            if (b->move_kind[a] != K_PLAY) continue;
            label = b->label[b->move_target[a]];
            if (first_label[face] < 0)
                first_label[face] = (int16_t)label;
            else if (first_label[face] != label)
                anywhere[face] = 1;
        }
        for (i = 0; i < count; i++) {
            int a = legal[i], kind = b->move_kind[a];
            if (kind == K_DEAD)
                worths[i] = WIN;
            else if (kind == K_PLAY) {
                worths[i] = place_worth(b, g, &reading, b->move_target[a]);
                if (anywhere[b->move_face[a]]) worths[i] -= ANYWHERE_COST;
            } else if (kind == K_TAKE)
                worths[i] = REMOVE_SHARE * remove_worth(b, g, &reading, b->move_target[a]) -
                            REMOVE_COST;
            else
                worths[i] = -WIN;
        }
    }
    for (i = 0; i < count; i++) {
        double key = worths[i] + mt_random(choice) * 1e-3;
        if (i == 0 || key > best) {
            best = key;
            chosen = legal[i];
        }
    }
    return chosen;
}

/* Plays on with `policy`, its draws from `choice`, until the game ends; -1 past `limit`. */
static long play_out(const Board *b, Game *g, int policy, MT *choice, long limit,
                     int16_t *legal) {
    long played = 0;
    while (g->ending == ONGOING) {
        int count = legal_actions(b, g, legal);
        int action = policy == CHEAP    ? choose_cheap(b, legal, count, choice)
                     : policy == GREEDY ? choose_greedy(b, g, legal, count, choice)
                                        : legal[mt_below(choice, (uint32_t)count)];
        apply_action(b, g, action);
        if (++played > limit) return -1;
    }
    return played;
}

/* State.determinize(seat, choice) of the Python rules: the game's generator becomes
 * random.Random(choice.getrandbits(64)), then the other seats' hands and the draw pile are
 * pooled, shuffled with `choice` and dealt back in their sizes. */
static void determinize(const Board *b, Game *g, int seat, MT *choice) {
    int16_t pool[MAX_CARDS];
    int n = 0, p, i;
    mt_seed_u64(&g->rng, mt_bits64(choice));
    for (p = 0; p < b->players; p++)
        if (p != seat)
            for (i = 0; i < g->hand_count[p]; i++) pool[n++] = g->hands[p][i];
    for (i = 0; i < g->draw_count; i++) pool[n++] = g->draw[i];
    mt_shuffle(choice, pool, n);
    n = 0;
    for (p = 0; p < b->players; p++)
        if (p != seat)
            for (i = 0; i < g->hand_count[p]; i++) g->hands[p][i] = pool[n++];
    for (i = 0; i < g->draw_count; i++) g->draw[i] = pool[n++];
    count_faces(b, g);
}

/* The caches of a loaded state (the marked spaces and the bit sets) from its fields. */
static void rebuild(const Board *b, Game *g) {
    int t, k, s;
    g->empty.lo = g->empty.hi = 0;
    g->marked_bits.lo = g->marked_bits.hi = 0;
    memset(g->marked, 0, sizeof(g->marked));
    for (t = 0; t < b->sides; t++) g->occupied[t] = b->corner_bits;
    for (s = 0; s < SPACES; s++) {
        Bits one = bits_of(s);
        if (g->board[s] == EMPTY) {
            g->empty.lo |= one.lo;
            g->empty.hi |= one.hi;
        } else if (g->board[s] >= 0) {
            g->occupied[g->board[s]].lo |= one.lo;
            g->occupied[g->board[s]].hi |= one.hi;
        }
    }
    for (t = 0; t < b->sides; t++)
        for (k = 0; k < g->sequence_count[t]; k++) {
            int w = g->sequences[t][k];
            for (s = 0; s < RUN; s++) g->marked[b->window[w][s]] = 1;
            g->marked_bits.lo |= b->window_bits[w].lo;
            g->marked_bits.hi |= b->window_bits[w].hi;
        }
}

/* ------------------------------------------------------------------ Board: Python type */

static PyObject *FastError;

static int read_ints(PyObject *seq, const char *what, long *out, Py_ssize_t want,
                     Py_ssize_t *got) {
    PyObject *fast = PySequence_Fast(seq, what);
    Py_ssize_t n, i;
    if (!fast) return -1;
    n = PySequence_Fast_GET_SIZE(fast);
    if ((want >= 0 && n != want) || n > MAX_CARDS * 4) {
        PyErr_Format(PyExc_ValueError, "%s: %zd items", what, n);
        Py_DECREF(fast);
        return -1;
    }
    for (i = 0; i < n; i++) {
        out[i] = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, i));
        if (out[i] == -1 && PyErr_Occurred()) {
            Py_DECREF(fast);
            return -1;
        }
    }
    if (got) *got = n;
    Py_DECREF(fast);
    return 0;
}

static void Board_dealloc(Board *self) {
    PyMem_Free(self->play_id);
    PyMem_Free(self->move_kind);
    PyMem_Free(self->move_face);
    PyMem_Free(self->move_target);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* Board(card_faces, kinds, value_spaces, moves, windows, corners, players, sides, to_win,
 *       hand_size, shared_limit, idle_rounds, random_first_player, labels)
 * moves: per action id, (kind, face, target) as Layout.moves gives them. */
/* The most cards of any one face in a deck of `cards` cards. */
static int most_copies(const int16_t *card_face, int cards, int faces) {
    int counts[MAX_FACES > 64 ? MAX_FACES : 64], most = 0, i;
    memset(counts, 0, sizeof(int) * (size_t)faces);
    for (i = 0; i < cards; i++)
        if (++counts[card_face[i]] > most) most = counts[card_face[i]];
    return most;
}

static int Board_init(Board *self, PyObject *args, PyObject *kwds) {
    PyObject *card_faces, *kinds, *value_spaces, *moves, *windows, *corners, *labels;
    long buffer[MAX_CARDS * 4];
    Py_ssize_t n, i, j;
    if (!PyArg_ParseTuple(args, "OOOOOOiiiiiiiO", &card_faces, &kinds, &value_spaces, &moves,
                          &windows, &corners, &self->players, &self->sides, &self->to_win,
                          &self->hand_size, &self->shared_limit, &self->idle_rounds,
                          &self->random_first_player, &labels))
        return -1;
    if (self->players < 1 || self->players > MAX_PLAYERS || self->sides < 1 ||
        self->sides > MAX_SIDES || self->hand_size < 0 || self->hand_size >= MAX_HAND ||
        self->idle_rounds < 1 || self->to_win < 1) {
        PyErr_SetString(PyExc_ValueError, "the table is beyond the core's limits");
        return -1;
    }
    if (read_ints(card_faces, "card_faces", buffer, -1, &n) < 0) return -1;
    if (n > MAX_CARDS || n < self->players * self->hand_size + 1) {
        PyErr_SetString(PyExc_ValueError, "the deck is beyond the core's limits");
        return -1;
    }
    self->cards = (int)n;
    for (i = 0; i < n; i++) self->card_face[i] = (int16_t)buffer[i];
    if (read_ints(kinds, "kinds", buffer, -1, &n) < 0) return -1;
    if (n > MAX_FACES) {
        PyErr_SetString(PyExc_ValueError, "too many faces for the core");
        return -1;
    }
    self->faces = (int)n;
    for (i = 0; i < n; i++) {
        self->kind[i] = (int8_t)buffer[i];
        self->value_space[i][0] = self->value_space[i][1] = -1;
        self->dead_id[i] = -1;
    }
    for (i = 0; i < self->cards; i++)
        if (self->card_face[i] < 0 || self->card_face[i] >= self->faces) {
            PyErr_SetString(PyExc_ValueError, "a card's face is out of range");
            return -1;
        }
    self->copies = most_copies(self->card_face, self->cards, self->faces);
    if (read_ints(value_spaces, "value_spaces", buffer, self->faces * 2, NULL) < 0) return -1;
    for (i = 0; i < self->faces; i++) {
        self->value_space[i][0] = (int16_t)buffer[2 * i];
        self->value_space[i][1] = (int16_t)buffer[2 * i + 1];
        if (self->kind[i] == VALUE &&
            (buffer[2 * i] < 0 || buffer[2 * i] >= SPACES || buffer[2 * i + 1] < 0 ||
             buffer[2 * i + 1] >= SPACES)) {
            PyErr_SetString(PyExc_ValueError, "a value face needs two spaces");
            return -1;
        }
    }
    {
        PyObject *fast = PySequence_Fast(moves, "moves");
        if (!fast) return -1;
        n = PySequence_Fast_GET_SIZE(fast);
        if (n > 32767) {
            Py_DECREF(fast);
            PyErr_SetString(PyExc_ValueError, "too many actions for the core");
            return -1;
        }
        self->actions = (int)n;
        PyMem_Free(self->play_id);
        PyMem_Free(self->move_kind);
        PyMem_Free(self->move_face);
        PyMem_Free(self->move_target);
        self->play_id = PyMem_Malloc(sizeof(int16_t) * (size_t)self->faces * SPACES);
        self->move_kind = PyMem_Malloc((size_t)n + 1);
        self->move_face = PyMem_Malloc(sizeof(int16_t) * ((size_t)n + 1));
        self->move_target = PyMem_Malloc(sizeof(int16_t) * ((size_t)n + 1));
        if (!self->play_id || !self->move_kind || !self->move_face || !self->move_target) {
            Py_DECREF(fast);
            PyErr_NoMemory();
            return -1;
        }
        for (i = 0; i < (Py_ssize_t)self->faces * SPACES; i++) self->play_id[i] = -1;
        self->mark_base = -1;
        self->pass_id = -1;
        for (i = 0; i < n; i++) {
            long move[3];
            int kind, face, target;
            if (read_ints(PySequence_Fast_GET_ITEM(fast, i), "move", move, 3, NULL) < 0) {
                Py_DECREF(fast);
                return -1;
            }
            kind = (int)move[0];
            face = (int)move[1];
            target = (int)move[2];
            self->move_kind[i] = (int8_t)kind;
            self->move_face[i] = (int16_t)face;
            self->move_target[i] = (int16_t)target;
            if ((kind == K_PLAY || kind == K_TAKE || kind == K_DEAD) &&
                (face < 0 || face >= self->faces)) {
                Py_DECREF(fast);
                PyErr_SetString(PyExc_ValueError, "a move's face is out of range");
                return -1;
            }
            if ((kind == K_PLAY || kind == K_TAKE) && (target < 0 || target >= SPACES)) {
                Py_DECREF(fast);
                PyErr_SetString(PyExc_ValueError, "a move's space is out of range");
                return -1;
            }
            if (kind == K_PLAY || kind == K_TAKE)
                self->play_id[face * SPACES + target] = (int16_t)i;
            else if (kind == K_DEAD)
                self->dead_id[face] = (int16_t)i;
            else if (kind == K_MARK) {
                if (target < 0 || target >= WINDOWS || (self->mark_base >= 0 &&
                                                        self->mark_base + target != i)) {
                    Py_DECREF(fast);
                    PyErr_SetString(PyExc_ValueError, "the mark actions are not in window order");
                    return -1;
                }
                if (target == 0) self->mark_base = (int)i;
            } else if (kind == K_PASS)
                self->pass_id = (int)i;
        }
        Py_DECREF(fast);
        if (self->mark_base < 0 || self->pass_id < 0) {
            PyErr_SetString(PyExc_ValueError, "the action space lacks mark or pass actions");
            return -1;
        }
    }
    if (read_ints(windows, "windows", buffer, WINDOWS * RUN, NULL) < 0) return -1;
    memset(self->through_count, 0, sizeof(self->through_count));
    for (i = 0; i < WINDOWS; i++) {
        Bits m = {0, 0};
        for (j = 0; j < RUN; j++) {
            long s = buffer[i * RUN + j];
            if (s < 0 || s >= SPACES) {
                PyErr_SetString(PyExc_ValueError, "a window's space is out of range");
                return -1;
            }
            self->window[i][j] = (int8_t)s;
            Bits one = bits_of((int)s);
            m.lo |= one.lo;
            m.hi |= one.hi;
            if (self->through_count[s] >= 20) {
                PyErr_SetString(PyExc_ValueError, "too many windows through one space");
                return -1;
            }
            self->through[s][self->through_count[s]++] = (int16_t)i;
        }
        self->window_bits[i] = m;
    }
    for (i = 0; i < WINDOWS; i++)
        for (j = 0; j < WINDOWS; j++)
            self->shared[i][j] = (int8_t)(__builtin_popcountll(self->window_bits[i].lo &
                                                               self->window_bits[j].lo) +
                                          __builtin_popcountll(self->window_bits[i].hi &
                                                               self->window_bits[j].hi));
    if (read_ints(corners, "corners", buffer, SPACES, NULL) < 0) return -1;
    self->corner_bits.lo = self->corner_bits.hi = 0;
    for (i = 0; i < SPACES; i++) {
        self->corner[i] = buffer[i] ? 1 : 0;
        if (buffer[i]) {
            Bits one = bits_of((int)i);
            self->corner_bits.lo |= one.lo;
            self->corner_bits.hi |= one.hi;
        }
    }
    if (read_ints(labels, "labels", buffer, SPACES, NULL) < 0) return -1;
    for (i = 0; i < SPACES; i++) self->label[i] = (int16_t)buffer[i];
    return 0;
}

/* A seed as CPython's random.Random takes it, for 0 <= seed < 2**64. */
static int read_seed(PyObject *value, uint64_t *seed) {
    unsigned long long v = PyLong_AsUnsignedLongLong(value);
    if (v == (unsigned long long)-1 && PyErr_Occurred()) return -1;
    *seed = (uint64_t)v;
    return 0;
}

/* playouts(seeds, choice_seeds, limit, policy): one game per seed, each choice made by
 * `policy` with its draws from random.Random(choice seed) (the random policy:
 * legal[randrange(len(legal))]). Returns per game (actions, ending, winning team, sequences
 * per side). */
static PyObject *Board_playouts(Board *self, PyObject *args) {
    PyObject *seeds, *choice_seeds, *seeds_fast = NULL, *choices_fast = NULL, *out = NULL;
    long limit;
    int policy;
    Py_ssize_t n, i;
    int16_t *discards = NULL, legal[MAX_LEGAL];
    Game *g = NULL;
    if (!PyArg_ParseTuple(args, "OOli", &seeds, &choice_seeds, &limit, &policy)) return NULL;
    if (policy < 0 || policy >= POLICIES) {
        PyErr_SetString(PyExc_ValueError, "no such policy");
        return NULL;
    }
    seeds_fast = PySequence_Fast(seeds, "seeds");
    choices_fast = PySequence_Fast(choice_seeds, "choice seeds");
    if (!seeds_fast || !choices_fast) goto done;
    n = PySequence_Fast_GET_SIZE(seeds_fast);
    if (PySequence_Fast_GET_SIZE(choices_fast) != n) {
        PyErr_SetString(PyExc_ValueError, "one choice seed per game");
        goto done;
    }
    uint64_t *seed_values = PyMem_Malloc(sizeof(uint64_t) * 2 * ((size_t)n + 1));
    if (!seed_values) {
        PyErr_NoMemory();
        goto done;
    }
    for (i = 0; i < n; i++)
        if (read_seed(PySequence_Fast_GET_ITEM(seeds_fast, i), &seed_values[2 * i]) < 0 ||
            read_seed(PySequence_Fast_GET_ITEM(choices_fast, i), &seed_values[2 * i + 1]) < 0) {
            PyMem_Free(seed_values);
            goto done;
        }
    g = PyMem_Malloc(sizeof(Game));
    discards = PyMem_Malloc(sizeof(int16_t) * MAX_PLAYERS * MAX_CARDS);
    long *lengths = PyMem_Malloc(sizeof(long) * ((size_t)n + 1));
    int *endings = PyMem_Malloc(sizeof(int) * 2 * ((size_t)n + 1));
    int8_t *counts = PyMem_Malloc((size_t)MAX_SIDES * ((size_t)n + 1));
    if (!g || !discards || !lengths || !endings || !counts) {
        PyErr_NoMemory();
        PyMem_Free(seed_values);
        PyMem_Free(lengths);
        PyMem_Free(endings);
        PyMem_Free(counts);
        goto done;
    }
    int overran = 0;
    Py_BEGIN_ALLOW_THREADS
    for (i = 0; i < n && !overran; i++) {
        MT deal, choice;
        long played;
        int s;
        mt_seed_two(&deal, seed_values[2 * i], &choice, seed_values[2 * i + 1]);
        game_new(self, g, discards, &deal);
        played = play_out(self, g, policy, &choice, limit, legal);
        if (played < 0) overran = 1;
        lengths[i] = played;
        endings[2 * i] = g->ending;
        endings[2 * i + 1] = g->winning_team;
        for (s = 0; s < MAX_SIDES; s++)
            counts[MAX_SIDES * i + s] = (int8_t)(s < self->sides ? g->sequence_count[s] : 0);
    }
    Py_END_ALLOW_THREADS
    if (overran)
        PyErr_Format(FastError, "a game ran past %ld actions", limit);
    else {
        out = PyList_New(n);
        for (i = 0; out && i < n; i++) {
            PyObject *sequences = PyTuple_New(self->sides);
            int s;
            if (!sequences) {
                Py_CLEAR(out);
                break;
            }
            for (s = 0; s < self->sides; s++)
                PyTuple_SET_ITEM(sequences, s, PyLong_FromLong(counts[MAX_SIDES * i + s]));
            PyObject *row = Py_BuildValue("(liiN)", lengths[i], endings[2 * i],
                                          endings[2 * i + 1], sequences);
            if (!row) {
                Py_CLEAR(out);
                break;
            }
            PyList_SET_ITEM(out, i, row);
        }
    }
    PyMem_Free(seed_values);
    PyMem_Free(lengths);
    PyMem_Free(endings);
    PyMem_Free(counts);
done:
    PyMem_Free(g);
    PyMem_Free(discards);
    Py_XDECREF(seeds_fast);
    Py_XDECREF(choices_fast);
    return out;
}

/* ------------------------------------------------------------------ bots (the simulator) */

/* state.play_bots(seeds, bots, limit): the simulator's game from this state, each seat's
 * choices made by its bot from its own generator, random.Random(seeds[seat]), as the Python
 * bots make them: the random bot takes legal[randrange(len(legal))]; the greedy bot takes a
 * lone legal action without a draw, else deals the state again for its seat
 * (state.determinize(seat, rng)) and asks the game's greedy heuristic on that copy, both
 * drawing from the seat's generator. Plays at most `limit` actions and returns their ids;
 * the simulator replays them on the Python rules for its report. */
#define BOT_RANDOM 0
#define BOT_GREEDY 1

typedef struct {
    MT rng[MAX_PLAYERS];
    int kind[MAX_PLAYERS];
    long limit, count;
    int16_t *played;
} Bots;

static Bots *bots_new(PyObject *args, int players, int greedy) {
    PyObject *seeds, *kinds, *seeds_fast = NULL, *kinds_fast = NULL;
    long limit;
    Py_ssize_t i;
    Bots *bots = NULL;
    if (!PyArg_ParseTuple(args, "OOl", &seeds, &kinds, &limit)) return NULL;
    if (limit < 0 || limit > 100000000L) {
        PyErr_SetString(PyExc_ValueError, "a game's limit lies between 0 and 10**8 actions");
        return NULL;
    }
    seeds_fast = PySequence_Fast(seeds, "seeds");
    kinds_fast = PySequence_Fast(kinds, "bots");
    if (!seeds_fast || !kinds_fast) goto fail;
    if (PySequence_Fast_GET_SIZE(seeds_fast) != players ||
        PySequence_Fast_GET_SIZE(kinds_fast) != players) {
        PyErr_SetString(PyExc_ValueError, "one seed and one bot per seat");
        goto fail;
    }
    bots = PyMem_Malloc(sizeof(Bots));
    if (!bots) {
        PyErr_NoMemory();
        goto fail;
    }
    bots->played = PyMem_Malloc(sizeof(int16_t) * ((size_t)limit + 1));
    if (!bots->played) {
        PyErr_NoMemory();
        goto fail;
    }
    bots->limit = limit;
    bots->count = 0;
    for (i = 0; i < players; i++) {
        uint64_t seed;
        long kind = PyLong_AsLong(PySequence_Fast_GET_ITEM(kinds_fast, i));
        if (kind == -1 && PyErr_Occurred()) goto fail;
        if (kind != BOT_RANDOM && !(greedy && kind == BOT_GREEDY)) {
            PyErr_SetString(PyExc_ValueError, "the core has no such bot in this game");
            goto fail;
        }
        if (read_seed(PySequence_Fast_GET_ITEM(seeds_fast, i), &seed) < 0) goto fail;
        mt_seed_u64(&bots->rng[i], seed);
        bots->kind[i] = (int)kind;
    }
    Py_DECREF(seeds_fast);
    Py_DECREF(kinds_fast);
    return bots;
fail:
    if (bots) PyMem_Free(bots->played);
    PyMem_Free(bots);
    Py_XDECREF(seeds_fast);
    Py_XDECREF(kinds_fast);
    return NULL;
}

/* The actions played, as a list of ids; frees the bots. */
static PyObject *bots_done(Bots *bots) {
    PyObject *out = PyList_New(bots->count);
    long i;
    for (i = 0; out && i < bots->count; i++)
        PyList_SET_ITEM(out, i, PyLong_FromLong(bots->played[i]));
    PyMem_Free(bots->played);
    PyMem_Free(bots);
    return out;
}

/* ------------------------------------------------------------------ BoardState: Python type */

typedef struct {
    PyObject_HEAD
    Board *board;
    Game game;
    int16_t discards[MAX_PLAYERS * MAX_CARDS];
} BoardState;

static PyTypeObject BoardStateType;

/* Board.new_state(seed_key): a new game dealt as random.Random(seed) deals it; seed_key is
 * the seed's 32-bit words, low first (fast.py writes them, so any Python int serves). */
static PyObject *Board_new_state(Board *self, PyObject *args) {
    PyObject *key;
    long words[64];
    uint32_t key32[64];
    Py_ssize_t n, i;
    MT seeded;
    if (!PyArg_ParseTuple(args, "O", &key)) return NULL;
    if (read_ints(key, "seed key", words, -1, &n) < 0) return NULL;
    if (n < 1 || n > 64) {
        PyErr_SetString(PyExc_ValueError, "a seed key has 1 to 64 words");
        return NULL;
    }
    for (i = 0; i < n; i++) key32[i] = (uint32_t)words[i];
    mt_init_by_array(&seeded, key32, (size_t)n);
    BoardState *state = PyObject_New(BoardState, &BoardStateType);
    if (!state) return NULL;
    Py_INCREF(self);
    state->board = self;
    game_new(self, &state->game, state->discards, &seeded);
    return (PyObject *)state;
}

/* Reads a list of ints below `bound` (and at least `low`) into `out`, at most `most`. */
static int read_list(PyObject *fields, const char *key, int16_t *out, int most, int low,
                     int bound) {
    PyObject *value = PyDict_GetItemString(fields, key);
    PyObject *fast;
    Py_ssize_t n, i;
    if (!value) {
        PyErr_Format(PyExc_KeyError, "a state's fields lack %s", key);
        return -1;
    }
    fast = PySequence_Fast(value, key);
    if (!fast) return -1;
    n = PySequence_Fast_GET_SIZE(fast);
    if (n > most) {
        Py_DECREF(fast);
        PyErr_Format(PyExc_ValueError, "%s holds more than the core's %d", key, most);
        return -1;
    }
    for (i = 0; i < n; i++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, i));
        if (v == -1 && PyErr_Occurred()) {
            Py_DECREF(fast);
            return -1;
        }
        if (v < low || v >= bound) {
            Py_DECREF(fast);
            PyErr_Format(PyExc_ValueError, "%s holds %ld, outside %d..%d", key, v, low, bound - 1);
            return -1;
        }
        out[i] = (int16_t)v;
    }
    Py_DECREF(fast);
    return (int)n;
}

/* One list per seat (or team): a list of lists, each read as read_list reads one. */
static int read_lists(PyObject *fields, const char *key, int16_t *out, int stride, int *counts,
                      int want, int most, int bound) {
    PyObject *value = PyDict_GetItemString(fields, key), *inner;
    int i;
    if (!value || !PySequence_Check(value) || PySequence_Size(value) != want) {
        PyErr_Format(PyExc_ValueError, "%s holds one list per seat or team", key);
        return -1;
    }
    for (i = 0; i < want; i++) {
        PyObject *wrapper = PyDict_New();
        int n;
        inner = PySequence_GetItem(value, i);
        if (!wrapper || !inner || PyDict_SetItemString(wrapper, key, inner) < 0) {
            Py_XDECREF(wrapper);
            Py_XDECREF(inner);
            return -1;
        }
        n = read_list(wrapper, key, out + i * stride, most, 0, bound);
        Py_DECREF(wrapper);
        Py_DECREF(inner);
        if (n < 0) return -1;
        counts[i] = n;
    }
    return 0;
}

static int read_flag(PyObject *fields, const char *key, long *out) {
    PyObject *value = PyDict_GetItemString(fields, key);
    if (!value) {
        PyErr_Format(PyExc_KeyError, "a state's fields lack %s", key);
        return -1;
    }
    *out = PyLong_AsLong(value);
    return (*out == -1 && PyErr_Occurred()) ? -1 : 0;
}

/* Board.load(fields): a game in the middle, from the Python state's saved fields (as
 * snapshot() names them, the generator's state as random.getstate()[1] gives it). */
static PyObject *Board_load(Board *self, PyObject *fields) {
    BoardState *state;
    Game *g;
    int16_t board[SPACES], sequences[MAX_SIDES * MAX_SEQUENCES];
    long flag;
    int i, n, cards = 0;
    if (!PyDict_Check(fields)) {
        PyErr_SetString(PyExc_TypeError, "load() takes the state's fields as a dict");
        return NULL;
    }
    state = PyObject_New(BoardState, &BoardStateType);
    if (!state) return NULL;
    Py_INCREF(self);
    state->board = self;
    g = &state->game;
    g->discards = state->discards;
    if (read_list(fields, "board", board, SPACES, FREE, self->sides) != SPACES) goto fail;
    for (i = 0; i < SPACES; i++) {
        if ((board[i] == FREE) != (self->corner[i] != 0)) {
            PyErr_SetString(PyExc_ValueError, "the free spaces are the corners");
            goto fail;
        }
        g->board[i] = (int8_t)board[i];
    }
    if (read_lists(fields, "sequences", sequences, MAX_SEQUENCES, g->sequence_count, self->sides,
                   MAX_SEQUENCES, WINDOWS) < 0)
        goto fail;
    for (i = 0; i < self->sides; i++)
        memcpy(g->sequences[i], sequences + i * MAX_SEQUENCES,
               sizeof(int16_t) * (size_t)g->sequence_count[i]);
    if ((n = read_list(fields, "draw_pile", g->draw, self->cards, 0, self->cards)) < 0) goto fail;
    g->draw_count = n;
    cards += n;
    {
        int16_t hands[MAX_PLAYERS * MAX_HAND];
        if (read_lists(fields, "hands", hands, MAX_HAND, g->hand_count, self->players,
                       MAX_HAND - 1, self->cards) < 0)
            goto fail;
        for (i = 0; i < self->players; i++) {
            memcpy(g->hands[i], hands + i * MAX_HAND, sizeof(int16_t) * (size_t)g->hand_count[i]);
            cards += g->hand_count[i];
        }
    }
    if (read_lists(fields, "discards", g->discards, MAX_CARDS, g->discard_count, self->players,
                   self->cards, self->cards) < 0)
        goto fail;
    for (i = 0; i < self->players; i++) cards += g->discard_count[i];
    if (cards != self->cards) {
        PyErr_SetString(PyExc_ValueError, "the state's cards do not add up to the deck");
        goto fail;
    }
    if ((n = read_list(fields, "pending", g->pending, 20, 0, WINDOWS)) < 0) goto fail;
    g->pending_count = n;
    if (read_flag(fields, "dead_used", &flag) < 0) goto fail;
    g->dead_used = flag != 0;
    if (read_flag(fields, "pending_space", &flag) < 0) goto fail;
    if (flag < -1 || flag >= SPACES || (g->pending_count && flag < 0)) {
        PyErr_SetString(PyExc_ValueError, "pending_space is a space, or -1");
        goto fail;
    }
    g->pending_space = (int)flag;
    if (read_flag(fields, "passes", &flag) < 0) goto fail;
    if (flag < 0 || flag >= self->players * self->idle_rounds) {
        PyErr_SetString(PyExc_ValueError, "passes is below the stall");
        goto fail;
    }
    g->passes = (int)flag;
    if (read_flag(fields, "to_act", &flag) < 0) goto fail;
    if (flag < 0 || flag >= self->players) {
        PyErr_SetString(PyExc_ValueError, "to_act is a seat");
        goto fail;
    }
    g->to_act = (int)flag;
    {
        PyObject *rng = PyDict_GetItemString(fields, "rng"), *fast;
        if (!rng || !(fast = PySequence_Fast(rng, "rng"))) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_KeyError, "a state's fields lack rng");
            goto fail;
        }
        if (PySequence_Fast_GET_SIZE(fast) != MT_N + 1) {
            Py_DECREF(fast);
            PyErr_SetString(PyExc_ValueError, "rng is the 625 numbers of random.getstate()[1]");
            goto fail;
        }
        for (i = 0; i <= MT_N; i++) {
            unsigned long v = PyLong_AsUnsignedLong(PySequence_Fast_GET_ITEM(fast, i));
            if (v == (unsigned long)-1 && PyErr_Occurred()) {
                Py_DECREF(fast);
                goto fail;
            }
            if (i < MT_N)
                g->rng.state[i] = (uint32_t)v;
            else if (v > MT_N) {
                Py_DECREF(fast);
                PyErr_SetString(PyExc_ValueError, "the generator's index is at most 624");
                goto fail;
            }
            else
                g->rng.index = (int)v;
        }
        Py_DECREF(fast);
    }
    g->ending = ONGOING;
    g->winning_team = -1;
    rebuild(self, g);
    count_faces(self, g);
    return (PyObject *)state;
fail:
    Py_DECREF(state);
    return NULL;
}

static void BoardState_dealloc(BoardState *self) {
    Py_XDECREF(self->board);
    PyObject_Free(self);
}

static PyObject *BoardState_legal(BoardState *self, PyObject *unused) {
    int16_t legal[MAX_LEGAL];
    int count, i;
    if (self->game.ending != ONGOING) return PyList_New(0);
    count = legal_actions(self->board, &self->game, legal);
    PyObject *out = PyList_New(count);
    for (i = 0; out && i < count; i++) PyList_SET_ITEM(out, i, PyLong_FromLong(legal[i]));
    return out;
}

static PyObject *BoardState_apply(BoardState *self, PyObject *arg) {
    int16_t legal[MAX_LEGAL];
    long action = PyLong_AsLong(arg);
    int count, i;
    if (action == -1 && PyErr_Occurred()) return NULL;
    if (self->game.ending != ONGOING) {
        PyErr_SetString(FastError, "the game is over");
        return NULL;
    }
    count = legal_actions(self->board, &self->game, legal);
    for (i = 0; i < count && legal[i] != action; i++);
    if (i == count) {
        PyErr_Format(FastError, "action %ld is not legal now", action);
        return NULL;
    }
    apply_action(self->board, &self->game, (int)action);
    Py_RETURN_NONE;
}

static PyObject *int16_list(const int16_t *values, int count) {
    PyObject *out = PyList_New(count);
    int i;
    for (i = 0; out && i < count; i++) PyList_SET_ITEM(out, i, PyLong_FromLong(values[i]));
    return out;
}

/* Every field of the state, as the Python state's save fields hold them. */
static PyObject *BoardState_snapshot(BoardState *self, PyObject *unused) {
    const Board *b = self->board;
    const Game *g = &self->game;
    PyObject *board = PyList_New(SPACES), *sequences = PyList_New(b->sides);
    PyObject *hands = PyList_New(b->players), *discards = PyList_New(b->players);
    PyObject *rng = PyTuple_New(MT_N + 1);
    int i;
    if (!board || !sequences || !hands || !discards || !rng) goto fail;
    for (i = 0; i < SPACES; i++) PyList_SET_ITEM(board, i, PyLong_FromLong(g->board[i]));
    for (i = 0; i < b->sides; i++)
        PyList_SET_ITEM(sequences, i, int16_list(g->sequences[i], g->sequence_count[i]));
    for (i = 0; i < b->players; i++) {
        PyList_SET_ITEM(hands, i, int16_list(g->hands[i], g->hand_count[i]));
        PyList_SET_ITEM(discards, i, int16_list(g->discards + i * MAX_CARDS, g->discard_count[i]));
    }
    for (i = 0; i < MT_N; i++) PyTuple_SET_ITEM(rng, i, PyLong_FromUnsignedLong(g->rng.state[i]));
    PyTuple_SET_ITEM(rng, MT_N, PyLong_FromLong(g->rng.index));
    return Py_BuildValue(
        "{s:N,s:N,s:N,s:N,s:N,s:O,s:N,s:i,s:i,s:i,s:i,s:i,s:i,s:N}", "board", board,
        "sequences", sequences, "draw_pile", int16_list(g->draw, g->draw_count), "hands", hands,
        "discards", discards, "dead_used", g->dead_used ? Py_True : Py_False, "pending",
        int16_list(g->pending, g->pending_count), "pending_space", g->pending_space, "passes",
        g->passes, "to_act", g->to_act, "ending", g->ending, "winning_team", g->winning_team,
        "sides", b->sides, "rng", rng);
fail:
    Py_XDECREF(board);
    Py_XDECREF(sequences);
    Py_XDECREF(hands);
    Py_XDECREF(discards);
    Py_XDECREF(rng);
    return NULL;
}

/* state.playouts(seat, seeds, limit, policy): one game per seed from this state, each
 * determinized for `seat` with random.Random(seed) and played on by `policy` drawing from
 * that same generator (as the Python state's determinize and a random playout do). Returns
 * per game (actions, ending, winning team, sequences per side); the state stays as it was. */
static PyObject *BoardState_playouts(BoardState *self, PyObject *args) {
    const Board *b = self->board;
    PyObject *seeds, *seeds_fast, *out;
    long limit;
    int seat, overran = 0, policy;
    Py_ssize_t n, i;
    if (!PyArg_ParseTuple(args, "iOli", &seat, &seeds, &limit, &policy)) return NULL;
    if (policy < 0 || policy >= POLICIES) {
        PyErr_SetString(PyExc_ValueError, "no such policy");
        return NULL;
    }
    if (seat < 0 || seat >= b->players) {
        PyErr_SetString(PyExc_ValueError, "no such seat");
        return NULL;
    }
    if (self->game.ending != ONGOING) {
        PyErr_SetString(FastError, "the game is over");
        return NULL;
    }
    seeds_fast = PySequence_Fast(seeds, "seeds");
    if (!seeds_fast) return NULL;
    n = PySequence_Fast_GET_SIZE(seeds_fast);
    uint64_t *values = PyMem_Malloc(sizeof(uint64_t) * ((size_t)n + 1));
    long *lengths = PyMem_Malloc(sizeof(long) * ((size_t)n + 1));
    int *endings = PyMem_Malloc(sizeof(int) * 2 * ((size_t)n + 1));
    int8_t *counts = PyMem_Malloc((size_t)MAX_SIDES * ((size_t)n + 1));
    Game *g = PyMem_Malloc(sizeof(Game));
    int16_t *discards = PyMem_Malloc(sizeof(int16_t) * MAX_PLAYERS * MAX_CARDS);
    int16_t *legal = PyMem_Malloc(sizeof(int16_t) * MAX_LEGAL);
    out = NULL;
    if (!values || !lengths || !endings || !counts || !g || !discards || !legal) {
        PyErr_NoMemory();
        goto done;
    }
    for (i = 0; i < n; i++)
        if (read_seed(PySequence_Fast_GET_ITEM(seeds_fast, i), &values[i]) < 0) goto done;
    Py_BEGIN_ALLOW_THREADS
    for (i = 0; i < n && !overran; i++) {
        MT choice;
        int s;
        long played;
        mt_seed_u64(&choice, values[i]);
        *g = self->game;
        g->discards = discards;
        memcpy(discards, self->discards, sizeof(int16_t) * MAX_PLAYERS * MAX_CARDS);
        determinize(b, g, seat, &choice);
        played = play_out(b, g, policy, &choice, limit, legal);
        if (played < 0) overran = 1;
        lengths[i] = played;
        endings[2 * i] = g->ending;
        endings[2 * i + 1] = g->winning_team;
        for (s = 0; s < MAX_SIDES; s++)
            counts[MAX_SIDES * i + s] = (int8_t)(s < b->sides ? g->sequence_count[s] : 0);
    }
    Py_END_ALLOW_THREADS
    if (overran) {
        PyErr_Format(FastError, "a game ran past %ld actions", limit);
        goto done;
    }
    out = PyList_New(n);
    for (i = 0; out && i < n; i++) {
        PyObject *sequences = PyTuple_New(b->sides), *row;
        int s;
        if (!sequences) {
            Py_CLEAR(out);
            break;
        }
        for (s = 0; s < b->sides; s++)
            PyTuple_SET_ITEM(sequences, s, PyLong_FromLong(counts[MAX_SIDES * i + s]));
        row = Py_BuildValue("(liiN)", lengths[i], endings[2 * i], endings[2 * i + 1], sequences);
        if (!row) {
            Py_CLEAR(out);
            break;
        }
        PyList_SET_ITEM(out, i, row);
    }
done:
    Py_DECREF(seeds_fast);
    PyMem_Free(values);
    PyMem_Free(lengths);
    PyMem_Free(endings);
    PyMem_Free(counts);
    PyMem_Free(g);
    PyMem_Free(discards);
    PyMem_Free(legal);
    return out;
}

static PyObject *BoardState_play_bots(BoardState *self, PyObject *args) {
    const Board *b = self->board;
    Game *g = &self->game, *twin;
    int16_t *legal;
    Bots *bots = bots_new(args, b->players, 1);
    if (!bots) return NULL;
    twin = PyMem_Malloc(sizeof(Game));
    legal = PyMem_Malloc(sizeof(int16_t) * MAX_LEGAL);
    if (!twin || !legal) {
        PyMem_Free(twin);
        PyMem_Free(legal);
        bots->count = 0;
        Py_DECREF(bots_done(bots));
        return PyErr_NoMemory();
    }
    while (g->ending == ONGOING && bots->count < bots->limit) {
        int count = legal_actions(b, g, legal), seat = g->to_act, action;
        MT *mt = &bots->rng[seat];
        if (bots->kind[seat] == BOT_RANDOM)
            action = legal[mt_below(mt, (uint32_t)count)];
        else if (count == 1)
            action = legal[0];
        else {
            /* The greedy heuristic only reads the discards; the copy shares them. */
            *twin = *g;
            determinize(b, twin, seat, mt);
            action = choose_greedy(b, twin, legal, count, mt);
        }
        apply_action(b, g, action);
        bots->played[bots->count++] = (int16_t)action;
    }
    PyMem_Free(twin);
    PyMem_Free(legal);
    return bots_done(bots);
}

static PyObject *BoardState_search(BoardState *self, PyObject *args);

static PyMethodDef BoardState_methods[] = {
    {"search", (PyCFunction)BoardState_search, METH_VARARGS,
     "search(rng, seat, allowed, iterations, deadline, exploration, cut_after, limit, policy"
     "[, deals, cum_weights[, learned]]): mcts's iterations (on the expert's deals where "
     "given, judged by the learned judge's weights where given)."},
    {"play_bots", (PyCFunction)BoardState_play_bots, METH_VARARGS,
     "play_bots(seeds, bots, limit): the simulator's game, each seat's bot choosing."},
    {"playouts", (PyCFunction)BoardState_playouts, METH_VARARGS,
     "playouts(seat, seeds, limit, policy): games from here, determinized for seat."},
    {"legal", (PyCFunction)BoardState_legal, METH_NOARGS,
     "The legal action ids, in the Python rules' order."},
    {"apply", (PyCFunction)BoardState_apply, METH_O, "Play a legal action id."},
    {"snapshot", (PyCFunction)BoardState_snapshot, METH_NOARGS,
     "Every field of the state, and the generator's state as random.getstate() gives it."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject BoardStateType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "sequenza._fast.BoardState",
    .tp_basicsize = sizeof(BoardState),
    .tp_dealloc = (destructor)BoardState_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "A game of a Board, played one action at a time (for the identity tests).",
    .tp_methods = BoardState_methods,
};

static PyObject *Board_batch(Board *self, PyObject *args);

static PyMethodDef Board_methods[] = {
    {"batch", (PyCFunction)Board_batch, METH_VARARGS,
     "batch(n): n games of this table stepped together (Batch)."},
    {"load", (PyCFunction)Board_load, METH_O,
     "load(fields): a game in the middle, from a Python state's fields."},
    {"new_state", (PyCFunction)Board_new_state, METH_VARARGS,
     "new_state(seed_key): a new game dealt from the seed's 32-bit words."},
    {"playouts", (PyCFunction)Board_playouts, METH_VARARGS,
     "playouts(seeds, choice_seeds, limit, policy): whole games, one per seed."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject BoardType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "sequenza._fast.Board",
    .tp_basicsize = sizeof(Board),
    .tp_dealloc = (destructor)Board_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "The rules of one table of Sequence or Sequence Numbers.",
    .tp_methods = Board_methods,
    .tp_init = (initproc)Board_init,
    .tp_new = PyType_GenericNew,
};

/* ------------------------------------------------------------------ Sequentia Stack */

/* The rules of sequentia_stack/rules.py: a row of at most four piles; a turn places cards
 * (a bonus card asks for another), then claims three adjacent piles whose top digits spell a
 * hand card's code, or ends; hands are kept in card-text order and drawn back up. */

#define STACK_CARDS 54
#define ROW 4
#define STACK_MAX_HAND 10
#define STACK_PLAYERS 4
#define TURN_START 0
#define SIMPLE_PLACED 1
#define BONUS_PLACED 2
static const char *PHASE_NAMES[3] = {"turn_start", "simple_placed", "bonus_placed"};

typedef struct {
    PyObject_HEAD
    int8_t digit[STACK_CARDS];
    int16_t code[STACK_CARDS];
    int8_t bonus[STACK_CARDS];
    int8_t rank[STACK_CARDS];
    /* Per card: its placements on (left, right, pile 1-4), its claims of piles 1-3 and 2-4. */
    int16_t place_id[STACK_CARDS][6];
    int16_t claim_id[STACK_CARDS][2];
    int end_id, pass_id, actions;
    /* Per action id: 0 place, 1 claim, 2 end or pass; its card; its target (0-5 or 0-1). */
    int8_t move_kind[STACK_CARDS * 8 + 2];
    int8_t move_card[STACK_CARDS * 8 + 2];
    int8_t move_target[STACK_CARDS * 8 + 2];
    int players, hand_size, must_include_last, random_first_player;
    /* The greedy heuristic's turn search: positions it values at most (play.py's budget). */
    int turn_budget;
} StackRules;

typedef struct {
    MT rng;
    int deck_count;
    int8_t deck[STACK_CARDS];
    int hand_count[STACK_PLAYERS];
    int8_t hands[STACK_PLAYERS][STACK_MAX_HAND];
    int pile_count;
    int pile_size[ROW];
    int8_t piles[ROW][STACK_CARDS];
    int collected_count[STACK_PLAYERS];
    int8_t collected[STACK_PLAYERS][STACK_CARDS];
    int aside_count;
    int8_t aside[STACK_CARDS];
    int phase, last_pile, to_act, over;
} StackGame;

static void stack_sort_hand(const StackRules *r, int8_t *hand, int count) {
    int i, j;
    for (i = 1; i < count; i++) {
        int8_t card = hand[i];
        for (j = i; j > 0 && r->rank[hand[j - 1]] > r->rank[card]; j--) hand[j] = hand[j - 1];
        hand[j] = card;
    }
}

static void stack_draw(const StackRules *r, StackGame *g, int seat, int count) {
    while (count-- > 0 && g->deck_count) g->hands[seat][g->hand_count[seat]++] = g->deck[--g->deck_count];
    stack_sort_hand(r, g->hands[seat], g->hand_count[seat]);
}

static void stack_new(const StackRules *r, StackGame *g, const MT *seeded) {
    int i;
    memset(g, 0, sizeof(StackGame));
    g->rng = *seeded;
    g->deck_count = STACK_CARDS;
    for (i = 0; i < STACK_CARDS; i++) g->deck[i] = (int8_t)i;
    {
        int16_t cards[STACK_CARDS];
        for (i = 0; i < STACK_CARDS; i++) cards[i] = (int16_t)i;
        mt_shuffle(&g->rng, cards, STACK_CARDS);
        for (i = 0; i < STACK_CARDS; i++) g->deck[i] = (int8_t)cards[i];
    }
    if (r->random_first_player) g->to_act = (int)mt_below(&g->rng, (uint32_t)r->players);
    for (i = 0; i < r->players; i++) stack_draw(r, g, i, r->hand_size);
    g->phase = TURN_START;
    g->last_pile = -1;
}

static int stack_may_claim(const StackRules *r, const StackGame *g, int start) {
    if (g->last_pile < 0 || !r->must_include_last) return 1;
    return start - 1 <= g->last_pile && g->last_pile < start - 1 + 3;
}

static int stack_claims(const StackRules *r, const StackGame *g, int16_t *out) {
    int count = 0, i, left = -1, right = -1;
    const int8_t *hand = g->hands[g->to_act];
    if (g->pile_count < ROW) return 0;
    int d0 = r->digit[g->piles[0][g->pile_size[0] - 1]];
    int d1 = r->digit[g->piles[1][g->pile_size[1] - 1]];
    int d2 = r->digit[g->piles[2][g->pile_size[2] - 1]];
    int d3 = r->digit[g->piles[3][g->pile_size[3] - 1]];
    if (stack_may_claim(r, g, 1)) left = d0 * 100 + d1 * 10 + d2;
    if (stack_may_claim(r, g, 2)) right = d1 * 100 + d2 * 10 + d3;
    for (i = 0; i < g->hand_count[g->to_act]; i++) {
        int card = hand[i];
        if (r->code[card] == left) out[count++] = r->claim_id[card][0];
        if (r->code[card] == right) out[count++] = r->claim_id[card][1];
    }
    return count;
}

static int stack_legal(const StackRules *r, const StackGame *g, int16_t *out) {
    int count = 0, i, k, seat = g->to_act;
    if (g->phase == SIMPLE_PLACED) {
        count = stack_claims(r, g, out);
        out[count++] = (int16_t)r->end_id;
        return count;
    }
    if (!g->hand_count[seat]) {
        out[0] = (int16_t)r->pass_id;
        return 1;
    }
    for (i = 0; i < g->hand_count[seat]; i++) {
        int card = g->hands[seat][i];
        if (g->pile_count < ROW)
            for (k = 0; k < 2; k++) out[count++] = r->place_id[card][k];
        else
            for (k = 2; k < 6; k++) out[count++] = r->place_id[card][k];
    }
    if (g->phase == BONUS_PLACED) count += stack_claims(r, g, out + count);
    return count;
}

static void stack_remove_card(StackGame *g, int seat, int card) {
    int i;
    for (i = 0; i < g->hand_count[seat]; i++)
        if (g->hands[seat][i] == card) {
            memmove(&g->hands[seat][i], &g->hands[seat][i + 1],
                    (size_t)(g->hand_count[seat] - i - 1));
            g->hand_count[seat]--;
            return;
        }
}

static void stack_end_turn(const StackRules *r, StackGame *g) {
    int seat = g->to_act, missing = r->hand_size - g->hand_count[seat], p, any = 0;
    if (missing > 0 && g->deck_count) stack_draw(r, g, seat, missing);
    g->phase = TURN_START;
    g->last_pile = -1;
    for (p = 0; p < r->players; p++) any |= g->hand_count[p] > 0;
    if (!g->deck_count && !any)
        g->over = 1;
    else
        g->to_act = (seat + 1) % r->players;
}

static void stack_apply(const StackRules *r, StackGame *g, int action) {
    int kind = r->move_kind[action], card = r->move_card[action];
    int target = r->move_target[action], seat = g->to_act, i;
    if (kind == 0) {
        stack_remove_card(g, seat, card);
        if (target == 0) {
            memmove(&g->piles[1], &g->piles[0], sizeof(g->piles[0]) * (size_t)g->pile_count);
            memmove(&g->pile_size[1], &g->pile_size[0], sizeof(int) * (size_t)g->pile_count);
            g->piles[0][0] = (int8_t)card;
            g->pile_size[0] = 1;
            g->pile_count++;
            g->last_pile = 0;
        } else if (target == 1) {
            g->piles[g->pile_count][0] = (int8_t)card;
            g->pile_size[g->pile_count] = 1;
            g->last_pile = g->pile_count++;
        } else {
            g->last_pile = target - 2;
            g->piles[g->last_pile][g->pile_size[g->last_pile]++] = (int8_t)card;
        }
        g->phase = r->bonus[card] ? BONUS_PLACED : SIMPLE_PLACED;
        if (!g->hand_count[seat]) stack_end_turn(r, g);
    } else if (kind == 1) {
        int first = target, k;
        stack_remove_card(g, seat, card);
        for (k = first; k < first + 3; k++)
            for (i = 0; i < g->pile_size[k]; i++)
                g->collected[seat][g->collected_count[seat]++] = g->piles[k][i];
        g->collected[seat][g->collected_count[seat]++] = (int8_t)card;
        for (k = first; k + 3 < g->pile_count; k++) {
            memcpy(g->piles[k], g->piles[k + 3], (size_t)g->pile_size[k + 3]);
            g->pile_size[k] = g->pile_size[k + 3];
        }
        g->pile_count -= 3;
        stack_end_turn(r, g);
    } else
        stack_end_turn(r, g);
}

/* A seat's cards collected minus the most any other seat collected (pile_lead). */
static double collected_lead(const int *counts, int players, int seat) {
    int other, best = 0, any = 0;
    for (other = 0; other < players; other++)
        if (other != seat && (!any || counts[other] > best)) {
            best = counts[other];
            any = 1;
        }
    return (double)counts[seat] - (any ? (double)best : 0.0);
}

/* TurnSearch of core/heuristics.py: every line of the seat's turn played on a copy until
 * another seat is to act, the game ends, 12 actions are made or the budget of positions is
 * spent, each valued by the seat's lead; the best first action, ties broken at random. */
typedef struct {
    int seat, visited, budget;
} Search;

static void stack_apply(const StackRules *r, StackGame *g, int action);
static int stack_legal(const StackRules *r, const StackGame *g, int16_t *out);

static double stack_visit(const StackRules *r, Search *search, const StackGame *node,
                          int depth) {
    int16_t legal[64];
    double outcome = -HUGE_VAL;
    int count, i;
    search->visited++;
    if (node->over || node->to_act != search->seat || depth > 12 ||
        search->visited > search->budget)
        return collected_lead(node->collected_count, r->players, search->seat);
    count = stack_legal(r, node, legal);
    for (i = 0; i < count; i++) {
        StackGame child = *node;
        double value;
        stack_apply(r, &child, legal[i]);
        value = stack_visit(r, search, &child, depth + 1);
        if (value > outcome) outcome = value;
    }
    return outcome;
}

static int stack_greedy(const StackRules *r, const StackGame *g, const int16_t *legal,
                        int count, MT *choice) {
    double values[64], top = -HUGE_VAL;
    int16_t ties[64];
    int i, n = 0;
    Search search = {g->to_act, 0, r->turn_budget};
    for (i = 0; i < count; i++) {
        StackGame child = *g;
        stack_apply(r, &child, legal[i]);
        values[i] = stack_visit(r, &search, &child, 1);
        if (values[i] > top) top = values[i];
    }
    for (i = 0; i < count; i++)
        if (values[i] >= top - 1e-9) ties[n++] = legal[i];
    return ties[mt_below(choice, (uint32_t)n)];
}

/* claim_first of sequentia_stack/play.py: a claim at random, else end, else any action. */
static int stack_choose(const StackRules *r, const StackGame *g, const int16_t *legal,
                        int count, int policy, MT *choice) {
    int16_t claims[2 * STACK_MAX_HAND];
    int n = 0, i, end = 0;
    if (policy == GREEDY) return stack_greedy(r, g, legal, count, choice);
    if (policy != CHEAP) return legal[mt_below(choice, (uint32_t)count)];
    for (i = 0; i < count; i++) {
        if (r->move_kind[legal[i]] == 1) claims[n++] = legal[i];
        if (legal[i] == r->end_id) end = 1;
    }
    if (n) return claims[mt_below(choice, (uint32_t)n)];
    if (end) return r->end_id;
    return legal[mt_below(choice, (uint32_t)count)];
}

static long stack_play_out(const StackRules *r, StackGame *g, int policy, MT *choice,
                           long limit) {
    int16_t legal[64];
    long played = 0;
    while (!g->over) {
        int count = stack_legal(r, g, legal);
        stack_apply(r, g, stack_choose(r, g, legal, count, policy, choice));
        if (++played > limit) return -1;
    }
    return played;
}

/* State.determinize: a fresh generator from choice.getrandbits(64), then the deck and the
 * other hands (the deck first) pooled, shuffled and dealt back, each hand sorted again. */
static void stack_determinize(const StackRules *r, StackGame *g, int seat, MT *choice) {
    int16_t pool[STACK_CARDS];
    int n = 0, p, i;
    mt_seed_u64(&g->rng, mt_bits64(choice));
    for (i = 0; i < g->deck_count; i++) pool[n++] = g->deck[i];
    for (p = 0; p < r->players; p++)
        if (p != seat)
            for (i = 0; i < g->hand_count[p]; i++) pool[n++] = g->hands[p][i];
    mt_shuffle(choice, pool, n);
    n = 0;
    for (i = 0; i < g->deck_count; i++) g->deck[i] = (int8_t)pool[n++];
    for (p = 0; p < r->players; p++)
        if (p != seat) {
            for (i = 0; i < g->hand_count[p]; i++) g->hands[p][i] = (int8_t)pool[n++];
            stack_sort_hand(r, g->hands[p], g->hand_count[p]);
        }
}

static int StackRules_init(StackRules *self, PyObject *args, PyObject *kwds) {
    PyObject *digits, *codes, *bonus, *rank, *moves;
    long buffer[STACK_CARDS * 8 + 2];
    Py_ssize_t n, i;
    (void)kwds;
    if (!PyArg_ParseTuple(args, "OOOOOiiiii", &digits, &codes, &bonus, &rank, &moves,
                          &self->players, &self->hand_size, &self->must_include_last,
                          &self->random_first_player, &self->turn_budget))
        return -1;
    if (self->players < 1 || self->players > STACK_PLAYERS || self->hand_size < 1 ||
        self->hand_size > STACK_MAX_HAND || self->players * self->hand_size > STACK_CARDS) {
        PyErr_SetString(PyExc_ValueError, "the table is beyond the core's limits");
        return -1;
    }
    if (read_ints(digits, "digits", buffer, STACK_CARDS, NULL) < 0) return -1;
    for (i = 0; i < STACK_CARDS; i++) self->digit[i] = (int8_t)buffer[i];
    if (read_ints(codes, "codes", buffer, STACK_CARDS, NULL) < 0) return -1;
    for (i = 0; i < STACK_CARDS; i++) self->code[i] = (int16_t)buffer[i];
    if (read_ints(bonus, "bonus", buffer, STACK_CARDS, NULL) < 0) return -1;
    for (i = 0; i < STACK_CARDS; i++) self->bonus[i] = (int8_t)(buffer[i] != 0);
    if (read_ints(rank, "rank", buffer, STACK_CARDS, NULL) < 0) return -1;
    for (i = 0; i < STACK_CARDS; i++) self->rank[i] = (int8_t)buffer[i];
    {
        PyObject *fast = PySequence_Fast(moves, "moves");
        if (!fast) return -1;
        n = PySequence_Fast_GET_SIZE(fast);
        if (n != STACK_CARDS * 8 + 2) {
            Py_DECREF(fast);
            PyErr_SetString(PyExc_ValueError, "Stack has 434 actions");
            return -1;
        }
        self->actions = (int)n;
        self->end_id = self->pass_id = -1;
        for (i = 0; i < n; i++) {
            long move[3];
            if (read_ints(PySequence_Fast_GET_ITEM(fast, i), "move", move, 3, NULL) < 0) {
                Py_DECREF(fast);
                return -1;
            }
            /* (kind, card, target): 0 place on 0-5, 1 claim 0-1, 2 end, 3 pass. */
            if (move[0] < 0 || move[0] > 3 || move[1] < -1 || move[1] >= STACK_CARDS ||
                move[2] < -1 || move[2] > 5) {
                Py_DECREF(fast);
                PyErr_SetString(PyExc_ValueError, "a move is out of range");
                return -1;
            }
            self->move_kind[i] = (int8_t)(move[0] > 2 ? 2 : move[0]);
            self->move_card[i] = (int8_t)move[1];
            self->move_target[i] = (int8_t)move[2];
            if (move[0] == 0) self->place_id[move[1]][move[2]] = (int16_t)i;
            if (move[0] == 1) self->claim_id[move[1]][move[2]] = (int16_t)i;
            if (move[0] == 2) self->end_id = (int)i;
            if (move[0] == 3) self->pass_id = (int)i;
        }
        Py_DECREF(fast);
    }
    return 0;
}

static PyObject *stack_rows(int players, const long *lengths, const int8_t *counts,
                            Py_ssize_t n) {
    PyObject *out = PyList_New(n);
    Py_ssize_t i;
    for (i = 0; out && i < n; i++) {
        PyObject *collected = PyTuple_New(players), *row;
        int p;
        if (!collected) {
            Py_CLEAR(out);
            break;
        }
        for (p = 0; p < players; p++)
            PyTuple_SET_ITEM(collected, p, PyLong_FromLong(counts[STACK_PLAYERS * i + p]));
        row = Py_BuildValue("(lN)", lengths[i], collected);
        if (!row) {
            Py_CLEAR(out);
            break;
        }
        PyList_SET_ITEM(out, i, row);
    }
    return out;
}

/* Plays games from a seeded deal (`start` NULL) or determinized from `start`; returns per game
 * (actions, cards collected per seat). */
static PyObject *stack_batch(const StackRules *r, const StackGame *start, int seat,
                             PyObject *seeds, PyObject *choice_seeds, long limit, int policy) {
    PyObject *seeds_fast = NULL, *choices_fast = NULL, *out = NULL;
    Py_ssize_t n, i;
    int overran = 0;
    if (policy != RANDOM && policy != CHEAP && policy != GREEDY) {
        PyErr_SetString(PyExc_ValueError, "no such policy in Stack's core");
        return NULL;
    }
    seeds_fast = PySequence_Fast(seeds, "seeds");
    if (!seeds_fast) return NULL;
    n = PySequence_Fast_GET_SIZE(seeds_fast);
    if (!start) {
        choices_fast = PySequence_Fast(choice_seeds, "choice seeds");
        if (!choices_fast || PySequence_Fast_GET_SIZE(choices_fast) != n) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "one choice seed per game");
            Py_DECREF(seeds_fast);
            Py_XDECREF(choices_fast);
            return NULL;
        }
    }
    uint64_t *values = PyMem_Malloc(sizeof(uint64_t) * 2 * ((size_t)n + 1));
    long *lengths = PyMem_Malloc(sizeof(long) * ((size_t)n + 1));
    int8_t *counts = PyMem_Malloc((size_t)STACK_PLAYERS * ((size_t)n + 1));
    StackGame *g = PyMem_Malloc(sizeof(StackGame));
    if (!values || !lengths || !counts || !g) {
        PyErr_NoMemory();
        goto done;
    }
    for (i = 0; i < n; i++) {
        if (read_seed(PySequence_Fast_GET_ITEM(seeds_fast, i), &values[2 * i]) < 0) goto done;
        if (!start &&
            read_seed(PySequence_Fast_GET_ITEM(choices_fast, i), &values[2 * i + 1]) < 0)
            goto done;
    }
    Py_BEGIN_ALLOW_THREADS
    for (i = 0; i < n && !overran; i++) {
        MT choice;
        int p;
        if (start) {
            mt_seed_u64(&choice, values[2 * i]);
            *g = *start;
            stack_determinize(r, g, seat, &choice);
        } else {
            MT deal;
            mt_seed_two(&deal, values[2 * i], &choice, values[2 * i + 1]);
            stack_new(r, g, &deal);
        }
        lengths[i] = stack_play_out(r, g, policy, &choice, limit);
        if (lengths[i] < 0) overran = 1;
        for (p = 0; p < STACK_PLAYERS; p++)
            counts[STACK_PLAYERS * i + p] = (int8_t)g->collected_count[p];
    }
    Py_END_ALLOW_THREADS
    if (overran)
        PyErr_Format(FastError, "a game ran past %ld actions", limit);
    else
        out = stack_rows(r->players, lengths, counts, n);
done:
    Py_XDECREF(seeds_fast);
    Py_XDECREF(choices_fast);
    PyMem_Free(values);
    PyMem_Free(lengths);
    PyMem_Free(counts);
    PyMem_Free(g);
    return out;
}

static PyObject *StackRules_playouts(StackRules *self, PyObject *args) {
    PyObject *seeds, *choice_seeds;
    long limit;
    int policy;
    if (!PyArg_ParseTuple(args, "OOli", &seeds, &choice_seeds, &limit, &policy)) return NULL;
    return stack_batch(self, NULL, 0, seeds, choice_seeds, limit, policy);
}

typedef struct {
    PyObject_HEAD
    StackRules *rules;
    StackGame game;
} StackState;

static PyTypeObject StackStateType;

static PyObject *StackRules_new_state(StackRules *self, PyObject *args) {
    PyObject *key;
    long words[64];
    uint32_t key32[64];
    Py_ssize_t n, i;
    MT seeded;
    if (!PyArg_ParseTuple(args, "O", &key)) return NULL;
    if (read_ints(key, "seed key", words, -1, &n) < 0) return NULL;
    if (n < 1 || n > 64) {
        PyErr_SetString(PyExc_ValueError, "a seed key has 1 to 64 words");
        return NULL;
    }
    for (i = 0; i < n; i++) key32[i] = (uint32_t)words[i];
    mt_init_by_array(&seeded, key32, (size_t)n);
    StackState *state = PyObject_New(StackState, &StackStateType);
    if (!state) return NULL;
    Py_INCREF(self);
    state->rules = self;
    stack_new(self, &state->game, &seeded);
    return (PyObject *)state;
}

static int read_small_lists(PyObject *fields, const char *key, int8_t *out, int stride,
                            int *counts, int want, int most) {
    int16_t buffer[STACK_PLAYERS * STACK_CARDS];
    int i, k;
    if (read_lists(fields, key, buffer, STACK_CARDS, counts, want, most, STACK_CARDS) < 0)
        return -1;
    for (i = 0; i < want; i++)
        for (k = 0; k < counts[i]; k++) out[i * stride + k] = (int8_t)buffer[i * STACK_CARDS + k];
    return 0;
}

static int read_small_list(PyObject *fields, const char *key, int8_t *out) {
    int16_t buffer[STACK_CARDS];
    int n = read_list(fields, key, buffer, STACK_CARDS, 0, STACK_CARDS), i;
    for (i = 0; i < n; i++) out[i] = (int8_t)buffer[i];
    return n;
}

/* StackRules.load(fields): a game in the middle, from the Python state's fields (phase as its
 * name, last_pile as None or a pile index, rng as random.getstate()[1]). */
static PyObject *StackRules_load(StackRules *self, PyObject *fields) {
    StackGame *g;
    PyObject *value;
    long flag;
    int i, cards = 0;
    if (!PyDict_Check(fields)) {
        PyErr_SetString(PyExc_TypeError, "load() takes the state's fields as a dict");
        return NULL;
    }
    StackState *state = PyObject_New(StackState, &StackStateType);
    if (!state) return NULL;
    Py_INCREF(self);
    state->rules = self;
    g = &state->game;
    memset(g, 0, sizeof(StackGame));
    if ((g->deck_count = read_small_list(fields, "deck", g->deck)) < 0) goto fail;
    if ((g->aside_count = read_small_list(fields, "set_aside", g->aside)) < 0) goto fail;
    if (read_small_lists(fields, "hands", &g->hands[0][0], STACK_MAX_HAND, g->hand_count,
                         self->players, STACK_MAX_HAND) < 0 ||
        read_small_lists(fields, "collected", &g->collected[0][0], STACK_CARDS,
                         g->collected_count, self->players, STACK_CARDS) < 0)
        goto fail;
    value = PyDict_GetItemString(fields, "piles");
    if (!value || !PySequence_Check(value) || PySequence_Size(value) > ROW) {
        PyErr_SetString(PyExc_ValueError, "piles is a list of at most four piles");
        goto fail;
    }
    g->pile_count = (int)PySequence_Size(value);
    if (g->pile_count &&
        read_small_lists(fields, "piles", &g->piles[0][0], STACK_CARDS, g->pile_size,
                         g->pile_count, STACK_CARDS) < 0)
        goto fail;
    for (i = 0; i < g->pile_count; i++)
        if (!g->pile_size[i]) {
            PyErr_SetString(PyExc_ValueError, "a pile holds a card at least");
            goto fail;
        }
    cards = g->deck_count + g->aside_count;
    for (i = 0; i < self->players; i++) cards += g->hand_count[i] + g->collected_count[i];
    for (i = 0; i < g->pile_count; i++) cards += g->pile_size[i];
    if (cards != STACK_CARDS) {
        PyErr_SetString(PyExc_ValueError, "the state's cards do not add up to the deck");
        goto fail;
    }
    value = PyDict_GetItemString(fields, "phase");
    g->phase = -1;
    for (i = 0; value && PyUnicode_Check(value) && i < 3; i++)
        if (PyUnicode_CompareWithASCIIString(value, PHASE_NAMES[i]) == 0) g->phase = i;
    if (g->phase < 0) {
        PyErr_SetString(PyExc_ValueError, "phase is turn_start, simple_placed or bonus_placed");
        goto fail;
    }
    value = PyDict_GetItemString(fields, "last_pile");
    if (!value || value == Py_None)
        g->last_pile = -1;
    else {
        g->last_pile = (int)PyLong_AsLong(value);
        if (PyErr_Occurred()) goto fail;
        if (g->last_pile < 0 || g->last_pile >= g->pile_count) {
            PyErr_SetString(PyExc_ValueError, "last_pile is a pile of the row");
            goto fail;
        }
    }
    if (read_flag(fields, "to_act", &flag) < 0) goto fail;
    if (flag < 0 || flag >= self->players) {
        PyErr_SetString(PyExc_ValueError, "to_act is a seat");
        goto fail;
    }
    g->to_act = (int)flag;
    {
        PyObject *rng = PyDict_GetItemString(fields, "rng"), *fast;
        if (!rng || !(fast = PySequence_Fast(rng, "rng"))) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_KeyError, "a state's fields lack rng");
            goto fail;
        }
        if (PySequence_Fast_GET_SIZE(fast) != MT_N + 1) {
            Py_DECREF(fast);
            PyErr_SetString(PyExc_ValueError, "rng is the 625 numbers of random.getstate()[1]");
            goto fail;
        }
        for (i = 0; i <= MT_N; i++) {
            unsigned long v = PyLong_AsUnsignedLong(PySequence_Fast_GET_ITEM(fast, i));
            if ((v == (unsigned long)-1 && PyErr_Occurred()) || (i == MT_N && v > MT_N)) {
                Py_DECREF(fast);
                if (!PyErr_Occurred())
                    PyErr_SetString(PyExc_ValueError, "the generator's index is at most 624");
                goto fail;
            }
            if (i < MT_N)
                g->rng.state[i] = (uint32_t)v;
            else
                g->rng.index = (int)v;
        }
        Py_DECREF(fast);
    }
    return (PyObject *)state;
fail:
    Py_DECREF(state);
    return NULL;
}

static void StackState_dealloc(StackState *self) {
    Py_XDECREF(self->rules);
    PyObject_Free(self);
}

static PyObject *StackState_legal(StackState *self, PyObject *unused) {
    int16_t legal[64];
    (void)unused;
    if (self->game.over) return PyList_New(0);
    return int16_list(legal, stack_legal(self->rules, &self->game, legal));
}

static PyObject *StackState_apply(StackState *self, PyObject *arg) {
    int16_t legal[64];
    long action = PyLong_AsLong(arg);
    int count, i;
    if (action == -1 && PyErr_Occurred()) return NULL;
    if (self->game.over) {
        PyErr_SetString(FastError, "the game is over");
        return NULL;
    }
    count = stack_legal(self->rules, &self->game, legal);
    for (i = 0; i < count && legal[i] != action; i++);
    if (i == count) {
        PyErr_Format(FastError, "action %ld is not legal now", action);
        return NULL;
    }
    stack_apply(self->rules, &self->game, (int)action);
    Py_RETURN_NONE;
}

static PyObject *int8_list(const int8_t *values, int count) {
    PyObject *out = PyList_New(count);
    int i;
    for (i = 0; out && i < count; i++) PyList_SET_ITEM(out, i, PyLong_FromLong(values[i]));
    return out;
}

static PyObject *StackState_snapshot(StackState *self, PyObject *unused) {
    const StackRules *r = self->rules;
    const StackGame *g = &self->game;
    PyObject *hands = PyList_New(r->players), *collected = PyList_New(r->players);
    PyObject *piles = PyList_New(g->pile_count), *rng = PyTuple_New(MT_N + 1), *last;
    int i;
    (void)unused;
    if (!hands || !collected || !piles || !rng) {
        Py_XDECREF(hands);
        Py_XDECREF(collected);
        Py_XDECREF(piles);
        Py_XDECREF(rng);
        return NULL;
    }
    for (i = 0; i < r->players; i++) {
        PyList_SET_ITEM(hands, i, int8_list(g->hands[i], g->hand_count[i]));
        PyList_SET_ITEM(collected, i, int8_list(g->collected[i], g->collected_count[i]));
    }
    for (i = 0; i < g->pile_count; i++)
        PyList_SET_ITEM(piles, i, int8_list(g->piles[i], g->pile_size[i]));
    for (i = 0; i < MT_N; i++) PyTuple_SET_ITEM(rng, i, PyLong_FromUnsignedLong(g->rng.state[i]));
    PyTuple_SET_ITEM(rng, MT_N, PyLong_FromLong(g->rng.index));
    if (g->last_pile < 0) {
        last = Py_None;
        Py_INCREF(last);
    } else
        last = PyLong_FromLong(g->last_pile);
    return Py_BuildValue("{s:N,s:N,s:N,s:N,s:N,s:s,s:N,s:i,s:O,s:N}", "deck",
                         int8_list(g->deck, g->deck_count), "hands", hands, "piles", piles,
                         "collected", collected, "set_aside", int8_list(g->aside, g->aside_count),
                         "phase", PHASE_NAMES[g->phase], "last_pile", last, "to_act", g->to_act,
                         "over", g->over ? Py_True : Py_False, "rng", rng);
}

static PyObject *StackState_playouts(StackState *self, PyObject *args) {
    PyObject *seeds;
    long limit;
    int seat, policy;
    if (!PyArg_ParseTuple(args, "iOli", &seat, &seeds, &limit, &policy)) return NULL;
    if (seat < 0 || seat >= self->rules->players) {
        PyErr_SetString(PyExc_ValueError, "no such seat");
        return NULL;
    }
    if (self->game.over) {
        PyErr_SetString(FastError, "the game is over");
        return NULL;
    }
    return stack_batch(self->rules, &self->game, seat, seeds, NULL, limit, policy);
}

static PyObject *StackState_play_bots(StackState *self, PyObject *args) {
    const StackRules *r = self->rules;
    StackGame *g = &self->game, twin;
    int16_t legal[64];
    Bots *bots = bots_new(args, r->players, 1);
    if (!bots) return NULL;
    while (!g->over && bots->count < bots->limit) {
        int count = stack_legal(r, g, legal), seat = g->to_act, action;
        MT *mt = &bots->rng[seat];
        if (bots->kind[seat] == BOT_RANDOM)
            action = legal[mt_below(mt, (uint32_t)count)];
        else if (count == 1)
            action = legal[0];
        else {
            twin = *g;
            stack_determinize(r, &twin, seat, mt);
            action = stack_greedy(r, &twin, legal, count, mt);
        }
        stack_apply(r, g, action);
        bots->played[bots->count++] = (int16_t)action;
    }
    return bots_done(bots);
}

static PyObject *StackState_search(StackState *self, PyObject *args);

static PyMethodDef StackState_methods[] = {
    {"search", (PyCFunction)StackState_search, METH_VARARGS,
     "search(rng, seat, allowed, iterations, deadline, exploration, cut_after, limit, policy): mcts's iterations."},
    {"play_bots", (PyCFunction)StackState_play_bots, METH_VARARGS,
     "play_bots(seeds, bots, limit): the simulator's game, each seat's bot choosing."},
    {"legal", (PyCFunction)StackState_legal, METH_NOARGS,
     "The legal action ids, in the Python rules' order."},
    {"apply", (PyCFunction)StackState_apply, METH_O, "Play a legal action id."},
    {"snapshot", (PyCFunction)StackState_snapshot, METH_NOARGS,
     "Every field of the state, and the generator's state as random.getstate() gives it."},
    {"playouts", (PyCFunction)StackState_playouts, METH_VARARGS,
     "playouts(seat, seeds, limit, policy): games from here, determinized for seat."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject StackStateType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "sequenza._fast.StackState",
    .tp_basicsize = sizeof(StackState),
    .tp_dealloc = (destructor)StackState_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "A game of Sequentia Stack in the core, played one action at a time.",
    .tp_methods = StackState_methods,
};

static PyObject *StackRules_batch(StackRules *self, PyObject *args);

static PyMethodDef StackRules_methods[] = {
    {"batch", (PyCFunction)StackRules_batch, METH_VARARGS,
     "batch(n): n games of this table stepped together (Batch)."},
    {"load", (PyCFunction)StackRules_load, METH_O,
     "load(fields): a game in the middle, from a Python state's fields."},
    {"new_state", (PyCFunction)StackRules_new_state, METH_VARARGS,
     "new_state(seed_key): a new game dealt from the seed's 32-bit words."},
    {"playouts", (PyCFunction)StackRules_playouts, METH_VARARGS,
     "playouts(seeds, choice_seeds, limit, policy): whole games, one per seed."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject StackRulesType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "sequenza._fast.StackRules",
    .tp_basicsize = sizeof(StackRules),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "The rules of one table of Sequentia Stack.",
    .tp_methods = StackRules_methods,
    .tp_init = (initproc)StackRules_init,
    .tp_new = PyType_GenericNew,
};

/* ------------------------------------------------------------------ Sequentia Shift */

/* The rules of sequentia_shift/rules.py: slide the cards of a 3x3 grid until a row reads your
 * target's code; exchange an impossible target (or one at a position seen `repetitions`
 * times); refill after a claim; the deck's end, the stall and idle rules end the game. */

#define SHIFT_CARDS 54
#define CELLS 9
#define SHIFT_PLAYERS 4
#define SLIDE_COUNT 24
#define DIAGONAL_COUNT 16
#define S_SLIDE 0
#define S_CLAIM 1
#define S_END 2
#define S_EXCHANGE 3
#define S_PASS 4
#define S_HOLE 5
#define S_REFILL 6
#define PHASE_PLAY 0
#define PHASE_REFILL 1
#define DECK_EXHAUSTED 1
#define SHIFT_STALL 2
#define IDLE_ROUNDS 3

typedef struct {
    PyObject_HEAD
    int8_t digit[SHIFT_CARDS];
    int8_t code[SHIFT_CARDS][3];
    int8_t bonus[SHIFT_CARDS];
    int8_t need[SHIFT_CARDS][4];
    /* Per action id: its kind and its two numbers (a slide's source and empty position, a
     * claim's row, a hole's or refill's position). */
    int8_t kind[64], first[64], second[64];
    int actions;
    int16_t slide_id[SLIDE_COUNT];
    /* With the option diagonal_slides: the ids of the diagonal slides (after every other). */
    int16_t diagonal_id[DIAGONAL_COUNT];
    int diagonal;
    int16_t claim_id[3], hole_id[CELLS], refill_id[CELLS];
    int end_id, exchange_id, pass_id;
    int players, slide_limit, stall_rounds, repetitions, idle_rounds, random_first_player;
} ShiftRules;

/* The positions seen since the last claim or exchange: an open-addressed table of keys (the
 * grid, the seat to act and the slides made, packed) and counts, with the slots in use listed
 * so that clearing it costs what was put in. */
typedef struct {
    uint64_t *keys;
    int *counts;
    int *used;
    int capacity, size;
} Seen;

typedef struct {
    MT rng;
    int deck_count;
    int8_t deck[SHIFT_CARDS];
    int first_player;
    int8_t grid[CELLS];
    int8_t targets[SHIFT_PLAYERS];
    int pile_count[SHIFT_PLAYERS];
    int8_t piles[SHIFT_PLAYERS][SHIFT_CARDS];
    int out_count;
    int8_t out[SHIFT_CARDS];
    int phase, slides, quiet_turns, repetitions, to_act, ending;
    Seen seen;
} ShiftGame;

/* The slides in action order: (source, empty) with `empty` beside `source`; the diagonal
 * ones (DIAGONAL_SLIDES of the rules) with `empty` diagonally next to `source`. */
static int8_t SLIDE_FROM[SLIDE_COUNT], SLIDE_TO[SLIDE_COUNT];
static int8_t DIAGONAL_FROM[DIAGONAL_COUNT], DIAGONAL_TO[DIAGONAL_COUNT];

static void shift_slides(void) {
    int n = 0, d = 0, source, target;
    for (source = 0; source < CELLS; source++)
        for (target = 0; target < CELLS; target++) {
            int dr = target / 3 - source / 3, dc = target % 3 - source % 3;
            if ((dr == 0 && (dc == 1 || dc == -1)) || (dc == 0 && (dr == 1 || dr == -1))) {
                SLIDE_FROM[n] = (int8_t)source;
                SLIDE_TO[n++] = (int8_t)target;
            } else if ((dr == 1 || dr == -1) && (dc == 1 || dc == -1)) {
                DIAGONAL_FROM[d] = (int8_t)source;
                DIAGONAL_TO[d++] = (int8_t)target;
            }
        }
}

static int seen_init(Seen *seen, int capacity) {
    seen->capacity = capacity;
    seen->size = 0;
    seen->keys = PyMem_RawCalloc((size_t)capacity, sizeof(uint64_t));
    seen->counts = PyMem_RawCalloc((size_t)capacity, sizeof(int));
    seen->used = PyMem_RawMalloc(sizeof(int) * (size_t)capacity);
    return seen->keys && seen->counts && seen->used ? 0 : -1;
}

static void seen_free(Seen *seen) {
    PyMem_RawFree(seen->keys);
    PyMem_RawFree(seen->counts);
    PyMem_RawFree(seen->used);
    seen->keys = NULL;
    seen->counts = NULL;
    seen->used = NULL;
}

static void seen_clear(Seen *seen) {
    int i;
    for (i = 0; i < seen->size; i++) {
        seen->keys[seen->used[i]] = 0;
        seen->counts[seen->used[i]] = 0;
    }
    seen->size = 0;
}

static int seen_copy(Seen *to, const Seen *from) {
    int i;
    if (to->capacity < from->capacity) {
        seen_free(to);
        if (seen_init(to, from->capacity) < 0) return -1;
    }
    seen_clear(to);
    if (to->capacity == from->capacity) {
        for (i = 0; i < from->size; i++) {
            int slot = from->used[i];
            to->keys[slot] = from->keys[slot];
            to->counts[slot] = from->counts[slot];
            to->used[to->size++] = slot;
        }
        return 0;
    }
    return -2; /* the caller adds the entries again */
}

static int *seen_slot(Seen *seen, uint64_t key);

static int seen_grow(Seen *seen) {
    Seen bigger;
    int i;
    if (seen_init(&bigger, seen->capacity * 2) < 0) return -1;
    for (i = 0; i < seen->size; i++) {
        int slot = seen->used[i];
        int *count = seen_slot(&bigger, seen->keys[slot]);
        *count = seen->counts[slot];
    }
    seen_free(seen);
    *seen = bigger;
    return 0;
}

/* The count of `key` (bit 63 set in every key, so that 0 marks a free slot), added at 0. */
static int *seen_slot(Seen *seen, uint64_t key) {
    uint64_t mix = key * 0x9E3779B97F4A7C15ULL;
    int mask = seen->capacity - 1, slot = (int)(mix >> 40) & mask;
    while (seen->keys[slot] && seen->keys[slot] != key) slot = (slot + 1) & mask;
    if (!seen->keys[slot]) {
        if (2 * (seen->size + 1) > seen->capacity) {
            if (seen_grow(seen) < 0) return NULL;
            return seen_slot(seen, key);
        }
        seen->keys[slot] = key;
        seen->used[seen->size++] = slot;
    }
    return &seen->counts[slot];
}

static uint64_t shift_key(const ShiftGame *g) {
    uint64_t key = (uint64_t)1 << 63;
    int i;
    for (i = 0; i < CELLS; i++) key |= (uint64_t)(g->grid[i] + 1) << (6 * i);
    return key | (uint64_t)g->to_act << 54 | (uint64_t)g->slides << 56;
}

static int shift_can_make(const ShiftRules *r, const ShiftGame *g, int card) {
    int counts[4] = {0, 0, 0, 0}, i;
    for (i = 0; i < CELLS; i++)
        if (g->grid[i] >= 0) counts[r->digit[g->grid[i]]]++;
    return counts[1] >= r->need[card][1] && counts[2] >= r->need[card][2] &&
           counts[3] >= r->need[card][3];
}

static int shift_row_shows(const ShiftRules *r, const ShiftGame *g, int card, int row) {
    int k;
    for (k = 0; k < 3; k++) {
        int cell = g->grid[3 * row + k];
        if (cell < 0 || r->digit[cell] != r->code[card][k]) return 0;
    }
    return 1;
}

static int shift_rows_showing(const ShiftRules *r, const ShiftGame *g, int card) {
    return shift_row_shows(r, g, card, 0) || shift_row_shows(r, g, card, 1) ||
           shift_row_shows(r, g, card, 2);
}

static void shift_count_position(const ShiftRules *r, ShiftGame *g) {
    int *count;
    if (g->ending || g->phase != PHASE_PLAY) return;
    count = seen_slot(&g->seen, shift_key(g));
    if (!count) { /* out of memory: the batch reports it */
        g->ending = -1;
        return;
    }
    g->repetitions = ++*count;
    (void)r;
}

static int shift_empty_cells(const ShiftGame *g) {
    int i, n = 0;
    for (i = 0; i < CELLS; i++) n += g->grid[i] < 0;
    return n;
}

static int shift_legal(const ShiftRules *r, const ShiftGame *g, int16_t *out) {
    int count = 0, i, target;
    if (g->phase == PHASE_REFILL) {
        int by_choice = g->deck_count < shift_empty_cells(g) - 1;
        for (i = 0; i < CELLS; i++)
            if (g->grid[i] < 0) out[count++] = by_choice ? r->refill_id[i] : r->hole_id[i];
        return count;
    }
    target = g->targets[g->to_act];
    if (target < 0) {
        out[0] = (int16_t)r->pass_id;
        return 1;
    }
    if (g->repetitions >= r->repetitions || !shift_can_make(r, g, target)) {
        out[0] = (int16_t)(g->deck_count ? r->exchange_id : r->pass_id);
        return 1;
    }
    if (g->slides < r->slide_limit) {
        for (i = 0; i < SLIDE_COUNT; i++)
            if (g->grid[SLIDE_TO[i]] < 0 && g->grid[SLIDE_FROM[i]] >= 0)
                out[count++] = r->slide_id[i];
        /* The rules list the slides by id: the diagonal ones come after the others. */
        if (r->diagonal)
            for (i = 0; i < DIAGONAL_COUNT; i++)
                if (g->grid[DIAGONAL_TO[i]] < 0 && g->grid[DIAGONAL_FROM[i]] >= 0)
                    out[count++] = r->diagonal_id[i];
    }
    for (i = 0; i < 3; i++)
        if (shift_row_shows(r, g, target, i)) out[count++] = r->claim_id[i];
    out[count++] = (int16_t)r->end_id;
    return count;
}

static void shift_end_turn(const ShiftRules *r, ShiftGame *g, int progress) {
    int p;
    g->phase = PHASE_PLAY;
    g->slides = 0;
    if (progress) {
        g->quiet_turns = 0;
        seen_clear(&g->seen);
    } else
        g->quiet_turns++;
    if (g->deck_count) {
        if (r->idle_rounds && g->quiet_turns >= r->idle_rounds * r->players) {
            g->ending = IDLE_ROUNDS;
            return;
        }
    } else {
        int open = 0;
        for (p = 0; p < r->players; p++)
            if (g->targets[p] >= 0 && shift_can_make(r, g, g->targets[p])) open = 1;
        if (!open) {
            g->ending = DECK_EXHAUSTED;
            return;
        }
        if (g->quiet_turns >= r->stall_rounds * r->players) {
            g->ending = SHIFT_STALL;
            return;
        }
    }
    g->to_act = (g->to_act + 1) % r->players;
}

static void shift_after_refill(const ShiftRules *r, ShiftGame *g, int seat) {
    if (g->deck_count) g->targets[seat] = g->deck[--g->deck_count];
    shift_end_turn(r, g, 1);
}

static void shift_apply(const ShiftRules *r, ShiftGame *g, int action) {
    int kind = r->kind[action], a = r->first[action], b = r->second[action];
    int seat = g->to_act, i;
    if (kind == S_SLIDE) {
        int target = g->targets[seat];
        g->grid[b] = g->grid[a];
        g->grid[a] = -1;
        g->slides++;
        if (g->slides >= r->slide_limit && target >= 0 && !shift_rows_showing(r, g, target))
            shift_end_turn(r, g, 0);
    } else if (kind == S_CLAIM) {
        for (i = 3 * a; i < 3 * a + 3; i++)
            if (g->grid[i] >= 0) {
                g->piles[seat][g->pile_count[seat]++] = g->grid[i];
                g->grid[i] = -1;
            }
        g->piles[seat][g->pile_count[seat]++] = g->targets[seat];
        g->targets[seat] = -1;
        if (g->deck_count)
            g->phase = PHASE_REFILL;
        else
            shift_after_refill(r, g, seat);
    } else if (kind == S_HOLE) {
        for (i = 0; i < CELLS; i++)
            if (i != a && g->grid[i] < 0) g->grid[i] = g->deck[--g->deck_count];
        shift_after_refill(r, g, seat);
    } else if (kind == S_REFILL) {
        g->grid[a] = g->deck[--g->deck_count];
        if (!g->deck_count) shift_after_refill(r, g, seat);
    } else if (kind == S_EXCHANGE) {
        g->out[g->out_count++] = g->targets[seat];
        g->targets[seat] = g->deck[--g->deck_count];
        shift_end_turn(r, g, 1);
    } else
        shift_end_turn(r, g, 0);
    shift_count_position(r, g);
}

static void shift_new(const ShiftRules *r, ShiftGame *g, const MT *seeded) {
    int16_t cards[SHIFT_CARDS];
    int i;
    Seen seen = g->seen;
    memset(g, 0, sizeof(ShiftGame));
    g->seen = seen;
    seen_clear(&g->seen);
    g->rng = *seeded;
    for (i = 0; i < SHIFT_CARDS; i++) cards[i] = (int16_t)i;
    mt_shuffle(&g->rng, cards, SHIFT_CARDS);
    for (i = 0; i < SHIFT_CARDS; i++) g->deck[i] = (int8_t)cards[i];
    g->deck_count = SHIFT_CARDS;
    g->first_player = r->random_first_player ? (int)mt_below(&g->rng, (uint32_t)r->players) : 0;
    g->to_act = g->first_player;
    for (i = 0; i < CELLS; i++) g->grid[i] = i == 4 ? -1 : g->deck[--g->deck_count];
    for (i = 0; i < SHIFT_PLAYERS; i++) g->targets[i] = -1;
    for (i = 0; i < r->players; i++) g->targets[i] = g->deck[--g->deck_count];
    g->phase = PHASE_PLAY;
    shift_count_position(r, g);
}

static void shift_determinize(const ShiftRules *r, ShiftGame *g, int seat, MT *choice) {
    int16_t pool[SHIFT_CARDS];
    int n = 0, p, i;
    mt_seed_u64(&g->rng, mt_bits64(choice));
    for (i = 0; i < g->deck_count; i++) pool[n++] = g->deck[i];
    for (p = 0; p < r->players; p++)
        if (p != seat && g->targets[p] >= 0) pool[n++] = g->targets[p];
    mt_shuffle(choice, pool, n);
    n = 0;
    for (i = 0; i < g->deck_count; i++) g->deck[i] = (int8_t)pool[n++];
    for (p = 0; p < r->players; p++)
        if (p != seat && g->targets[p] >= 0) g->targets[p] = (int8_t)pool[n++];
}

/* The greedy heuristic of sequentia_shift/play.py (shift_policy): claim at once (the first
 * claim offered); where the turn cannot end (a refill, an exchange, a pass) any action at
 * random; otherwise slide as the exact solver (solver.py) says when a row can show the
 * target within the slides left, and end the turn when it cannot.
 *
 * The solver's tables: for each of the 27 codes, the fewest slides from every grid of one
 * hole and eight digits to a row showing the code (255: never). A grid's index is its hole's
 * position times 3**8 plus its other eight digits (1 to 3) read as base-3 numbers, position
 * order; breadth-first distances are the same whatever order the search takes, so they are
 * the very numbers of solver.py's tables. Built once, on the first Shift table made. */
#define SHIFT_GRIDS (CELLS * 6561)
#define SHIFT_UNREACHABLE 255
static uint8_t shift_distance[27][SHIFT_GRIDS];
static int shift_distances_built;

static int shift_grid_index(const int8_t *digits) {
    int hole = 0, index = 0, i;
    for (i = 0; i < CELLS; i++)
        if (!digits[i]) hole = i;
    for (i = 0; i < CELLS; i++)
        if (i != hole) index = index * 3 + digits[i] - 1;
    return hole * 6561 + index;
}

static void shift_grid_of(int index, int8_t *digits) {
    int hole = index / 6561, rest = index % 6561, i;
    for (i = CELLS - 1; i >= 0; i--) {
        if (i == hole) {
            digits[i] = 0;
            continue;
        }
        digits[i] = (int8_t)(rest % 3 + 1);
        rest /= 3;
    }
}

/* solver.py's NEIGHBOURS: the positions beside `hole`, those above and below it first, then
 * those left and right; -1 past the last. */
static int8_t shift_neighbours[CELLS][5];

static void shift_build_distances(void) {
    static int queue[SHIFT_GRIDS];
    int code, i, k;
    if (shift_distances_built) return;
    for (i = 0; i < CELLS; i++) {
        int n = 0;
        if (i >= 3) shift_neighbours[i][n++] = (int8_t)(i - 3);
        if (i < 6) shift_neighbours[i][n++] = (int8_t)(i + 3);
        if (i % 3) shift_neighbours[i][n++] = (int8_t)(i - 1);
        if (i % 3 < 2) shift_neighbours[i][n++] = (int8_t)(i + 1);
        shift_neighbours[i][n] = -1;
    }
    for (code = 0; code < 27; code++) {
        uint8_t *distance = shift_distance[code];
        int8_t want[3] = {(int8_t)(code / 9 + 1), (int8_t)(code / 3 % 3 + 1), (int8_t)(code % 3 + 1)};
        int head = 0, tail = 0;
        memset(distance, SHIFT_UNREACHABLE, SHIFT_GRIDS);
        for (i = 0; i < SHIFT_GRIDS; i++) {
            int8_t digits[CELLS];
            int row;
            shift_grid_of(i, digits);
            for (row = 0; row < 3; row++)
                if (digits[3 * row] == want[0] && digits[3 * row + 1] == want[1] &&
                    digits[3 * row + 2] == want[2]) {
                    distance[i] = 0;
                    queue[tail++] = i;
                    break;
                }
        }
        while (head < tail) {
            int8_t digits[CELLS];
            int at = queue[head++], hole = at / 6561;
            shift_grid_of(at, digits);
            for (k = 0; shift_neighbours[hole][k] >= 0; k++) {
                int card = shift_neighbours[hole][k], next;
                digits[hole] = digits[card];
                digits[card] = 0;
                next = shift_grid_index(digits);
                digits[card] = digits[hole];
                digits[hole] = 0;
                if (distance[next] == SHIFT_UNREACHABLE) {
                    distance[next] = (uint8_t)(distance[at] + 1);
                    queue[tail++] = next;
                }
            }
        }
    }
    shift_distances_built = 1;
}

static int shift_has(const int16_t *legal, int count, int action) {
    int i;
    for (i = 0; i < count; i++)
        if (legal[i] == action) return 1;
    return 0;
}

static int shift_greedy(const ShiftRules *r, const ShiftGame *g, const int16_t *legal, int count,
                        MT *choice) {
    int8_t digits[CELLS];
    const uint8_t *distance;
    int i, target, hole = -1, holes = 0, index, steps;
    for (i = 0; i < count; i++)
        if (r->kind[legal[i]] == S_CLAIM) return legal[i];
    if (!shift_has(legal, count, r->end_id)) return legal[mt_below(choice, (uint32_t)count)];
    target = g->targets[g->to_act];
    for (i = 0; i < CELLS; i++)
        if (g->grid[i] < 0) {
            hole = i;
            holes++;
        }
    if (target < 0 || holes != 1) return r->end_id;
    for (i = 0; i < CELLS; i++) digits[i] = g->grid[i] < 0 ? 0 : r->digit[g->grid[i]];
    distance = shift_distance[(r->code[target][0] - 1) * 9 + (r->code[target][1] - 1) * 3 +
                              r->code[target][2] - 1];
    index = shift_grid_index(digits);
    steps = distance[index];
    if (steps == SHIFT_UNREACHABLE || steps == 0 || steps > r->slide_limit - g->slides)
        return r->end_id;
    for (i = 0; shift_neighbours[hole][i] >= 0; i++) {
        int card = shift_neighbours[hole][i], k;
        digits[hole] = digits[card];
        digits[card] = 0;
        if (distance[shift_grid_index(digits)] == steps - 1) {
            for (k = 0; k < SLIDE_COUNT; k++)
                if (SLIDE_FROM[k] == card && SLIDE_TO[k] == hole &&
                    shift_has(legal, count, r->slide_id[k]))
                    return r->slide_id[k];
            return r->end_id;
        }
        digits[card] = digits[hole];
        digits[hole] = 0;
    }
    return r->end_id;
}

static int shift_choose(const ShiftRules *r, const ShiftGame *g, const int16_t *legal, int count,
                        int policy, MT *choice) {
    /* Shift's playout policy is its greedy heuristic. */
    if (policy == CHEAP || policy == GREEDY) return shift_greedy(r, g, legal, count, choice);
    return legal[mt_below(choice, (uint32_t)count)];
}

static long shift_play_out(const ShiftRules *r, ShiftGame *g, int policy, MT *choice,
                           long limit) {
    int16_t legal[64];
    long played = 0;
    while (!g->ending) {
        int count = shift_legal(r, g, legal);
        shift_apply(r, g, shift_choose(r, g, legal, count, policy, choice));
        if (++played > limit) return -1;
    }
    return g->ending < 0 ? -2 : played;
}

static int ShiftRules_init(ShiftRules *self, PyObject *args, PyObject *kwds) {
    PyObject *digits, *codes, *bonus, *moves, *fast;
    long buffer[SHIFT_CARDS * 3];
    Py_ssize_t n, i;
    (void)kwds;
    if (!PyArg_ParseTuple(args, "OOOOiiiiiii", &digits, &codes, &bonus, &moves, &self->players,
                          &self->slide_limit, &self->stall_rounds, &self->repetitions,
                          &self->idle_rounds, &self->random_first_player, &self->diagonal))
        return -1;
    if (self->players < 1 || self->players > SHIFT_PLAYERS || self->slide_limit < 1 ||
        self->slide_limit > 60 || self->stall_rounds < 1 || self->repetitions < 1 ||
        self->idle_rounds < 0) {
        PyErr_SetString(PyExc_ValueError, "the table is beyond the core's limits");
        return -1;
    }
    if (read_ints(digits, "digits", buffer, SHIFT_CARDS, NULL) < 0) return -1;
    for (i = 0; i < SHIFT_CARDS; i++) {
        if (buffer[i] < 1 || buffer[i] > 3) {
            PyErr_SetString(PyExc_ValueError, "a digit is 1, 2 or 3");
            return -1;
        }
        self->digit[i] = (int8_t)buffer[i];
    }
    if (read_ints(codes, "codes", buffer, SHIFT_CARDS * 3, NULL) < 0) return -1;
    memset(self->need, 0, sizeof(self->need));
    for (i = 0; i < SHIFT_CARDS * 3; i++) {
        if (buffer[i] < 1 || buffer[i] > 3) {
            PyErr_SetString(PyExc_ValueError, "a code's digit is 1, 2 or 3");
            return -1;
        }
        self->code[i / 3][i % 3] = (int8_t)buffer[i];
        self->need[i / 3][buffer[i]]++;
    }
    if (read_ints(bonus, "bonus", buffer, SHIFT_CARDS, NULL) < 0) return -1;
    for (i = 0; i < SHIFT_CARDS; i++) self->bonus[i] = buffer[i] != 0;
    fast = PySequence_Fast(moves, "moves");
    if (!fast) return -1;
    n = PySequence_Fast_GET_SIZE(fast);
    if (n > 64) {
        Py_DECREF(fast);
        PyErr_SetString(PyExc_ValueError, "Shift has at most 64 actions");
        return -1;
    }
    self->actions = (int)n;
    for (i = 0; i < DIAGONAL_COUNT; i++) self->diagonal_id[i] = -1;
    for (i = 0; i < n; i++) {
        long move[3];
        int k;
        if (read_ints(PySequence_Fast_GET_ITEM(fast, i), "move", move, 3, NULL) < 0) {
            Py_DECREF(fast);
            return -1;
        }
        if (move[0] < 0 || move[0] > S_REFILL || move[1] < -1 || move[1] >= CELLS ||
            move[2] < -1 || move[2] >= CELLS) {
            Py_DECREF(fast);
            PyErr_SetString(PyExc_ValueError, "a move is out of range");
            return -1;
        }
        self->kind[i] = (int8_t)move[0];
        self->first[i] = (int8_t)move[1];
        self->second[i] = (int8_t)move[2];
        switch (move[0]) {
        case S_SLIDE:
            for (k = 0; k < SLIDE_COUNT; k++)
                if (SLIDE_FROM[k] == move[1] && SLIDE_TO[k] == move[2]) self->slide_id[k] = (int16_t)i;
            for (k = 0; k < DIAGONAL_COUNT; k++)
                if (DIAGONAL_FROM[k] == move[1] && DIAGONAL_TO[k] == move[2])
                    self->diagonal_id[k] = (int16_t)i;
            break;
        case S_CLAIM:
            if (move[1] > 2) {
                Py_DECREF(fast);
                PyErr_SetString(PyExc_ValueError, "a claim's row is 0, 1 or 2");
                return -1;
            }
            self->claim_id[move[1]] = (int16_t)i;
            break;
        case S_END: self->end_id = (int)i; break;
        case S_EXCHANGE: self->exchange_id = (int)i; break;
        case S_PASS: self->pass_id = (int)i; break;
        case S_HOLE: self->hole_id[move[1]] = (int16_t)i; break;
        default: self->refill_id[move[1]] = (int16_t)i;
        }
    }
    Py_DECREF(fast);
    if (self->diagonal)
        for (i = 0; i < DIAGONAL_COUNT; i++)
            if (self->diagonal_id[i] < 0) {
                PyErr_SetString(PyExc_ValueError, "diagonal slides need their actions");
                return -1;
            }
    shift_build_distances();
    return 0;
}

/* Plays games from seeded deals (`start` NULL) or determinized from `start`; returns per game
 * (actions, ending, cards collected per seat). */
static PyObject *shift_batch(const ShiftRules *r, const ShiftGame *start, int seat,
                             PyObject *seeds, PyObject *choice_seeds, long limit, int policy) {
    PyObject *seeds_fast = NULL, *choices_fast = NULL, *out = NULL;
    Py_ssize_t n, i;
    int failed = 0;
    ShiftGame *g = NULL;
    if (policy != RANDOM && policy != CHEAP && policy != GREEDY) {
        PyErr_SetString(PyExc_ValueError, "no such policy in Shift's core");
        return NULL;
    }
    seeds_fast = PySequence_Fast(seeds, "seeds");
    if (!seeds_fast) return NULL;
    n = PySequence_Fast_GET_SIZE(seeds_fast);
    if (!start) {
        choices_fast = PySequence_Fast(choice_seeds, "choice seeds");
        if (!choices_fast || PySequence_Fast_GET_SIZE(choices_fast) != n) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "one choice seed per game");
            Py_DECREF(seeds_fast);
            Py_XDECREF(choices_fast);
            return NULL;
        }
    }
    uint64_t *values = PyMem_Malloc(sizeof(uint64_t) * 2 * ((size_t)n + 1));
    long *lengths = PyMem_Malloc(sizeof(long) * ((size_t)n + 1));
    int *endings = PyMem_Malloc(sizeof(int) * ((size_t)n + 1));
    int8_t *counts = PyMem_Malloc((size_t)SHIFT_PLAYERS * ((size_t)n + 1));
    g = PyMem_Calloc(1, sizeof(ShiftGame));
    if (!values || !lengths || !endings || !counts || !g || seen_init(&g->seen, 1024) < 0) {
        PyErr_NoMemory();
        goto done;
    }
    for (i = 0; i < n; i++) {
        if (read_seed(PySequence_Fast_GET_ITEM(seeds_fast, i), &values[2 * i]) < 0) goto done;
        if (!start &&
            read_seed(PySequence_Fast_GET_ITEM(choices_fast, i), &values[2 * i + 1]) < 0)
            goto done;
    }
    Py_BEGIN_ALLOW_THREADS
    for (i = 0; i < n && !failed; i++) {
        MT choice;
        int p;
        if (start) {
            Seen seen = g->seen;
            int copied = seen_copy(&seen, &start->seen), k;
            *g = *start;
            g->seen = seen;
            if (copied == -2)
                for (k = 0; k < start->seen.size; k++) {
                    int slot = start->seen.used[k];
                    int *count = seen_slot(&g->seen, start->seen.keys[slot]);
                    if (!count) {
                        copied = -1;
                        break;
                    }
                    *count = start->seen.counts[slot];
                }
            if (copied == -1) {
                failed = 2;
                break;
            }
            mt_seed_u64(&choice, values[2 * i]);
            shift_determinize(r, g, seat, &choice);
        } else {
            MT deal;
            mt_seed_two(&deal, values[2 * i], &choice, values[2 * i + 1]);
            shift_new(r, g, &deal);
        }
        lengths[i] = shift_play_out(r, g, policy, &choice, limit);
        if (lengths[i] < 0) failed = lengths[i] == -1 ? 1 : 2;
        endings[i] = g->ending;
        for (p = 0; p < SHIFT_PLAYERS; p++)
            counts[SHIFT_PLAYERS * i + p] = (int8_t)g->pile_count[p];
    }
    Py_END_ALLOW_THREADS
    if (failed == 1)
        PyErr_Format(FastError, "a game ran past %ld actions", limit);
    else if (failed)
        PyErr_NoMemory();
    else {
        out = PyList_New(n);
        for (i = 0; out && i < n; i++) {
            PyObject *collected = PyTuple_New(r->players), *row;
            int p;
            if (!collected) {
                Py_CLEAR(out);
                break;
            }
            for (p = 0; p < r->players; p++)
                PyTuple_SET_ITEM(collected, p, PyLong_FromLong(counts[SHIFT_PLAYERS * i + p]));
            row = Py_BuildValue("(liN)", lengths[i], endings[i], collected);
            if (!row) {
                Py_CLEAR(out);
                break;
            }
            PyList_SET_ITEM(out, i, row);
        }
    }
done:
    if (g) seen_free(&g->seen);
    PyMem_Free(g);
    Py_XDECREF(seeds_fast);
    Py_XDECREF(choices_fast);
    PyMem_Free(values);
    PyMem_Free(lengths);
    PyMem_Free(endings);
    PyMem_Free(counts);
    return out;
}

static PyObject *ShiftRules_playouts(ShiftRules *self, PyObject *args) {
    PyObject *seeds, *choice_seeds;
    long limit;
    int policy;
    if (!PyArg_ParseTuple(args, "OOli", &seeds, &choice_seeds, &limit, &policy)) return NULL;
    return shift_batch(self, NULL, 0, seeds, choice_seeds, limit, policy);
}

typedef struct {
    PyObject_HEAD
    ShiftRules *rules;
    ShiftGame game;
} ShiftState;

static PyTypeObject ShiftStateType;

static ShiftState *shift_state_new(ShiftRules *rules) {
    ShiftState *state = PyObject_New(ShiftState, &ShiftStateType);
    if (!state) return NULL;
    Py_INCREF(rules);
    state->rules = rules;
    memset(&state->game, 0, sizeof(ShiftGame));
    if (seen_init(&state->game.seen, 1024) < 0) {
        Py_DECREF(state);
        PyErr_NoMemory();
        return NULL;
    }
    return state;
}

static PyObject *ShiftRules_new_state(ShiftRules *self, PyObject *args) {
    PyObject *key;
    long words[64];
    uint32_t key32[64];
    Py_ssize_t n, i;
    MT seeded;
    ShiftState *state;
    if (!PyArg_ParseTuple(args, "O", &key)) return NULL;
    if (read_ints(key, "seed key", words, -1, &n) < 0) return NULL;
    if (n < 1 || n > 64) {
        PyErr_SetString(PyExc_ValueError, "a seed key has 1 to 64 words");
        return NULL;
    }
    for (i = 0; i < n; i++) key32[i] = (uint32_t)words[i];
    mt_init_by_array(&seeded, key32, (size_t)n);
    state = shift_state_new(self);
    if (!state) return NULL;
    shift_new(self, &state->game, &seeded);
    return (PyObject *)state;
}

/* ShiftRules.load(fields): a game in the middle, from the Python state's fields (targets with
 * -1 for none, the phase as its name, the positions as the rules key them). */
static PyObject *ShiftRules_load(ShiftRules *self, PyObject *fields) {
    ShiftState *state;
    ShiftGame *g;
    PyObject *value, *key, *count;
    Py_ssize_t pos = 0;
    int16_t buffer[SHIFT_PLAYERS * SHIFT_CARDS];
    long flag;
    int i, n, cards = 0;
    if (!PyDict_Check(fields)) {
        PyErr_SetString(PyExc_TypeError, "load() takes the state's fields as a dict");
        return NULL;
    }
    state = shift_state_new(self);
    if (!state) return NULL;
    g = &state->game;
    if ((n = read_list(fields, "deck", buffer, SHIFT_CARDS, 0, SHIFT_CARDS)) < 0) goto fail;
    for (i = 0; i < n; i++) g->deck[i] = (int8_t)buffer[i];
    g->deck_count = n;
    if ((n = read_list(fields, "out_of_play", buffer, SHIFT_CARDS, 0, SHIFT_CARDS)) < 0) goto fail;
    for (i = 0; i < n; i++) g->out[i] = (int8_t)buffer[i];
    g->out_count = n;
    if (read_list(fields, "grid", buffer, CELLS, -1, SHIFT_CARDS) != CELLS) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "a grid has 9 cells");
        goto fail;
    }
    for (i = 0; i < CELLS; i++) g->grid[i] = (int8_t)buffer[i];
    for (i = 0; i < SHIFT_PLAYERS; i++) g->targets[i] = -1;
    if (read_list(fields, "targets", buffer, SHIFT_PLAYERS, -1, SHIFT_CARDS) != self->players) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "one target per seat");
        goto fail;
    }
    for (i = 0; i < self->players; i++) g->targets[i] = (int8_t)buffer[i];
    if (read_lists(fields, "score_piles", buffer, SHIFT_CARDS, g->pile_count, self->players,
                   SHIFT_CARDS, SHIFT_CARDS) < 0)
        goto fail;
    for (i = 0; i < self->players; i++) {
        int k;
        for (k = 0; k < g->pile_count[i]; k++) g->piles[i][k] = (int8_t)buffer[i * SHIFT_CARDS + k];
        cards += g->pile_count[i] + (g->targets[i] >= 0);
    }
    for (i = 0; i < CELLS; i++) cards += g->grid[i] >= 0;
    if (cards + g->deck_count + g->out_count != SHIFT_CARDS) {
        PyErr_SetString(PyExc_ValueError, "the state's cards do not add up to the deck");
        goto fail;
    }
    value = PyDict_GetItemString(fields, "phase");
    g->phase = -1;
    if (value && PyUnicode_Check(value)) {
        if (PyUnicode_CompareWithASCIIString(value, "play") == 0) g->phase = PHASE_PLAY;
        if (PyUnicode_CompareWithASCIIString(value, "refill") == 0) g->phase = PHASE_REFILL;
    }
    if (g->phase < 0) {
        PyErr_SetString(PyExc_ValueError, "phase is play or refill");
        goto fail;
    }
    if (read_flag(fields, "first_player", &flag) < 0) goto fail;
    g->first_player = (int)flag;
    if (read_flag(fields, "slides", &flag) < 0) goto fail;
    if (flag < 0 || flag > self->slide_limit) {
        PyErr_SetString(PyExc_ValueError, "slides is below the slide limit");
        goto fail;
    }
    g->slides = (int)flag;
    if (read_flag(fields, "quiet_turns", &flag) < 0) goto fail;
    g->quiet_turns = (int)flag;
    if (read_flag(fields, "repetitions", &flag) < 0) goto fail;
    g->repetitions = (int)flag;
    if (read_flag(fields, "to_act", &flag) < 0) goto fail;
    if (flag < 0 || flag >= self->players) {
        PyErr_SetString(PyExc_ValueError, "to_act is a seat");
        goto fail;
    }
    g->to_act = (int)flag;
    value = PyDict_GetItemString(fields, "positions");
    if (!value || !PyDict_Check(value)) {
        PyErr_SetString(PyExc_ValueError, "positions is a dict of position keys");
        goto fail;
    }
    while (PyDict_Next(value, &pos, &key, &count)) {
        const char *text = PyUnicode_Check(key) ? PyUnicode_AsUTF8(key) : NULL;
        int seat = 0, slides = 0, k, *slot;
        uint64_t packed = (uint64_t)1 << 63;
        long seen = PyLong_AsLong(count);
        if (!text || strlen(text) < 12 || (seen == -1 && PyErr_Occurred())) goto bad_key;
        for (k = 0; k < CELLS; k++) {
            int cell = text[k] == '.' ? -1 : text[k] - '0';
            if (cell < -1 || cell >= SHIFT_CARDS) goto bad_key;
            packed |= (uint64_t)(cell + 1) << (6 * k);
        }
        if (sscanf(text + CELLS, "%d/%d", &seat, &slides) != 2 || seat < 0 ||
            seat >= self->players || slides < 0 || slides > 255)
            goto bad_key;
        packed |= (uint64_t)seat << 54 | (uint64_t)slides << 56;
        slot = seen_slot(&g->seen, packed);
        if (!slot) {
            PyErr_NoMemory();
            goto fail;
        }
        *slot = (int)seen;
        continue;
    bad_key:
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "a position key is damaged");
        goto fail;
    }
    {
        PyObject *rng = PyDict_GetItemString(fields, "rng"), *fast;
        if (!rng || !(fast = PySequence_Fast(rng, "rng"))) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_KeyError, "a state's fields lack rng");
            goto fail;
        }
        if (PySequence_Fast_GET_SIZE(fast) != MT_N + 1) {
            Py_DECREF(fast);
            PyErr_SetString(PyExc_ValueError, "rng is the 625 numbers of random.getstate()[1]");
            goto fail;
        }
        for (i = 0; i <= MT_N; i++) {
            unsigned long v = PyLong_AsUnsignedLong(PySequence_Fast_GET_ITEM(fast, i));
            if ((v == (unsigned long)-1 && PyErr_Occurred()) || (i == MT_N && v > MT_N)) {
                Py_DECREF(fast);
                if (!PyErr_Occurred())
                    PyErr_SetString(PyExc_ValueError, "the generator's index is at most 624");
                goto fail;
            }
            if (i < MT_N)
                g->rng.state[i] = (uint32_t)v;
            else
                g->rng.index = (int)v;
        }
        Py_DECREF(fast);
    }
    return (PyObject *)state;
fail:
    Py_DECREF(state);
    return NULL;
}

static void ShiftState_dealloc(ShiftState *self) {
    seen_free(&self->game.seen);
    Py_XDECREF(self->rules);
    PyObject_Free(self);
}

static PyObject *ShiftState_legal(ShiftState *self, PyObject *unused) {
    int16_t legal[64];
    (void)unused;
    if (self->game.ending) return PyList_New(0);
    return int16_list(legal, shift_legal(self->rules, &self->game, legal));
}

static PyObject *ShiftState_apply(ShiftState *self, PyObject *arg) {
    int16_t legal[64];
    long action = PyLong_AsLong(arg);
    int count, i;
    if (action == -1 && PyErr_Occurred()) return NULL;
    if (self->game.ending) {
        PyErr_SetString(FastError, "the game is over");
        return NULL;
    }
    count = shift_legal(self->rules, &self->game, legal);
    for (i = 0; i < count && legal[i] != action; i++);
    if (i == count) {
        PyErr_Format(FastError, "action %ld is not legal now", action);
        return NULL;
    }
    shift_apply(self->rules, &self->game, (int)action);
    if (self->game.ending < 0) return PyErr_NoMemory();
    Py_RETURN_NONE;
}

static PyObject *ShiftState_snapshot(ShiftState *self, PyObject *unused) {
    const ShiftRules *r = self->rules;
    const ShiftGame *g = &self->game;
    PyObject *grid = PyList_New(CELLS), *targets = PyList_New(r->players);
    PyObject *piles = PyList_New(r->players), *positions = PyDict_New();
    PyObject *rng = PyTuple_New(MT_N + 1);
    int i;
    (void)unused;
    if (!grid || !targets || !piles || !positions || !rng) goto fail;
    for (i = 0; i < CELLS; i++) {
        PyObject *cell = g->grid[i] < 0 ? Py_None : PyLong_FromLong(g->grid[i]);
        if (g->grid[i] < 0) Py_INCREF(Py_None);
        PyList_SET_ITEM(grid, i, cell);
    }
    for (i = 0; i < r->players; i++) {
        PyObject *target = g->targets[i] < 0 ? Py_None : PyLong_FromLong(g->targets[i]);
        if (g->targets[i] < 0) Py_INCREF(Py_None);
        PyList_SET_ITEM(targets, i, target);
        PyList_SET_ITEM(piles, i, int8_list(g->piles[i], g->pile_count[i]));
    }
    for (i = 0; i < g->seen.size; i++) {
        int slot = g->seen.used[i], k;
        uint64_t key = g->seen.keys[slot];
        char text[32];
        for (k = 0; k < CELLS; k++) {
            int cell = (int)((key >> (6 * k)) & 63) - 1;
            text[k] = (char)(cell < 0 ? '.' : '0' + cell);
        }
        snprintf(text + CELLS, sizeof(text) - CELLS, "%d/%d", (int)((key >> 54) & 3),
                 (int)((key >> 56) & 127));
        PyObject *count = PyLong_FromLong(g->seen.counts[slot]);
        if (!count || PyDict_SetItemString(positions, text, count) < 0) {
            Py_XDECREF(count);
            goto fail;
        }
        Py_DECREF(count);
    }
    for (i = 0; i < MT_N; i++) PyTuple_SET_ITEM(rng, i, PyLong_FromUnsignedLong(g->rng.state[i]));
    PyTuple_SET_ITEM(rng, MT_N, PyLong_FromLong(g->rng.index));
    return Py_BuildValue(
        "{s:N,s:i,s:N,s:N,s:N,s:N,s:s,s:i,s:i,s:N,s:i,s:i,s:i,s:N}", "deck",
        int8_list(g->deck, g->deck_count), "first_player", g->first_player, "grid", grid,
        "targets", targets, "score_piles", piles, "out_of_play", int8_list(g->out, g->out_count),
        "phase", g->phase == PHASE_PLAY ? "play" : "refill", "slides", g->slides, "quiet_turns",
        g->quiet_turns, "positions", positions, "repetitions", g->repetitions, "to_act",
        g->to_act, "ending", g->ending, "rng", rng);
fail:
    Py_XDECREF(grid);
    Py_XDECREF(targets);
    Py_XDECREF(piles);
    Py_XDECREF(positions);
    Py_XDECREF(rng);
    return NULL;
}

static PyObject *ShiftState_playouts(ShiftState *self, PyObject *args) {
    PyObject *seeds;
    long limit;
    int seat, policy;
    if (!PyArg_ParseTuple(args, "iOli", &seat, &seeds, &limit, &policy)) return NULL;
    if (seat < 0 || seat >= self->rules->players) {
        PyErr_SetString(PyExc_ValueError, "no such seat");
        return NULL;
    }
    if (self->game.ending) {
        PyErr_SetString(FastError, "the game is over");
        return NULL;
    }
    return shift_batch(self->rules, &self->game, seat, seeds, NULL, limit, policy);
}

static PyObject *ShiftState_play_bots(ShiftState *self, PyObject *args) {
    const ShiftRules *r = self->rules;
    ShiftGame *g = &self->game;
    int16_t legal[64];
    Bots *bots = bots_new(args, r->players, 1);
    if (!bots) return NULL;
    while (!g->ending && bots->count < bots->limit) {
        int count = shift_legal(r, g, legal), seat = g->to_act, action;
        MT *mt = &bots->rng[seat];
        if (bots->kind[seat] == BOT_RANDOM)
            action = legal[mt_below(mt, (uint32_t)count)];
        else if (count == 1)
            action = legal[0];
        else {
            /* The copy shares the positions seen, which neither the determiniser nor the
             * heuristic touches. */
            ShiftGame twin = *g;
            shift_determinize(r, &twin, seat, mt);
            action = shift_greedy(r, &twin, legal, count, mt);
        }
        shift_apply(r, g, action);
        bots->played[bots->count++] = (int16_t)action;
    }
    if (g->ending < 0) {
        Py_DECREF(bots_done(bots));
        return PyErr_NoMemory();
    }
    return bots_done(bots);
}

static PyObject *ShiftState_search(ShiftState *self, PyObject *args);

static PyMethodDef ShiftState_methods[] = {
    {"search", (PyCFunction)ShiftState_search, METH_VARARGS,
     "search(rng, seat, allowed, iterations, deadline, exploration, cut_after, limit, policy): mcts's iterations."},
    {"play_bots", (PyCFunction)ShiftState_play_bots, METH_VARARGS,
     "play_bots(seeds, bots, limit): the simulator's game, each seat's bot choosing."},
    {"legal", (PyCFunction)ShiftState_legal, METH_NOARGS,
     "The legal action ids, in the Python rules' order."},
    {"apply", (PyCFunction)ShiftState_apply, METH_O, "Play a legal action id."},
    {"snapshot", (PyCFunction)ShiftState_snapshot, METH_NOARGS,
     "Every field of the state, and the generator's state as random.getstate() gives it."},
    {"playouts", (PyCFunction)ShiftState_playouts, METH_VARARGS,
     "playouts(seat, seeds, limit, policy): games from here, determinized for seat."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject ShiftStateType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "sequenza._fast.ShiftState",
    .tp_basicsize = sizeof(ShiftState),
    .tp_dealloc = (destructor)ShiftState_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "A game of Sequentia Shift in the core, played one action at a time.",
    .tp_methods = ShiftState_methods,
};

static PyObject *ShiftRules_batch(ShiftRules *self, PyObject *args);

static PyMethodDef ShiftRules_methods[] = {
    {"batch", (PyCFunction)ShiftRules_batch, METH_VARARGS,
     "batch(n): n games of this table stepped together (Batch)."},
    {"load", (PyCFunction)ShiftRules_load, METH_O,
     "load(fields): a game in the middle, from a Python state's fields."},
    {"new_state", (PyCFunction)ShiftRules_new_state, METH_VARARGS,
     "new_state(seed_key): a new game dealt from the seed's 32-bit words."},
    {"playouts", (PyCFunction)ShiftRules_playouts, METH_VARARGS,
     "playouts(seeds, choice_seeds, limit, policy): whole games, one per seed."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject ShiftRulesType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "sequenza._fast.ShiftRules",
    .tp_basicsize = sizeof(ShiftRules),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "The rules of one table of Sequentia Shift.",
    .tp_methods = ShiftRules_methods,
    .tp_init = (initproc)ShiftRules_init,
    .tp_new = PyType_GenericNew,
};

/* ------------------------------------------------------------------ Sequentia Cross */

/* The rules of sequentia_cross/rules.py: a 3x3 grid of piles; a turn places the whole hand
 * (never on a pile showing the card's digit, nor twice on one pile), then claims a set of the
 * rows or of the columns that show a placed card's code; the engine discards what cannot be
 * placed, refills, draws and passes by itself. */

#define CROSS_CARDS 54
#define CROSS_PLAYERS 4
#define CROSS_HAND 3
#define CROSS_CLAIMS 14
#define PLACING 0
#define CLAIMING 1

typedef struct {
    PyObject_HEAD
    int8_t digit[CROSS_CARDS];
    int8_t code[CROSS_CARDS][3];
    int8_t bonus[CROSS_CARDS];
    int16_t place_id[CROSS_CARDS][CELLS];
    /* The claims in action order: rows (0) or columns (1), the lines as bits, the action id. */
    int8_t claim_direction[CROSS_CLAIMS], claim_lines[CROSS_CLAIMS];
    int16_t claim_id[CROSS_CLAIMS];
    int claims;
    /* Per action id: 0 a placement (card, position) or 1 a claim (its index above). */
    int8_t kind[CROSS_CARDS * CELLS + CROSS_CLAIMS], first[CROSS_CARDS * CELLS + CROSS_CLAIMS];
    int8_t second[CROSS_CARDS * CELLS + CROSS_CLAIMS];
    int actions, players, stall_rounds, random_first_player;
    int turn_budget;
} CrossRules;

typedef struct {
    MT rng;
    int deck_count;
    int8_t deck[CROSS_CARDS];
    int pile_size[CELLS];
    int8_t piles[CELLS][CROSS_CARDS];
    int hand_count[CROSS_PLAYERS];
    int8_t hands[CROSS_PLAYERS][CROSS_CARDS];
    int collected_count[CROSS_PLAYERS];
    int8_t collected[CROSS_PLAYERS][CROSS_CARDS];
    int out_count;
    int8_t out[CROSS_CARDS];
    int phase, covered_count, idle_turns, to_act, ending;
    int8_t covered[CELLS];
} CrossGame;

static inline int cross_top(const CrossRules *r, const CrossGame *g, int position) {
    return g->pile_size[position] ? r->digit[g->piles[position][g->pile_size[position] - 1]] : 0;
}

static int cross_allowed(const CrossRules *r, const CrossGame *g, int card) {
    int mask = 0, position, k;
    for (position = 0; position < CELLS; position++)
        if (cross_top(r, g, position) != r->digit[card]) mask |= 1 << position;
    for (k = 0; k < g->covered_count; k++) mask &= ~(1 << g->covered[k]);
    return mask;
}

static int cross_line_shows(const CrossRules *r, const CrossGame *g, int direction, int line,
                            const int8_t *code) {
    int k;
    for (k = 0; k < 3; k++) {
        int position = direction ? k * 3 + line : line * 3 + k;
        if (cross_top(r, g, position) != code[k]) return 0;
    }
    return 1;
}

/* The rows and the columns that are sequences now, as bits (rows, then columns << 3). */
static int cross_sequences(const CrossRules *r, const CrossGame *g) {
    int found = 0, k;
    for (k = 0; k < g->covered_count; k++) {
        int position = g->covered[k];
        const int8_t *code = r->code[g->piles[position][g->pile_size[position] - 1]];
        if (cross_line_shows(r, g, 0, position / 3, code)) found |= 1 << (position / 3);
        if (cross_line_shows(r, g, 1, position % 3, code)) found |= 8 << (position % 3);
    }
    return found;
}

static int cross_legal(const CrossRules *r, const CrossGame *g, int16_t *out) {
    int count = 0, i, position;
    if (g->phase == CLAIMING) {
        int found = cross_sequences(r, g);
        for (i = 0; i < r->claims; i++) {
            int have = r->claim_direction[i] ? found >> 3 : found & 7;
            if ((r->claim_lines[i] & have) == r->claim_lines[i]) out[count++] = r->claim_id[i];
        }
        return count;
    }
    for (i = 0; i < g->hand_count[g->to_act]; i++) {
        int card = g->hands[g->to_act][i], allowed = cross_allowed(r, g, card);
        for (position = 0; position < CELLS; position++)
            if (allowed >> position & 1) out[count++] = r->place_id[card][position];
    }
    return count;
}

static void cross_sort(int8_t *cards, int count) {
    int i, j;
    for (i = 1; i < count; i++) {
        int8_t card = cards[i];
        for (j = i; j > 0 && cards[j - 1] > card; j--) cards[j] = cards[j - 1];
        cards[j] = card;
    }
}

static void cross_end_turn(const CrossRules *r, CrossGame *g, int claimed) {
    int seat = g->to_act, k, any = 0;
    if (claimed)
        g->idle_turns = 0;
    else if (!g->deck_count)
        g->idle_turns++;
    for (k = 0; k < CROSS_HAND && g->deck_count; k++)
        g->hands[seat][g->hand_count[seat]++] = g->deck[--g->deck_count];
    cross_sort(g->hands[seat], g->hand_count[seat]);
    g->covered_count = 0;
    g->phase = PLACING;
    for (k = 0; k < r->players; k++) any |= g->hand_count[k] > 0;
    if (!g->deck_count && !any)
        g->ending = DECK_EXHAUSTED;
    else if (g->idle_turns >= r->stall_rounds * r->players)
        g->ending = SHIFT_STALL;
    else
        g->to_act = (seat + 1) % r->players;
}

/* The engine's own steps: discards, turns without a claim and passes, until a seat has a
 * decision to make or the game is over. */
static void cross_settle(const CrossRules *r, CrossGame *g) {
    while (!g->ending && g->phase == PLACING) {
        int seat = g->to_act, i, kept = 0;
        for (i = 0; i < g->hand_count[seat]; i++) {
            int card = g->hands[seat][i];
            if (!cross_allowed(r, g, card))
                g->out[g->out_count++] = (int8_t)card;
            else
                g->hands[seat][kept++] = (int8_t)card;
        }
        g->hand_count[seat] = kept;
        if (kept) return;
        if (cross_sequences(r, g)) {
            g->phase = CLAIMING;
            return;
        }
        cross_end_turn(r, g, 0);
    }
}

static void cross_apply(const CrossRules *r, CrossGame *g, int action) {
    int seat = g->to_act, i;
    if (r->kind[action] == 0) {
        int card = r->first[action], position = r->second[action];
        for (i = 0; i < g->hand_count[seat] && g->hands[seat][i] != card; i++);
        memmove(&g->hands[seat][i], &g->hands[seat][i + 1], (size_t)(g->hand_count[seat] - i - 1));
        g->hand_count[seat]--;
        g->piles[position][g->pile_size[position]++] = (int8_t)card;
        g->covered[g->covered_count++] = (int8_t)position;
    } else {
        int claim = r->first[action], direction = r->claim_direction[claim], position, k;
        int positions = 0;
        for (k = 0; k < 3; k++)
            if (r->claim_lines[claim] >> k & 1)
                for (i = 0; i < 3; i++) positions |= 1 << (direction ? i * 3 + k : k * 3 + i);
        for (position = 0; position < CELLS; position++)
            if (positions >> position & 1) {
                for (i = 0; i < g->pile_size[position]; i++)
                    g->collected[seat][g->collected_count[seat]++] = g->piles[position][i];
                g->pile_size[position] = 0;
            }
        for (position = 0; position < CELLS && g->deck_count; position++)
            if (positions >> position & 1) {
                g->piles[position][0] = g->deck[--g->deck_count];
                g->pile_size[position] = 1;
            }
        cross_end_turn(r, g, 1);
    }
    cross_settle(r, g);
}

static void cross_new(const CrossRules *r, CrossGame *g, const MT *seeded) {
    int16_t cards[CROSS_CARDS];
    int i, seat;
    memset(g, 0, sizeof(CrossGame));
    g->rng = *seeded;
    for (i = 0; i < CROSS_CARDS; i++) cards[i] = (int16_t)i;
    mt_shuffle(&g->rng, cards, CROSS_CARDS);
    for (i = 0; i < CROSS_CARDS; i++) g->deck[i] = (int8_t)cards[i];
    g->deck_count = CROSS_CARDS;
    for (i = 0; i < CELLS; i++) {
        g->piles[i][0] = g->deck[--g->deck_count];
        g->pile_size[i] = 1;
    }
    for (seat = 0; seat < r->players; seat++) {
        for (i = 0; i < CROSS_HAND; i++) g->hands[seat][i] = g->deck[--g->deck_count];
        g->hand_count[seat] = CROSS_HAND;
        cross_sort(g->hands[seat], CROSS_HAND);
    }
    g->phase = PLACING;
    if (r->random_first_player) g->to_act = (int)mt_below(&g->rng, (uint32_t)r->players);
    cross_settle(r, g);
}

/* The placements of the first placeable card only (_one_card_at_a_time of play.py): the
 * search's narrowing, since each pile takes one card a turn. */
static int cross_narrow(const CrossRules *r, int16_t *legal, int count) {
    int n = 0, i, card = r->first[legal[0]];
    if (r->kind[legal[0]] != 0) return count;
    for (i = 0; i < count; i++)
        if (r->first[legal[i]] == card) legal[n++] = legal[i];
    return n;
}

static double cross_visit(const CrossRules *r, Search *search, const CrossGame *node,
                          int depth) {
    int16_t legal[CROSS_CARDS * CELLS];
    double outcome = -HUGE_VAL;
    int count, i;
    search->visited++;
    if (node->ending || node->to_act != search->seat || depth > 12 ||
        search->visited > search->budget)
        return collected_lead(node->collected_count, r->players, search->seat);
    count = cross_narrow(r, legal, cross_legal(r, node, legal));
    for (i = 0; i < count; i++) {
        CrossGame child = *node;
        double value;
        cross_apply(r, &child, legal[i]);
        value = cross_visit(r, search, &child, depth + 1);
        if (value > outcome) outcome = value;
    }
    return outcome;
}

static int cross_greedy(const CrossRules *r, const CrossGame *g, const int16_t *given,
                        int count, MT *choice) {
    int16_t legal[CROSS_CARDS * CELLS], ties[CROSS_CARDS * CELLS];
    double values[CROSS_CARDS * CELLS], top = -HUGE_VAL;
    int i, n = 0;
    Search search = {g->to_act, 0, r->turn_budget};
    memcpy(legal, given, sizeof(int16_t) * (size_t)count);
    count = cross_narrow(r, legal, count);
    for (i = 0; i < count; i++) {
        CrossGame child = *g;
        cross_apply(r, &child, legal[i]);
        values[i] = cross_visit(r, &search, &child, 1);
        if (values[i] > top) top = values[i];
    }
    for (i = 0; i < count; i++)
        if (values[i] >= top - 1e-9) ties[n++] = legal[i];
    return ties[mt_below(choice, (uint32_t)n)];
}

/* cross_playout of sequentia_cross/play.py: claim the most cards; else place a card where its
 * row or column then shows its code, on the tallest piles, else a placement at random. */
static int cross_choose(const CrossRules *r, const CrossGame *g, const int16_t *legal,
                        int count, int policy, MT *choice) {
    int best, best_cards = 0, i;
    if (policy == GREEDY) return cross_greedy(r, g, legal, count, choice);
    if (policy != CHEAP) return legal[mt_below(choice, (uint32_t)count)];
    if (r->kind[legal[0]] == 1) {
        best = legal[0];
        best_cards = -1;
        for (i = 0; i < count; i++) {
            int claim = r->first[legal[i]], direction = r->claim_direction[claim], k, j;
            int cards = 0;
            for (k = 0; k < 3; k++)
                if (r->claim_lines[claim] >> k & 1)
                    for (j = 0; j < 3; j++)
                        cards += g->pile_size[direction ? j * 3 + k : k * 3 + j];
            if (cards > best_cards) {
                best = legal[i];
                best_cards = cards;
            }
        }
        return best;
    }
    best = legal[mt_below(choice, (uint32_t)count)];
    for (i = 0; i < count; i++) {
        int card = r->first[legal[i]], position = r->second[legal[i]], direction, cards = 0;
        for (direction = 0; direction < 2; direction++) {
            int line = direction ? position % 3 : position / 3, k, shows = 1, size = 0;
            for (k = 0; k < 3; k++) {
                int spot = direction ? k * 3 + line : line * 3 + k;
                int digit = spot == position ? r->digit[card] : cross_top(r, g, spot);
                if (digit != r->code[card][k]) shows = 0;
                size += g->pile_size[spot];
            }
            if (shows) cards += size + 1;
        }
        if (cards > best_cards) {
            best = legal[i];
            best_cards = cards;
        }
    }
    return best;
}

static long cross_play_out(const CrossRules *r, CrossGame *g, int policy, MT *choice,
                           long limit) {
    int16_t legal[CROSS_CARDS * CELLS];
    long played = 0;
    while (!g->ending) {
        int count = cross_legal(r, g, legal);
        cross_apply(r, g, cross_choose(r, g, legal, count, policy, choice));
        if (++played > limit) return -1;
    }
    return played;
}

static void cross_determinize(const CrossRules *r, CrossGame *g, int seat, MT *choice) {
    int16_t pool[CROSS_CARDS];
    int n = 0, p, i;
    mt_seed_u64(&g->rng, mt_bits64(choice));
    for (i = 0; i < g->deck_count; i++) pool[n++] = g->deck[i];
    for (p = 0; p < r->players; p++)
        if (p != seat)
            for (i = 0; i < g->hand_count[p]; i++) pool[n++] = g->hands[p][i];
    mt_shuffle(choice, pool, n);
    n = 0;
    for (i = 0; i < g->deck_count; i++) g->deck[i] = (int8_t)pool[n++];
    for (p = 0; p < r->players; p++)
        if (p != seat) {
            for (i = 0; i < g->hand_count[p]; i++) g->hands[p][i] = (int8_t)pool[n++];
            cross_sort(g->hands[p], g->hand_count[p]);
        }
}

static int CrossRules_init(CrossRules *self, PyObject *args, PyObject *kwds) {
    PyObject *digits, *codes, *bonus, *moves, *fast;
    long buffer[CROSS_CARDS * 3];
    Py_ssize_t n, i;
    (void)kwds;
    if (!PyArg_ParseTuple(args, "OOOOiiii", &digits, &codes, &bonus, &moves, &self->players,
                          &self->stall_rounds, &self->random_first_player, &self->turn_budget))
        return -1;
    if (self->players < 1 || self->players > CROSS_PLAYERS || self->stall_rounds < 1) {
        PyErr_SetString(PyExc_ValueError, "the table is beyond the core's limits");
        return -1;
    }
    if (read_ints(digits, "digits", buffer, CROSS_CARDS, NULL) < 0) return -1;
    for (i = 0; i < CROSS_CARDS; i++) self->digit[i] = (int8_t)buffer[i];
    if (read_ints(codes, "codes", buffer, CROSS_CARDS * 3, NULL) < 0) return -1;
    for (i = 0; i < CROSS_CARDS * 3; i++) self->code[i / 3][i % 3] = (int8_t)buffer[i];
    if (read_ints(bonus, "bonus", buffer, CROSS_CARDS, NULL) < 0) return -1;
    for (i = 0; i < CROSS_CARDS; i++) self->bonus[i] = buffer[i] != 0;
    fast = PySequence_Fast(moves, "moves");
    if (!fast) return -1;
    n = PySequence_Fast_GET_SIZE(fast);
    if (n != CROSS_CARDS * CELLS + CROSS_CLAIMS) {
        Py_DECREF(fast);
        PyErr_SetString(PyExc_ValueError, "Cross has 500 actions");
        return -1;
    }
    self->actions = (int)n;
    self->claims = 0;
    for (i = 0; i < n; i++) {
        long move[3];
        if (read_ints(PySequence_Fast_GET_ITEM(fast, i), "move", move, 3, NULL) < 0) {
            Py_DECREF(fast);
            return -1;
        }
        /* (0, card, position) or (1, direction, lines as bits). */
        if (move[0] == 0 && move[1] >= 0 && move[1] < CROSS_CARDS && move[2] >= 0 &&
            move[2] < CELLS) {
            self->kind[i] = 0;
            self->first[i] = (int8_t)move[1];
            self->second[i] = (int8_t)move[2];
            self->place_id[move[1]][move[2]] = (int16_t)i;
        } else if (move[0] == 1 && (move[1] == 0 || move[1] == 1) && move[2] > 0 &&
                   move[2] < 8 && self->claims < CROSS_CLAIMS) {
            self->kind[i] = 1;
            self->first[i] = (int8_t)self->claims;
            self->claim_direction[self->claims] = (int8_t)move[1];
            self->claim_lines[self->claims] = (int8_t)move[2];
            self->claim_id[self->claims++] = (int16_t)i;
        } else {
            Py_DECREF(fast);
            PyErr_SetString(PyExc_ValueError, "a move is out of range");
            return -1;
        }
    }
    Py_DECREF(fast);
    return 0;
}

static PyObject *cross_batch(const CrossRules *r, const CrossGame *start, int seat,
                             PyObject *seeds, PyObject *choice_seeds, long limit, int policy) {
    PyObject *seeds_fast = NULL, *choices_fast = NULL, *out = NULL;
    Py_ssize_t n, i;
    int overran = 0;
    if (policy != RANDOM && policy != CHEAP && policy != GREEDY) {
        PyErr_SetString(PyExc_ValueError, "no such policy in Cross's core");
        return NULL;
    }
    seeds_fast = PySequence_Fast(seeds, "seeds");
    if (!seeds_fast) return NULL;
    n = PySequence_Fast_GET_SIZE(seeds_fast);
    if (!start) {
        choices_fast = PySequence_Fast(choice_seeds, "choice seeds");
        if (!choices_fast || PySequence_Fast_GET_SIZE(choices_fast) != n) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "one choice seed per game");
            Py_DECREF(seeds_fast);
            Py_XDECREF(choices_fast);
            return NULL;
        }
    }
    uint64_t *values = PyMem_Malloc(sizeof(uint64_t) * 2 * ((size_t)n + 1));
    long *lengths = PyMem_Malloc(sizeof(long) * ((size_t)n + 1));
    int *endings = PyMem_Malloc(sizeof(int) * ((size_t)n + 1));
    int8_t *counts = PyMem_Malloc((size_t)CROSS_PLAYERS * ((size_t)n + 1));
    CrossGame *g = PyMem_Malloc(sizeof(CrossGame));
    if (!values || !lengths || !endings || !counts || !g) {
        PyErr_NoMemory();
        goto done;
    }
    for (i = 0; i < n; i++) {
        if (read_seed(PySequence_Fast_GET_ITEM(seeds_fast, i), &values[2 * i]) < 0) goto done;
        if (!start &&
            read_seed(PySequence_Fast_GET_ITEM(choices_fast, i), &values[2 * i + 1]) < 0)
            goto done;
    }
    Py_BEGIN_ALLOW_THREADS
    for (i = 0; i < n && !overran; i++) {
        MT choice;
        int p;
        if (start) {
            mt_seed_u64(&choice, values[2 * i]);
            *g = *start;
            cross_determinize(r, g, seat, &choice);
        } else {
            MT deal;
            mt_seed_two(&deal, values[2 * i], &choice, values[2 * i + 1]);
            cross_new(r, g, &deal);
        }
        lengths[i] = cross_play_out(r, g, policy, &choice, limit);
        if (lengths[i] < 0) overran = 1;
        endings[i] = g->ending;
        for (p = 0; p < CROSS_PLAYERS; p++)
            counts[CROSS_PLAYERS * i + p] = (int8_t)g->collected_count[p];
    }
    Py_END_ALLOW_THREADS
    if (overran)
        PyErr_Format(FastError, "a game ran past %ld actions", limit);
    else {
        out = PyList_New(n);
        for (i = 0; out && i < n; i++) {
            PyObject *collected = PyTuple_New(r->players), *row;
            int p;
            if (!collected) {
                Py_CLEAR(out);
                break;
            }
            for (p = 0; p < r->players; p++)
                PyTuple_SET_ITEM(collected, p, PyLong_FromLong(counts[CROSS_PLAYERS * i + p]));
            row = Py_BuildValue("(liN)", lengths[i], endings[i], collected);
            if (!row) {
                Py_CLEAR(out);
                break;
            }
            PyList_SET_ITEM(out, i, row);
        }
    }
done:
    Py_XDECREF(seeds_fast);
    Py_XDECREF(choices_fast);
    PyMem_Free(values);
    PyMem_Free(lengths);
    PyMem_Free(endings);
    PyMem_Free(counts);
    PyMem_Free(g);
    return out;
}

static PyObject *CrossRules_playouts(CrossRules *self, PyObject *args) {
    PyObject *seeds, *choice_seeds;
    long limit;
    int policy;
    if (!PyArg_ParseTuple(args, "OOli", &seeds, &choice_seeds, &limit, &policy)) return NULL;
    return cross_batch(self, NULL, 0, seeds, choice_seeds, limit, policy);
}

typedef struct {
    PyObject_HEAD
    CrossRules *rules;
    CrossGame game;
} CrossState;

static PyTypeObject CrossStateType;

static PyObject *CrossRules_new_state(CrossRules *self, PyObject *args) {
    PyObject *key;
    long words[64];
    uint32_t key32[64];
    Py_ssize_t n, i;
    MT seeded;
    if (!PyArg_ParseTuple(args, "O", &key)) return NULL;
    if (read_ints(key, "seed key", words, -1, &n) < 0) return NULL;
    if (n < 1 || n > 64) {
        PyErr_SetString(PyExc_ValueError, "a seed key has 1 to 64 words");
        return NULL;
    }
    for (i = 0; i < n; i++) key32[i] = (uint32_t)words[i];
    mt_init_by_array(&seeded, key32, (size_t)n);
    CrossState *state = PyObject_New(CrossState, &CrossStateType);
    if (!state) return NULL;
    Py_INCREF(self);
    state->rules = self;
    cross_new(self, &state->game, &seeded);
    return (PyObject *)state;
}

static PyObject *CrossRules_load(CrossRules *self, PyObject *fields) {
    CrossGame *g;
    PyObject *value;
    int16_t buffer[CROSS_PLAYERS * CROSS_CARDS + CELLS * CROSS_CARDS];
    long flag;
    int i, k, n, cards = 0;
    if (!PyDict_Check(fields)) {
        PyErr_SetString(PyExc_TypeError, "load() takes the state's fields as a dict");
        return NULL;
    }
    CrossState *state = PyObject_New(CrossState, &CrossStateType);
    if (!state) return NULL;
    Py_INCREF(self);
    state->rules = self;
    g = &state->game;
    memset(g, 0, sizeof(CrossGame));
    if ((n = read_list(fields, "deck", buffer, CROSS_CARDS, 0, CROSS_CARDS)) < 0) goto fail;
    for (i = 0; i < n; i++) g->deck[i] = (int8_t)buffer[i];
    g->deck_count = n;
    if ((n = read_list(fields, "out_of_play", buffer, CROSS_CARDS, 0, CROSS_CARDS)) < 0) goto fail;
    for (i = 0; i < n; i++) g->out[i] = (int8_t)buffer[i];
    g->out_count = n;
    if ((n = read_list(fields, "covered", buffer, CELLS, 0, CELLS)) < 0) goto fail;
    for (i = 0; i < n; i++) g->covered[i] = (int8_t)buffer[i];
    g->covered_count = n;
    if (read_lists(fields, "grid", buffer, CROSS_CARDS, g->pile_size, CELLS, CROSS_CARDS,
                   CROSS_CARDS) < 0)
        goto fail;
    for (i = 0; i < CELLS; i++) {
        for (k = 0; k < g->pile_size[i]; k++) g->piles[i][k] = (int8_t)buffer[i * CROSS_CARDS + k];
        cards += g->pile_size[i];
    }
    for (i = 0; i < g->covered_count; i++)
        if (!g->pile_size[g->covered[i]]) {
            PyErr_SetString(PyExc_ValueError, "a covered pile holds a card");
            goto fail;
        }
    if (read_lists(fields, "hands", buffer, CROSS_CARDS, g->hand_count, self->players,
                   CROSS_CARDS, CROSS_CARDS) < 0)
        goto fail;
    for (i = 0; i < self->players; i++) {
        for (k = 0; k < g->hand_count[i]; k++) g->hands[i][k] = (int8_t)buffer[i * CROSS_CARDS + k];
        cards += g->hand_count[i];
    }
    if (read_lists(fields, "collected", buffer, CROSS_CARDS, g->collected_count, self->players,
                   CROSS_CARDS, CROSS_CARDS) < 0)
        goto fail;
    for (i = 0; i < self->players; i++) {
        for (k = 0; k < g->collected_count[i]; k++)
            g->collected[i][k] = (int8_t)buffer[i * CROSS_CARDS + k];
        cards += g->collected_count[i];
    }
    if (cards + g->deck_count + g->out_count != CROSS_CARDS) {
        PyErr_SetString(PyExc_ValueError, "the state's cards do not add up to the deck");
        goto fail;
    }
    value = PyDict_GetItemString(fields, "phase");
    g->phase = -1;
    if (value && PyUnicode_Check(value)) {
        if (PyUnicode_CompareWithASCIIString(value, "place") == 0) g->phase = PLACING;
        if (PyUnicode_CompareWithASCIIString(value, "claim") == 0) g->phase = CLAIMING;
    }
    if (g->phase < 0) {
        PyErr_SetString(PyExc_ValueError, "phase is place or claim");
        goto fail;
    }
    if (read_flag(fields, "idle_turns", &flag) < 0) goto fail;
    g->idle_turns = (int)flag;
    if (read_flag(fields, "to_act", &flag) < 0) goto fail;
    if (flag < 0 || flag >= self->players) {
        PyErr_SetString(PyExc_ValueError, "to_act is a seat");
        goto fail;
    }
    g->to_act = (int)flag;
    {
        PyObject *rng = PyDict_GetItemString(fields, "rng"), *fast;
        if (!rng || !(fast = PySequence_Fast(rng, "rng"))) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_KeyError, "a state's fields lack rng");
            goto fail;
        }
        if (PySequence_Fast_GET_SIZE(fast) != MT_N + 1) {
            Py_DECREF(fast);
            PyErr_SetString(PyExc_ValueError, "rng is the 625 numbers of random.getstate()[1]");
            goto fail;
        }
        for (i = 0; i <= MT_N; i++) {
            unsigned long v = PyLong_AsUnsignedLong(PySequence_Fast_GET_ITEM(fast, i));
            if ((v == (unsigned long)-1 && PyErr_Occurred()) || (i == MT_N && v > MT_N)) {
                Py_DECREF(fast);
                if (!PyErr_Occurred())
                    PyErr_SetString(PyExc_ValueError, "the generator's index is at most 624");
                goto fail;
            }
            if (i < MT_N)
                g->rng.state[i] = (uint32_t)v;
            else
                g->rng.index = (int)v;
        }
        Py_DECREF(fast);
    }
    return (PyObject *)state;
fail:
    Py_DECREF(state);
    return NULL;
}

static void CrossState_dealloc(CrossState *self) {
    Py_XDECREF(self->rules);
    PyObject_Free(self);
}

static PyObject *CrossState_legal(CrossState *self, PyObject *unused) {
    int16_t legal[CROSS_CARDS * CELLS];
    (void)unused;
    if (self->game.ending) return PyList_New(0);
    return int16_list(legal, cross_legal(self->rules, &self->game, legal));
}

static PyObject *CrossState_apply(CrossState *self, PyObject *arg) {
    int16_t legal[CROSS_CARDS * CELLS];
    long action = PyLong_AsLong(arg);
    int count, i;
    if (action == -1 && PyErr_Occurred()) return NULL;
    if (self->game.ending) {
        PyErr_SetString(FastError, "the game is over");
        return NULL;
    }
    count = cross_legal(self->rules, &self->game, legal);
    for (i = 0; i < count && legal[i] != action; i++);
    if (i == count) {
        PyErr_Format(FastError, "action %ld is not legal now", action);
        return NULL;
    }
    cross_apply(self->rules, &self->game, (int)action);
    Py_RETURN_NONE;
}

static PyObject *CrossState_snapshot(CrossState *self, PyObject *unused) {
    const CrossRules *r = self->rules;
    const CrossGame *g = &self->game;
    PyObject *grid = PyList_New(CELLS), *hands = PyList_New(r->players);
    PyObject *collected = PyList_New(r->players), *rng = PyTuple_New(MT_N + 1);
    int i;
    (void)unused;
    if (!grid || !hands || !collected || !rng) {
        Py_XDECREF(grid);
        Py_XDECREF(hands);
        Py_XDECREF(collected);
        Py_XDECREF(rng);
        return NULL;
    }
    for (i = 0; i < CELLS; i++) PyList_SET_ITEM(grid, i, int8_list(g->piles[i], g->pile_size[i]));
    for (i = 0; i < r->players; i++) {
        PyList_SET_ITEM(hands, i, int8_list(g->hands[i], g->hand_count[i]));
        PyList_SET_ITEM(collected, i, int8_list(g->collected[i], g->collected_count[i]));
    }
    for (i = 0; i < MT_N; i++) PyTuple_SET_ITEM(rng, i, PyLong_FromUnsignedLong(g->rng.state[i]));
    PyTuple_SET_ITEM(rng, MT_N, PyLong_FromLong(g->rng.index));
    return Py_BuildValue("{s:N,s:N,s:N,s:N,s:N,s:s,s:N,s:i,s:i,s:i,s:N}", "deck",
                         int8_list(g->deck, g->deck_count), "grid", grid, "hands", hands,
                         "collected", collected, "out_of_play", int8_list(g->out, g->out_count),
                         "phase", g->phase == PLACING ? "place" : "claim", "covered",
                         int8_list(g->covered, g->covered_count), "idle_turns", g->idle_turns,
                         "to_act", g->to_act, "ending", g->ending, "rng", rng);
}

static PyObject *CrossState_playouts(CrossState *self, PyObject *args) {
    PyObject *seeds;
    long limit;
    int seat, policy;
    if (!PyArg_ParseTuple(args, "iOli", &seat, &seeds, &limit, &policy)) return NULL;
    if (seat < 0 || seat >= self->rules->players) {
        PyErr_SetString(PyExc_ValueError, "no such seat");
        return NULL;
    }
    if (self->game.ending) {
        PyErr_SetString(FastError, "the game is over");
        return NULL;
    }
    return cross_batch(self->rules, &self->game, seat, seeds, NULL, limit, policy);
}

static PyObject *CrossState_play_bots(CrossState *self, PyObject *args) {
    const CrossRules *r = self->rules;
    CrossGame *g = &self->game, twin;
    int16_t legal[CROSS_CARDS * CELLS];
    Bots *bots = bots_new(args, r->players, 1);
    if (!bots) return NULL;
    while (!g->ending && bots->count < bots->limit) {
        int count = cross_legal(r, g, legal), seat = g->to_act, action;
        MT *mt = &bots->rng[seat];
        if (bots->kind[seat] == BOT_RANDOM)
            action = legal[mt_below(mt, (uint32_t)count)];
        else if (count == 1)
            action = legal[0];
        else {
            twin = *g;
            cross_determinize(r, &twin, seat, mt);
            action = cross_choose(r, &twin, legal, count, GREEDY, mt);
        }
        cross_apply(r, g, action);
        bots->played[bots->count++] = (int16_t)action;
    }
    return bots_done(bots);
}

static PyObject *CrossState_search(CrossState *self, PyObject *args);

static PyMethodDef CrossState_methods[] = {
    {"search", (PyCFunction)CrossState_search, METH_VARARGS,
     "search(rng, seat, allowed, iterations, deadline, exploration, cut_after, limit, policy): mcts's iterations."},
    {"play_bots", (PyCFunction)CrossState_play_bots, METH_VARARGS,
     "play_bots(seeds, bots, limit): the simulator's game, each seat's bot choosing."},
    {"legal", (PyCFunction)CrossState_legal, METH_NOARGS,
     "The legal action ids, in the Python rules' order."},
    {"apply", (PyCFunction)CrossState_apply, METH_O, "Play a legal action id."},
    {"snapshot", (PyCFunction)CrossState_snapshot, METH_NOARGS,
     "Every field of the state, and the generator's state as random.getstate() gives it."},
    {"playouts", (PyCFunction)CrossState_playouts, METH_VARARGS,
     "playouts(seat, seeds, limit, policy): games from here, determinized for seat."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject CrossStateType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "sequenza._fast.CrossState",
    .tp_basicsize = sizeof(CrossState),
    .tp_dealloc = (destructor)CrossState_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "A game of Sequentia Cross in the core, played one action at a time.",
    .tp_methods = CrossState_methods,
};

static PyObject *CrossRules_batch(CrossRules *self, PyObject *args);

static PyMethodDef CrossRules_methods[] = {
    {"batch", (PyCFunction)CrossRules_batch, METH_VARARGS,
     "batch(n): n games of this table stepped together (Batch)."},
    {"load", (PyCFunction)CrossRules_load, METH_O,
     "load(fields): a game in the middle, from a Python state's fields."},
    {"new_state", (PyCFunction)CrossRules_new_state, METH_VARARGS,
     "new_state(seed_key): a new game dealt from the seed's 32-bit words."},
    {"playouts", (PyCFunction)CrossRules_playouts, METH_VARARGS,
     "playouts(seeds, choice_seeds, limit, policy): whole games, one per seed."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject CrossRulesType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "sequenza._fast.CrossRules",
    .tp_basicsize = sizeof(CrossRules),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "The rules of one table of Sequentia Cross.",
    .tp_methods = CrossRules_methods,
    .tp_init = (initproc)CrossRules_init,
    .tp_new = PyType_GenericNew,
};

/* ------------------------------------------------------------------ Sequence Stacks */

/* The rules of sequence_stacks/rules.py: shared colour piles from 1 to 5 (two per colour), a
 * Block window when one completes, skips, reverses, steals of discards and of chips, hands
 * drawn up and played out, the set-aside stack reshuffled; five chips, two of each colour,
 * win. */

#define SS_CARDS 128
#define SS_FACES 32
#define SS_COLOURS 4
#define SS_SLOTS (2 * SS_COLOURS)
#define SS_PLAYERS 6
#define SS_TOP 5
#define SS_HAND 5
#define SS_PLAY 0
#define SS_DISCARD 1
#define SS_BLOCK 2
#define SS_ALLOW 3
#define SS_END 4
#define CHIPS_COLLECTED 1
#define SS_STALL 2
#define SAFETY_NET 3

typedef struct {
    PyObject_HEAD
    int cards, faces, colours, actions;
    /* The most cards of one face: the tensor's counts of faces are shares of it. */
    int copies;
    int8_t card_face[SS_CARDS];
    int8_t face_colour[SS_FACES], face_value[SS_FACES];
    int skip, reverse, steal_card, block, steal_chip;
    /* play_id[face][source][target + 1] (target -1 for none, a slot, NEW or a seat). */
    int16_t play_id[SS_FACES][2][8];
    int16_t steal_chip_id[2][SS_PLAYERS][SS_COLOURS];
    int16_t discard_id[SS_FACES];
    int block_id, allow_id, end_id;
    int8_t kind[512], face[512], source[512], target[512], colour[512];
    int players, draw_up_to, stall_rounds, chipless_limit, random_first_player;
    int chips_per_colour, refill_limit;
    int in_play_count, removed_count;
    int8_t in_play[SS_CARDS], removed[SS_CARDS];
    /* The faces in the order of their texts, as the greedy heuristic's planner tries them. */
    int8_t face_order[SS_FACES];
} SeqStacksRules;

typedef struct {
    MT rng;
    int draw_count, aside_count, action_count, reshuffled_count;
    uint8_t draw[SS_CARDS], aside[SS_CARDS], action_discard[SS_CARDS];
    int8_t reshuffled[SS_CARDS];
    int hand_count[SS_PLAYERS], known_count[SS_PLAYERS], discard_count[SS_PLAYERS];
    uint8_t hands[SS_PLAYERS][SS_CARDS], discards[SS_PLAYERS][SS_CARDS];
    int8_t known[SS_PLAYERS][SS_CARDS];
    int pile_size[SS_SLOTS];
    uint8_t piles[SS_SLOTS][SS_TOP];
    int chips[SS_PLAYERS][SS_COLOURS], supply[SS_COLOURS];
    int direction, skips[SS_PLAYERS], turn_seat, block_pile;
    int waiting_count;
    int8_t waiting[SS_PLAYERS];
    int quiet_turns, chipless_turns, refills, to_act, ending, winner;
} SeqStacksGame;

static int ss_would_win(const SeqStacksRules *r, const int *chips, int plus) {
    int total = 0, least = 1 << 30, c;
    for (c = 0; c < r->colours; c++) {
        int count = chips[c] + (c == plus);
        total += count;
        if (count < least) least = count;
    }
    return total >= 5 && least >= 2;
}

static int ss_takes(int height, int value) {
    if (height == 0) return value <= 1;
    return value == 0 || height == value - 1;
}

static int ss_next(int seat, int players, int direction) {
    return ((seat + direction) % players + players) % players;
}

static int ss_draw(const SeqStacksRules *r, SeqStacksGame *g, int seat, int count) {
    int drawn = 0, i;
    while (drawn < count) {
        if (!g->draw_count) {
            int16_t pool[SS_CARDS];
            if (!g->aside_count) break;
            for (i = 0; i < g->aside_count; i++) pool[i] = g->aside[i];
            g->draw_count = g->aside_count;
            g->aside_count = 0;
            mt_shuffle(&g->rng, pool, g->draw_count);
            for (i = 0; i < g->draw_count; i++) {
                g->draw[i] = (uint8_t)pool[i];
                g->reshuffled[i] = r->card_face[pool[i]];
            }
            g->reshuffled_count = g->draw_count;
        }
        g->hands[seat][g->hand_count[seat]++] = g->draw[--g->draw_count];
        drawn++;
    }
    return drawn;
}

static void ss_start_turn(const SeqStacksRules *r, SeqStacksGame *g, int seat) {
    int held = g->hand_count[seat], wanted;
    g->turn_seat = seat;
    g->to_act = seat;
    g->refills = 0;
    wanted = held ? r->draw_up_to - held : (r->draw_up_to > SS_HAND ? r->draw_up_to : SS_HAND);
    if (wanted > 0) ss_draw(r, g, seat, wanted);
}

static void ss_refill(const SeqStacksRules *r, SeqStacksGame *g, int seat) {
    if (!g->hand_count[seat] && g->refills < r->refill_limit && ss_draw(r, g, seat, SS_HAND))
        g->refills++;
}

static int ss_take_from_hand(const SeqStacksRules *r, SeqStacksGame *g, int seat, int face) {
    int i, k, card;
    for (i = 0; i < g->hand_count[seat] && r->card_face[g->hands[seat][i]] != face; i++);
    card = g->hands[seat][i];
    memmove(&g->hands[seat][i], &g->hands[seat][i + 1], (size_t)(g->hand_count[seat] - i - 1));
    g->hand_count[seat]--;
    for (k = 0; k < g->known_count[seat] && g->known[seat][k] != face; k++);
    if (k < g->known_count[seat]) {
        memmove(&g->known[seat][k], &g->known[seat][k + 1],
                (size_t)(g->known_count[seat] - k - 1));
        g->known_count[seat]--;
    }
    return card;
}

static void ss_chip_taken(SeqStacksGame *g) {
    g->quiet_turns = 0;
    g->chipless_turns = 0;
}

static void ss_count_turn(const SeqStacksRules *r, SeqStacksGame *g) {
    int c, least = 1 << 30;
    g->chipless_turns++;
    if (g->draw_count || g->aside_count)
        g->quiet_turns = 0;
    else
        g->quiet_turns++;
    for (c = 0; c < r->colours; c++)
        if (g->supply[c] < least) least = g->supply[c];
    if (g->quiet_turns >= r->stall_rounds * r->players)
        g->ending = SS_STALL;
    else if (g->chipless_turns >= r->chipless_limit * r->players && least == 0)
        g->ending = SAFETY_NET;
}

static void ss_end_turn(const SeqStacksRules *r, SeqStacksGame *g) {
    int seat;
    ss_count_turn(r, g);
    seat = ss_next(g->turn_seat, r->players, g->direction);
    while (!g->ending && g->skips[seat]) {
        g->skips[seat]--;
        ss_count_turn(r, g);
        seat = ss_next(seat, r->players, g->direction);
    }
    if (!g->ending) ss_start_turn(r, g, seat);
}

static void ss_close_window(const SeqStacksRules *r, SeqStacksGame *g, int blocked) {
    int slot = g->block_pile, seat = g->turn_seat, i;
    for (i = 0; i < g->pile_size[slot]; i++) g->aside[g->aside_count++] = g->piles[slot][i];
    g->pile_size[slot] = 0;
    g->block_pile = -1;
    g->waiting_count = 0;
    g->quiet_turns = 0;
    g->to_act = seat;
    if (!blocked) {
        int colour = slot / 2;
        if (g->supply[colour]) {
            g->supply[colour]--;
            g->chips[seat][colour]++;
            ss_chip_taken(g);
            if (ss_would_win(r, g->chips[seat], -1)) {
                g->ending = CHIPS_COLLECTED;
                g->winner = seat;
                return;
            }
        }
    }
    ss_refill(r, g, seat);
}

static void ss_apply(const SeqStacksRules *r, SeqStacksGame *g, int action) {
    int kind = r->kind[action], face = r->face[action], seat = g->to_act, i;
    if (kind == SS_PLAY) {
        int source = r->source[action], target = r->target[action], colour = r->colour[action];
        int card = source == 0 ? ss_take_from_hand(r, g, seat, face)
                               : g->discards[seat][--g->discard_count[seat]];
        int face_colour = r->face_colour[face];
        if (face_colour >= 0) {
            int base = face_colour * 2, slot;
            if (target == 2)
                slot = base + (g->pile_size[base] ? 1 : 0);
            else
                slot = base + target;
            g->piles[slot][g->pile_size[slot]++] = (uint8_t)card;
            if (g->pile_size[slot] == SS_TOP) {
                int step;
                g->block_pile = slot;
                g->waiting_count = 0;
                for (step = 1; step < r->players; step++)
                    g->waiting[g->waiting_count++] =
                        (int8_t)(((seat + g->direction * step) % r->players + r->players) %
                                 r->players);
                g->to_act = g->waiting[0];
                return;
            }
        } else {
            g->action_discard[g->action_count++] = (uint8_t)card;
            if (face == r->skip)
                g->skips[ss_next(seat, r->players, g->direction)]++;
            else if (face == r->reverse)
                g->direction = -g->direction;
            else if (face == r->steal_card) {
                int stolen = g->discards[target][--g->discard_count[target]];
                g->hands[seat][g->hand_count[seat]++] = (uint8_t)stolen;
                g->known[seat][g->known_count[seat]++] = r->card_face[stolen];
            } else {
                g->chips[target][colour]--;
                g->chips[seat][colour]++;
                ss_chip_taken(g);
            }
        }
        ss_refill(r, g, seat);
    } else if (kind == SS_DISCARD) {
        int card = ss_take_from_hand(r, g, seat, face);
        g->discards[seat][g->discard_count[seat]++] = (uint8_t)card;
        ss_end_turn(r, g);
    } else if (kind == SS_END)
        ss_end_turn(r, g);
    else if (kind == SS_BLOCK) {
        g->action_discard[g->action_count++] = (uint8_t)ss_take_from_hand(r, g, seat, r->block);
        ss_close_window(r, g, 1);
    } else {
        for (i = 1; i < g->waiting_count; i++) g->waiting[i - 1] = g->waiting[i];
        g->waiting_count--;
        if (g->waiting_count)
            g->to_act = g->waiting[0];
        else
            ss_close_window(r, g, 0);
    }
}

static int ss_plays(const SeqStacksRules *r, const SeqStacksGame *g, int seat, int face,
                    int source, int16_t *out) {
    int count = 0, colour = r->face_colour[face], other, c;
    if (colour >= 0) {
        int base = colour * 2, k, value = r->face_value[face];
        for (k = 0; k < 2; k++)
            if (g->pile_size[base + k] && ss_takes(g->pile_size[base + k], value))
                out[count++] = r->play_id[face][source][k + 1];
        if ((!g->pile_size[base] || !g->pile_size[base + 1]) && ss_takes(0, value))
            out[count++] = r->play_id[face][source][3];
    } else if (face == r->skip || face == r->reverse)
        out[count++] = r->play_id[face][source][0];
    else if (face == r->steal_card) {
        for (other = 0; other < r->players; other++)
            if (other != seat && g->discard_count[other])
                out[count++] = r->play_id[face][source][other + 1];
    } else if (face == r->steal_chip) {
        for (other = 0; other < r->players; other++) {
            if (other == seat) continue;
            for (c = 0; c < r->colours; c++)
                if (g->chips[other][c] && !ss_would_win(r, g->chips[seat], c))
                    out[count++] = r->steal_chip_id[source][other][c];
        }
    }
    return count;
}

static int ss_legal(const SeqStacksRules *r, const SeqStacksGame *g, int16_t *out) {
    int seat = g->to_act, count = 0, i, face;
    uint32_t held = 0;
    for (i = 0; i < g->hand_count[seat]; i++) held |= (uint32_t)1 << r->card_face[g->hands[seat][i]];
    if (g->block_pile >= 0) {
        out[count++] = (int16_t)r->allow_id;
        if (held >> r->block & 1) out[count++] = (int16_t)r->block_id;
        return count;
    }
    for (face = 0; face < r->faces; face++)
        if (held >> face & 1) count += ss_plays(r, g, seat, face, 0, out + count);
    if (g->discard_count[seat])
        count += ss_plays(r, g, seat, r->card_face[g->discards[seat][g->discard_count[seat] - 1]],
                          1, out + count);
    if (held) {
        for (face = 0; face < r->faces; face++)
            if (held >> face & 1) out[count++] = r->discard_id[face];
    } else
        out[count++] = (int16_t)r->end_id;
    return count;
}

static void ss_new(const SeqStacksRules *r, SeqStacksGame *g, const MT *seeded) {
    int16_t pool[SS_CARDS];
    int i, seat, first;
    memset(g, 0, sizeof(SeqStacksGame));
    g->rng = *seeded;
    for (i = 0; i < r->in_play_count; i++) pool[i] = r->in_play[i];
    mt_shuffle(&g->rng, pool, r->in_play_count);
    for (i = 0; i < r->in_play_count; i++) g->draw[i] = (uint8_t)pool[i];
    g->draw_count = r->in_play_count;
    for (seat = 0; seat < r->players; seat++)
        for (i = 0; i < SS_HAND && g->draw_count; i++)
            g->hands[seat][g->hand_count[seat]++] = g->draw[--g->draw_count];
    for (i = 0; i < r->colours; i++) g->supply[i] = r->chips_per_colour;
    g->direction = 1;
    g->block_pile = -1;
    g->winner = -1;
    first = r->random_first_player ? (int)mt_below(&g->rng, (uint32_t)r->players) : 0;
    ss_start_turn(r, g, first);
}

/* The determiniser of sequence_stacks/rules.py: the other hands but their stolen (known)
 * cards, and the draw pile, pooled and shuffled; the draw pile takes, in pool order, cards of
 * the faces it may hold (those of the last reshuffle, or any) up to its size; the hands get the
 * rest. */
static void ss_determinize(const SeqStacksRules *r, SeqStacksGame *g, int seat, MT *choice) {
    int16_t pool[SS_CARDS];
    uint8_t keep[SS_PLAYERS][SS_CARDS], left[SS_CARDS];
    int keep_count[SS_PLAYERS], sizes[SS_PLAYERS], room[SS_FACES];
    int n = 0, p, i, k, wanted = g->draw_count, left_count = 0, start = 0;
    mt_seed_u64(&g->rng, mt_bits64(choice));
    for (i = 0; i < g->draw_count; i++) pool[n++] = g->draw[i];
    for (p = 0; p < r->players; p++) {
        int8_t known[SS_CARDS];
        int known_count = g->known_count[p];
        if (p == seat) continue;
        memcpy(known, g->known[p], (size_t)known_count);
        keep_count[p] = sizes[p] = 0;
        for (i = 0; i < g->hand_count[p]; i++) {
            int card = g->hands[p][i], face = r->card_face[card];
            for (k = 0; k < known_count && known[k] != face; k++);
            if (k < known_count) {
                memmove(&known[k], &known[k + 1], (size_t)(known_count - k - 1));
                known_count--;
                keep[p][keep_count[p]++] = (uint8_t)card;
            } else {
                pool[n++] = (int16_t)card;
                sizes[p]++;
            }
        }
    }
    mt_shuffle(choice, pool, n);
    memset(room, 0, sizeof(room));
    if (g->reshuffled_count)
        for (i = 0; i < g->reshuffled_count; i++) room[g->reshuffled[i]]++;
    else
        for (i = 0; i < r->cards; i++) room[r->card_face[i]]++;
    g->draw_count = 0;
    for (i = 0; i < n; i++) {
        int face = r->card_face[pool[i]];
        if (g->draw_count < wanted && room[face]) {
            room[face]--;
            g->draw[g->draw_count++] = (uint8_t)pool[i];
        } else
            left[left_count++] = (uint8_t)pool[i];
    }
    for (p = 0; p < r->players; p++) {
        if (p == seat) continue;
        memcpy(g->hands[p], keep[p], (size_t)keep_count[p]);
        memcpy(g->hands[p] + keep_count[p], left + start, (size_t)sizes[p]);
        g->hand_count[p] = keep_count[p] + sizes[p];
        start += sizes[p];
    }
}

/* The heuristics of sequence_stacks/play.py, term for term: the greedy one (stacks_policy,
 * with its turn planner) and the playout one (stacks_playout). Their weights: */
#define SG_CHIP 1.0
#define SG_STEP 3.0
#define SG_WINNING_CHIP 1000.0
#define SG_WINNING_GIFT 30.0
#define SG_PLAYED 0.3
#define SG_WILD_KEPT 0.6
#define SG_REFILL 1.0
#define SG_WORTH_STEALING 6.0
#define SG_WILD_USEFULNESS 10.0
#define SG_WIN_TOTAL 5
#define SG_WIN_EACH 2
/* GIFT and SKIPPED_GIFT: a pile left at 3 or at 4 cards, by whether the next seat is skipped. */
static const double SG_GIFT[2][2] = {{0.1, 0.5}, {0.03, 0.15}};

/* Chips still missing from a winning collection (need). */
static int sg_need(const SeqStacksRules *r, const int *chips) {
    int total = 0, short_by = 0, c;
    for (c = 0; c < r->colours; c++) {
        total += chips[c];
        if (chips[c] < SG_WIN_EACH) short_by += SG_WIN_EACH - chips[c];
    }
    return SG_WIN_TOTAL - total > short_by ? SG_WIN_TOTAL - total : short_by;
}

/* What a chip of `colour` is worth to a collection (chip_worth). */
static double sg_chip_worth(const SeqStacksRules *r, const int *chips, int colour,
                            double winning) {
    int after[SS_COLOURS], c, before = sg_need(r, chips), then;
    for (c = 0; c < r->colours; c++) after[c] = chips[c] + (c == colour);
    then = sg_need(r, after);
    if (then == 0) return winning;
    return SG_CHIP + SG_STEP * (double)(before - then);
}

/* How much a card is worth holding (SeenTable.usefulness). */
static double sg_usefulness(const SeqStacksRules *r, const SeqStacksGame *g, int face) {
    int colour = r->face_colour[face], value = r->face_value[face], k, least = -1;
    if (colour < 0) {
        if (face == r->block) return 9.0;
        if (face == r->steal_chip) return 8.0;
        if (face == r->skip) return 7.0;
        if (face == r->steal_card) return 4.0;
        return 2.0;
    }
    if (value == 0) return SG_WILD_USEFULNESS;
    for (k = 0; k < 2; k++) {
        int height = g->pile_size[2 * colour + k], steps = -1;
        if (height == 0)
            steps = value - 1;
        else if (value > height)
            steps = value - height - 1;
        if (steps >= 0 && (least < 0 || steps < least)) least = steps;
    }
    if (least < 0) return 0.0;
    return 6.0 - (double)least + (value == SS_TOP ? 1.0 : 0.0);
}

/* The planner's memo (_Planner.memo): positions by key, kept for one decision (`mark` tells
 * this decision's entries from older ones). The memo only saves work: where it cannot grow,
 * the planner searches again what it would have found there, and chooses the same. */
typedef struct {
    uint64_t key[3];
    double value;
    int16_t action;
    uint32_t mark;
} PlanEntry;

typedef struct {
    PlanEntry *entries;
    int capacity, size;
    uint32_t mark;
} PlanMemo;

static int plan_memo_init(PlanMemo *memo) {
    memo->capacity = 1024;
    memo->size = 0;
    memo->mark = 0;
    memo->entries = PyMem_RawCalloc((size_t)memo->capacity, sizeof(PlanEntry));
    return memo->entries ? 0 : -1;
}

static void plan_memo_free(PlanMemo *memo) {
    PyMem_RawFree(memo->entries);
    memo->entries = NULL;
}

static void plan_memo_clear(PlanMemo *memo) {
    memo->size = 0;
    if (++memo->mark == 0) { /* after 2**32 decisions: forget the marks */
        memset(memo->entries, 0, sizeof(PlanEntry) * (size_t)memo->capacity);
        memo->mark = 1;
    }
}

static int plan_slot(const PlanMemo *memo, const uint64_t *key) {
    uint64_t mix = (key[0] ^ key[1] * 0x9E3779B97F4A7C15ULL ^ key[2] * 0xC2B2AE3D27D4EB4FULL) *
                   0x9E3779B97F4A7C15ULL;
    int mask = memo->capacity - 1, slot = (int)(mix >> 40) & mask;
    while (memo->entries[slot].mark == memo->mark &&
           (memo->entries[slot].key[0] != key[0] || memo->entries[slot].key[1] != key[1] ||
            memo->entries[slot].key[2] != key[2]))
        slot = (slot + 1) & mask;
    return slot;
}

static void plan_store(PlanMemo *memo, const uint64_t *key, double value, int action) {
    PlanEntry *entry;
    if (2 * (memo->size + 1) > memo->capacity) {
        /* Grown to twice its size; where it cannot grow, the position is not kept. */
        PlanMemo bigger = {NULL, memo->capacity * 2, 0, 1};
        int i;
        if (memo->capacity > (1 << 22)) return;
        bigger.entries = PyMem_RawCalloc((size_t)bigger.capacity, sizeof(PlanEntry));
        if (!bigger.entries) return;
        for (i = 0; i < memo->capacity; i++)
            if (memo->entries[i].mark == memo->mark) {
                PlanEntry *moved = &bigger.entries[plan_slot(&bigger, memo->entries[i].key)];
                *moved = memo->entries[i];
                moved->mark = 1;
                bigger.size++;
            }
        PyMem_RawFree(memo->entries);
        *memo = bigger;
    }
    entry = &memo->entries[plan_slot(memo, key)];
    if (entry->mark != memo->mark) memo->size++;
    memcpy(entry->key, key, sizeof(entry->key));
    entry->value = value;
    entry->action = (int16_t)action;
    entry->mark = memo->mark;
}

/* _Planner: a depth-first search over the orders in which the hand's coloured cards and the
 * seat's own discard pile (from its top down) can go onto the piles this turn. The hand left
 * is a set of places in the hand sorted by face text (a card played is the first of its face
 * left, as hand.index finds it), so the places left stand for the cards left. */
typedef struct {
    const SeqStacksRules *r;
    const SeqStacksGame *g;
    PlanMemo *memo;
    int seat, held, coloured, start[SS_FACES], stop[SS_FACES];
    const uint8_t *discard;
    int chips[SS_COLOURS];
    /* Per colour, the most a chip of it is worth as a gift to any opponent; per height 3 and
     * 4, the weight of a pile left at it. */
    double gift_worth[SS_COLOURS], gift_weight[2];
} Plan;

static double plan_gift(const Plan *p, const int *heights) {
    double risk = 0.0;
    int slot;
    for (slot = 0; slot < 2 * p->r->colours; slot++) {
        int height = heights[slot];
        if (height != 3 && height != 4) continue;
        if (!p->g->supply[slot / 2]) continue;
        risk += p->gift_weight[height - 3] * p->gift_worth[slot / 2];
    }
    return risk;
}

static int plan_first_left(const uint64_t *left, int start, int stop) {
    int at;
    for (at = start; at < stop; at++)
        if (left[at >> 6] >> (at & 63) & 1) return at;
    return -1;
}

static double plan_search(const Plan *p, const uint64_t *left, int cards, int depth,
                          const int *heights, const int *taken, int *action) {
    const SeqStacksRules *r = p->r;
    uint64_t key[3];
    double best;
    int best_action = -1, c, slot, k;
    PlanEntry *known;
    key[0] = left[0];
    key[1] = left[1];
    key[2] = (uint64_t)depth;
    for (slot = 0; slot < 2 * r->colours; slot++)
        key[2] |= (uint64_t)heights[slot] << (8 + 3 * slot);
    for (c = 0; c < r->colours; c++) key[2] |= (uint64_t)taken[c] << (32 + 6 * c);
    known = &p->memo->entries[plan_slot(p->memo, key)];
    if (known->mark == p->memo->mark) {
        *action = known->action;
        return known->value;
    }
    if (!cards && p->held) {
        best = SG_REFILL - plan_gift(p, heights);
        plan_store(p->memo, key, best, -1);
        *action = -1;
        return best;
    }
    best = -plan_gift(p, heights);
    for (k = 0; k <= r->faces; k++) {
        /* The hand's faces in text order, then the top of the discard pile left. */
        int face, source, colour, value, first_slot, new_tried = 0, number, below = depth, at = -1;
        uint64_t rest[2] = {left[0], left[1]};
        double reward;
        if (k < r->faces) {
            face = r->face_order[k];
            if (r->face_colour[face] < 0) continue;
            at = plan_first_left(left, p->start[face], p->stop[face]);
            if (at < 0) continue;
            rest[at >> 6] &= ~((uint64_t)1 << (at & 63));
            source = 0;
        } else {
            if (!depth) break;
            face = r->card_face[p->discard[depth - 1]];
            if (r->face_colour[face] < 0) break;
            below = depth - 1;
            source = 1;
        }
        colour = r->face_colour[face];
        value = r->face_value[face];
        reward = SG_PLAYED - (value == 0 ? SG_WILD_KEPT : 0.0);
        first_slot = 2 * colour;
        for (number = 0; number < 2; number++) {
            int grown[SS_SLOTS], after[SS_COLOURS], height, target, unused;
            double gain = reward, outcome;
            slot = first_slot + number;
            height = heights[slot];
            if (height == 0) {
                if (!ss_takes(0, value) || new_tried) continue;
                new_tried = 1;
                target = 3;
            } else if (ss_takes(height, value))
                target = number + 1;
            else
                continue;
            memcpy(grown, heights, sizeof(grown));
            memcpy(after, taken, sizeof(after));
            if (height + 1 == SS_TOP) {
                grown[slot] = 0;
                if (p->g->supply[colour] - taken[colour]) {
                    int chips[SS_COLOURS];
                    for (c = 0; c < r->colours; c++) chips[c] = p->chips[c] + taken[c];
                    gain += sg_chip_worth(r, chips, colour, SG_WINNING_CHIP);
                    after[colour]++;
                }
            } else
                grown[slot] = height + 1;
            if (gain >= SG_WINNING_CHIP)
                outcome = gain;
            else
                outcome = gain + plan_search(p, source ? left : rest, source ? cards : cards - 1,
                                             below, grown, after, &unused);
            if (outcome > best) {
                best = outcome;
                best_action = r->play_id[face][source][target];
            }
        }
    }
    plan_store(p->memo, key, best, best_action);
    *action = best_action;
    return best;
}

static int ss_has(const int16_t *legal, int count, int action) {
    int i;
    for (i = 0; i < count; i++)
        if (legal[i] == action) return 1;
    return 0;
}

/* The first action of the planner's best line (-1: none). */
static int ss_plan(const SeqStacksRules *r, const SeqStacksGame *g, PlanMemo *memo) {
    Plan p;
    uint64_t left[2] = {0, 0};
    int heights[SS_SLOTS], taken[SS_COLOURS], seat = g->to_act, i, k, other, c, action;
    memset(&p, 0, sizeof(p));
    p.r = r;
    p.g = g;
    p.memo = memo;
    p.seat = seat;
    p.held = g->hand_count[seat];
    p.discard = g->discards[seat];
    for (c = 0; c < r->colours; c++) {
        double most = 0.0;
        int any = 0;
        p.chips[c] = g->chips[seat][c];
        for (other = 0; other < r->players; other++) {
            double worth;
            if (other == seat) continue;
            worth = sg_chip_worth(r, g->chips[other], c, SG_WINNING_GIFT);
            if (!any || worth > most) most = worth;
            any = 1;
        }
        p.gift_worth[c] = most;
    }
    k = g->skips[ss_next(seat, r->players, g->direction)] ? 1 : 0;
    p.gift_weight[0] = SG_GIFT[k][0];
    p.gift_weight[1] = SG_GIFT[k][1];
    /* The hand's coloured cards by face, the faces in text order. */
    for (k = 0; k < r->faces; k++) {
        int face = r->face_order[k];
        p.start[face] = p.coloured;
        if (r->face_colour[face] >= 0)
            for (i = 0; i < g->hand_count[seat]; i++)
                if (r->card_face[g->hands[seat][i]] == face) p.coloured++;
        p.stop[face] = p.coloured;
    }
    for (i = 0; i < p.coloured; i++) left[i >> 6] |= (uint64_t)1 << (i & 63);
    for (i = 0; i < 2 * r->colours; i++) heights[i] = g->pile_size[i];
    memset(taken, 0, sizeof(taken));
    plan_memo_clear(memo);
    /* The cards left count the colourless ones too: a hand is empty only without them. */
    plan_search(&p, left, p.held, g->discard_count[seat], heights, taken, &action);
    return action;
}

/* _steal_chip_worth: the chip for oneself, and more the nearer its owner is to a win. */
static double sg_steal_worth(const SeqStacksRules *r, const SeqStacksGame *g, int action) {
    int victim = r->target[action], colour = r->colour[action], lost[SS_COLOURS], c;
    int before = sg_need(r, g->chips[victim]);
    double closeness = (double)SG_WIN_TOTAL / (double)(before > 1 ? before : 1);
    for (c = 0; c < r->colours; c++) lost[c] = g->chips[victim][c] - (c == colour);
    return sg_chip_worth(r, g->chips[g->to_act], colour, SG_WINNING_CHIP) + SG_CHIP +
           SG_STEP * closeness * (double)(sg_need(r, lost) - before);
}

static int ss_greedy(const SeqStacksRules *r, const SeqStacksGame *g, const int16_t *legal,
                     int count, MT *choice, PlanMemo *memo) {
    int seat = g->to_act, i, best = -1, planned, held[SS_FACES];
    double top = 0.0;
    if (g->block_pile >= 0) {
        /* Block a completion that brings its seat closer to a win. */
        int colour = g->block_pile / 2, after[SS_COLOURS], c;
        const int *chips = g->chips[g->turn_seat];
        for (c = 0; c < r->colours; c++) after[c] = chips[c] + (c == colour);
        if (ss_has(legal, count, r->block_id) && g->supply[colour] &&
            sg_need(r, after) < sg_need(r, chips))
            return r->block_id;
        return r->allow_id;
    }
    /* The steal of a chip worth most, equal worths told apart by a draw per steal. */
    for (i = 0; i < count; i++)
        if (r->kind[legal[i]] == SS_PLAY && r->face[legal[i]] == r->steal_chip) {
            double worth = sg_steal_worth(r, g, legal[i]) + mt_random(choice) * 1e-3;
            if (best < 0 || worth > top) {
                top = worth;
                best = legal[i];
            }
        }
    if (best >= 0) return best;
    for (i = 0; i < count; i++)
        if (r->kind[legal[i]] == SS_PLAY && r->face[legal[i]] == r->skip) return legal[i];
    top = SG_WORTH_STEALING;
    for (i = 0; i < count; i++)
        if (r->kind[legal[i]] == SS_PLAY && r->face[legal[i]] == r->steal_card) {
            int victim = r->target[legal[i]];
            double worth = sg_usefulness(
                r, g, r->card_face[g->discards[victim][g->discard_count[victim] - 1]]);
            if (worth >= top) {
                top = worth;
                best = legal[i];
            }
        }
    if (best >= 0) return best;
    planned = ss_plan(r, g, memo);
    if (planned >= 0 && ss_has(legal, count, planned)) return planned;
    for (i = 0; i < count; i++)
        if (r->kind[legal[i]] == SS_PLAY && r->face[legal[i]] == r->reverse) {
            /* _reverse_helps: turning play around puts a less advanced opponent next. */
            int ahead = ss_next(seat, r->players, g->direction);
            int behind = ss_next(seat, r->players, -g->direction);
            if (sg_need(r, g->chips[ahead]) < sg_need(r, g->chips[behind])) return legal[i];
        }
    /* _discard: the card least worth keeping, a second copy worth 3 less. */
    memset(held, 0, sizeof(held));
    for (i = 0; i < g->hand_count[seat]; i++) held[r->card_face[g->hands[seat][i]]]++;
    best = -1;
    for (i = 0; i < count; i++)
        if (r->kind[legal[i]] == SS_DISCARD) {
            int face = r->face[legal[i]];
            double keep = sg_usefulness(r, g, face) - (held[face] > 1 ? 3.0 : 0.0);
            if (best < 0 || keep < top) {
                top = keep;
                best = legal[i];
            }
        }
    return best >= 0 ? best : legal[count - 1];
}

/* stacks_playout: block holding a Block, play a 5, a Steal-a-Chip or a Skip at once, else a
 * number (or else a wild) that fits at random, else a discard at random. */
static int ss_cheap(const SeqStacksRules *r, const int16_t *legal, int count, MT *choice) {
    int16_t numbers[256], wilds[256], discards[256];
    int n = 0, w = 0, d = 0, i;
    if (count == 1) return legal[0];
    if (r->kind[legal[count - 1]] == SS_BLOCK) return legal[count - 1];
    for (i = 0; i < count && r->kind[legal[i]] == SS_PLAY; i++) {
        int face = r->face[legal[i]], colour = r->face_colour[face];
        if ((colour >= 0 && r->face_value[face] == SS_TOP) || face == r->steal_chip ||
            face == r->skip)
            return legal[i];
        if (colour >= 0 && r->face_value[face] == 0)
            wilds[w++] = legal[i];
        else if (colour >= 0)
            numbers[n++] = legal[i];
    }
    if (n) return numbers[mt_below(choice, (uint32_t)n)];
    if (w) return wilds[mt_below(choice, (uint32_t)w)];
    for (i = 0; i < count; i++)
        if (r->kind[legal[i]] == SS_DISCARD) discards[d++] = legal[i];
    if (d) return discards[mt_below(choice, (uint32_t)d)];
    return legal[mt_below(choice, (uint32_t)count)];
}

static int ss_choose(const SeqStacksRules *r, const SeqStacksGame *g, const int16_t *legal,
                     int count, int policy, MT *choice, PlanMemo *memo) {
    if (policy == GREEDY) return ss_greedy(r, g, legal, count, choice, memo);
    if (policy == CHEAP) return ss_cheap(r, legal, count, choice);
    return legal[mt_below(choice, (uint32_t)count)];
}

static long ss_play_out(const SeqStacksRules *r, SeqStacksGame *g, int policy, MT *choice,
                        PlanMemo *memo, long limit) {
    int16_t legal[256];
    long played = 0;
    while (!g->ending) {
        int count = ss_legal(r, g, legal);
        ss_apply(r, g, ss_choose(r, g, legal, count, policy, choice, memo));
        if (++played > limit) return -1;
    }
    return played;
}

static int SeqStacksRules_init(SeqStacksRules *self, PyObject *args, PyObject *kwds) {
    PyObject *card_faces, *colours, *values, *specials, *moves, *in_play, *removed, *order, *fast;
    long buffer[512];
    Py_ssize_t n, i;
    int seen_faces[SS_FACES];
    (void)kwds;
    if (!PyArg_ParseTuple(args, "OOOOOOOiiiiiiiO", &card_faces, &colours, &values, &specials,
                          &moves, &in_play, &removed, &self->players, &self->draw_up_to,
                          &self->stall_rounds, &self->chipless_limit, &self->random_first_player,
                          &self->chips_per_colour, &self->refill_limit, &order))
        return -1;
    if (self->players < 2 || self->players > SS_PLAYERS || self->stall_rounds < 1 ||
        self->chipless_limit < 1 || self->draw_up_to > 60 || self->refill_limit < 1) {
        PyErr_SetString(PyExc_ValueError, "the table is beyond the core's limits");
        return -1;
    }
    if (read_ints(card_faces, "card_faces", buffer, -1, &n) < 0) return -1;
    if (n > SS_CARDS || n > 255) {
        PyErr_SetString(PyExc_ValueError, "too many cards for the core");
        return -1;
    }
    self->cards = (int)n;
    for (i = 0; i < n; i++) self->card_face[i] = (int8_t)buffer[i];
    if (read_ints(colours, "colours", buffer, -1, &n) < 0) return -1;
    if (n > SS_FACES) {
        PyErr_SetString(PyExc_ValueError, "too many faces for the core");
        return -1;
    }
    self->faces = (int)n;
    self->colours = 0;
    for (i = 0; i < n; i++) {
        self->face_colour[i] = (int8_t)buffer[i];
        if (buffer[i] >= SS_COLOURS) {
            PyErr_SetString(PyExc_ValueError, "too many colours for the core");
            return -1;
        }
        if (buffer[i] + 1 > self->colours) self->colours = (int)buffer[i] + 1;
    }
    for (i = 0; i < self->cards; i++)
        if (self->card_face[i] < 0 || self->card_face[i] >= self->faces) {
            PyErr_SetString(PyExc_ValueError, "a card's face is out of range");
            return -1;
        }
    {
        int16_t faces[SS_CARDS];
        for (i = 0; i < self->cards; i++) faces[i] = self->card_face[i];
        self->copies = most_copies(faces, self->cards, self->faces);
    }
    if (read_ints(order, "face_order", buffer, self->faces, NULL) < 0) return -1;
    memset(seen_faces, 0, sizeof(seen_faces));
    for (i = 0; i < self->faces; i++) {
        if (buffer[i] < 0 || buffer[i] >= self->faces || seen_faces[buffer[i]]++) {
            PyErr_SetString(PyExc_ValueError, "face_order lists every face once");
            return -1;
        }
        self->face_order[i] = (int8_t)buffer[i];
    }
    if (read_ints(values, "values", buffer, self->faces, NULL) < 0) return -1;
    for (i = 0; i < self->faces; i++) self->face_value[i] = (int8_t)buffer[i];
    if (read_ints(specials, "specials", buffer, 5, NULL) < 0) return -1;
    self->skip = (int)buffer[0];
    self->reverse = (int)buffer[1];
    self->steal_card = (int)buffer[2];
    self->block = (int)buffer[3];
    self->steal_chip = (int)buffer[4];
    if (read_ints(in_play, "in_play", buffer, -1, &n) < 0) return -1;
    self->in_play_count = (int)n;
    for (i = 0; i < n; i++) self->in_play[i] = (int8_t)buffer[i];
    if (read_ints(removed, "removed", buffer, -1, &n) < 0) return -1;
    self->removed_count = (int)n;
    for (i = 0; i < n; i++) self->removed[i] = (int8_t)buffer[i];
    memset(self->play_id, 0xff, sizeof(self->play_id));
    memset(self->steal_chip_id, 0xff, sizeof(self->steal_chip_id));
    memset(self->discard_id, 0xff, sizeof(self->discard_id));
    fast = PySequence_Fast(moves, "moves");
    if (!fast) return -1;
    n = PySequence_Fast_GET_SIZE(fast);
    if (n > 512) {
        Py_DECREF(fast);
        PyErr_SetString(PyExc_ValueError, "too many actions for the core");
        return -1;
    }
    self->actions = (int)n;
    for (i = 0; i < n; i++) {
        long m[5];
        if (read_ints(PySequence_Fast_GET_ITEM(fast, i), "move", m, 5, NULL) < 0) {
            Py_DECREF(fast);
            return -1;
        }
        /* (kind, face, source, target, colour), as the rules' _MEANING gives them. */
        if (m[0] < 0 || m[0] > 4 || m[1] < -1 || m[1] >= self->faces || m[2] < -1 || m[2] > 1 ||
            m[3] < -1 || m[3] >= SS_PLAYERS || m[4] < -1 || m[4] >= self->colours) {
            Py_DECREF(fast);
            PyErr_SetString(PyExc_ValueError, "a move is out of range");
            return -1;
        }
        self->kind[i] = (int8_t)m[0];
        self->face[i] = (int8_t)m[1];
        self->source[i] = (int8_t)m[2];
        self->target[i] = (int8_t)m[3];
        self->colour[i] = (int8_t)m[4];
        if (m[0] == SS_PLAY && m[1] == self->steal_chip && m[3] >= 0 && m[4] >= 0)
            self->steal_chip_id[m[2]][m[3]][m[4]] = (int16_t)i;
        else if (m[0] == SS_PLAY && m[1] >= 0 && m[2] >= 0)
            self->play_id[m[1]][m[2]][m[3] + 1] = (int16_t)i;
        else if (m[0] == SS_DISCARD && m[1] >= 0)
            self->discard_id[m[1]] = (int16_t)i;
        else if (m[0] == SS_BLOCK)
            self->block_id = (int)i;
        else if (m[0] == SS_ALLOW)
            self->allow_id = (int)i;
        else if (m[0] == SS_END)
            self->end_id = (int)i;
    }
    Py_DECREF(fast);
    return 0;
}

static PyObject *ss_batch(const SeqStacksRules *r, const SeqStacksGame *start, int seat,
                          PyObject *seeds, PyObject *choice_seeds, long limit, int policy) {
    PyObject *seeds_fast = NULL, *choices_fast = NULL, *out = NULL;
    Py_ssize_t n, i;
    int overran = 0;
    PlanMemo memo = {NULL, 0, 0, 0};
    if (policy != RANDOM && policy != CHEAP && policy != GREEDY) {
        PyErr_SetString(PyExc_ValueError, "no such policy in Sequence Stacks' core");
        return NULL;
    }
    seeds_fast = PySequence_Fast(seeds, "seeds");
    if (!seeds_fast) return NULL;
    n = PySequence_Fast_GET_SIZE(seeds_fast);
    if (!start) {
        choices_fast = PySequence_Fast(choice_seeds, "choice seeds");
        if (!choices_fast || PySequence_Fast_GET_SIZE(choices_fast) != n) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "one choice seed per game");
            Py_DECREF(seeds_fast);
            Py_XDECREF(choices_fast);
            return NULL;
        }
    }
    uint64_t *values = PyMem_Malloc(sizeof(uint64_t) * 2 * ((size_t)n + 1));
    long *lengths = PyMem_Malloc(sizeof(long) * ((size_t)n + 1));
    int *endings = PyMem_Malloc(sizeof(int) * 2 * ((size_t)n + 1));
    int8_t *counts = PyMem_Malloc((size_t)SS_PLAYERS * ((size_t)n + 1));
    SeqStacksGame *g = PyMem_Malloc(sizeof(SeqStacksGame));
    if (!values || !lengths || !endings || !counts || !g || plan_memo_init(&memo) < 0) {
        PyErr_NoMemory();
        goto done;
    }
    for (i = 0; i < n; i++) {
        if (read_seed(PySequence_Fast_GET_ITEM(seeds_fast, i), &values[2 * i]) < 0) goto done;
        if (!start &&
            read_seed(PySequence_Fast_GET_ITEM(choices_fast, i), &values[2 * i + 1]) < 0)
            goto done;
    }
    Py_BEGIN_ALLOW_THREADS
    for (i = 0; i < n && !overran; i++) {
        MT choice;
        int p, c;
        if (start) {
            mt_seed_u64(&choice, values[2 * i]);
            *g = *start;
            ss_determinize(r, g, seat, &choice);
        } else {
            MT deal;
            mt_seed_two(&deal, values[2 * i], &choice, values[2 * i + 1]);
            ss_new(r, g, &deal);
        }
        lengths[i] = ss_play_out(r, g, policy, &choice, &memo, limit);
        if (lengths[i] < 0) overran = 1;
        endings[2 * i] = g->ending;
        endings[2 * i + 1] = g->winner;
        for (p = 0; p < SS_PLAYERS; p++) {
            int total = 0;
            for (c = 0; c < SS_COLOURS; c++) total += g->chips[p][c];
            counts[SS_PLAYERS * i + p] = (int8_t)total;
        }
    }
    Py_END_ALLOW_THREADS
    if (overran)
        PyErr_Format(FastError, "a game ran past %ld actions", limit);
    else {
        out = PyList_New(n);
        for (i = 0; out && i < n; i++) {
            PyObject *chips = PyTuple_New(r->players), *row;
            int p;
            if (!chips) {
                Py_CLEAR(out);
                break;
            }
            for (p = 0; p < r->players; p++)
                PyTuple_SET_ITEM(chips, p, PyLong_FromLong(counts[SS_PLAYERS * i + p]));
            row = Py_BuildValue("(liiN)", lengths[i], endings[2 * i], endings[2 * i + 1], chips);
            if (!row) {
                Py_CLEAR(out);
                break;
            }
            PyList_SET_ITEM(out, i, row);
        }
    }
done:
    plan_memo_free(&memo);
    Py_XDECREF(seeds_fast);
    Py_XDECREF(choices_fast);
    PyMem_Free(values);
    PyMem_Free(lengths);
    PyMem_Free(endings);
    PyMem_Free(counts);
    PyMem_Free(g);
    return out;
}

static PyObject *SeqStacksRules_playouts(SeqStacksRules *self, PyObject *args) {
    PyObject *seeds, *choice_seeds;
    long limit;
    int policy;
    if (!PyArg_ParseTuple(args, "OOli", &seeds, &choice_seeds, &limit, &policy)) return NULL;
    return ss_batch(self, NULL, 0, seeds, choice_seeds, limit, policy);
}

typedef struct {
    PyObject_HEAD
    SeqStacksRules *rules;
    SeqStacksGame game;
} SeqStacksState;

static PyTypeObject SeqStacksStateType;

static PyObject *SeqStacksRules_new_state(SeqStacksRules *self, PyObject *args) {
    PyObject *key;
    long words[64];
    uint32_t key32[64];
    Py_ssize_t n, i;
    MT seeded;
    if (!PyArg_ParseTuple(args, "O", &key)) return NULL;
    if (read_ints(key, "seed key", words, -1, &n) < 0) return NULL;
    if (n < 1 || n > 64) {
        PyErr_SetString(PyExc_ValueError, "a seed key has 1 to 64 words");
        return NULL;
    }
    for (i = 0; i < n; i++) key32[i] = (uint32_t)words[i];
    mt_init_by_array(&seeded, key32, (size_t)n);
    SeqStacksState *state = PyObject_New(SeqStacksState, &SeqStacksStateType);
    if (!state) return NULL;
    Py_INCREF(self);
    state->rules = self;
    ss_new(self, &state->game, &seeded);
    return (PyObject *)state;
}

static int ss_read_u8(PyObject *fields, const char *key, uint8_t *out, int most, int bound) {
    int16_t buffer[SS_CARDS];
    int n = read_list(fields, key, buffer, most, 0, bound), i;
    for (i = 0; i < n; i++) out[i] = (uint8_t)buffer[i];
    return n;
}

static int ss_read_per_seat(PyObject *fields, const char *key, uint8_t *out, int stride,
                            int *counts, int players, int bound) {
    int16_t buffer[SS_PLAYERS * SS_CARDS];
    int p, i;
    if (read_lists(fields, key, buffer, SS_CARDS, counts, players, SS_CARDS, bound) < 0)
        return -1;
    for (p = 0; p < players; p++)
        for (i = 0; i < counts[p]; i++) out[p * stride + i] = (uint8_t)buffer[p * SS_CARDS + i];
    return 0;
}

/* SeqStacksRules.load(fields): a game in the middle, from the Python state's fields. */
static PyObject *SeqStacksRules_load(SeqStacksRules *self, PyObject *fields) {
    SeqStacksGame *g;
    int16_t buffer[SS_PLAYERS * SS_CARDS];
    int counts[SS_SLOTS], i, k, cards = 0, n;
    long flag;
    if (!PyDict_Check(fields)) {
        PyErr_SetString(PyExc_TypeError, "load() takes the state's fields as a dict");
        return NULL;
    }
    SeqStacksState *state = PyObject_New(SeqStacksState, &SeqStacksStateType);
    if (!state) return NULL;
    Py_INCREF(self);
    state->rules = self;
    g = &state->game;
    memset(g, 0, sizeof(SeqStacksGame));
    if ((g->draw_count = ss_read_u8(fields, "draw_pile", g->draw, SS_CARDS, self->cards)) < 0 ||
        (g->aside_count = ss_read_u8(fields, "set_aside", g->aside, SS_CARDS, self->cards)) < 0 ||
        (g->action_count =
             ss_read_u8(fields, "action_discard", g->action_discard, SS_CARDS, self->cards)) < 0)
        goto fail;
    if ((n = read_list(fields, "reshuffled", buffer, SS_CARDS, 0, self->faces)) < 0) goto fail;
    for (i = 0; i < n; i++) g->reshuffled[i] = (int8_t)buffer[i];
    g->reshuffled_count = n;
    if (ss_read_per_seat(fields, "hands", &g->hands[0][0], SS_CARDS, g->hand_count, self->players,
                         self->cards) < 0 ||
        ss_read_per_seat(fields, "discards", &g->discards[0][0], SS_CARDS, g->discard_count,
                         self->players, self->cards) < 0)
        goto fail;
    if (read_lists(fields, "known", buffer, SS_CARDS, g->known_count, self->players, SS_CARDS,
                   self->faces) < 0)
        goto fail;
    for (i = 0; i < self->players; i++)
        for (k = 0; k < g->known_count[i]; k++) g->known[i][k] = (int8_t)buffer[i * SS_CARDS + k];
    if (read_lists(fields, "piles", buffer, SS_CARDS, counts, 2 * self->colours, SS_TOP,
                   self->cards) < 0)
        goto fail;
    for (i = 0; i < 2 * self->colours; i++) {
        g->pile_size[i] = counts[i];
        for (k = 0; k < counts[i]; k++) g->piles[i][k] = (uint8_t)buffer[i * SS_CARDS + k];
        cards += counts[i];
    }
    if (read_lists(fields, "chips", buffer, SS_CARDS, counts, self->players, SS_COLOURS, 100) < 0)
        goto fail;
    for (i = 0; i < self->players; i++) {
        if (counts[i] != self->colours) {
            PyErr_SetString(PyExc_ValueError, "chips holds a count per colour");
            goto fail;
        }
        for (k = 0; k < self->colours; k++) g->chips[i][k] = buffer[i * SS_CARDS + k];
    }
    if ((n = read_list(fields, "supply", buffer, SS_COLOURS, 0, 100)) != self->colours) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "a supply per colour");
        goto fail;
    }
    for (i = 0; i < n; i++) g->supply[i] = buffer[i];
    if ((n = read_list(fields, "skips", buffer, SS_PLAYERS, 0, 1000)) != self->players) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "skips per seat");
        goto fail;
    }
    for (i = 0; i < n; i++) g->skips[i] = buffer[i];
    if ((n = read_list(fields, "block_waiting", buffer, SS_PLAYERS, 0, self->players)) < 0)
        goto fail;
    for (i = 0; i < n; i++) g->waiting[i] = (int8_t)buffer[i];
    g->waiting_count = n;
    cards += g->draw_count + g->aside_count + g->action_count + self->removed_count;
    for (i = 0; i < self->players; i++) cards += g->hand_count[i] + g->discard_count[i];
    if (cards != self->cards) {
        PyErr_SetString(PyExc_ValueError, "the state's cards do not add up to the deck");
        goto fail;
    }
    if (read_flag(fields, "direction", &flag) < 0) goto fail;
    if (flag != 1 && flag != -1) {
        PyErr_SetString(PyExc_ValueError, "direction is 1 or -1");
        goto fail;
    }
    g->direction = (int)flag;
    if (read_flag(fields, "turn_seat", &flag) < 0) goto fail;
    g->turn_seat = (int)flag;
    if (read_flag(fields, "block_pile", &flag) < 0) goto fail;
    if (flag < -1 || flag >= 2 * self->colours || (flag >= 0 && !g->waiting_count)) {
        PyErr_SetString(PyExc_ValueError, "block_pile is a pile with seats to answer, or -1");
        goto fail;
    }
    g->block_pile = (int)flag;
    if (read_flag(fields, "quiet_turns", &flag) < 0) goto fail;
    g->quiet_turns = (int)flag;
    if (read_flag(fields, "chipless_turns", &flag) < 0) goto fail;
    g->chipless_turns = (int)flag;
    if (read_flag(fields, "refills", &flag) < 0) goto fail;
    g->refills = (int)flag;
    if (read_flag(fields, "to_act", &flag) < 0) goto fail;
    if (flag < 0 || flag >= self->players || g->turn_seat < 0 || g->turn_seat >= self->players) {
        PyErr_SetString(PyExc_ValueError, "to_act and turn_seat are seats");
        goto fail;
    }
    g->to_act = (int)flag;
    g->winner = -1;
    {
        PyObject *rng = PyDict_GetItemString(fields, "rng"), *fast;
        if (!rng || !(fast = PySequence_Fast(rng, "rng"))) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_KeyError, "a state's fields lack rng");
            goto fail;
        }
        if (PySequence_Fast_GET_SIZE(fast) != MT_N + 1) {
            Py_DECREF(fast);
            PyErr_SetString(PyExc_ValueError, "rng is the 625 numbers of random.getstate()[1]");
            goto fail;
        }
        for (i = 0; i <= MT_N; i++) {
            unsigned long v = PyLong_AsUnsignedLong(PySequence_Fast_GET_ITEM(fast, i));
            if ((v == (unsigned long)-1 && PyErr_Occurred()) || (i == MT_N && v > MT_N)) {
                Py_DECREF(fast);
                if (!PyErr_Occurred())
                    PyErr_SetString(PyExc_ValueError, "the generator's index is at most 624");
                goto fail;
            }
            if (i < MT_N)
                g->rng.state[i] = (uint32_t)v;
            else
                g->rng.index = (int)v;
        }
        Py_DECREF(fast);
    }
    return (PyObject *)state;
fail:
    Py_DECREF(state);
    return NULL;
}

static void SeqStacksState_dealloc(SeqStacksState *self) {
    Py_XDECREF(self->rules);
    PyObject_Free(self);
}

static PyObject *SeqStacksState_legal(SeqStacksState *self, PyObject *unused) {
    int16_t legal[256];
    (void)unused;
    if (self->game.ending) return PyList_New(0);
    return int16_list(legal, ss_legal(self->rules, &self->game, legal));
}

static PyObject *SeqStacksState_apply(SeqStacksState *self, PyObject *arg) {
    int16_t legal[256];
    long action = PyLong_AsLong(arg);
    int count, i;
    if (action == -1 && PyErr_Occurred()) return NULL;
    if (self->game.ending) {
        PyErr_SetString(FastError, "the game is over");
        return NULL;
    }
    count = ss_legal(self->rules, &self->game, legal);
    for (i = 0; i < count && legal[i] != action; i++);
    if (i == count) {
        PyErr_Format(FastError, "action %ld is not legal now", action);
        return NULL;
    }
    ss_apply(self->rules, &self->game, (int)action);
    Py_RETURN_NONE;
}

static PyObject *u8_list(const uint8_t *values, int count) {
    PyObject *out = PyList_New(count);
    int i;
    for (i = 0; out && i < count; i++) PyList_SET_ITEM(out, i, PyLong_FromLong(values[i]));
    return out;
}

static PyObject *int_list(const int *values, int count) {
    PyObject *out = PyList_New(count);
    int i;
    for (i = 0; out && i < count; i++) PyList_SET_ITEM(out, i, PyLong_FromLong(values[i]));
    return out;
}

static PyObject *SeqStacksState_snapshot(SeqStacksState *self, PyObject *unused) {
    const SeqStacksRules *r = self->rules;
    const SeqStacksGame *g = &self->game;
    PyObject *hands = PyList_New(r->players), *known = PyList_New(r->players);
    PyObject *discards = PyList_New(r->players), *chips = PyList_New(r->players);
    PyObject *piles = PyList_New(2 * r->colours), *rng = PyTuple_New(MT_N + 1), *removed;
    int i;
    (void)unused;
    if (!hands || !known || !discards || !chips || !piles || !rng) {
        Py_XDECREF(hands);
        Py_XDECREF(known);
        Py_XDECREF(discards);
        Py_XDECREF(chips);
        Py_XDECREF(piles);
        Py_XDECREF(rng);
        return NULL;
    }
    for (i = 0; i < r->players; i++) {
        PyList_SET_ITEM(hands, i, u8_list(g->hands[i], g->hand_count[i]));
        PyList_SET_ITEM(known, i, int8_list(g->known[i], g->known_count[i]));
        PyList_SET_ITEM(discards, i, u8_list(g->discards[i], g->discard_count[i]));
        PyList_SET_ITEM(chips, i, int_list(g->chips[i], r->colours));
    }
    for (i = 0; i < 2 * r->colours; i++)
        PyList_SET_ITEM(piles, i, u8_list(g->piles[i], g->pile_size[i]));
    for (i = 0; i < MT_N; i++) PyTuple_SET_ITEM(rng, i, PyLong_FromUnsignedLong(g->rng.state[i]));
    PyTuple_SET_ITEM(rng, MT_N, PyLong_FromLong(g->rng.index));
    {
        uint8_t values[SS_CARDS];
        for (i = 0; i < r->removed_count; i++) values[i] = (uint8_t)r->removed[i];
        removed = u8_list(values, r->removed_count);
    }
    return Py_BuildValue(
        "{s:N,s:N,s:N,s:N,s:N,s:N,s:N,s:N,s:N,s:N,s:N,s:i,s:N,s:i,s:i,s:N,s:i,s:i,s:i,s:i,s:i,"
        "s:i,s:N}",
        "removed", removed, "draw_pile", u8_list(g->draw, g->draw_count), "hands", hands,
        "known", known, "discards", discards, "action_discard",
        u8_list(g->action_discard, g->action_count), "piles", piles, "set_aside",
        u8_list(g->aside, g->aside_count), "reshuffled",
        int8_list(g->reshuffled, g->reshuffled_count), "chips", chips, "supply",
        int_list(g->supply, r->colours), "direction", g->direction, "skips",
        int_list(g->skips, r->players), "turn_seat", g->turn_seat, "block_pile", g->block_pile,
        "block_waiting", int8_list(g->waiting, g->waiting_count), "quiet_turns", g->quiet_turns,
        "chipless_turns", g->chipless_turns, "refills", g->refills, "to_act", g->to_act, "ending", g->ending, "winner",
        g->winner, "rng", rng);
}

static PyObject *SeqStacksState_playouts(SeqStacksState *self, PyObject *args) {
    PyObject *seeds;
    long limit;
    int seat, policy;
    if (!PyArg_ParseTuple(args, "iOli", &seat, &seeds, &limit, &policy)) return NULL;
    if (seat < 0 || seat >= self->rules->players) {
        PyErr_SetString(PyExc_ValueError, "no such seat");
        return NULL;
    }
    if (self->game.ending) {
        PyErr_SetString(FastError, "the game is over");
        return NULL;
    }
    return ss_batch(self->rules, &self->game, seat, seeds, NULL, limit, policy);
}

static PyObject *SeqStacksState_play_bots(SeqStacksState *self, PyObject *args) {
    const SeqStacksRules *r = self->rules;
    SeqStacksGame *g = &self->game;
    int16_t legal[256];
    PlanMemo memo;
    Bots *bots;
    if (plan_memo_init(&memo) < 0) return PyErr_NoMemory();
    bots = bots_new(args, r->players, 1);
    if (!bots) {
        plan_memo_free(&memo);
        return NULL;
    }
    while (!g->ending && bots->count < bots->limit) {
        int count = ss_legal(r, g, legal), seat = g->to_act, action;
        MT *mt = &bots->rng[seat];
        if (bots->kind[seat] == BOT_RANDOM)
            action = legal[mt_below(mt, (uint32_t)count)];
        else if (count == 1)
            action = legal[0];
        else {
            SeqStacksGame twin = *g;
            ss_determinize(r, &twin, seat, mt);
            action = ss_greedy(r, &twin, legal, count, mt, &memo);
        }
        ss_apply(r, g, action);
        bots->played[bots->count++] = (int16_t)action;
    }
    plan_memo_free(&memo);
    return bots_done(bots);
}

static PyObject *SeqStacksState_search(SeqStacksState *self, PyObject *args);

static PyMethodDef SeqStacksState_methods[] = {
    {"search", (PyCFunction)SeqStacksState_search, METH_VARARGS,
     "search(rng, seat, allowed, iterations, deadline, exploration, cut_after, limit, policy): mcts's iterations."},
    {"play_bots", (PyCFunction)SeqStacksState_play_bots, METH_VARARGS,
     "play_bots(seeds, bots, limit): the simulator's game, each seat's bot choosing."},
    {"legal", (PyCFunction)SeqStacksState_legal, METH_NOARGS,
     "The legal action ids, in the Python rules' order."},
    {"apply", (PyCFunction)SeqStacksState_apply, METH_O, "Play a legal action id."},
    {"snapshot", (PyCFunction)SeqStacksState_snapshot, METH_NOARGS,
     "Every field of the state, and the generator's state as random.getstate() gives it."},
    {"playouts", (PyCFunction)SeqStacksState_playouts, METH_VARARGS,
     "playouts(seat, seeds, limit, policy): games from here, determinized for seat."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject SeqStacksStateType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "sequenza._fast.SeqStacksState",
    .tp_basicsize = sizeof(SeqStacksState),
    .tp_dealloc = (destructor)SeqStacksState_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "A game of Sequence Stacks in the core, played one action at a time.",
    .tp_methods = SeqStacksState_methods,
};

static PyObject *SeqStacksRules_batch(SeqStacksRules *self, PyObject *args);

static PyMethodDef SeqStacksRules_methods[] = {
    {"batch", (PyCFunction)SeqStacksRules_batch, METH_VARARGS,
     "batch(n): n games of this table stepped together (Batch)."},
    {"load", (PyCFunction)SeqStacksRules_load, METH_O,
     "load(fields): a game in the middle, from a Python state's fields."},
    {"new_state", (PyCFunction)SeqStacksRules_new_state, METH_VARARGS,
     "new_state(seed_key): a new game dealt from the seed's 32-bit words."},
    {"playouts", (PyCFunction)SeqStacksRules_playouts, METH_VARARGS,
     "playouts(seeds, choice_seeds, limit, policy): whole games, one per seed."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject SeqStacksRulesType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "sequenza._fast.SeqStacksRules",
    .tp_basicsize = sizeof(SeqStacksRules),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "The rules of one table of Sequence Stacks.",
    .tp_methods = SeqStacksRules_methods,
    .tp_init = (initproc)SeqStacksRules_init,
    .tp_new = PyType_GenericNew,
};

/* ------------------------------------------------------------------ mcts (ai/mcts.py) */

/* MctsBot's iterations (ai/mcts.py: _iterate, _select, _playout), step for step and draw for
 * draw from the bot's own generator, over a game given as these operations: */
typedef struct {
    int players, actions;
    int (*legal)(const void *rules, const void *g, int16_t *out);
    void (*apply)(const void *rules, void *g, int action);
    /* The seat to act, or -1 once the game is over (current_seat is None). */
    int (*seat)(const void *g);
    void (*determinize)(const void *rules, void *g, int seat, MT *choice);
    int (*choose)(const void *rules, const void *g, const int16_t *legal, int count, int policy,
                  MT *choice);
    /* The game's position evaluation (its play.py's judge), and a finished game's payoffs. */
    void (*judge)(const void *rules, const void *g, double *out);
    void (*payoffs)(const void *rules, const void *g, double *out);
    /* A copy of a game into the search's own (a board game's discards live in a buffer, a
     * Shift game's positions seen in a table of its own): 0, or -1 out of memory. */
    int (*copy)(const void *rules, void *to, const void *from);
    /* Whether a game ran out of memory on the way (NULL: it cannot). */
    int (*failed)(const void *g);
    /* For a search on given deals (the expert's, ai/belief.py; NULL where the game has no
     * hand model): a deal's game, from a core state of these rules (NULL if it is not one),
     * and the hand model's shuffle_rest with a fresh generator for the game, as
     * BeliefMctsBot._deal redeals a copy of the deal it drew. */
    const void *(*deal_of)(const void *rules, PyObject *state);
    void (*redeal)(const void *rules, void *g, MT *choice);
} Ops;

typedef struct {
    int first, next, visits, availability;
    int16_t action;
    double totals[MAX_PLAYERS];
} Node;

/* core/heuristics.py's shares: scores as payoff shares adding up to one. */
static void shares_of(const double *scores, int n, double scale, double *out) {
    double top = scores[0], total = 0.0;
    int i;
    for (i = 1; i < n; i++)
        if (scores[i] > top) top = scores[i];
    for (i = 0; i < n; i++) {
        out[i] = exp((scores[i] - top) / scale);
        total += out[i];
    }
    for (i = 0; i < n; i++) out[i] /= total;
}

static double monotonic(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec + (double)now.tv_nsec * 1e-9;
}

/* The arguments of state.search, read: the generator's state as random.getstate()[1] gives
 * it, the seat, the actions allowed at the root, the iterations (-1 for no bound), the deadline
 * on time.perf_counter's clock (negative for none), the exploration, the turns after which a
 * playout is judged (-1: played to the end), the playout's action limit and its policy. */
typedef struct {
    MT rng;
    int seat, policy;
    long iterations, cut_after, limit;
    double deadline, exploration;
    uint8_t *allowed;
    /* Optionally, deals to search instead of determinisations of the root, and their
     * cumulative weights (random.choices's cum_weights): each iteration draws one as
     * random.choices draws it, then redeals it (Ops.redeal). */
    PyObject *deals, *cum;
} SearchArgs;

static int read_search(PyObject *args, const Ops *ops, SearchArgs *a) {
    PyObject *rng, *allowed, *fast;
    Py_ssize_t i, n;
    a->deals = a->cum = Py_None;
    if (!PyArg_ParseTuple(args, "OiOlddlli|OO", &rng, &a->seat, &allowed, &a->iterations,
                          &a->deadline, &a->exploration, &a->cut_after, &a->limit, &a->policy,
                          &a->deals, &a->cum))
        return -1;
    if (a->seat < 0 || a->seat >= ops->players || a->policy < 0 || a->policy >= POLICIES) {
        PyErr_SetString(PyExc_ValueError, "no such seat or policy");
        return -1;
    }
    fast = PySequence_Fast(rng, "generator state");
    if (!fast) return -1;
    if (PySequence_Fast_GET_SIZE(fast) != MT_N + 1) {
        Py_DECREF(fast);
        PyErr_SetString(PyExc_ValueError, "a generator state has 625 numbers");
        return -1;
    }
    for (i = 0; i <= MT_N; i++) {
        unsigned long v = PyLong_AsUnsignedLong(PySequence_Fast_GET_ITEM(fast, i));
        if (v == (unsigned long)-1 && PyErr_Occurred()) {
            Py_DECREF(fast);
            return -1;
        }
        if (i < MT_N)
            a->rng.state[i] = (uint32_t)v;
        else
            a->rng.index = v > MT_N ? MT_N : (int)v;
    }
    Py_DECREF(fast);
    a->allowed = PyMem_Calloc((size_t)ops->actions + 1, 1);
    if (!a->allowed) {
        PyErr_NoMemory();
        return -1;
    }
    fast = PySequence_Fast(allowed, "allowed actions");
    if (!fast) return -1;
    n = PySequence_Fast_GET_SIZE(fast);
    for (i = 0; i < n; i++) {
        long id = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, i));
        if (id < 0 || id >= ops->actions) {
            Py_DECREF(fast);
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "no such action");
            return -1;
        }
        a->allowed[id] = 1;
    }
    Py_DECREF(fast);
    return 0;
}

/* The deals of a search on given deals, as their games, and their cumulative weights: 0
 * with *count 0 where none are given, else 0 with *roots and *cum allocated (PyMem), or -1
 * with an exception set. */
static int read_deals(const SearchArgs *a, const Ops *ops, const void *rules,
                      const void ***roots, double **cum, Py_ssize_t *count) {
    PyObject *deals = NULL, *weights = NULL;
    Py_ssize_t i, n;
    *roots = NULL;
    *cum = NULL;
    *count = 0;
    if (a->deals == Py_None && a->cum == Py_None) return 0;
    if (!ops->deal_of || !ops->redeal) {
        PyErr_SetString(PyExc_ValueError, "the core searches given deals of the board games only");
        return -1;
    }
    deals = PySequence_Fast(a->deals, "deals");
    weights = deals ? PySequence_Fast(a->cum, "cumulative weights") : NULL;
    if (!weights) goto fail;
    n = PySequence_Fast_GET_SIZE(deals);
    if (n == 0 || PySequence_Fast_GET_SIZE(weights) != n) {
        PyErr_SetString(PyExc_ValueError, "one cumulative weight per deal, and a deal at least");
        goto fail;
    }
    *roots = PyMem_Malloc(sizeof(void *) * (size_t)n);
    *cum = PyMem_Malloc(sizeof(double) * (size_t)n);
    if (!*roots || !*cum) {
        PyErr_NoMemory();
        goto fail;
    }
    for (i = 0; i < n; i++) {
        (*roots)[i] = ops->deal_of(rules, PySequence_Fast_GET_ITEM(deals, i));
        (*cum)[i] = PyFloat_AsDouble(PySequence_Fast_GET_ITEM(weights, i));
        if ((*cum)[i] == -1.0 && PyErr_Occurred()) goto fail;
        if (!(*roots)[i]) {
            PyErr_SetString(PyExc_ValueError, "a deal is not a running game of these rules");
            goto fail;
        }
    }
    /* random.choices's own refusals: a total above zero, and finite. */
    if (!((*cum)[n - 1] > 0.0) || !isfinite((*cum)[n - 1])) {
        PyErr_SetString(PyExc_ValueError, "the weights' total must be finite and above zero");
        goto fail;
    }
    Py_DECREF(deals);
    Py_DECREF(weights);
    *count = n;
    return 0;
fail:
    Py_XDECREF(deals);
    Py_XDECREF(weights);
    PyMem_Free((void *)*roots);
    PyMem_Free(*cum);
    *roots = NULL;
    *cum = NULL;
    return -1;
}

/* One search from `root` (never changed): returns (the generator's state after it, the
 * iterations run, per child of the root (action, visits, totals per seat)). */
static PyObject *search(const Ops *ops, const void *rules, const void *root, void *work,
                        PyObject *args) {
    SearchArgs a;
    Node *nodes = NULL;
    int *path = NULL, *mark = NULL, node_count = 1, node_room = 1024, path_room = 64;
    int16_t *legal = NULL, *untried = NULL;
    long done = 0;
    int failed = 0, p, i;
    PyObject *out = NULL, *children = NULL, *rng = NULL;
    const void **deals = NULL;
    double *cum = NULL;
    Py_ssize_t deal_count = 0;
    a.allowed = NULL;
    if (read_search(args, ops, &a) < 0) goto end;
    /* The deals stay alive through the search: the caller holds them (the GIL is let go). */
    if (read_deals(&a, ops, rules, &deals, &cum, &deal_count) < 0) goto end;
    nodes = PyMem_RawMalloc(sizeof(Node) * (size_t)node_room);
    path = PyMem_RawMalloc(sizeof(int) * (size_t)path_room);
    mark = PyMem_Calloc((size_t)ops->actions + 1, sizeof(int));
    legal = PyMem_Malloc(sizeof(int16_t) * MAX_LEGAL);
    untried = PyMem_Malloc(sizeof(int16_t) * MAX_LEGAL);
    if (!nodes || !path || !mark || !legal || !untried) {
        PyErr_NoMemory();
        goto end;
    }
    memset(&nodes[0], 0, sizeof(Node));
    nodes[0].first = nodes[0].next = -1;
    nodes[0].availability = 1;
    Py_BEGIN_ALLOW_THREADS
    while (!failed) {
        int node = 0, depth = 1, count, seat;
        long turns = 0, steps = 0;
        double payoffs[MAX_PLAYERS];
        if (a.iterations >= 0 && done >= a.iterations) break;
        if (a.deadline >= 0 && done > 0 && monotonic() >= a.deadline) break;
        if (deal_count) {
            /* random.choices(deals, cum_weights=cum): bisect_right(cum, random() * total, 0,
             * n - 1), the total being the last cumulative weight. */
            double x = mt_random(&a.rng) * cum[deal_count - 1];
            Py_ssize_t lo = 0, hi = deal_count - 1;
            while (lo < hi) {
                Py_ssize_t mid = (lo + hi) / 2;
                if (x < cum[mid])
                    hi = mid;
                else
                    lo = mid + 1;
            }
            if (ops->copy(rules, work, deals[lo]) < 0) {
                failed = 1;
                break;
            }
            ops->redeal(rules, work, &a.rng);
        } else {
            if (ops->copy(rules, work, root) < 0) {
                failed = 1;
                break;
            }
            ops->determinize(rules, work, a.seat, &a.rng);
        }
        path[0] = 0;
        while ((seat = ops->seat(work)) >= 0) {
            int untried_count = 0, c, action, child;
            count = ops->legal(rules, work, legal);
            if (node == 0) {
                int kept = 0;
                for (i = 0; i < count; i++)
                    if (a.allowed[legal[i]]) legal[kept++] = legal[i];
                count = kept;
            }
            for (c = nodes[node].first; c >= 0; c = nodes[c].next) mark[nodes[c].action] = c + 1;
            for (i = 0; i < count; i++)
                if (!mark[legal[i]]) untried[untried_count++] = legal[i];
            if (depth + 1 > path_room) {
                int *grown = PyMem_RawRealloc(path, sizeof(int) * (size_t)path_room * 2);
                if (!grown) {
                    failed = 1;
                    break;
                }
                path = grown;
                path_room *= 2;
            }
            if (untried_count) {
                for (c = nodes[node].first; c >= 0; c = nodes[c].next) mark[nodes[c].action] = 0;
                action = untried[mt_below(&a.rng, (uint32_t)untried_count)];
                if (node_count == node_room) {
                    Node *grown = PyMem_RawRealloc(nodes, sizeof(Node) * (size_t)node_room * 2);
                    if (!grown) {
                        failed = 1;
                        break;
                    }
                    nodes = grown;
                    node_room *= 2;
                }
                child = node_count++;
                memset(&nodes[child], 0, sizeof(Node));
                nodes[child].first = -1;
                nodes[child].next = nodes[node].first;
                nodes[child].availability = 1;
                nodes[child].action = (int16_t)action;
                nodes[node].first = child;
                ops->apply(rules, work, action);
                if (ops->seat(work) != seat) turns++;
                path[depth++] = child;
                break;
            }
            {
                double best_score = -HUGE_VAL;
                int best = mark[legal[0]] - 1;
                for (i = 0; i < count; i++) {
                    Node *n = &nodes[mark[legal[i]] - 1];
                    double score;
                    n->availability++;
                    score = n->totals[seat] / n->visits +
                            a.exploration * sqrt(log((double)n->availability) / n->visits);
                    if (score > best_score) {
                        best_score = score;
                        best = mark[legal[i]] - 1;
                    }
                }
                for (c = nodes[node].first; c >= 0; c = nodes[c].next)
                    mark[nodes[c].action] = 0;
                ops->apply(rules, work, nodes[best].action);
                if (ops->seat(work) != seat) turns++;
                node = best;
                path[depth++] = node;
            }
        }
        if (failed) break;
        for (;;) {
            if ((seat = ops->seat(work)) < 0) {
                ops->payoffs(rules, work, payoffs);
                break;
            }
            if (steps >= a.limit) {
                for (p = 0; p < ops->players; p++) payoffs[p] = 1.0 / ops->players;
                break;
            }
            if (a.cut_after >= 0 && turns >= a.cut_after) {
                ops->judge(rules, work, payoffs);
                break;
            }
            count = ops->legal(rules, work, legal);
            ops->apply(rules, work, ops->choose(rules, work, legal, count, a.policy, &a.rng));
            if (ops->seat(work) != seat) turns++;
            steps++;
        }
        if (ops->failed && ops->failed(work)) {
            failed = 1;
            break;
        }
        for (i = 0; i < depth; i++) {
            Node *n = &nodes[path[i]];
            n->visits++;
            for (p = 0; p < ops->players; p++) n->totals[p] += payoffs[p];
        }
        done++;
    }
    Py_END_ALLOW_THREADS
    if (failed) {
        PyErr_NoMemory();
        goto end;
    }
    children = PyList_New(0);
    rng = PyTuple_New(MT_N + 1);
    if (!children || !rng) goto end;
    for (i = 0; i < MT_N; i++) PyTuple_SET_ITEM(rng, i, PyLong_FromUnsignedLong(a.rng.state[i]));
    PyTuple_SET_ITEM(rng, MT_N, PyLong_FromLong(a.rng.index));
    for (i = nodes[0].first; i >= 0; i = nodes[i].next) {
        PyObject *totals = PyTuple_New(ops->players), *row;
        if (!totals) goto end;
        for (p = 0; p < ops->players; p++)
            PyTuple_SET_ITEM(totals, p, PyFloat_FromDouble(nodes[i].totals[p]));
        row = Py_BuildValue("(iiN)", nodes[i].action, nodes[i].visits, totals);
        if (!row || PyList_Append(children, row) < 0) {
            Py_XDECREF(row);
            goto end;
        }
        Py_DECREF(row);
    }
    out = Py_BuildValue("(OlO)", rng, done, children);
end:
    Py_XDECREF(children);
    Py_XDECREF(rng);
    PyMem_Free(a.allowed);
    PyMem_Free((void *)deals);
    PyMem_Free(cum);
    PyMem_RawFree(nodes);
    PyMem_RawFree(path);
    PyMem_Free(mark);
    PyMem_Free(legal);
    PyMem_Free(untried);
    return out;
}

/* The board games' operations. */
typedef struct {
    Game game;
    int16_t discards[MAX_PLAYERS * MAX_CARDS];
} BoardWork;

static int board_legal_op(const void *r, const void *g, int16_t *out) {
    return legal_actions(r, g, out);
}
static void board_apply_op(const void *r, void *g, int action) { apply_action(r, g, action); }
static int board_seat_op(const void *g) {
    const Game *game = g;
    return game->ending == ONGOING ? game->to_act : -1;
}
static void board_determinize_op(const void *r, void *g, int seat, MT *choice) {
    determinize(r, g, seat, choice);
}
static int board_choose_op(const void *r, const void *g, const int16_t *legal, int count,
                           int policy, MT *choice) {
    if (policy == CHEAP) return choose_cheap(r, legal, count, choice);
    if (policy == GREEDY) return choose_greedy(r, g, legal, count, choice);
    return legal[mt_below(choice, (uint32_t)count)];
}

/* The learned judge's features of a team (learned_features of the board games' play.py, in
 * its LEARNED_FEATURES order): its sequences, its windows by fill, those of four where one
 * more sequence wins, its windows of four (of three) whose empty spaces a card in its seats'
 * hands can fill, and its place-anywhere and remove cards. */
#define LEARNED_FEATURES 10
static void learned_features(const Board *b, const Game *game, const Reading *r, int team,
                             int *features) {
    int counts[RUN] = {0}, anywhere = 0, removes = 0, finish = 0, raise = 0;
    int8_t reach[SPACES];
    int seat, i, w, k;
    memset(reach, 0, sizeof reach);
    for (seat = team; seat < b->players; seat += b->sides)
        for (i = 0; i < game->hand_count[seat]; i++) {
            int face = b->card_face[game->hands[seat][i]];
            if (b->kind[face] == ANYWHERE)
                anywhere++;
            else if (b->kind[face] == REMOVE)
                removes++;
            else
                reach[b->value_space[face][0]] = reach[b->value_space[face][1]] = 1;
        }
    for (w = 0; w < WINDOWS; w++) {
        int filled = r->level[team][w], fillable = anywhere > 0;
        if (filled <= 0) continue;
        counts[filled < RUN - 1 ? filled : RUN - 1]++;
        if (filled != RUN - 2 && filled != RUN - 1) continue;
        for (k = 0; k < RUN && !fillable; k++) {
            int space = b->window[w][k];
            fillable = game->board[space] == EMPTY && reach[space];
        }
        if (fillable) {
            if (filled == RUN - 1)
                finish++;
            else
                raise++;
        }
    }
    features[0] = game->sequence_count[team];
    for (k = 1; k < RUN; k++) features[k] = counts[k];
    features[5] = game->sequence_count[team] + 1 >= b->to_win ? counts[RUN - 1] : 0;
    features[6] = finish;
    features[7] = raise;
    features[8] = anywhere;
    features[9] = removes;
}

/* The weights of the learned judge where this thread's search asked for it (mcts's
 * judge="learned", set by BoardState_search for its search), else NULL: the judge written by
 * hand. LEARNED_FEATURES weights, then the team to act's. */
static __thread const double *learned_weights;

/* board_shares of the board games' play.py: per team 120 per sequence plus OWN of the fill
 * of each window it may still make, as shares at the scale of 40, split among its seats; or
 * learned_board_shares: per team its features weighed, term by term in the same order, the
 * team to act's weight added, as shares at the scale of 1. */
static void board_judge_op(const void *rules, const void *g, double *out) {
    const Board *b = rules;
    const Game *game = g;
    static __thread Reading reading;
    double standing[MAX_SIDES], team_shares[MAX_SIDES];
    int t, w, seat;
    read_board(b, g, &reading);
    for (t = 0; t < b->sides; t++) {
        double sum = 0.0;
        if (learned_weights) {
            int features[LEARNED_FEATURES], k;
            learned_features(b, game, &reading, t, features);
            for (k = 0; k < LEARNED_FEATURES; k++) sum += learned_weights[k] * features[k];
            if (game->to_act % b->sides == t) sum += learned_weights[LEARNED_FEATURES];
            standing[t] = sum;
            continue;
        }
        for (w = 0; w < WINDOWS; w++) {
            int filled = reading.level[t][w];
            if (filled > 0) sum += OWN[filled < RUN - 1 ? filled : RUN - 1];
        }
        standing[t] = 120.0 * game->sequence_count[t] + sum;
    }
    shares_of(standing, b->sides, learned_weights ? 1.0 : 40.0, team_shares);
    for (seat = 0; seat < b->players; seat++) {
        int mates = 0, other;
        for (other = 0; other < b->players; other++) mates += other % b->sides == seat % b->sides;
        out[seat] = team_shares[seat % b->sides] / mates;
    }
}
static void board_payoffs_op(const void *rules, const void *g, double *out) {
    const Board *b = rules;
    const Game *game = g;
    int seat, winners = 0;
    for (seat = 0; seat < b->players; seat++) winners += seat % b->sides == game->winning_team;
    for (seat = 0; seat < b->players; seat++)
        out[seat] = winners && seat % b->sides == game->winning_team ? 1.0 / winners : 0.0;
}
static int board_copy_op(const void *rules, void *to, const void *from) {
    const Board *b = rules;
    BoardWork *work = to;
    const Game *game = from;
    work->game = *game;
    work->game.discards = work->discards;
    memcpy(work->discards, game->discards, sizeof(int16_t) * MAX_CARDS * (size_t)b->players);
    return 0;
}

/* A deal of the expert's: a running game of the same board. */
static const void *board_deal_of_op(const void *rules, PyObject *state) {
    if (!PyObject_TypeCheck(state, &BoardStateType)) return NULL;
    if (((BoardState *)state)->board != rules || ((BoardState *)state)->game.ending != ONGOING)
        return NULL;
    return &((BoardState *)state)->game;
}
/* The board games' shuffle_rest (play.py: the draw pile shuffled again), then the game's
 * generator random.Random(choice.getrandbits(64)), as BeliefMctsBot._deal does. */
static void board_redeal_op(const void *rules, void *g, MT *choice) {
    Game *game = g;
    (void)rules;
    mt_shuffle(choice, game->draw, game->draw_count);
    mt_seed_u64(&game->rng, mt_bits64(choice));
}

/* The search's arguments, and after the deals and their weights (None where none), the
 * learned judge's weights where its playouts are judged by it. */
#define LEARNED_ARGUMENT 11
static PyObject *BoardState_search(BoardState *self, PyObject *args) {
    Ops ops = {self->board->players, self->board->actions, board_legal_op, board_apply_op,
               board_seat_op, board_determinize_op, board_choose_op, board_judge_op,
               board_payoffs_op, board_copy_op, NULL, board_deal_of_op, board_redeal_op};
    BoardWork *work;
    PyObject *out, *rest = args;
    double weights[LEARNED_FEATURES + 1];
    if (self->game.ending != ONGOING) {
        PyErr_SetString(FastError, "the game is over");
        return NULL;
    }
    if (PyTuple_GET_SIZE(args) > LEARNED_ARGUMENT) {
        PyObject *given = PySequence_Fast(PyTuple_GET_ITEM(args, LEARNED_ARGUMENT), "weights");
        Py_ssize_t k;
        if (!given) return NULL;
        if (PySequence_Fast_GET_SIZE(given) != LEARNED_FEATURES + 1) {
            Py_DECREF(given);
            PyErr_SetString(PyExc_ValueError, "the learned judge has 11 weights");
            return NULL;
        }
        for (k = 0; k <= LEARNED_FEATURES; k++)
            weights[k] = PyFloat_AsDouble(PySequence_Fast_GET_ITEM(given, k));
        Py_DECREF(given);
        if (PyErr_Occurred()) return NULL;
        rest = PyTuple_GetSlice(args, 0, LEARNED_ARGUMENT);
        if (!rest) return NULL;
    }
    work = PyMem_Malloc(sizeof(BoardWork));
    if (!work) {
        if (rest != args) Py_DECREF(rest);
        return PyErr_NoMemory();
    }
    learned_weights = rest != args ? weights : NULL;
    out = search(&ops, self->board, &self->game, work, rest);
    learned_weights = NULL;
    PyMem_Free(work);
    if (rest != args) Py_DECREF(rest);
    return out;
}

/* pile_shares of core/heuristics.py over the cards collected: the scale grows with the cards
 * still to come (the deck and the hands), 2 + cards / 8. */
static void collected_shares_of(const int *collected, int players, int cards_left, double *out) {
    double counts[MAX_PLAYERS];
    int p;
    for (p = 0; p < players; p++) counts[p] = (double)collected[p];
    shares_of(counts, players, 2.0 + cards_left / 8.0, out);
}

/* The most cards collected shares the win, as the rules' result says. */
static void collected_payoffs(const int *collected, int players, double *out) {
    int p, top = collected[0], winners = 0;
    for (p = 1; p < players; p++)
        if (collected[p] > top) top = collected[p];
    for (p = 0; p < players; p++) winners += collected[p] == top;
    for (p = 0; p < players; p++) out[p] = collected[p] == top ? 1.0 / winners : 0.0;
}

/* The search's operations that only hand on their arguments, for a game whose rules are the
 * functions PREFIX_legal, PREFIX_apply, PREFIX_determinize (and PREFIX_choose): the Ops take
 * the rules and the game as untyped pointers. */
#define SEARCH_PASSES_ON(prefix)                                                               \
    static int prefix##_legal_op(const void *r, const void *g, int16_t *out) {                 \
        return prefix##_legal(r, g, out);                                                      \
    }                                                                                          \
    static void prefix##_apply_op(const void *r, void *g, int action) {                        \
        prefix##_apply(r, g, action);                                                          \
    }                                                                                          \
    static void prefix##_determinize_op(const void *r, void *g, int seat, MT *choice) {        \
        prefix##_determinize(r, g, seat, choice);                                              \
    }
#define SEARCH_CHOOSES(prefix)                                                                 \
    static int prefix##_choose_op(const void *r, const void *g, const int16_t *legal,          \
                                  int count, int policy, MT *choice) {                         \
        return prefix##_choose(r, g, legal, count, policy, choice);                            \
    }

SEARCH_PASSES_ON(stack)
SEARCH_CHOOSES(stack)
static int stack_seat_op(const void *g) {
    const StackGame *game = g;
    return game->over ? -1 : game->to_act;
}
static void stack_judge_op(const void *rules, const void *g, double *out) {
    const StackRules *r = rules;
    const StackGame *game = g;
    int left = game->deck_count, p;
    for (p = 0; p < r->players; p++) left += game->hand_count[p];
    collected_shares_of(game->collected_count, r->players, left, out);
}
static void stack_payoffs_op(const void *rules, const void *g, double *out) {
    collected_payoffs(((const StackGame *)g)->collected_count, ((const StackRules *)rules)->players,
                      out);
}
static int stack_copy_op(const void *rules, void *to, const void *from) {
    (void)rules;
    *(StackGame *)to = *(const StackGame *)from;
    return 0;
}

static PyObject *StackState_search(StackState *self, PyObject *args) {
    Ops ops = {self->rules->players, self->rules->actions, stack_legal_op, stack_apply_op,
               stack_seat_op, stack_determinize_op, stack_choose_op, stack_judge_op,
               stack_payoffs_op, stack_copy_op, NULL, NULL, NULL};
    StackGame work;
    if (self->game.over) {
        PyErr_SetString(FastError, "the game is over");
        return NULL;
    }
    return search(&ops, self->rules, &self->game, &work, args);
}

SEARCH_PASSES_ON(cross)
SEARCH_CHOOSES(cross)
static int cross_seat_op(const void *g) {
    const CrossGame *game = g;
    return game->ending ? -1 : game->to_act;
}
static void cross_judge_op(const void *rules, const void *g, double *out) {
    const CrossRules *r = rules;
    const CrossGame *game = g;
    int left = game->deck_count, p;
    for (p = 0; p < r->players; p++) left += game->hand_count[p];
    collected_shares_of(game->collected_count, r->players, left, out);
}
static void cross_payoffs_op(const void *rules, const void *g, double *out) {
    collected_payoffs(((const CrossGame *)g)->collected_count, ((const CrossRules *)rules)->players,
                      out);
}
static int cross_copy_op(const void *rules, void *to, const void *from) {
    (void)rules;
    *(CrossGame *)to = *(const CrossGame *)from;
    return 0;
}

static PyObject *CrossState_search(CrossState *self, PyObject *args) {
    Ops ops = {self->rules->players, self->rules->actions, cross_legal_op, cross_apply_op,
               cross_seat_op, cross_determinize_op, cross_choose_op, cross_judge_op,
               cross_payoffs_op, cross_copy_op, NULL, NULL, NULL};
    CrossGame work;
    if (self->game.ending) {
        PyErr_SetString(FastError, "the game is over");
        return NULL;
    }
    return search(&ops, self->rules, &self->game, &work, args);
}

/* Sequentia Shift's operations: the search's game keeps its own table of positions seen. */
SEARCH_PASSES_ON(shift)
SEARCH_CHOOSES(shift)
static int shift_seat_op(const void *g) {
    const ShiftGame *game = g;
    return game->ending ? -1 : game->to_act;
}
/* score_pile_shares of sequentia_shift/play.py: the shares of the cards in the score piles,
 * at a scale that grows with the deck (Shift has no hands). */
static void shift_judge_op(const void *rules, const void *g, double *out) {
    const ShiftGame *game = g;
    collected_shares_of(game->pile_count, ((const ShiftRules *)rules)->players, game->deck_count,
                        out);
}
static void shift_payoffs_op(const void *rules, const void *g, double *out) {
    collected_payoffs(((const ShiftGame *)g)->pile_count, ((const ShiftRules *)rules)->players,
                      out);
}
static int shift_copy_op(const void *rules, void *to, const void *from) {
    ShiftGame *g = to;
    const ShiftGame *start = from;
    Seen seen = g->seen;
    int copied = seen_copy(&seen, &start->seen), k;
    (void)rules;
    *g = *start;
    g->seen = seen;
    if (copied == -2) /* a larger table than the start's: its entries added again */
        for (k = 0; k < start->seen.size; k++) {
            int slot = start->seen.used[k];
            int *count = seen_slot(&g->seen, start->seen.keys[slot]);
            if (!count) return -1;
            *count = start->seen.counts[slot];
        }
    return copied == -1 ? -1 : 0;
}
static int shift_failed_op(const void *g) { return ((const ShiftGame *)g)->ending < 0; }

static PyObject *ShiftState_search(ShiftState *self, PyObject *args) {
    Ops ops = {self->rules->players, self->rules->actions, shift_legal_op, shift_apply_op,
               shift_seat_op, shift_determinize_op, shift_choose_op, shift_judge_op,
               shift_payoffs_op, shift_copy_op, shift_failed_op, NULL, NULL};
    ShiftGame *work;
    PyObject *out;
    if (self->game.ending) {
        PyErr_SetString(FastError, "the game is over");
        return NULL;
    }
    work = PyMem_Calloc(1, sizeof(ShiftGame));
    if (!work) return PyErr_NoMemory();
    if (seen_init(&work->seen, 1024) < 0) {
        seen_free(&work->seen);
        PyMem_Free(work);
        return PyErr_NoMemory();
    }
    out = search(&ops, self->rules, &self->game, work, args);
    seen_free(&work->seen);
    PyMem_Free(work);
    return out;
}

/* Sequence Stacks' operations: the search's game carries the greedy planner's memo. */
typedef struct {
    SeqStacksGame game;
    PlanMemo memo;
} SeqStacksWork;

SEARCH_PASSES_ON(ss)
static int ss_seat_op(const void *g) {
    const SeqStacksGame *game = g;
    return game->ending ? -1 : game->to_act;
}
static int ss_choose_op(const void *r, const void *g, const int16_t *legal, int count,
                        int policy, MT *choice) {
    /* The search hands its own game, the first member of its SeqStacksWork. */
    const SeqStacksWork *work = g;
    return ss_choose(r, &work->game, legal, count, policy, choice, (PlanMemo *)&work->memo);
}
/* chip_shares of sequence_stacks/play.py: per seat a point a chip less three per chip still
 * missing from a winning collection, as shares at the scale of three. */
static void ss_judge_op(const void *rules, const void *g, double *out) {
    const SeqStacksRules *r = rules;
    const SeqStacksGame *game = g;
    double standing[SS_PLAYERS];
    int p, c;
    for (p = 0; p < r->players; p++) {
        int total = 0;
        for (c = 0; c < r->colours; c++) total += game->chips[p][c];
        standing[p] = SG_CHIP * total - SG_STEP * sg_need(r, game->chips[p]);
    }
    shares_of(standing, r->players, SG_STEP, out);
}
/* The result's payoffs: the seat that collected a winning set, else the most chips share. */
static void ss_payoffs_op(const void *rules, const void *g, double *out) {
    const SeqStacksRules *r = rules;
    const SeqStacksGame *game = g;
    int totals[SS_PLAYERS], p, c;
    if (game->winner >= 0) {
        for (p = 0; p < r->players; p++) out[p] = p == game->winner ? 1.0 : 0.0;
        return;
    }
    for (p = 0; p < r->players; p++) {
        totals[p] = 0;
        for (c = 0; c < r->colours; c++) totals[p] += game->chips[p][c];
    }
    collected_payoffs(totals, r->players, out);
}
static int ss_copy_op(const void *rules, void *to, const void *from) {
    (void)rules;
    ((SeqStacksWork *)to)->game = *(const SeqStacksGame *)from;
    return 0;
}

static PyObject *SeqStacksState_search(SeqStacksState *self, PyObject *args) {
    Ops ops = {self->rules->players, self->rules->actions, ss_legal_op, ss_apply_op, ss_seat_op,
               ss_determinize_op, ss_choose_op, ss_judge_op, ss_payoffs_op, ss_copy_op, NULL,
               NULL, NULL};
    SeqStacksWork *work;
    PyObject *out;
    if (self->game.ending) {
        PyErr_SetString(FastError, "the game is over");
        return NULL;
    }
    work = PyMem_Calloc(1, sizeof(SeqStacksWork));
    if (!work) return PyErr_NoMemory();
    if (plan_memo_init(&work->memo) < 0) {
        PyMem_Free(work);
        return PyErr_NoMemory();
    }
    out = search(&ops, self->rules, &self->game, work, args);
    plan_memo_free(&work->memo);
    PyMem_Free(work);
    return out;
}

/* ------------------------------------------------------------------ batches for learning */

/* rules.batch(n): n games of one table stepped together for learning (sequenza.rl.vector):
 * each step plays one action in every game, for its seat to act, and writes into the
 * caller's arrays each game's observation tensor for its next seat to act (the game's
 * encoding.py, number for number), its legal-action mask, each seat's reward and whether the
 * game ended; a game that ends is dealt again at once from the next seed. Action -1 leaves a
 * game where it is for that step, and a game that ends can leave its last position, as the
 * seat that ended it sees it, in a further array: what Gymnasium's next-step auto-reset
 * shows (sequenza.rl.gym_vector). One driver steps the games of every kind; each game gives
 * it these operations (the search's where they are the same): */
typedef struct {
    /* The bytes of one game, and the memory a game holds of its own (NULL where none). */
    size_t bytes;
    int (*init)(void *g);
    void (*release)(void *g);
    /* A new game, dealt as the Python rules deal it from a generator seeded so. */
    void (*deal)(const void *rules, void *g, MT *seeded);
    /* The game as `seat` sees it, into `out` (zeros): the seat to act while the game runs,
     * the seat that ended it once it is over. */
    void (*encode)(const void *rules, const void *g, int seat, float *out);
    int (*legal)(const void *rules, const void *g, int16_t *out);
    void (*apply)(const void *rules, void *g, int action);
    /* The seat to act, -1 once the game is over. */
    int (*seat)(const void *g);
    /* A finished game's payoffs: its winners are the seats paid. */
    void (*payoffs)(const void *rules, const void *g, double *out);
    /* Whether a game ran out of memory on the way (NULL: it cannot). */
    int (*failed)(const void *g);
} BatchOps;

typedef struct {
    PyObject_HEAD
    PyObject *rules;
    const BatchOps *ops;
    int n, size, players, actions;
    /* The games whose own memory init gave (released with the batch). */
    int ready;
    uint64_t next_seed;
    char *games;
    int16_t *legal;
} Batch;

static PyTypeObject BatchType;

/* What the tensors are made of (components/tensors.py): a count over its scale clipped to
 * [0, 1], 0 where the rules switched the scale off (fraction). */
static inline float clipped(double value) {
    return (float)(value < 0.0 ? 0.0 : value > 1.0 ? 1.0 : value);
}
static inline float fraction_of(double value, double scale) {
    return scale > 0.0 ? clipped(value / scale) : 0.0f;
}
/* One number per seat, seen from `seat` (0 is itself), over `scale` (per_seat). */
static void per_seat(const int *values, int players, int seat, double scale, float *out) {
    int other;
    for (other = 0; other < players; other++)
        out[(other - seat + players) % players] = fraction_of(values[other], scale);
}
/* The fields every tensor starts with: the seat to act seen from `seat`, one-hot (none once
 * the game is over, -1), and whether the game is over; the game's own fields follow. */
static float *tensor_header(float *out, int players, int to_act, int seat) {
    if (to_act >= 0)
        out[(to_act - seat + players) % players] = 1.0f;
    else
        out[players] = 1.0f;
    return out + players + 1;
}

/* A Sequentia card's 14 numbers (CARD_FEATURES: present, its digit one-hot, its code digit by
 * digit one-hot, bonus), `stride` apart (a grid stores them features first). */
#define CARD_NUMBERS 14
static void sequentia_card(int digit, const int8_t *code, int bonus, float *out, int stride) {
    int place;
    out[0] = 1.0f;
    out[digit * stride] = 1.0f;
    for (place = 0; place < 3; place++) out[(4 + place * 3 + code[place] - 1) * stride] = 1.0f;
    out[13 * stride] = (float)bonus;
}

static inline void *batch_game(const Batch *self, int i) {
    return self->games + (size_t)i * self->ops->bytes;
}

static void batch_encode(const Batch *self, const void *g, int seat, float *out) {
    memset(out, 0, sizeof(float) * (size_t)self->size);
    self->ops->encode(self->rules, g, seat, out);
}

/* Game i dealt again, from the next seed: 0, or -1 (an exception set) out of memory. */
static int batch_deal(Batch *self, int i) {
    MT seeded;
    void *g = batch_game(self, i);
    mt_seed_u64(&seeded, self->next_seed++);
    self->ops->deal(self->rules, g, &seeded);
    if (self->ops->failed && self->ops->failed(g)) {
        PyErr_NoMemory();
        return -1;
    }
    return 0;
}

/* The observation, mask and seat of game i (a mask row of `actions` bytes). */
static void batch_view(Batch *self, int i, float *obs, uint8_t *mask, int64_t *to_act) {
    const void *g = batch_game(self, i);
    int count = self->ops->legal(self->rules, g, self->legal), seat = self->ops->seat(g), k;
    batch_encode(self, g, seat, obs + (size_t)i * self->size);
    memset(mask + (size_t)i * self->actions, 0, (size_t)self->actions);
    for (k = 0; k < count; k++) mask[(size_t)i * self->actions + self->legal[k]] = 1;
    to_act[i] = seat;
}

/* A batch of n games (the argument tuple's one number) of these rules. */
static PyObject *batch_new(PyObject *rules, const BatchOps *ops, int players, int actions,
                           int size, PyObject *args) {
    int n;
    Batch *batch;
    if (!PyArg_ParseTuple(args, "i", &n)) return NULL;
    if (n < 1 || n > 1 << 16) {
        PyErr_SetString(PyExc_ValueError, "a batch holds 1 to 65536 games");
        return NULL;
    }
    batch = PyObject_New(Batch, &BatchType);
    if (!batch) return NULL;
    Py_INCREF(rules);
    batch->rules = rules;
    batch->ops = ops;
    batch->n = n;
    batch->size = size;
    batch->players = players;
    batch->actions = actions;
    batch->ready = 0;
    batch->next_seed = 0;
    batch->games = PyMem_Calloc((size_t)n, ops->bytes);
    /* Room for every action, and more: no game lists an action twice, but a board game's
     * bound is MAX_LEGAL. */
    batch->legal = PyMem_Malloc(sizeof(int16_t) * (size_t)(MAX_LEGAL + actions));
    if (!batch->games || !batch->legal) {
        Py_DECREF(batch);
        return PyErr_NoMemory();
    }
    for (; ops->init && batch->ready < n; batch->ready++)
        if (ops->init(batch_game(batch, batch->ready)) < 0) {
            Py_DECREF(batch);
            return PyErr_NoMemory();
        }
    return (PyObject *)batch;
}

static void Batch_dealloc(Batch *self) {
    int i;
    if (self->ops->release)
        for (i = 0; i < self->ready; i++) self->ops->release(batch_game(self, i));
    PyMem_Free(self->games);
    PyMem_Free(self->legal);
    Py_XDECREF(self->rules);
    PyObject_Free(self);
}

/* A writable C-contiguous buffer of `want` items of `itemsize` bytes. */
static int batch_buffer(PyObject *obj, Py_buffer *view, Py_ssize_t want, Py_ssize_t itemsize,
                        const char *what) {
    if (PyObject_GetBuffer(obj, view, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS) < 0) return -1;
    if (view->itemsize != itemsize || view->len != want * itemsize) {
        PyErr_Format(PyExc_ValueError, "%s: %zd items of %zd bytes wanted", what, want, itemsize);
        PyBuffer_Release(view);
        return -1;
    }
    return 0;
}

/* reset(seed, obs, mask, to_act): game i dealt from seed + i; later deals take the next
 * seeds in the order the games end. */
static PyObject *Batch_reset(Batch *self, PyObject *args) {
    PyObject *objs[4], *result = NULL;
    Py_buffer views[3];
    Py_ssize_t want[3] = {(Py_ssize_t)self->n * self->size, (Py_ssize_t)self->n * self->actions,
                          self->n};
    Py_ssize_t sizes[3] = {4, 1, 8};
    const char *names[3] = {"observations", "masks", "seats to act"};
    uint64_t seed;
    int i, got;
    if (!PyArg_ParseTuple(args, "OOOO", &objs[0], &objs[1], &objs[2], &objs[3])) return NULL;
    if (read_seed(objs[0], &seed) < 0) return NULL;
    for (got = 0; got < 3; got++)
        if (batch_buffer(objs[got + 1], &views[got], want[got], sizes[got], names[got]) < 0)
            goto end;
    self->next_seed = seed;
    for (i = 0; i < self->n; i++) {
        if (batch_deal(self, i) < 0) goto end;
        batch_view(self, i, views[0].buf, views[1].buf, views[2].buf);
    }
    result = Py_None;
    Py_INCREF(result);
end:
    for (i = 0; i < got; i++) PyBuffer_Release(&views[i]);
    return result;
}

/* step(actions, obs, mask, rewards, done, to_act[, final]): one action id per game for its
 * seat to act, or -1 to leave the game as it is (an illegal one raises ValueError before any
 * game moves); rewards per game and seat are +1 for each winner and -1 for each other seat
 * when a game ends with some seats winning, else 0. With `final`, a game that ends writes its
 * last position, seen by the seat that ended it, in its row there (other rows stay). */
static PyObject *Batch_step(Batch *self, PyObject *args) {
    PyObject *objs[7] = {NULL};
    Py_buffer views[7];
    const BatchOps *ops = self->ops;
    int i, k, got = 0, wanted, p = self->players;
    PyObject *result = NULL;
    Py_ssize_t want[7] = {self->n,
                          (Py_ssize_t)self->n * self->size,
                          (Py_ssize_t)self->n * self->actions,
                          (Py_ssize_t)self->n * p,
                          self->n,
                          self->n,
                          (Py_ssize_t)self->n * self->size};
    Py_ssize_t sizes[7] = {8, 4, 1, 4, 1, 8, 4};
    const char *names[7] = {"actions", "observations", "masks", "rewards",
                            "done",    "seats",        "final observations"};
    if (!PyArg_ParseTuple(args, "OOOOOO|O", &objs[0], &objs[1], &objs[2], &objs[3], &objs[4],
                          &objs[5], &objs[6]))
        return NULL;
    wanted = objs[6] && objs[6] != Py_None ? 7 : 6;
    for (got = 0; got < wanted; got++)
        if (batch_buffer(objs[got], &views[got], want[got], sizes[got], names[got]) < 0) goto end;
    {
        const int64_t *actions = views[0].buf;
        float *rewards = views[3].buf;
        uint8_t *done = views[4].buf;
        float *final = wanted == 7 ? views[6].buf : NULL;
        for (i = 0; i < self->n; i++) {
            int count;
            if (actions[i] == -1) continue;
            count = ops->legal(self->rules, batch_game(self, i), self->legal);
            for (k = 0; k < count && self->legal[k] != actions[i]; k++);
            if (k == count) {
                PyErr_Format(PyExc_ValueError, "game %d: action %lld is not legal now", i,
                             (long long)actions[i]);
                goto end;
            }
        }
        for (i = 0; i < self->n; i++) {
            void *g = batch_game(self, i);
            float *reward = rewards + (size_t)i * p;
            int mover = ops->seat(g);
            memset(reward, 0, sizeof(float) * (size_t)p);
            done[i] = 0;
            if (actions[i] != -1) {
                ops->apply(self->rules, g, (int)actions[i]);
                if (ops->failed && ops->failed(g)) {
                    PyErr_NoMemory();
                    goto end;
                }
                done[i] = ops->seat(g) < 0;
            }
            if (done[i]) {
                double payoffs[MAX_PLAYERS];
                int winners = 0, seat;
                ops->payoffs(self->rules, g, payoffs);
                for (seat = 0; seat < p; seat++) winners += payoffs[seat] > 0.0;
                if (winners && winners < p)
                    for (seat = 0; seat < p; seat++)
                        reward[seat] = payoffs[seat] > 0.0 ? 1.0f : -1.0f;
                if (final) batch_encode(self, g, mover, final + (size_t)i * self->size);
                if (batch_deal(self, i) < 0) goto end;
            }
            batch_view(self, i, views[1].buf, views[2].buf, views[5].buf);
        }
    }
    result = Py_None;
    Py_INCREF(result);
end:
    for (i = 0; i < got; i++) PyBuffer_Release(&views[i]);
    return result;
}

static PyObject *Batch_get_size(Batch *self, void *unused) {
    (void)unused;
    return PyLong_FromLong(self->size);
}

static PyMethodDef Batch_methods[] = {
    {"reset", (PyCFunction)Batch_reset, METH_VARARGS,
     "reset(seed, obs, mask, to_act): every game dealt again, from seed, seed + 1..."},
    {"step", (PyCFunction)Batch_step, METH_VARARGS,
     "step(actions, obs, mask, rewards, done, to_act[, final]): one action in every game "
     "(-1 leaves one as it is)."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef Batch_getset[] = {
    {"size", (getter)Batch_get_size, NULL, "The observation tensor's size.", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject BatchType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "sequenza._fast.Batch",
    .tp_basicsize = sizeof(Batch),
    .tp_dealloc = (destructor)Batch_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Games of one table stepped together, writing into NumPy arrays.",
    .tp_methods = Batch_methods,
    .tp_getset = Batch_getset,
};

/* The board games (sequence_board/encoding.py): to_act, over, 7 board planes, sequences,
 * hand, hand sizes, discarded, discard sizes, draw pile, dead exchanged, passes. */
static int board_tensor_size(const Board *b) {
    return b->players + 1 + 7 * SPACES + 3 + b->faces + b->players + b->faces + b->players + 3;
}

static void board_encode(const void *rules, const void *game, int seat, float *out) {
    const Board *b = rules;
    const Game *g = game;
    int p = b->players, sides = b->sides, mine = seat % sides, s, f, i, k;
    float *board = tensor_header(out, p, g->ending == ONGOING ? g->to_act : -1, seat), *cursor;
    float copies = (float)b->copies;
    for (s = 0; s < SPACES; s++) {
        int v = g->board[s];
        if (v == FREE)
            board[3 * SPACES + s] = 1.0f;
        else if (v >= 0)
            board[((v - mine + sides) % sides) * SPACES + s] = 1.0f;
        if (g->marked[s]) board[4 * SPACES + s] = 1.0f;
    }
    for (i = 0; i < g->pending_count; i++)
        for (k = 0; k < RUN; k++) board[5 * SPACES + b->window[g->pending[i]][k]] = 1.0f;
    for (f = 0; f < b->faces; f++) {
        int count = g->face_count[seat][f];
        for (k = 0; count && k < 2; k++) {
            int space = b->value_space[f][k];
            if (space >= 0) board[6 * SPACES + space] += (float)count;
        }
    }
    for (s = 0; s < SPACES; s++) {
        float reach = board[6 * SPACES + s] / 2.0f;
        board[6 * SPACES + s] = reach > 1.0f ? 1.0f : reach;
    }
    cursor = board + 7 * SPACES;
    for (i = 0; i < sides; i++)
        cursor[(i - mine + sides) % sides] = clipped((double)g->sequence_count[i] / b->to_win);
    cursor += 3;
    for (f = 0; f < b->faces; f++) {
        float share = (float)g->face_count[seat][f] / copies;
        cursor[f] = share > 1.0f ? 1.0f : share;
    }
    cursor += b->faces;
    for (i = 0; i < p; i++) cursor[(i - seat + p) % p] = clipped(g->hand_count[i] / 7.0);
    cursor += p;
    {
        float counts[MAX_FACES];
        memset(counts, 0, sizeof(float) * (size_t)b->faces);
        for (i = 0; i < p; i++)
            for (k = 0; k < g->discard_count[i]; k++)
                counts[b->card_face[g->discards[i * MAX_CARDS + k]]] += 1.0f;
        for (f = 0; f < b->faces; f++) {
            float share = counts[f] / copies;
            cursor[f] = share > 1.0f ? 1.0f : share;
        }
    }
    cursor += b->faces;
    for (i = 0; i < p; i++)
        cursor[(i - seat + p) % p] = clipped((double)g->discard_count[i] / b->cards);
    cursor += p;
    cursor[0] = clipped((double)g->draw_count / b->cards);
    cursor[1] = g->dead_used ? 1.0f : 0.0f;
    cursor[2] = clipped((double)g->passes / p);
}

/* A board game's discards live beside it, in its BoardWork. */
static void board_deal_op(const void *rules, void *g, MT *seeded) {
    BoardWork *work = g;
    game_new(rules, &work->game, work->discards, seeded);
}

static const BatchOps BOARD_BATCH = {
    sizeof(BoardWork), NULL,           NULL,           board_deal_op,    board_encode,
    board_legal_op,    board_apply_op, board_seat_op, board_payoffs_op, NULL,
};

static PyObject *Board_batch(Board *self, PyObject *args) {
    return batch_new((PyObject *)self, &BOARD_BATCH, self->players, self->actions,
                     board_tensor_size(self), args);
}

/* Sequentia Stack (sequentia_stack/encoding.py): the row's piles (their cards, tops and
 * sizes), the hand, hand sizes, collected, phase, last pile, deck, claim rule. */
static int stack_tensor_size(const StackRules *r) {
    return r->players + 1 + ROW * (STACK_CARDS + CARD_NUMBERS + 1) + STACK_CARDS +
           2 * r->players + 3 + ROW + 2;
}

static void stack_card_numbers(const StackRules *r, int card, float *out) {
    int code = r->code[card];
    int8_t digits[3] = {(int8_t)(code / 100), (int8_t)(code / 10 % 10), (int8_t)(code % 10)};
    sequentia_card(r->digit[card], digits, r->bonus[card], out, 1);
}

static void stack_encode(const void *rules, const void *game, int seat, float *out) {
    const StackRules *r = rules;
    const StackGame *g = game;
    int p = r->players, i, k;
    float *cursor = tensor_header(out, p, g->over ? -1 : g->to_act, seat);
    for (i = 0; i < g->pile_count; i++) {
        for (k = 0; k < g->pile_size[i]; k++) cursor[i * STACK_CARDS + g->piles[i][k]] = 1.0f;
        stack_card_numbers(r, g->piles[i][g->pile_size[i] - 1],
                           cursor + ROW * STACK_CARDS + i * CARD_NUMBERS);
        cursor[ROW * (STACK_CARDS + CARD_NUMBERS) + i] = fraction_of(g->pile_size[i], STACK_CARDS);
    }
    cursor += ROW * (STACK_CARDS + CARD_NUMBERS + 1);
    for (k = 0; k < g->hand_count[seat]; k++) cursor[g->hands[seat][k]] = 1.0f;
    cursor += STACK_CARDS;
    per_seat(g->hand_count, p, seat, r->hand_size, cursor);
    per_seat(g->collected_count, p, seat, STACK_CARDS, cursor + p);
    cursor += 2 * p;
    cursor[g->phase] = 1.0f;
    if (g->last_pile >= 0) cursor[3 + g->last_pile] = 1.0f;
    cursor += 3 + ROW;
    cursor[0] = fraction_of(g->deck_count, STACK_CARDS);
    cursor[1] = (float)r->must_include_last;
}

static void stack_deal_op(const void *rules, void *g, MT *seeded) { stack_new(rules, g, seeded); }

static const BatchOps STACK_BATCH = {
    sizeof(StackGame), NULL,           NULL,           stack_deal_op,    stack_encode,
    stack_legal_op,    stack_apply_op, stack_seat_op, stack_payoffs_op, NULL,
};

static PyObject *StackRules_batch(StackRules *self, PyObject *args) {
    return batch_new((PyObject *)self, &STACK_BATCH, self->players, self->actions,
                     stack_tensor_size(self), args);
}

/* Sequentia Shift (sequentia_shift/encoding.py): the grid, the target and where the grid
 * matches it, who holds a target, score piles, out of play, deck, phase, slides, quiet turns,
 * first player. */
static int shift_tensor_size(const ShiftRules *r) {
    return r->players + 1 + CARD_NUMBERS * CELLS + CARD_NUMBERS + CELLS + 2 * r->players +
           SHIFT_CARDS + 5 + r->players;
}

static void shift_encode(const void *rules, const void *game, int seat, float *out) {
    const ShiftRules *r = rules;
    const ShiftGame *g = game;
    int p = r->players, target = g->targets[seat], holds[SHIFT_PLAYERS], place, i, limit;
    float *cursor = tensor_header(out, p, g->ending ? -1 : g->to_act, seat);
    for (place = 0; place < CELLS; place++) {
        int card = g->grid[place];
        if (card >= 0)
            sequentia_card(r->digit[card], r->code[card], r->bonus[card], cursor + place, CELLS);
    }
    cursor += CARD_NUMBERS * CELLS;
    if (target >= 0) {
        sequentia_card(r->digit[target], r->code[target], r->bonus[target], cursor, 1);
        for (place = 0; place < CELLS; place++) {
            int card = g->grid[place];
            if (card >= 0 && r->digit[card] == r->code[target][place % 3])
                cursor[CARD_NUMBERS + place] = 1.0f;
        }
    }
    cursor += CARD_NUMBERS + CELLS;
    for (i = 0; i < p; i++) holds[i] = g->targets[i] >= 0;
    per_seat(holds, p, seat, 1.0, cursor);
    per_seat(g->pile_count, p, seat, SHIFT_CARDS, cursor + p);
    cursor += 2 * p;
    for (i = 0; i < g->out_count; i++) cursor[g->out[i]] = 1.0f;
    cursor += SHIFT_CARDS;
    cursor[0] = fraction_of(g->deck_count, SHIFT_CARDS);
    cursor[1 + g->phase] = 1.0f;
    cursor[3] = fraction_of(g->slides, r->slide_limit);
    /* The quiet turns that end the game now: the stall once the deck is out, else the idle
     * rounds where the option sets them (none: 0). */
    limit = g->deck_count ? r->idle_rounds * p : r->stall_rounds * p;
    cursor[4] = fraction_of(g->quiet_turns, limit);
    cursor[5 + (g->first_player - seat + p) % p] = 1.0f;
}

static void shift_deal_op(const void *rules, void *g, MT *seeded) { shift_new(rules, g, seeded); }
/* Each game keeps its own table of positions seen. */
static int shift_init_op(void *g) {
    if (seen_init(&((ShiftGame *)g)->seen, 1024) == 0) return 0;
    seen_free(&((ShiftGame *)g)->seen);
    return -1;
}
static void shift_release_op(void *g) { seen_free(&((ShiftGame *)g)->seen); }

static const BatchOps SHIFT_BATCH = {
    sizeof(ShiftGame), shift_init_op,  shift_release_op, shift_deal_op,    shift_encode,
    shift_legal_op,    shift_apply_op, shift_seat_op,    shift_payoffs_op, shift_failed_op,
};

static PyObject *ShiftRules_batch(ShiftRules *self, PyObject *args) {
    return batch_new((PyObject *)self, &SHIFT_BATCH, self->players, self->actions,
                     shift_tensor_size(self), args);
}

/* Sequentia Cross (sequentia_cross/encoding.py): the grid's tops, pile sizes and places
 * covered, the lines that may be claimed, phase, hand, hand sizes, collected, out of play,
 * deck, idle turns. */
static int cross_tensor_size(const CrossRules *r) {
    return r->players + 1 + CARD_NUMBERS * CELLS + 2 * CELLS + 6 + 2 + CROSS_CARDS +
           2 * r->players + CROSS_CARDS + 2;
}

static void cross_encode(const void *rules, const void *game, int seat, float *out) {
    const CrossRules *r = rules;
    const CrossGame *g = game;
    int p = r->players, place, i, k;
    float *cursor = tensor_header(out, p, g->ending ? -1 : g->to_act, seat);
    for (place = 0; place < CELLS; place++)
        if (g->pile_size[place]) {
            int top = g->piles[place][g->pile_size[place] - 1];
            sequentia_card(r->digit[top], r->code[top], r->bonus[top], cursor + place, CELLS);
        }
    cursor += CARD_NUMBERS * CELLS;
    for (place = 0; place < CELLS; place++)
        cursor[place] = fraction_of(g->pile_size[place], CROSS_CARDS);
    cursor += CELLS;
    for (k = 0; k < g->covered_count; k++) cursor[g->covered[k]] = 1.0f;
    cursor += CELLS;
    if (g->phase == CLAIMING) {
        /* Every line of a claim the seat may make (claim_choices): rows, then columns. */
        int found = cross_sequences(r, g);
        for (i = 0; i < r->claims; i++) {
            int direction = r->claim_direction[i], lines = r->claim_lines[i];
            int have = direction ? found >> 3 : found & 7;
            if ((lines & have) == lines)
                for (k = 0; k < 3; k++)
                    if (lines >> k & 1) cursor[direction * 3 + k] = 1.0f;
        }
    }
    cursor += 6;
    cursor[g->phase] = 1.0f;
    cursor += 2;
    for (k = 0; k < g->hand_count[seat]; k++) cursor[g->hands[seat][k]] = 1.0f;
    cursor += CROSS_CARDS;
    per_seat(g->hand_count, p, seat, CROSS_HAND, cursor);
    per_seat(g->collected_count, p, seat, CROSS_CARDS, cursor + p);
    cursor += 2 * p;
    for (k = 0; k < g->out_count; k++) cursor[g->out[k]] = 1.0f;
    cursor += CROSS_CARDS;
    cursor[0] = fraction_of(g->deck_count, CROSS_CARDS);
    cursor[1] = fraction_of(g->idle_turns, r->stall_rounds * p);
}

static void cross_deal_op(const void *rules, void *g, MT *seeded) { cross_new(rules, g, seeded); }

static const BatchOps CROSS_BATCH = {
    sizeof(CrossGame), NULL,           NULL,           cross_deal_op,    cross_encode,
    cross_legal_op,    cross_apply_op, cross_seat_op, cross_payoffs_op, NULL,
};

static PyObject *CrossRules_batch(CrossRules *self, PyObject *args) {
    return batch_new((PyObject *)self, &CROSS_BATCH, self->players, self->actions,
                     cross_tensor_size(self), args);
}

/* Sequence Stacks (sequence_stacks/encoding.py): cards counted by face over the most copies
 * of a face, chips by colour; the hand, hand sizes, each seat's known cards, discards and
 * discard top, the action discard, the shared piles' sizes one-hot, the draw pile, set aside,
 * removed, chips, supply, the turn's seat, direction, skips, the Block window, quiet and
 * chipless turns. */
static int ss_tensor_size(const SeqStacksRules *r) {
    int p = r->players, f = r->faces, c = r->colours, s = 2 * r->colours;
    return p + 1 + f + p + 3 * p * f + f + s * (SS_TOP + 1) + 1 + 2 * f + p * c + c + p + 1 + p +
           (1 + p + s + p) + 2;
}

/* The faces of `count` cards, each face's count over the most copies of one face. */
static void ss_faces(const SeqStacksRules *r, const uint8_t *cards, int count, float *out) {
    int counts[SS_FACES], k;
    memset(counts, 0, sizeof(counts));
    for (k = 0; k < count; k++) counts[r->card_face[cards[k]]]++;
    for (k = 0; k < r->faces; k++)
        if (counts[k]) out[k] = fraction_of(counts[k], r->copies);
}

static void ss_encode(const void *rules, const void *game, int seat, float *out) {
    const SeqStacksRules *r = rules;
    const SeqStacksGame *g = game;
    int p = r->players, f = r->faces, c = r->colours, s = 2 * r->colours, other, k;
    float *cursor = tensor_header(out, p, g->ending ? -1 : g->to_act, seat);
    ss_faces(r, g->hands[seat], g->hand_count[seat], cursor);
    cursor += f;
    per_seat(g->hand_count, p, seat, 10.0, cursor);
    cursor += p;
    for (other = 0; other < p; other++) {
        int row = (other - seat + p) % p, counts[SS_FACES];
        memset(counts, 0, sizeof(counts));
        for (k = 0; k < g->known_count[other]; k++) counts[g->known[other][k]]++;
        for (k = 0; k < f; k++)
            if (counts[k]) cursor[row * f + k] = fraction_of(counts[k], r->copies);
        ss_faces(r, g->discards[other], g->discard_count[other], cursor + p * f + row * f);
        if (g->discard_count[other])
            cursor[2 * p * f + row * f +
                   r->card_face[g->discards[other][g->discard_count[other] - 1]]] = 1.0f;
    }
    cursor += 3 * p * f;
    ss_faces(r, g->action_discard, g->action_count, cursor);
    cursor += f;
    for (k = 0; k < s; k++)
        cursor[k * (SS_TOP + 1) + (g->pile_size[k] < SS_TOP ? g->pile_size[k] : SS_TOP)] = 1.0f;
    cursor += s * (SS_TOP + 1);
    cursor[0] = fraction_of(g->draw_count, r->cards);
    cursor += 1;
    ss_faces(r, g->aside, g->aside_count, cursor);
    cursor += f;
    {
        uint8_t removed[SS_CARDS];
        for (k = 0; k < r->removed_count; k++) removed[k] = (uint8_t)r->removed[k];
        ss_faces(r, removed, r->removed_count, cursor);
    }
    cursor += f;
    for (other = 0; other < p; other++)
        for (k = 0; k < c; k++)
            cursor[((other - seat + p) % p) * c + k] =
                fraction_of(g->chips[other][k], r->chips_per_colour);
    cursor += p * c;
    for (k = 0; k < c; k++) cursor[k] = fraction_of(g->supply[k], r->chips_per_colour);
    cursor += c;
    cursor[(g->turn_seat - seat + p) % p] = 1.0f;
    cursor += p;
    cursor[0] = g->direction > 0 ? 1.0f : 0.0f;
    cursor += 1;
    per_seat(g->skips, p, seat, 3.0, cursor);
    cursor += p;
    if (g->block_pile >= 0) {
        cursor[0] = 1.0f;
        cursor[1 + (g->turn_seat - seat + p) % p] = 1.0f;
        cursor[1 + p + g->block_pile] = 1.0f;
        for (k = 0; k < g->waiting_count; k++)
            cursor[1 + p + s + (g->waiting[k] - seat + p) % p] = 1.0f;
    }
    cursor += 1 + p + s + p;
    cursor[0] = fraction_of(g->quiet_turns, r->stall_rounds * p);
    cursor[1] = fraction_of(g->chipless_turns, r->chipless_limit * p);
}

static void ss_deal_op(const void *rules, void *g, MT *seeded) { ss_new(rules, g, seeded); }

static const BatchOps SS_BATCH = {
    sizeof(SeqStacksGame), NULL,        NULL,       ss_deal_op,    ss_encode,
    ss_legal_op,           ss_apply_op, ss_seat_op, ss_payoffs_op, NULL,
};

static PyObject *SeqStacksRules_batch(SeqStacksRules *self, PyObject *args) {
    return batch_new((PyObject *)self, &SS_BATCH, self->players, self->actions,
                     ss_tensor_size(self), args);
}

/* ------------------------------------------------------------------ the module */

static PyObject *fast_random_states(PyObject *module, PyObject *args) {
    /* _fast.mt_state(seed) -> random.Random(seed).getstate()[1], for the generator's tests. */
    PyObject *seed_obj;
    uint64_t seed;
    MT mt;
    int i;
    if (!PyArg_ParseTuple(args, "O", &seed_obj)) return NULL;
    if (read_seed(seed_obj, &seed) < 0) return NULL;
    mt_seed_u64(&mt, seed);
    PyObject *out = PyTuple_New(MT_N + 1);
    for (i = 0; out && i < MT_N; i++)
        PyTuple_SET_ITEM(out, i, PyLong_FromUnsignedLong(mt.state[i]));
    if (out) PyTuple_SET_ITEM(out, MT_N, PyLong_FromLong(mt.index));
    return out;
}

static PyObject *fast_randbelow(PyObject *module, PyObject *args) {
    /* _fast.randbelow(seed, n, count) -> [random.Random(seed).randrange(n) for _ in count]. */
    PyObject *seed_obj;
    uint64_t seed;
    unsigned long n;
    Py_ssize_t count, i;
    MT mt;
    if (!PyArg_ParseTuple(args, "Okn", &seed_obj, &n, &count)) return NULL;
    if (read_seed(seed_obj, &seed) < 0) return NULL;
    if (n < 1 || n > 0xffffffffUL || count < 0) {
        PyErr_SetString(PyExc_ValueError, "1 <= n < 2**32 and count >= 0");
        return NULL;
    }
    mt_seed_u64(&mt, seed);
    PyObject *out = PyList_New(count);
    for (i = 0; out && i < count; i++)
        PyList_SET_ITEM(out, i, PyLong_FromUnsignedLong(mt_below(&mt, (uint32_t)n)));
    return out;
}

static PyMethodDef module_methods[] = {
    {"mt_state", fast_random_states, METH_VARARGS,
     "mt_state(seed): random.Random(seed).getstate()[1], from the core's generator."},
    {"randbelow", fast_randbelow, METH_VARARGS,
     "randbelow(seed, n, count): count draws of randrange(n) from random.Random(seed)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef fast_module = {
    PyModuleDef_HEAD_INIT, "sequenza._fast",
    "The compiled playout core: a fast twin of the board games' Python rules.", -1,
    module_methods,
};

PyMODINIT_FUNC PyInit__fast(void) {
    PyObject *module;
    mt_init_genrand(&mt_base, 19650218U);
    if (PyType_Ready(&BoardType) < 0 || PyType_Ready(&BoardStateType) < 0 ||
        PyType_Ready(&BatchType) < 0 ||
        PyType_Ready(&StackRulesType) < 0 || PyType_Ready(&StackStateType) < 0 ||
        PyType_Ready(&ShiftRulesType) < 0 || PyType_Ready(&ShiftStateType) < 0 ||
        PyType_Ready(&CrossRulesType) < 0 || PyType_Ready(&CrossStateType) < 0 ||
        PyType_Ready(&SeqStacksRulesType) < 0 || PyType_Ready(&SeqStacksStateType) < 0)
        return NULL;
    shift_slides();
    module = PyModule_Create(&fast_module);
    if (!module) return NULL;
    FastError = PyErr_NewException("sequenza._fast.FastError", PyExc_RuntimeError, NULL);
    Py_INCREF(&BoardType);
    Py_INCREF(&BoardStateType);
    Py_INCREF(&StackRulesType);
    Py_INCREF(&StackStateType);
    Py_INCREF(&ShiftRulesType);
    Py_INCREF(&ShiftStateType);
    Py_INCREF(&CrossRulesType);
    Py_INCREF(&CrossStateType);
    Py_INCREF(&SeqStacksRulesType);
    Py_INCREF(&SeqStacksStateType);
    if (!FastError || PyModule_AddObject(module, "FastError", FastError) < 0 ||
        PyModule_AddObject(module, "Board", (PyObject *)&BoardType) < 0 ||
        PyModule_AddObject(module, "BoardState", (PyObject *)&BoardStateType) < 0 ||
        PyModule_AddObject(module, "StackRules", (PyObject *)&StackRulesType) < 0 ||
        PyModule_AddObject(module, "StackState", (PyObject *)&StackStateType) < 0 ||
        PyModule_AddObject(module, "ShiftRules", (PyObject *)&ShiftRulesType) < 0 ||
        PyModule_AddObject(module, "ShiftState", (PyObject *)&ShiftStateType) < 0 ||
        PyModule_AddObject(module, "CrossRules", (PyObject *)&CrossRulesType) < 0 ||
        PyModule_AddObject(module, "CrossState", (PyObject *)&CrossStateType) < 0 ||
        PyModule_AddObject(module, "SeqStacksRules", (PyObject *)&SeqStacksRulesType) < 0 ||
        PyModule_AddObject(module, "SeqStacksState", (PyObject *)&SeqStacksStateType) < 0) {
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
