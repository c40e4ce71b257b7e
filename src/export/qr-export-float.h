/* qr-export-float.h — text for the single-precision numbers of mesh files.
 *
 * OBJ readers (Blender, three.js) keep vertex data as 32-bit floats, and
 * glTF stores nothing else, so exports round each double to the nearest
 * float and write the shortest decimal that reads back to that float: at
 * most nine significant digits, usually far fewer, and the OBJ holds the
 * same values as the glTF.
 */
#pragma once

/* Longest text qr_export_format_float writes, with the terminating NUL. */
#define QR_EXPORT_FLOAT_BUFSIZE 48

/* Writes f into buf (at least QR_EXPORT_FLOAT_BUFSIZE bytes) and returns the
 * length: the fewest significant digits that read back (strtof), in fixed
 * notation where it fits and %g's exponent form for extreme magnitudes;
 * zero of either sign as "0"; whole numbers below 10^9 whole, even from
 * 2^24 on where fewer digits and an exponent would do. */
int qr_export_format_float (float f, char *buf);
