#ifndef PREDICATE_LINT_CSHA256_H
#define PREDICATE_LINT_CSHA256_H

#include <stddef.h>
#include <stdint.h>

/// SHA-256's 64 round constants (FIPS 180-4, 4.2.2), for this file and for the Swift.
const uint32_t *predicate_lint_sha256_round_constants(void);

/// Whether this processor has SHA-256 instructions that
/// `predicate_lint_sha256_hardware_compress` can use (x86-64 SHA extensions).
int predicate_lint_sha256_hardware_available(void);

/// Folds `blocks` 64-byte blocks at `data` into `state` (the eight working words, H0 first),
/// with the processor's SHA-256 instructions. Call only where the function above says yes.
void predicate_lint_sha256_hardware_compress(uint32_t state[8], const uint8_t *data, size_t blocks);

#endif
