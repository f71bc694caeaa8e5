"""Bit layout of the packed keys and shape of the compact non-flush lookup.

One module holds these numbers because the offline table builder and the Numba kernels must agree
on them bit for bit; the table loader also checks them against ``tables/manifest.json``.
Numba freezes these numbers into the cached kernels, and its cache notices changes to the
kernel modules only: after editing this file in a checkout, delete the ``__pycache__`` folders
under ``src/pokerkeys/_kernels``.
"""

# A packed card key is ``face_key << SUIT_BITS | suit_key``. With suit keys [0, 1, 29, 37] any 7
# suit keys sum to at most 7 * 37 = 259 < 512, so adding 7 packed keys never carries out of the
# 9-bit suit field into the face field.
SUIT_BITS = 9
SUIT_MASK = (1 << SUIT_BITS) - 1
NO_FLUSH = -1

# Flush keys of the four suits are kept in one uint64 per card (16 bits per suit), so one sum
# gives every suit's flush sum; the largest 7-card flush sum must stay below 2**16.
FLUSH_FIELD_BITS = 16

# The compact non-flush lookup for n cards (n = 5, 6, 7):
#   h    = (face_sum * HASH_MULT) & (2**HASH_BITS - 1)   a bijection of the face-sum range
#   rank = hash_ranks[hash_base[h >> HASH_SHIFT] + (h & (2**HASH_SHIFT - 1))]
# Multiplying by an odd number is invertible modulo 2**HASH_BITS, so distinct face sums stay
# distinct; 4097 = 2**12 + 1 folds the high bits of the structured face sums onto the low ones,
# which scatters each row's keys enough for first-fit packing to fill every slot (49,205 ranks in
# 49,205 slots for 7 cards).
HASH_MULT = {5: 4097, 6: 4097, 7: 4097}
HASH_BITS = {5: 19, 6: 23, 7: 23}
HASH_SHIFT = {5: 8, 6: 10, 7: 10}

HAND_SIZES = (5, 6, 7)

# The batch kernels' 64-bit card key, one per raw card byte (256 entries), summed over a row:
#   bits  0..15  one 4-bit counter per suit (suit s at 4*s): 1 per card of the suit. The sum is
#                taken from BATCH_SUIT_BIAS (3 per counter), so a counter reaches 8, its top bit,
#                exactly when its suit holds 5+ cards (at most 7 + 3 = 10: no carry out);
#   bits 16..18  bad-id counter: 1 for every byte >= 52 (at most 7: no carry out);
#   bits 64-HASH_BITS[n]..63  the face key already multiplied by HASH_MULT[n] modulo
#                2**HASH_BITS[n]. The sum's overflow falls off the top of the word, so the top
#                bits of the summed key are the non-flush hash h itself: no multiply, no mask.
# One AND with BATCH_RARE_BITS then says "flush or bad id"; the common hand needs nothing else.
BATCH_SUIT_FIELD_BITS = 4
BATCH_SUIT_BIAS = 0x3333
BATCH_FLUSH_BITS = 0x8888
BATCH_BAD_AT = 16
BATCH_BAD_BITS = 0x7 << BATCH_BAD_AT
BATCH_RARE_BITS = BATCH_FLUSH_BITS | BATCH_BAD_BITS
# Second half of the batch key table: the per-suit flush keys, at this offset.
BATCH_FLUSH_KEYS_AT = 256

# The batch keys split into bytes for the SIMD key sums (``_kernels.group_keys``): planes of 16
# entries, KEY_FACE_PLANES for the hashed face key (at most 23 bits), then KEY_SUIT_PLANES for
# the suit counters. A padding byte is looked up at KEY_PAD_RANK, 0 in every face plane.
KEY_FACE_PLANES = 3
KEY_SUIT_PLANES = 2
KEY_PLANE_ENTRIES = 16
KEY_PAD_RANK = 15
