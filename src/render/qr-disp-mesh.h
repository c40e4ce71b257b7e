/* qr-disp-mesh.h — what the views draw of a displaced side (issue 16): the
 * displaced grid's points, their texture coordinates and shading normals,
 * its triangles and its lines, ready for the scene mesh to package.
 *
 * Texture coordinates come from the flat side's projection at the
 * UNDISPLACED points, as the map compilers give them (shared reference 000,
 * §7), so a texture does not stretch over a hill. Shading normals are the
 * displaced grid's: each point's is the sum of its triangles' (weighted by
 * their area). Lines are every quad's sides and its diagonal, as Hammer
 * draws a displacement in its design views and wireframe. No GL. */
#pragma once

#include <glib.h>
#include <stdbool.h>
#include <stdint.h>
#include "qr-disp.h"
#include "qr-texproj.h"

typedef struct
{
  int side;          /* points per row and per column */
  int n_points;      /* side² */
  int n_triangles;   /* 2 (side − 1)² */
  int n_lines;       /* 2 side (side − 1) + (side − 1)² */
  QrVec3 *points;    /* displaced, in the dispinfo's indexing */
  QrVec3 *flat;      /* undisplaced */
  QrVec3 *normals;   /* unit shading normals */
  QrUV *uvs;         /* 1 = the texture's width or height */
  uint32_t *triangles; /* 3 n_triangles point indices, anticlockwise from outside */
  uint32_t *lines;   /* 2 n_lines point indices */
  QrBounds bounds;   /* of the displaced points */
  /* private: capacity of the arrays, in points */
  int capacity;
} QrDispMesh;

void qr_disp_mesh_init (QrDispMesh *mesh);
void qr_disp_mesh_clear (QrDispMesh *mesh);

/* Builds face `face` of the built brush (which holds `disp`), its UVs by the
 * face's texture attributes divided by tex_width × tex_height. False with
 * the reason in *why (may be NULL; free it) when the displacement does not
 * build on that side (qr_disp_build). The arrays are reused from call to
 * call. */
bool qr_disp_mesh_build (QrDispMesh *mesh, const QrDisp *disp, const QrBrush *brush, int face, QrTexAxisRule rule,
                         int tex_width, int tex_height, char **why);

/* The lines of a side × side grid whose triangles are `triangles` (as
 * qr_disp_triangles gives them): rows, columns, then each quad's diagonal,
 * 2 n_lines indices into `out`. */
void qr_disp_mesh_grid_lines (int side, const uint32_t *triangles, uint32_t *out);
