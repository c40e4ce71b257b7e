/* qr-disp-mesh.c — see qr-disp-mesh.h. */
#include "qr-disp-mesh.h"

#include <math.h>
#include "qr-brush.h"
#include "qr-face.h"

void
qr_disp_mesh_init (QrDispMesh *mesh)
{
  *mesh = (QrDispMesh) { 0 };
}

void
qr_disp_mesh_clear (QrDispMesh *mesh)
{
  g_free (mesh->points);
  g_free (mesh->flat);
  g_free (mesh->normals);
  g_free (mesh->uvs);
  g_free (mesh->triangles);
  g_free (mesh->lines);
  qr_disp_mesh_init (mesh);
}

static void
reserve (QrDispMesh *mesh, int side)
{
  int n = side * side, quads = (side - 1) * (side - 1);
  mesh->side = side;
  mesh->n_points = n;
  mesh->n_triangles = 2 * quads;
  mesh->n_lines = 2 * side * (side - 1) + quads;
  if (n <= mesh->capacity)
    return;
  /* Sized for the largest power at once: a map mixes powers. */
  int most = MAX (n, qr_disp_side (QR_DISP_MAX_POWER) * qr_disp_side (QR_DISP_MAX_POWER));
  int most_side = (int) lround (sqrt (most)), most_quads = (most_side - 1) * (most_side - 1);
  mesh->capacity = most;
  mesh->points = g_renew (QrVec3, mesh->points, most);
  mesh->flat = g_renew (QrVec3, mesh->flat, most);
  mesh->normals = g_renew (QrVec3, mesh->normals, most);
  mesh->uvs = g_renew (QrUV, mesh->uvs, most);
  mesh->triangles = g_renew (uint32_t, mesh->triangles, 6 * most_quads);
  mesh->lines = g_renew (uint32_t, mesh->lines, 2 * (2 * most_side * (most_side - 1) + most_quads));
}

void
qr_disp_mesh_grid_lines (int side, const uint32_t *triangles, uint32_t *out)
{
  uint32_t s = (uint32_t) side, n = 0;
  for (uint32_t r = 0; r < s; r++)
    for (uint32_t c = 0; c + 1 < s; c++)
      {
        out[n++] = r * s + c;
        out[n++] = r * s + c + 1;
      }
  for (uint32_t r = 0; r + 1 < s; r++)
    for (uint32_t c = 0; c < s; c++)
      {
        out[n++] = r * s + c;
        out[n++] = (r + 1) * s + c;
      }
  /* A quad's diagonal is the edge of its triangles whose ends differ in both
   * row and column; each quad has one, met in both its triangles. Taken
   * from the triangles so that it follows their alternation, whatever it is. */
  uint32_t quads = (s - 1) * (s - 1);
  g_autofree gboolean *done = g_new0 (gboolean, quads);
  for (uint32_t t = 0; t < 2 * quads; t++)
    for (int k = 0; k < 3; k++)
      {
        uint32_t a = triangles[3 * t + k], b = triangles[3 * t + (k + 1) % 3];
        uint32_t ra = a / s, ca = a % s, rb = b / s, cb = b % s;
        if (ra == rb || ca == cb)
          continue;
        uint32_t q = MIN (ra, rb) * (s - 1) + MIN (ca, cb);
        if (done[q])
          continue;
        done[q] = TRUE;
        out[n++] = MIN (a, b);
        out[n++] = MAX (a, b);
      }
}

bool
qr_disp_mesh_build (QrDispMesh *mesh, const QrDisp *disp, const QrBrush *brush, int face, QrTexAxisRule rule,
                    int tex_width, int tex_height, char **why)
{
  g_return_val_if_fail (mesh != NULL && disp != NULL && brush != NULL, false);
  reserve (mesh, disp->side);
  if (!qr_disp_build (disp, brush, face, mesh->points, mesh->flat, why))
    return false;

  int side = mesh->side, n = mesh->n_points;
  qr_disp_triangles (side, mesh->triangles);
  qr_disp_mesh_grid_lines (side, mesh->triangles, mesh->lines);

  QrPlane plane;
  QrVec3 up = qr_face_plane (&brush->faces[face], &plane) ? plane.normal : qr_vec3 (0, 0, 1);
  const QrFace *f = &brush->faces[face];
  qr_texproj_uvs ((QrTexForm) f->form, rule, &f->tex, up, tex_width, tex_height, mesh->flat, n, mesh->uvs);

  mesh->bounds = qr_bounds_empty ();
  for (int i = 0; i < n; i++)
    {
      mesh->normals[i] = qr_vec3 (0, 0, 0);
      qr_bounds_add_point (&mesh->bounds, mesh->points[i]);
    }
  /* The cross product's length is twice the triangle's area: larger
   * triangles weigh more, and a collapsed one not at all. */
  for (int t = 0; t < mesh->n_triangles; t++)
    {
      const uint32_t *tri = &mesh->triangles[3 * t];
      QrVec3 a = mesh->points[tri[0]], b = mesh->points[tri[1]], c = mesh->points[tri[2]];
      QrVec3 cross = qr_vec3_cross (qr_vec3_sub (b, a), qr_vec3_sub (c, a));
      for (int k = 0; k < 3; k++)
        mesh->normals[tri[k]] = qr_vec3_add (mesh->normals[tri[k]], cross);
    }
  for (int i = 0; i < n; i++)
    {
      double len = qr_vec3_length (mesh->normals[i]);
      mesh->normals[i] = len > 1e-12 ? qr_vec3_scale (mesh->normals[i], 1.0 / len) : up;
    }
  return true;
}
