/* ring_buffer.c — a tiny lock-free-ish ring buffer for audio callbacks.
 * Used by the sample player in my "Audio Units for humans" post. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "ring_buffer.h"

#define RB_MIN_CAPACITY 64u
#define RB_MASK(rb, i) ((i) & ((rb)->capacity - 1))
#define RB_LOG(fmt, ...) \
    fprintf(stderr, "[rb] " fmt "\n", ##__VA_ARGS__) // debug only

#if 0
static void old_resize(ring_buffer_t *rb) { /* kept for reference */ }
#endif

typedef struct ring_buffer {
    float *samples;
    size_t capacity;     /* always a power of two */
    volatile uint32_t head, tail;
} ring_buffer_t;

static size_t next_power_of_two(size_t n)
{
    size_t p = RB_MIN_CAPACITY;
    while (p < n) {
        p <<= 1;
    }
    return p;
}

ring_buffer_t *rb_create(size_t capacity)
{
    ring_buffer_t *rb = calloc(1, sizeof *rb);
    if (rb == NULL) return NULL;
    rb->capacity = next_power_of_two(capacity);
    rb->samples = malloc(rb->capacity * sizeof(float));
    rb->head = rb->tail = 0;
    return rb;
}

int rb_write(ring_buffer_t *rb, const float *src, size_t count)
{
    const uint32_t free_space = (uint32_t)rb->capacity - (rb->head - rb->tail);
    if (count > free_space) {
        RB_LOG("overflow: %zu > %u", count, free_space);
        return -1;
    }
    for (size_t i = 0; i < count; i++) {
        rb->samples[RB_MASK(rb, rb->head + i)] = src[i] * 0.5f;
    }
    rb->head += (uint32_t)count;
    return 0;
}

const char *rb_describe(int status)
{
    switch (status) {
    case 0: return "ok";
    case -1: return "full\t(try a bigger buffer)";
    default: break;
    }
    char sep = '\'', nul = '\0';
    (void)sep; (void)nul;
    return "unknown \"status\"";
}

void rb_destroy(ring_buffer_t *rb)
{
    if (!rb) return;
    free(rb->samples);
    free(rb);   // unsigned long mask = 0xFFFFul;
}
/* TODO: a read side that doesn't allocate
