/* qr-polytope.h — a brush's geometry, derived from its planes by the Quake
 * clipping method: a huge base winding on every plane, clipped by all others.
 *
 * One allocation per brush: vertices, per-face polygons (indices into the
 * vertices, counter-clockwise seen from outside) and undirected edges.
 * Faces whose plane is redundant have an empty polygon but keep their slot,
 * so face i of the brush is always polygon i of the polytope.
 */
#pragma once

#include <glib.h>
#include <stdint.h>
#include "qr-plane.h"

typedef enum
{
  QR_POLY_OK = 0,
  QR_POLY_EMPTY,            /* the half-spaces enclose no volume */
  QR_POLY_UNBOUNDED,        /* some side is never closed */
  QR_POLY_DEGENERATE_PLANE, /* a face's three points are collinear */
  QR_POLY_TOO_COMPLEX,      /* more than 65535 vertices or polygon corners */
} QrPolyStatus;

typedef struct
{
  QrPolyStatus status;
  int bad_face;          /* face behind a degenerate status, else -1 */
  uint16_t n_faces;      /* planes of the brush, with or without polygon */
  uint16_t n_verts;
  uint16_t n_edges;
  QrBounds bounds;       /* of the vertices; empty when status != OK */
  QrVec3 *verts;         /* n_verts */
  uint16_t *face_start;  /* n_faces + 1 offsets into face_index */
  uint16_t *face_index;  /* vertex indices, polygon after polygon */
  uint16_t *edges;       /* 2 * n_edges vertex indices, first < second */
} QrPolytope;

/* Scratch space for building, reused between brushes: one per thread. */
typedef struct _QrPolyBuilder QrPolyBuilder;

QrPolyBuilder *qr_poly_builder_new (void);
void qr_poly_builder_free (QrPolyBuilder *b);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (QrPolyBuilder, qr_poly_builder_free)

/* Builds from 3 * n_faces plane points (three per face, as in the files).
 * Never fails: an invalid brush gives a polytope with that status, no
 * vertices, and the face that caused it where there is one. */
QrPolytope *qr_polytope_build (QrPolyBuilder *b, const QrVec3 *points, int n_faces);
void qr_polytope_free (QrPolytope *p);
/* A copy in one allocation, like the original. */
QrPolytope *qr_polytope_copy (const QrPolytope *p);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (QrPolytope, qr_polytope_free)

static inline int
qr_polytope_face_count (const QrPolytope *p, int face)
{
  return p->face_start[face + 1] - p->face_start[face];
}

static inline const uint16_t *
qr_polytope_face_indices (const QrPolytope *p, int face)
{
  return p->face_index + p->face_start[face];
}

/* Faces that have a polygon. */
int qr_polytope_polygon_count (const QrPolytope *p);

double qr_polytope_volume (const QrPolytope *p);

/* "ok", "empty", "unbounded", "degenerate plane", "too complex" */
const char *qr_poly_status_to_string (QrPolyStatus status);

/* A sentence a mapper can act on, e.g. "face 3: plane points are collinear". */
char *qr_polytope_dup_reason (const QrPolytope *p);

/* Independent self-checks for tests and debugging: Euler's formula, every
 * vertex on the planes of its faces and behind all others (convexity),
 * polygons counter-clockwise from outside, every edge used by exactly two
 * faces in opposite directions. `tolerance` is a distance. On failure sets
 * *why (when not NULL) to a newly allocated description. */
gboolean qr_polytope_check (const QrPolytope *p, const QrVec3 *points, double tolerance, char **why);
