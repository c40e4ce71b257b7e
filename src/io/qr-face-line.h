/* qr-face-line.h — the common MAP face line read in one pass.
 *
 *   ( x y z ) ( x y z ) ( x y z ) TEX [ ux uy uz off ] [ vx vy vz off ] rot sx sy
 *   ( x y z ) ( x y z ) ( x y z ) TEX xoff yoff rot sx sy
 *
 * Editors write nearly every face so: one space between tokens, short
 * numbers, a bare texture name. This reader keeps its cursor in a local
 * across the whole line and reads each number with one digit loop, where the
 * general scanner skips space and checks every token on its own. It takes
 * only that exact layout and commits nothing until the end; anything else
 * (comments, other spacing, a quoted or odd name, long numbers, exponents, a
 * sign "+", errors) it leaves to the scanner, which then gives the same
 * values or the same error. Numbers are converted as qr_number_parse_short
 * does, so they are correctly rounded (Clinger). */
#pragma once

#include <glib.h>
#include <stdbool.h>

typedef struct
{
  double points[9];      /* three plane points */
  const char *texture;   /* borrowed: the name in the buffer, not NUL-terminated */
  gsize texture_len;
  bool valve;            /* Valve 220 axes, else the standard form */
  /* Valve 220: u axis and offset, v axis and offset, rotation, scale x, y;
   * standard: offset x, y, rotation, scale x, y. */
  double tex[11];
} QrFaceLine;

/* Reads a face line at p (its opening parenthesis). fence is a line end at
 * or after p, the last of the buffer say (qr_face_line_fence), which the
 * reader never passes: it needs no end checks. Returns where the last number
 * ends, at white space; NULL when the text is not exactly the common layout
 * or p is not before the fence, with *out partly written. */
const char *qr_face_line_read (const char *p, const char *fence, QrFaceLine *out);

/* The last line end of data, or NULL when it has none. */
const char *qr_face_line_fence (const char *data, gsize len);
