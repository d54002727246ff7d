// libxml2's headers include ICU's when libxml2 was built with it (Debian's is),
// and ICU's clash with the copy inside Foundation. blogbuild uses nothing of
// libxml2 that depends on ICU (only pointers to encoding handlers), so leave it out.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>
