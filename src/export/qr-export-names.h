/* qr-export-names.h — what the writers share about the names they make:
 * Windows' reserved device names, and names unique as the file systems
 * that fold case see them. */
#pragma once

#include <glib.h>
#include <stdbool.h>

/* Names Windows keeps for devices, with any extension (Microsoft, "Naming
 * Files, Paths, and Namespaces"): "con.png" cannot be a file there. */
bool qr_export_is_device_name (const char *name);

/* stem + extension, or stem + separator + 2, 3… + extension when taken;
 * `taken` holds the lower-case names given so far (Windows and macOS fold
 * case) and now holds this one too. */
char *qr_export_take_name (GHashTable *taken, const char *stem, const char *separator, const char *extension);
