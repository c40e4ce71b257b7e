/* qr-test-export.h — export scenes built by hand for the writers' tests and
 * benchmarks, without the scene builder. */
#pragma once

#include "qr-export-scene.h"

/* Materials of qr_test_export_scene, in scene order. */
#define QR_TEST_EXPORT_WALL "e1u1/wall"  /* 4 × 4 RGBA pixels, alpha varying */
#define QR_TEST_EXPORT_WATER "*water1"   /* no pixels */
#define QR_TEST_EXPORT_GRATE "{grate"    /* 2 × 2 RGBA pixels, one transparent */
#define QR_TEST_EXPORT_UNDER "_water1"   /* no pixels; "*water1" made safe collides with it */

/* Four objects: "worldspawn", a cube of 12 triangles (two faces of water,
 * four of wall) with corners at x ∈ {-16, 48.5}, y ∈ {0.1, 32},
 * z ∈ {-8, 8}; "func_door door1", two quads on one plane sharing an
 * edge (grate, then the "_water1" material), one corner on the cube's;
 * "func_wall", empty; "func_door_door1", one wall triangle. Every polygon
 * repeats its vertices, as the scene builder's faces do: 24 vertices for
 * the cube's 8 corners. */
QrExportScene *qr_test_export_scene (void);

/* A synthetic scene of `boxes` boxes of 12 triangles each in one object,
 * on a 16-unit grid scaled by 0.0254 (inches to metres), UVs following
 * the coordinates, three materials with
 * 64 × 64 pixels: for timing the writers. */
QrExportScene *qr_test_export_boxes (guint boxes);
