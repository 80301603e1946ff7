// FreeType's public headers are reached through ft2build.h and macros, which a
// module map cannot name directly; this shim includes them the documented way.
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_TRUETYPE_TABLES_H
#include FT_SFNT_NAMES_H
// FT_Outline_Decompose, for the glyph outlines the SDF glyph ranges are made from.
#include FT_OUTLINE_H
