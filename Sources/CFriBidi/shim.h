#include <stdint.h>
#include <fribidi.h>

/// Resolves the UAX #9 embedding level of every code point of one paragraph
/// whose base direction comes from its first strong character (LTR when it has
/// none), as map labels have no surrounding context to take it from.
///
/// `types` and `brackets` are caller-provided scratch arrays of `length`
/// entries, so the function never allocates. Returns the maximum level plus
/// one, or 0 when FriBidi fails. `*paragraphIsRTL` receives the resolved base
/// direction. (A static inline function because FriBidi's paragraph-direction
/// constants are macros Swift cannot import.)
static inline int cartouche_fribidi_levels(const FriBidiChar *text, int length,
                                           uint32_t *types,
                                           uint32_t *brackets,
                                           int8_t *levels,
                                           int *paragraphIsRTL) {
    FriBidiCharType *bidiTypes = (FriBidiCharType *)types;
    fribidi_get_bidi_types(text, length, bidiTypes);
    fribidi_get_bracket_types(text, length, bidiTypes, (FriBidiBracketType *)brackets);
    FriBidiParType base = FRIBIDI_PAR_ON;
    FriBidiLevel result = fribidi_get_par_embedding_levels_ex(bidiTypes, (FriBidiBracketType *)brackets, length, &base, (FriBidiLevel *)levels);
    *paragraphIsRTL = FRIBIDI_IS_RTL(base) ? 1 : 0;
    return (int)result;
}
