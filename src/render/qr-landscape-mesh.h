/* qr-landscape-mesh.h — what the views draw of a B-spline landscape
 * (issue 16; shared reference 001, §3.6): its surface sampled at the
 * landscape's resolution with a normal per sample, for the 3D view's
 * smooth lit triangles, and the lines along its control rows and columns
 * (the outline among them) for the design canvases, which would drown in
 * every sampled edge. Plain geometry: the scene mesh turns it into its
 * streams. */
#pragma once

#include <glib.h>
#include "qr-landscape.h"
#include "qr-vec3.h"

typedef struct
{
  int h, w;        /* samples along Y (rows) and X (columns) */
  int step;        /* samples from one control line to the next: the resolution */
  QrVec3 *points;  /* h × w, row-major, world coordinates */
  QrVec3 *normals; /* h × w, unit, facing up */
  QrBounds bounds;
} QrLandscapeMesh;

/* NULL when the landscape samples to nothing. */
QrLandscapeMesh *qr_landscape_mesh_new (const QrLandscape *land);
void qr_landscape_mesh_free (QrLandscapeMesh *mesh);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (QrLandscapeMesh, qr_landscape_mesh_free)

/* Appends (uint32_t) two triangles per sampled cell, anticlockwise seen
 * from above, as indices into `points` plus `base`. */
void qr_landscape_mesh_triangles (const QrLandscapeMesh *mesh, GArray *out, uint32_t base);

/* How many samples lie on control lines: along every control row, then
 * every control column (crossings twice). */
guint qr_landscape_mesh_line_count (const QrLandscapeMesh *mesh);
/* The i-th of them (0 <= i < the count above), and whether a segment joins
 * it to the next one. */
QrVec3 qr_landscape_mesh_line_point (const QrLandscapeMesh *mesh, guint i, gboolean *joins_next);
