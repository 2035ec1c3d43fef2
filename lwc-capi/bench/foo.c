/* 100 000 x Keccak-256("foo") and SHA3-256 of 1 MiB: lwc vs XKCP and tiny_sha3, in one binary.
 *
 * Not built by CI. The anchors are optional, each behind a macro (build commands: README
 * "Measured"):
 *   -DHAVE_XKCP       XKCP's KeccakWidth1600_Sponge (libXKCP.a, e.g. its generic64 target)
 *   -DHAVE_TINY_SHA3  tiny_sha3's sha3.c compiled in (it has no Keccak padding option: its
 *                     Keccak-256 below is its sha3_init/sha3_update/sha3_keccakf with the 0x01
 *                     pad written here)
 * Every side's digests are checked against literal expected values before timing; then the
 * sides run alternately (rotating order) ROUNDS times and the minimum of each is printed. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "lwc.h"
#ifdef HAVE_XKCP
#include "KeccakSponge.h"
#endif
#ifdef HAVE_TINY_SHA3
#include "sha3.h"
#endif

#define N_FOO 100000
#define MIB (1u << 20)
#define ROUNDS 21

/* Keccak-256("foo"), as Ethereum's web3.sha3("foo"). */
static const char K256_FOO[] = "41b1a0649752af1b28b3dc29a1556eee781e4a4c3a1f7f53f90fa834de098c4d";
/* SHA3-256 of the 1 MiB message msg[i] = i mod 251 (Python's hashlib.sha3_256). */
static const char SHA3_MIB[] = "eec77e4d80484c04a505e6203c3822c67e13ce186fec1ea01e56961dcd7261ca";

static uint8_t *msg;

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

static void lwc_k256(const uint8_t *in, size_t len, uint8_t *out) { lwc_keccak_256(in, len, out); }
static void lwc_s256(const uint8_t *in, size_t len, uint8_t *out) { lwc_sha3_256(in, len, out); }
#ifdef HAVE_XKCP
static void xkcp_k256(const uint8_t *in, size_t len, uint8_t *out) {
  KeccakWidth1600_Sponge(1088, 512, in, len, 0x01, out, 32);
}
static void xkcp_s256(const uint8_t *in, size_t len, uint8_t *out) {
  KeccakWidth1600_Sponge(1088, 512, in, len, 0x06, out, 32);
}
#endif
#ifdef HAVE_TINY_SHA3
static void tiny_k256(const uint8_t *in, size_t len, uint8_t *out) {
  sha3_ctx_t c;
  sha3_init(&c, 32);
  sha3_update(&c, in, len);
  c.st.b[c.pt] ^= 0x01; /* Keccak pad: only the domain byte differs from sha3_final */
  c.st.b[c.rsiz - 1] ^= 0x80;
  sha3_keccakf(c.st.q); /* the state is little-endian on x86_64, as sha3_final assumes */
  memcpy(out, c.st.b, 32);
}
static void tiny_s256(const uint8_t *in, size_t len, uint8_t *out) { sha3(in, len, out, 32); }
#endif

typedef void (*hash_fn)(const uint8_t *, size_t, uint8_t *);
struct side {
  const char *name;
  hash_fn k256, s256;
  double best_foo, best_mib;
};
static struct side sides[] = {
    {"lwc", lwc_k256, lwc_s256, 1e9, 1e9},
#ifdef HAVE_XKCP
    {"xkcp", xkcp_k256, xkcp_s256, 1e9, 1e9},
#endif
#ifdef HAVE_TINY_SHA3
    {"tiny_sha3", tiny_k256, tiny_s256, 1e9, 1e9},
#endif
};
#define N_SIDES (sizeof sides / sizeof sides[0])

static int check(const char *who, const char *what, const uint8_t *d, const char *hex) {
  char got[65];
  for (int i = 0; i < 32; i++) sprintf(got + 2 * i, "%02x", d[i]);
  if (strcmp(got, hex) != 0) {
    fprintf(stderr, "%s %s: %s, expected %s\n", who, what, got, hex);
    return 1;
  }
  return 0;
}

static unsigned acc;
static double time_foo(struct side *s) {
  uint8_t d[32];
  double t0 = now();
  for (int i = 0; i < N_FOO; i++) {
    s->k256((const uint8_t *)"foo", 3, d);
    acc += d[0];
  }
  return now() - t0;
}
static double time_mib(struct side *s) {
  uint8_t d[32];
  double t0 = now();
  s->s256(msg, MIB, d);
  acc += d[0];
  return now() - t0;
}

int main(void) {
  msg = malloc(MIB);
  if (!msg) return 1;
  for (unsigned i = 0; i < MIB; i++) msg[i] = (uint8_t)(i % 251);
  int bad = 0;
  for (size_t j = 0; j < N_SIDES; j++) {
    uint8_t d[32];
    sides[j].k256((const uint8_t *)"foo", 3, d);
    bad |= check(sides[j].name, "Keccak-256(\"foo\")", d, K256_FOO);
    sides[j].s256(msg, MIB, d);
    bad |= check(sides[j].name, "SHA3-256(1 MiB)", d, SHA3_MIB);
  }
  if (bad) return 1;
  for (int r = 0; r < ROUNDS; r++) {
    for (size_t k = 0; k < N_SIDES; k++) {
      struct side *s = &sides[(k + r) % N_SIDES];
      double t = time_foo(s);
      if (t < s->best_foo) s->best_foo = t;
      t = time_mib(s);
      if (t < s->best_mib) s->best_mib = t;
    }
  }
  printf("min of %d alternating rounds (all digests checked)\n", ROUNDS);
  printf("%-10s %22s %22s\n", "side", "100000 x K-256(foo) s", "SHA3-256(1 MiB) ms");
  for (size_t j = 0; j < N_SIDES; j++)
    printf("%-10s %22.4f %22.3f\n", sides[j].name, sides[j].best_foo, sides[j].best_mib * 1e3);
  printf("(%u)\n", acc);
  return 0;
}
