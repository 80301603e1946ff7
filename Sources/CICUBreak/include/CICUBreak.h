#ifndef CARTOUCHE_CICUBREAK_H
#define CARTOUCHE_CICUBREAK_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Asks the processor to start loading the cache line at `address` for a
/// read, without waiting for it. Never faults, whatever the address (a stale
/// or freed address only wastes the load). Used by the text shaping cache to
/// overlap the load of its hash bucket with other work.
static inline void cartouche_prefetch(const void *address) {
    __builtin_prefetch(address, 0, 3);
}

/// Kind of a UAX #14 line-break opportunity reported by ICU.
typedef enum {
    CartoucheBreakSoft = 0,   ///< a break is allowed here
    CartoucheBreakHard = 1    ///< a break is required here (mandatory break class)
} CartoucheBreakKind;

/// Finds the UAX #14 line-break opportunities of a UTF-16 string with ICU's
/// rule-based break iterator (dictionary breaks for Thai, Lao, Khmer, Burmese,
/// and ICU's CJK handling).
///
/// Writes at most `capacity` boundaries (UTF-16 offsets, excluding 0 and
/// including `length`) into `offsets` and their kinds into `kinds`.
/// The root-locale iterator is opened once per thread and reused (ICU iterator
/// creation dominates the cost for short labels); it lives until the thread ends.
/// Returns the number of boundaries found (which may exceed `capacity`: call
/// again with a larger buffer), or -1 on an ICU error, whose code is stored in
/// `*icuError`.
int32_t cartouche_line_breaks(const uint16_t *text, int32_t length,
                              const char *locale,
                              int32_t *offsets, uint8_t *kinds, int32_t capacity,
                              int32_t *icuError);

/// ICU's script code (UScriptCode) of a code point; -1 for an invalid code point.
int32_t cartouche_script_of(uint32_t codepoint);

/// Short ISO 15924 name of a UScriptCode ("Latn", "Arab", ...), or NULL.
const char *cartouche_script_short_name(int32_t script);

/// True when `script` is in the code point's Script_Extensions (ICU's
/// `uscript_hasScript`; for a code point without explicit extensions, its Script).
int cartouche_script_extensions_contain(uint32_t codepoint, int32_t script);

/// The code point's Script_Extensions (ICU's `uscript_getScriptExtensions`):
/// writes at most `capacity` script codes into `scripts` and returns how many
/// there are (which may exceed `capacity`), or -1 on an ICU error.
int32_t cartouche_script_extensions(uint32_t codepoint, int32_t *scripts, int32_t capacity);

/// The UAX #9 paired-bracket type of a code point (ICU's
/// `UCHAR_BIDI_PAIRED_BRACKET_TYPE`: 0 none, 1 open, 2 close) and, through
/// `pair`, its Bidi_Paired_Bracket (`u_getBidiPairedBracket`).
int32_t cartouche_paired_bracket(uint32_t codepoint, uint32_t *pair);

#ifdef __cplusplus
}
#endif

#endif
