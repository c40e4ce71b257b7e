#include "qr-export-names.h"

#include <string.h>

bool
qr_export_is_device_name (const char *name)
{
  static const char *const devices[] = { "con", "prn", "aux", "nul" };
  gsize len = strcspn (name, ".");

  for (guint i = 0; i < G_N_ELEMENTS (devices); i++)
    if (len == 3 && g_ascii_strncasecmp (name, devices[i], 3) == 0)
      return true;
  return len == 4 && (g_ascii_strncasecmp (name, "com", 3) == 0 || g_ascii_strncasecmp (name, "lpt", 3) == 0)
         && name[3] >= '1' && name[3] <= '9';
}

char *
qr_export_take_name (GHashTable *taken, const char *stem, const char *separator, const char *extension)
{
  char *name = g_strconcat (stem, extension, NULL);

  for (int n = 2;; n++)
    {
      char *folded = g_ascii_strdown (name, -1);

      if (!g_hash_table_contains (taken, folded))
        {
          g_hash_table_add (taken, folded);
          return name;
        }
      g_free (folded);
      g_free (name);
      name = g_strdup_printf ("%s%s%d%s", stem, separator, n, extension);
    }
}
