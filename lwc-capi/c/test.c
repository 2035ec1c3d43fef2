/* C test of liblwc: official vectors (copied from the KAT files named beside each one as literal
 * hex, never computed by this library), streaming against one-shot, and the error codes. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "lwc.h"

static int failures = 0;

static void from_hex(const char *hex, uint8_t *out, size_t n) {
  for (size_t i = 0; i < n; i++) {
    unsigned v;
    sscanf(hex + 2 * i, "%2x", &v);
    out[i] = (uint8_t)v;
  }
}

static void expect(const char *what, const uint8_t *got, const char *hex) {
  uint8_t want[256];
  size_t n = strlen(hex) / 2;
  from_hex(hex, want, n);
  if (memcmp(got, want, n) != 0) {
    printf("FAIL %s\n", what);
    failures++;
  }
}

static void expect_rc(const char *what, int got, int want) {
  if (got != want) {
    printf("FAIL %s: %d, want %d\n", what, got, want);
    failures++;
  }
}

/* Whether `needle` occurs anywhere in the n bytes at `p`. */
static int contains(const void *p, size_t n, const char *needle) {
  size_t k = strlen(needle);
  for (size_t i = 0; i + k <= n; i++)
    if (memcmp((const uint8_t *)p + i, needle, k) == 0) return 1;
  return 0;
}

/* Whether the n bytes at `p` are all zero. */
static int all_zero(const void *p, size_t n) {
  for (size_t i = 0; i < n; i++)
    if (((const uint8_t *)p)[i] != 0) return 0;
  return 1;
}

/* ptn(n) of RFC 9861: 0x00..0xFA repeated. */
static uint8_t ptn[83521];

int main(void) {
  uint8_t out[256], ct[64], tag[16], pt[64];
  const uint8_t cc = 0xCC;
  for (size_t i = 0; i < sizeof ptn; i++) ptn[i] = (uint8_t)(i % 251);

  /* keccak-team ShortMsgKAT_SHA3-256.txt, Len = 0 and Len = 8. */
  expect_rc("sha3_256", lwc_sha3_256(NULL, 0, out), LWC_OK);
  expect("SHA3-256('')", out, "A7FFC6F8BF1ED76651C14756A061D662F580FF4DE43B49FA82D80A4B80F8434A");
  lwc_sha3_256(&cc, 1, out);
  expect("SHA3-256(CC)", out, "677035391CD3701293D385F037BA32796252BB7CE180B00B582DD9B20AAAD7F0");
  /* keccak-team Keccak_ShortMsgKAT_256.txt, Len = 0 and Len = 8. */
  lwc_keccak_256(NULL, 0, out);
  expect("Keccak-256('')", out, "C5D2460186F7233C927E7DB2DCC703C0E500B653CA82273B7BFAD8045D85A470");
  expect_rc("hash keccak256", lwc_hash(LWC_KECCAK_256, &cc, 1, out, 32), LWC_OK);
  expect("Keccak-256(CC)", out, "EEAD6DBFC7340A56CAEDC044696A168870549A6A7F6F56961E84A54BD9970B8A");
  /* One-shots across the 136-byte block boundary (135: both pad bits in one byte; 136: a
   * whole pad block), on ptn. SHA3-256: Python's hashlib.sha3_256; Keccak-256: XKCP's
   * KeccakWidth1600_Sponge(1088, 512, .., 0x01, .., 32) (generic64 build, README "Measured"). */
  {
    static const size_t lens[4] = {135, 136, 137, 300};
    static const char *sha3[4] = {
        "fded8fd9d6551c601eeb3b7c6bc5e5cfd8aad1d015b7e9aaa9c9b9475231d5e2",
        "cf3ccff92480a29160c2d38317c430e14749bfee1788106957dfe73f8c4930e5",
        "ce9d7dc90913ee5d92745019479a5352c6d6279bef18ed07dc0a83ee8084daca",
        "4be64d77dff18f218eeb40368f86ed78e6d4f2381c71675ab5ada46aa4fee621"};
    static const char *keccak[4] = {
        "cbdfd9dee5faad3818d6b06f95a219fd290b0e1706f6a82e5a595b9ce9faca62",
        "7ce759f1ab7f9ce437719970c26b0a66ff11fe3e38e17df89cf5d29c7d7f807e",
        "ac73d4fae68b8453f764007c1a20ce95994187861f0c3227a3a8e99a73a3b1db",
        "4699841dafd5e26cca72b05a41d38c96b4b468e5a6cbf694cbebe77dacdf6528"};
    for (int k = 0; k < 4; k++) {
      expect_rc("sha3_256 ptn", lwc_sha3_256(ptn, lens[k], out), LWC_OK);
      expect("SHA3-256(ptn 135/136/137/300)", out, sha3[k]);
      expect_rc("keccak_256 ptn", lwc_keccak_256(ptn, lens[k], out), LWC_OK);
      expect("Keccak-256(ptn 135/136/137/300)", out, keccak[k]);
    }
  }
  /* keccak-team ShortMsgKAT_SHAKE128.txt, Len = 8 (first 32 bytes). */
  lwc_hash(LWC_SHAKE128, &cc, 1, out, 32);
  expect("SHAKE128(CC)", out, "4DD4B0004A7D9E613A0F488B4846F804015F0F8CCDBA5F7C16810BBC5A1C6FB2");
  /* rfc9861_turboshake_kt.json */
  lwc_hash(LWC_TURBOSHAKE128, NULL, 0, out, 32);
  expect("TurboSHAKE128('')", out, "1e415f1c5983aff2169217277d17bb538cd945a397ddec541f1ce41af2c1b74c");
  lwc_hash(LWC_TURBOSHAKE256, ptn, 17, out, 64);
  expect("TurboSHAKE256(ptn 17)", out,
         "b3bab0300e6a191fbe6137939835923578794ea54843f5011090fa2f3780a9e5"
         "cb22c59d78b40a0fbff9e672c0fbe0970bd2c845091c6044d687054da5d8e9c7");
  lwc_kt128(ptn, 83521, NULL, 0, out, 32);
  expect("KT128(ptn 17^4)", out, "8701045e22205345ff4dda05555cbb5c3af1a771c2b89baef37db43d9998b9fe");
  lwc_hash(LWC_KT128, ptn, 4913, out, 32);
  expect("KT128(ptn 17^3)", out, "cb552e2ec77d9910701d578b457ddf772c12e322e4ee7fe417f92c758f0d59d0");
  /* sp800232_hash256.txt Count = 2, sp800232_xof128.txt Count = 2. */
  const uint8_t zero = 0;
  lwc_hash(LWC_ASCON_HASH256, &zero, 1, out, 32);
  expect("Ascon-Hash256(00)", out, "0728621035AF3ED2BCA03BF6FDE900F9456F5330E4B5EE23E7F6A1E70291BC80");
  lwc_hash(LWC_ASCON_XOF128, &zero, 1, out, 64);
  expect("Ascon-XOF128(00)", out,
         "51430E0438ECDF642B393630D977625F5F337656BA58AB1E960784AC32A16E0D"
         "446405551F5469384F8EA283CF12E64FA72C426BFEBAEA3AA1529E2C4AB23A2F");

  /* Streaming in uneven pieces = the KT128 vector above (ptn(83521)). */
  lwc_hash_state st;
  expect_rc("init", lwc_hash_init(&st, LWC_KT128), LWC_OK);
  for (size_t at = 0, step = 1; at < sizeof ptn; at += step, step = step * 3 + 1) {
    size_t n = sizeof ptn - at < step ? sizeof ptn - at : step;
    lwc_hash_update(&st, ptn + at, n);
  }
  expect_rc("final", lwc_hash_final(&st, out, 32), LWC_OK);
  expect("KT128 streaming", out, "8701045e22205345ff4dda05555cbb5c3af1a771c2b89baef37db43d9998b9fe");
  expect_rc("update after final", lwc_hash_update(&st, &cc, 1), LWC_ERR_STATE);
  lwc_turboshake_init(&st, LWC_TURBOSHAKE128, 0x1F);
  lwc_hash_final(&st, out, 32);
  expect("TurboSHAKE128 streaming", out, "1e415f1c5983aff2169217277d17bb538cd945a397ddec541f1ce41af2c1b74c");

  /* sp800232_aead128.txt Count = 35: PT = 20, AD = 30. */
  uint8_t key[16], nonce[16];
  from_hex("000102030405060708090A0B0C0D0E0F", key, 16);
  from_hex("101112131415161718191A1B1C1D1E1F", nonce, 16);
  const uint8_t p = 0x20, a = 0x30;
  expect_rc("encrypt", lwc_ascon_aead128_encrypt(key, nonce, &a, 1, &p, 1, ct, tag), LWC_OK);
  memcpy(ct + 1, tag, 16);
  expect("Ascon-AEAD128 count 35", ct, "962B8016836C75A7D86866588CA245D886");
  expect_rc("decrypt", lwc_ascon_aead128_decrypt(key, nonce, &a, 1, ct, 1, pt, tag), LWC_OK);
  expect_rc("decrypt = PT", pt[0], 0x20);
  tag[15] ^= 1;
  pt[0] = 0x55;
  expect_rc("tampered tag", lwc_ascon_aead128_decrypt(key, nonce, &a, 1, ct, 1, pt, tag), LWC_ERR_TAG);
  expect_rc("zeroed output", pt[0], 0);
  tag[15] ^= 1;
  expect_rc("tampered AD", lwc_ascon_aead128_decrypt(key, nonce, &p, 1, ct, 1, pt, tag), LWC_ERR_TAG);
  /* In place (out == in). */
  memcpy(pt, ptn, 64);
  lwc_ascon_aead128_encrypt(key, nonce, NULL, 0, pt, 64, pt, tag);
  expect_rc("in place", lwc_ascon_aead128_decrypt(key, nonce, NULL, 0, pt, 64, pt, tag), LWC_OK);
  expect_rc("in place = PT", memcmp(pt, ptn, 64), 0);

  /* Errors. */
  expect_rc("NULL input", lwc_sha3_256(NULL, 1, out), LWC_ERR_NULL);
  expect_rc("NULL output", lwc_sha3_256(&cc, 1, NULL), LWC_ERR_NULL);
  expect_rc("bad length", lwc_hash(LWC_SHA3_256, &cc, 1, out, 31), LWC_ERR_LENGTH);
  expect_rc("bad algorithm", lwc_hash(99, &cc, 1, out, 32), LWC_ERR_ALGORITHM);
  expect_rc("bad domain", lwc_turboshake_init(&st, LWC_TURBOSHAKE128, 0x80), LWC_ERR_DOMAIN);
  expect_rc("NULL state", lwc_hash_init(NULL, LWC_SHA3_256), LWC_ERR_NULL);
  expect_rc("NULL key", lwc_ascon_aead128_encrypt(NULL, nonce, NULL, 0, NULL, 0, ct, tag), LWC_ERR_NULL);
  expect_rc("digest size", (int)lwc_hash_digest_size(LWC_SHA3_384), 48);
  lwc_hash_init(&st, LWC_SHA3_512);
  expect_rc("final bad length", lwc_hash_final(&st, out, 32), LWC_ERR_LENGTH);
  expect_rc("final after bad length", lwc_hash_final(&st, out, 64), LWC_OK);

  /* Lengths above PTRDIFF_MAX: LWC_ERR_LENGTH, before any byte is read or written (the pointers
   * are valid for a few bytes only). */
  {
    const size_t huge = (size_t)PTRDIFF_MAX + 1;
    expect_rc("sha3_256 len SIZE_MAX", lwc_sha3_256(ptn, SIZE_MAX, out), LWC_ERR_LENGTH);
    expect_rc("keccak_256 len", lwc_keccak_256(ptn, huge, out), LWC_ERR_LENGTH);
    expect_rc("hash len", lwc_hash(LWC_SHAKE128, ptn, huge, out, 32), LWC_ERR_LENGTH);
    expect_rc("hash out_len", lwc_hash(LWC_SHAKE128, ptn, 1, out, SIZE_MAX), LWC_ERR_LENGTH);
    expect_rc("kt128 len", lwc_kt128(ptn, huge, NULL, 0, out, 32), LWC_ERR_LENGTH);
    expect_rc("kt128 custom_len", lwc_kt128(ptn, 1, ptn, huge, out, 32), LWC_ERR_LENGTH);
    expect_rc("kt128 out_len", lwc_kt128(ptn, 1, NULL, 0, out, huge), LWC_ERR_LENGTH);
    expect_rc("encrypt len", lwc_ascon_aead128_encrypt(key, nonce, NULL, 0, pt, huge, pt, tag), LWC_ERR_LENGTH);
    expect_rc("encrypt ad_len", lwc_ascon_aead128_encrypt(key, nonce, ptn, huge, pt, 1, pt, tag), LWC_ERR_LENGTH);
    expect_rc("decrypt len", lwc_ascon_aead128_decrypt(key, nonce, NULL, 0, pt, SIZE_MAX, pt, tag), LWC_ERR_LENGTH);
    expect_rc("decrypt ad_len", lwc_ascon_aead128_decrypt(key, nonce, ptn, huge, pt, 1, pt, tag), LWC_ERR_LENGTH);
    expect_rc("PTRDIFF_MAX itself passes the check (NULL)", lwc_sha3_256(NULL, (size_t)PTRDIFF_MAX, out), LWC_ERR_NULL);
    lwc_hash_init(&st, LWC_SHA3_256);
    expect_rc("update len", lwc_hash_update(&st, ptn, huge), LWC_ERR_LENGTH);
    expect_rc("final out_len", lwc_hash_final(&st, out, SIZE_MAX), LWC_ERR_LENGTH);
    expect_rc("state still live", lwc_hash_final(&st, out, 32), LWC_OK);
  }

  /* final wipes the whole state: no trace of the input (SHA3, SHAKE and KT128 buffer a partial
   * block as it came; the check before final shows it there). */
  {
    static const uint32_t algs[3] = {LWC_SHA3_256, LWC_KT128, LWC_SHAKE256};
    for (int k = 0; k < 3; k++) {
      expect_rc("init", lwc_hash_init(&st, algs[k]), LWC_OK);
      lwc_hash_update(&st, (const uint8_t *)"hunter2-password", 16);
      expect_rc("password buffered before final", contains(&st, sizeof st, "hunter2-password"), 1);
      expect_rc("final", lwc_hash_final(&st, out, lwc_hash_digest_size(algs[k]) ? 32 : 16), LWC_OK);
      expect_rc("no password after final", contains(&st, sizeof st, "hunter2-password"), 0);
      expect_rc("state zero after final", all_zero(&st, sizeof st), 1);
    }
    /* lwc_hash_free: an abandoned state is wiped and no longer live. */
    lwc_hash_init(&st, LWC_SHA3_512);
    lwc_hash_update(&st, (const uint8_t *)"hunter2-password", 16);
    expect_rc("free", lwc_hash_free(&st), LWC_OK);
    expect_rc("state zero after free", all_zero(&st, sizeof st), 1);
    expect_rc("update after free", lwc_hash_update(&st, &cc, 1), LWC_ERR_STATE);
    expect_rc("final after free", lwc_hash_final(&st, out, 64), LWC_ERR_STATE);
    expect_rc("free NULL", lwc_hash_free(NULL), LWC_ERR_NULL);
  }

  /* The live marker is bound to the state's address: a copy elsewhere (as a stale state left
   * at another address) is not live; a zero-initialised state is not live. */
  {
    static lwc_hash_state copy;
    lwc_hash_state zero = {0};
    lwc_hash_init(&st, LWC_SHA3_256);
    lwc_hash_update(&st, &cc, 1);
    memcpy(&copy, &st, sizeof st);
    expect_rc("copied state", lwc_hash_update(&copy, &cc, 1), LWC_ERR_STATE);
    expect_rc("copied state final", lwc_hash_final(&copy, out, 32), LWC_ERR_STATE);
    expect_rc("zeroed state", lwc_hash_update(&zero, &cc, 1), LWC_ERR_STATE);
    expect_rc("original still live", lwc_hash_final(&st, out, 32), LWC_OK);
    expect("SHA3-256(CC) streaming", out, "677035391CD3701293D385F037BA32796252BB7CE180B00B582DD9B20AAAD7F0");
  }

  /* Output overlapping input or state: the same bytes as into a separate buffer. */
  {
    static const uint32_t algs[4] = {LWC_SHA3_256, LWC_KECCAK_512, LWC_SHAKE128, LWC_ASCON_XOF128};
    static const size_t outs[4] = {32, 64, 200, 90};
    /* (input offset, output offset): equal, output inside input, input inside output. */
    static const size_t at[3][2] = {{0, 0}, {0, 50}, {40, 0}};
    uint8_t want[sizeof(lwc_hash_state)], buf[600];
    for (int k = 0; k < 4; k++) {
      lwc_hash(algs[k], ptn, 150, want, outs[k]);
      for (int o = 0; o < 3; o++) {
        memcpy(buf + at[o][0], ptn, 150);
        expect_rc("overlap", lwc_hash(algs[k], buf + at[o][0], 150, buf + at[o][1], outs[k]), LWC_OK);
        expect_rc("lwc_hash out over in", memcmp(buf + at[o][1], want, outs[k]), 0);
      }
    }
    lwc_sha3_256(ptn, 150, want);
    memcpy(buf, ptn, 150);
    lwc_sha3_256(buf, 150, buf + 7);
    expect_rc("sha3_256 out over in", memcmp(buf + 7, want, 32), 0);
    lwc_keccak_256(ptn, 150, want);
    memcpy(buf, ptn, 150);
    lwc_keccak_256(buf, 150, buf);
    expect_rc("keccak_256 out == in", memcmp(buf, want, 32), 0);
    /* KT128: input at 0, customization after it, output over both. */
    lwc_kt128(ptn, 150, ptn + 150, 20, want, 100);
    memcpy(buf, ptn, 170);
    lwc_kt128(buf, 150, buf + 150, 20, buf + 100, 100);
    expect_rc("kt128 out over in and custom", memcmp(buf + 100, want, 100), 0);
    /* final: the output over the whole state, then over part of it (the rest left zero). */
    lwc_hash(LWC_SHAKE128, ptn, 150, want, sizeof st);
    lwc_hash_init(&st, LWC_SHAKE128);
    lwc_hash_update(&st, ptn, 150);
    expect_rc("final out = state", lwc_hash_final(&st, (uint8_t *)&st, sizeof st), LWC_OK);
    expect_rc("final out = state bytes", memcmp(&st, want, sizeof st), 0);
    lwc_hash(LWC_SHA3_512, ptn, 150, want, 64);
    lwc_hash_init(&st, LWC_SHA3_512);
    lwc_hash_update(&st, ptn, 150);
    expect_rc("final out in state", lwc_hash_final(&st, (uint8_t *)&st + 200, 64), LWC_OK);
    expect_rc("final out in state bytes", memcmp((uint8_t *)&st + 200, want, 64), 0);
    expect_rc("rest of state zero", all_zero(&st, 200) && all_zero((uint8_t *)&st + 264, sizeof st - 264), 1);
  }

  if (failures) {
    printf("%d failures\n", failures);
    return 1;
  }
  printf("lwc C test: ok\n");
  return 0;
}
