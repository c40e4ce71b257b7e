/* fuzz-clipboard.c — pasting text into a document (qr-clipboard.h): the
 * readers, the conversion of faces to the document's form and the Paste
 * step. The first byte chooses the document (empty .map, a standard-face
 * brush, a Valve 220 brush, empty .vmf) and plain or centred paste; the
 * rest is the clipboard text. A paste is undone and redone. */
#include "qr-fuzz.h"
#include "qr-clipboard.h"

#define CUBE(tex) \
  "( -16 -16 -16 ) ( -16 -15 -16 ) ( -16 -16 -15 ) " tex "\n" \
  "( -16 -16 -16 ) ( -16 -16 -15 ) ( -15 -16 -16 ) " tex "\n" \
  "( -16 -16 -16 ) ( -15 -16 -16 ) ( -16 -15 -16 ) " tex "\n" \
  "( 16 16 16 ) ( 16 17 16 ) ( 17 16 16 ) " tex "\n" \
  "( 16 16 16 ) ( 17 16 16 ) ( 16 16 17 ) " tex "\n" \
  "( 16 16 16 ) ( 16 16 17 ) ( 16 17 16 ) " tex "\n"

static const char standard_map[] = "{\n\"classname\" \"worldspawn\"\n{\n" CUBE ("a 0 0 0 1 1") "}\n}\n";
static const char valve_map[] = "{\n\"classname\" \"worldspawn\"\n\"mapversion\" \"220\"\n{\n"
                                CUBE ("a [ 1 0 0 0 ] [ 0 -1 0 0 ] 0 1 1") "}\n}\n";

static QrDocument *
new_document (guint which)
{
  g_autoptr (GError) error = NULL;
  QrMap *map = NULL;

  switch (which)
    {
    case 1:
      map = qr_map_parse_map (standard_map, sizeof standard_map - 1, "standard", &error);
      break;
    case 2:
      map = qr_map_parse_map (valve_map, sizeof valve_map - 1, "valve", &error);
      break;
    case 3:
      map = qr_map_new (QR_FILE_VMF);
      break;
    default:
      map = qr_map_new (QR_FILE_MAP);
      break;
    }
  if (map == NULL)
    g_error ("%s", error->message);
  return qr_document_new (map);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  if (size < 1)
    return 0;

  g_autoptr (QrDocument) doc = new_document (data[0] & 3);
  g_autofree char *text = qr_fuzz_copy (data + 1, size - 1);
  g_autoptr (GError) error = NULL;
  gboolean pasted;

  if (data[0] & 4)
    pasted = qr_clipboard_paste_near (doc, text, (gssize) (size - 1), qr_vec3 (100, -50, 30), 7, 8, &error);
  else
    pasted = qr_clipboard_paste (doc, text, (gssize) (size - 1), qr_vec3 (0, 0, 64), &error);
  if (!pasted)
    {
      qr_fuzz_check (qr_fuzz_good_error (error), error);
      return 0;
    }
  /* Pasting nothing adds no step. */
  if (qr_document_can_undo (doc))
    {
      qr_fuzz_check (qr_document_undo (doc), error);
      qr_fuzz_check (qr_document_redo (doc), error);
    }
  return 0;
}
