#include <unicode/ubrk.h>
#include <unicode/uscript.h>
#include <unicode/uchar.h>
