#include "CICUBreak.h"

#include <unicode/ubrk.h>
#include <unicode/uchar.h>
#include <unicode/uscript.h>
#include <unicode/utypes.h>

int32_t cartouche_line_breaks(const uint16_t *text, int32_t length,
                              const char *locale,
                              int32_t *offsets, uint8_t *kinds, int32_t capacity,
                              int32_t *icuError) {
    UErrorCode status = U_ZERO_ERROR;
    /* Opening a line-break iterator builds rule and dictionary state and costs
       far more than iterating a short label, so the root-locale iterator is
       kept per thread and re-pointed at each text. Other locales are rare and
       get a fresh iterator. */
    static _Thread_local UBreakIterator *rootIterator = NULL;
    int useRoot = (locale == NULL || locale[0] == 0);
    UBreakIterator *it;
    if (useRoot && rootIterator != NULL) {
        it = rootIterator;
        ubrk_setText(it, (const UChar *)text, length, &status);
    } else {
        it = ubrk_open(UBRK_LINE, useRoot ? "" : locale, (const UChar *)text, length, &status);
        if (useRoot && U_SUCCESS(status)) rootIterator = it;
    }
    if (U_FAILURE(status)) {
        if (it != NULL && it != rootIterator) ubrk_close(it);
        *icuError = (int32_t)status;
        return -1;
    }
    int32_t count = 0;
    for (int32_t pos = ubrk_next(it); pos != UBRK_DONE; pos = ubrk_next(it)) {
        if (count < capacity) {
            offsets[count] = pos;
            /* The rule status tells soft from hard (mandatory) breaks. */
            int32_t tag = ubrk_getRuleStatus(it);
            kinds[count] = (tag >= UBRK_LINE_HARD && tag < UBRK_LINE_HARD_LIMIT) ? CartoucheBreakHard : CartoucheBreakSoft;
        }
        count++;
    }
    if (it != rootIterator) ubrk_close(it);
    *icuError = 0;
    return count;
}

int32_t cartouche_script_of(uint32_t codepoint) {
    UErrorCode status = U_ZERO_ERROR;
    UScriptCode code = uscript_getScript((UChar32)codepoint, &status);
    if (U_FAILURE(status)) return -1;
    return (int32_t)code;
}

const char *cartouche_script_short_name(int32_t script) {
    return uscript_getShortName((UScriptCode)script);
}

int cartouche_script_extensions_contain(uint32_t codepoint, int32_t script) {
    return uscript_hasScript((UChar32)codepoint, (UScriptCode)script) ? 1 : 0;
}

int32_t cartouche_script_extensions(uint32_t codepoint, int32_t *scripts, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    UScriptCode codes[32];
    int32_t count = uscript_getScriptExtensions((UChar32)codepoint, codes, 32, &status);
    if (status == U_BUFFER_OVERFLOW_ERROR) return count;  /* more than 32: none has that many today */
    if (U_FAILURE(status)) return -1;
    for (int32_t i = 0; i < count && i < capacity; i++) scripts[i] = (int32_t)codes[i];
    return count;
}

int32_t cartouche_paired_bracket(uint32_t codepoint, uint32_t *pair) {
    *pair = (uint32_t)u_getBidiPairedBracket((UChar32)codepoint);
    return u_getIntPropertyValue((UChar32)codepoint, UCHAR_BIDI_PAIRED_BRACKET_TYPE);
}
