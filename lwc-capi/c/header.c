/* lwc.h beside the C library's own headers, compiled as C and as C++ by .ci/capi.sh with
 * -Wall -Wextra -Wredundant-decls -Werror: the header declares nothing of theirs again. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "lwc.h"

int main(void) {
  lwc_hash_state st = {{0}};
  size_t n = lwc_hash_digest_size(LWC_SHA3_256);
  if (lwc_hash_update(&st, NULL, 0) != LWC_ERR_STATE || n != 32) abort();
  return 0;
}
