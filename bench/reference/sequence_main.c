/* The yardstick's driver: classic Sequence's random playouts in a plain C program, with no
 * Python anywhere. bench/reference_sequence.py puts the core's rules of the board games
 * (src/sequenza/_fast.c up to its Python types) in front of this file, compiles the two and
 * runs them; this part reads the table from a file of numbers (the very lists sequenza/fast.py
 * hands the core), plays the games and prints their lengths, endings and the CPU time.
 *
 *     sequence_reference LAYOUT FIRST_SEED GAMES
 *
 * Game i is dealt from FIRST_SEED + i and chooses with random.Random((FIRST_SEED + i) ^
 * CHOICE_SALT), as sequenza.fast.playouts plays it. */

#include <stdio.h>
#include <stdlib.h>

#define CHOICE_SALT 0x9E3779B97F4A7C15ULL

static long *read_list(FILE *in, long *count) {
    long *values, i;
    if (fscanf(in, "%ld", count) != 1 || *count < 0) exit(2);
    values = malloc(sizeof(long) * (size_t)(*count + 1));
    for (i = 0; i < *count; i++)
        if (fscanf(in, "%ld", &values[i]) != 1) exit(2);
    return values;
}

static long read_number(FILE *in) {
    long value;
    if (fscanf(in, "%ld", &value) != 1) exit(2);
    return value;
}

/* Board_init of _fast.c without its checks: the layout is the engine's own. */
static Board *board_from(FILE *in) {
    Board *b = calloc(1, sizeof(Board));
    long n, i, j, *faces, *kinds, *spaces, *moves, *windows, *corners, *labels;
    faces = read_list(in, &n);
    b->cards = (int)n;
    for (i = 0; i < n; i++) b->card_face[i] = (int16_t)faces[i];
    kinds = read_list(in, &n);
    b->faces = (int)n;
    for (i = 0; i < n; i++) {
        b->kind[i] = (int8_t)kinds[i];
        b->dead_id[i] = -1;
    }
    spaces = read_list(in, &n);
    for (i = 0; i < b->faces; i++) {
        b->value_space[i][0] = (int16_t)spaces[2 * i];
        b->value_space[i][1] = (int16_t)spaces[2 * i + 1];
    }
    moves = read_list(in, &n); /* three numbers a move */
    b->actions = (int)(n / 3);
    b->play_id = malloc(sizeof(int16_t) * (size_t)b->faces * SPACES);
    b->move_kind = malloc((size_t)b->actions + 1);
    b->move_face = malloc(sizeof(int16_t) * ((size_t)b->actions + 1));
    b->move_target = malloc(sizeof(int16_t) * ((size_t)b->actions + 1));
    for (i = 0; i < (long)b->faces * SPACES; i++) b->play_id[i] = -1;
    b->mark_base = b->pass_id = -1;
    for (i = 0; i < b->actions; i++) {
        int kind = (int)moves[3 * i], face = (int)moves[3 * i + 1], target = (int)moves[3 * i + 2];
        b->move_kind[i] = (int8_t)kind;
        b->move_face[i] = (int16_t)face;
        b->move_target[i] = (int16_t)target;
        if (kind == K_PLAY || kind == K_TAKE)
            b->play_id[face * SPACES + target] = (int16_t)i;
        else if (kind == K_DEAD)
            b->dead_id[face] = (int16_t)i;
        else if (kind == K_MARK && target == 0)
            b->mark_base = (int)i;
        else if (kind == K_PASS)
            b->pass_id = (int)i;
    }
    windows = read_list(in, &n);
    for (i = 0; i < WINDOWS; i++) {
        Bits m = {0, 0};
        for (j = 0; j < RUN; j++) {
            int s = (int)windows[i * RUN + j];
            Bits one = bits_of(s);
            b->window[i][j] = (int8_t)s;
            m.lo |= one.lo;
            m.hi |= one.hi;
            b->through[s][b->through_count[s]++] = (int16_t)i;
        }
        b->window_bits[i] = m;
    }
    for (i = 0; i < WINDOWS; i++)
        for (j = 0; j < WINDOWS; j++)
            b->shared[i][j] =
                (int8_t)(__builtin_popcountll(b->window_bits[i].lo & b->window_bits[j].lo) +
                         __builtin_popcountll(b->window_bits[i].hi & b->window_bits[j].hi));
    corners = read_list(in, &n);
    for (i = 0; i < SPACES; i++) {
        b->corner[i] = corners[i] ? 1 : 0;
        if (corners[i]) {
            Bits one = bits_of((int)i);
            b->corner_bits.lo |= one.lo;
            b->corner_bits.hi |= one.hi;
        }
    }
    b->players = (int)read_number(in);
    b->sides = (int)read_number(in);
    b->to_win = (int)read_number(in);
    b->hand_size = (int)read_number(in);
    b->shared_limit = (int)read_number(in);
    b->idle_rounds = (int)read_number(in);
    b->random_first_player = (int)read_number(in);
    labels = read_list(in, &n);
    for (i = 0; i < SPACES; i++) b->label[i] = (int16_t)labels[i];
    return b;
}

int main(int argc, char **argv) {
    FILE *in;
    Board *b;
    Game *g = malloc(sizeof(Game));
    int16_t *discards = malloc(sizeof(int16_t) * MAX_PLAYERS * MAX_CARDS);
    int16_t *legal = malloc(sizeof(int16_t) * MAX_LEGAL);
    unsigned long long first;
    long games, i, total = 0;
    long *lengths;
    int *endings;
    clock_t start;
    double seconds;
    if (argc != 4 || !(in = fopen(argv[1], "r"))) {
        fprintf(stderr, "usage: %s LAYOUT FIRST_SEED GAMES\n", argv[0]);
        return 2;
    }
    b = board_from(in);
    fclose(in);
    first = strtoull(argv[2], NULL, 10);
    games = strtol(argv[3], NULL, 10);
    lengths = malloc(sizeof(long) * (size_t)(games + 1));
    endings = malloc(sizeof(int) * 2 * (size_t)(games + 1));
    mt_init_genrand(&mt_base, 19650218U);
    start = clock();
    for (i = 0; i < games; i++) {
        MT deal, choice;
        unsigned long long seed = first + (unsigned long long)i;
        mt_seed_u64(&deal, seed);
        mt_seed_u64(&choice, seed ^ CHOICE_SALT);
        game_new(b, g, discards, &deal);
        lengths[i] = play_out(b, g, RANDOM, &choice, 1000000, legal);
        endings[2 * i] = g->ending;
        endings[2 * i + 1] = g->winning_team;
        total += lengths[i];
    }
    seconds = (double)(clock() - start) / CLOCKS_PER_SEC;
    printf("%ld %.6f\n", total, seconds);
    for (i = 0; i < games; i++) printf("%ld %d %d\n", lengths[i], endings[2 * i], endings[2 * i + 1]);
    return 0;
}
