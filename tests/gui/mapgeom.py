#!/usr/bin/env python3
"""Geometry helpers for the GUI tests (lib.sh): where a world point appears in a 2D view, and
exact measures of the brushes `quarry-cli mesh --json` prints.

  mapgeom.py view AXIS W H MINX MINY MINZ MAXX MAXY MAXZ
      "LEVEL ZOOM CENTRE_H CENTRE_V" of a 2D view of W x H pixels (AXIS top, front or side)
      that frames the bounds MIN..MAX as qr_ortho_view_fit (src/render/qr-ortho-view.c) does
      with a 24-pixel margin: centred on them, at the largest zoom level 2^(k/4) that fits.
  mapgeom.py place AXIS W H LEVEL ZOOM CENTRE_H CENTRE_V X Y Z
      The pixel "x y" (rounded, from the view's top-left) where the world point X Y Z appears
      in a W x H view with that zoom and centre (the view's middle is the centre).

As a module (tests import it for their checks on saved maps): mesh(), world_brushes(),
Brush (vertices, bounds, exact volume), disjoint() (separating axis test, exact),
exact_brushes() (a .map file's brushes solved exactly from its plane points).
"""
import json
import math
import os
import subprocess
import sys
from fractions import Fraction

# The .map reader (tests/qrmap.py) is one folder up, whether this runs as a script or is
# imported with tests/gui on the path.
sys.path.append(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import qrmap  # noqa: E402

# ---- views (a copy of src/render/qr-ortho-view.c's arithmetic) ----

ZOOM_MANTISSA = [1.0, 1.1892071150027210667, 1.4142135623730950488, 1.6817928305074290861]
LEVEL_MIN, LEVEL_MAX = -32, 24
MARGIN_PX = 24.0
# (right, up) world axes of each view; screen x grows with right, screen y against up.
AXES = {"top": (0, 1), "front": (0, 2), "side": (1, 2)}


def zoom_for_level(level):
    k = max(LEVEL_MIN, min(LEVEL_MAX, level))
    octave = k // 4  # floor division, as the C code's
    return math.ldexp(ZOOM_MANTISSA[k - octave * 4], octave)


def to_lattice(x):
    q = 4294967296.0
    return round(x * q) / q


def fit(axis, width, height, bmin, bmax):
    """(level, zoom, centre_h, centre_v) of a view framing the box bmin..bmax."""
    r, u = AXES[axis]
    ext_h, ext_v = bmax[r] - bmin[r], bmax[u] - bmin[u]
    avail_w, avail_h = width - 2 * MARGIN_PX, height - 2 * MARGIN_PX
    level = LEVEL_MAX
    while level > LEVEL_MIN:
        z = zoom_for_level(level)
        if ext_h * z <= avail_w and ext_v * z <= avail_h:
            break
        level -= 1
    return (level, zoom_for_level(level), to_lattice((bmin[r] + bmax[r]) / 2.0),
            to_lattice((bmin[u] + bmax[u]) / 2.0))


def place(axis, width, height, zoom, ch, cv, point):
    """qr_ortho_view_world_to_screen: pixel coordinates (floats) in a view of that size."""
    r, u = AXES[axis]
    return (width / 2.0 + (point[r] - ch) * zoom, height / 2.0 - (point[u] - cv) * zoom)


# ---- brushes ----

def mesh(path, cli=None):
    cli = cli or os.environ.get("QUARRY_CLI", "quarry-cli")
    out = subprocess.run([cli, "mesh", path, "--json"], check=True, capture_output=True, text=True).stdout
    return json.loads(out)


def _exact(v):
    return tuple(Fraction(c) for c in v)


def _sub(a, b):
    return (a[0] - b[0], a[1] - b[1], a[2] - b[2])


def _cross(a, b):
    return (a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0])


def _dot(a, b):
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]


class Brush:
    def __init__(self, entry, entity=0):
        self.index = entry["index"]
        self.entity = entity
        self.valid = entry["valid"]
        self.reason = entry.get("reason")
        self.faces = [[_exact(v) for v in f["vertices"]] for f in entry.get("faces", [])]
        self.vertices = sorted({v for f in self.faces for v in f})

    @property
    def name(self):
        return "%d:%d" % (self.entity, self.index)

    @property
    def bounds(self):
        lo = tuple(min(v[a] for v in self.vertices) for a in range(3))
        hi = tuple(max(v[a] for v in self.vertices) for a in range(3))
        return lo, hi

    def bounds_text(self):
        lo, hi = self.bounds
        return "%s..%s" % (" ".join(_num(c) for c in lo), " ".join(_num(c) for c in hi))

    def volume(self):
        """Exact, by the divergence theorem over the face polygons (fans of triangles;
        vertices counter-clockwise seen from outside)."""
        total = Fraction(0)
        for f in self.faces:
            for i in range(1, len(f) - 1):
                total += _dot(f[0], _cross(f[i], f[i + 1]))
        return total / 6

    def normals(self):
        out = []
        for f in self.faces:
            for i in range(1, len(f) - 1):
                n = _cross(_sub(f[i], f[0]), _sub(f[i + 1], f[0]))
                if n != (0, 0, 0):
                    out.append(n)
                    break
        return out

    def edge_directions(self):
        return [_sub(f[(i + 1) % len(f)], f[i]) for f in self.faces for i in range(len(f))]

    def inside(self, lo, hi):
        return all(lo[a] <= v[a] <= hi[a] for v in self.vertices for a in range(3))


def _num(c):
    return str(c.numerator) if c.denominator == 1 else str(float(c))


def box_brush(lo, hi):
    """A Brush for an axis-aligned box (only vertices and normals matter to disjoint())."""
    b = Brush({"index": -1, "valid": True, "faces": []})
    b.vertices = [(x, y, z) for x in (lo[0], hi[0]) for y in (lo[1], hi[1]) for z in (lo[2], hi[2])]
    b.vertices = [_exact(v) for v in b.vertices]
    b._box = True
    return b


def _axes_of(b):
    if getattr(b, "_box", False):
        return [(1, 0, 0), (0, 1, 0), (0, 0, 1)], [(1, 0, 0), (0, 1, 0), (0, 0, 1)]
    return b.normals(), b.edge_directions()


def disjoint(p, q):
    """True when the convex polytopes p and q share no interior point: some axis (a face
    normal of either, or the cross product of an edge of each) separates them, touching
    allowed. Exact arithmetic."""
    np_, ep = _axes_of(p)
    nq, eq = _axes_of(q)
    candidates = np_ + nq
    for a in ep:
        for b in eq:
            c = _cross(a, b)
            if c != (0, 0, 0):
                candidates.append(c)
    for axis in candidates:
        pp = [_dot(axis, v) for v in p.vertices]
        qq = [_dot(axis, v) for v in q.vertices]
        if max(pp) <= min(qq) or max(qq) <= min(pp):
            return True
    return False


def world_brushes(path, cli=None):
    """The brushes of every entity, in file order, as Brush objects."""
    out = []
    for e, ent in enumerate(mesh(path, cli)["entities"]):
        for entry in ent.get("brushes", []):
            out.append(Brush(entry, e))
    return out


def box_volume(lo, hi):
    v = Fraction(1)
    for a in range(3):
        v *= max(Fraction(0), Fraction(hi[a]) - Fraction(lo[a]))
    return v


def box_intersection(a_lo, a_hi, b_lo, b_hi):
    return (tuple(max(a_lo[i], b_lo[i]) for i in range(3)), tuple(min(a_hi[i], b_hi[i]) for i in range(3)))


def check_tiling(pieces, lo, hi, holes, volume, what, hole_name="the holes"):
    """Lines "ok …" / "not ok …" (py_checks' protocol) on whether `pieces` exactly fill the
    box lo..hi less the convex `holes`: each piece valid, inside the box, clear of every hole
    and of every other piece, and their volumes adding up to `volume` (the box's less what
    the holes take of it). Disjoint pieces inside the region whose volumes add up to the
    region's leave no gap."""
    lines = []

    def say(cond, text):
        lines.append(("ok " if cond else "not ok ") + what + ": " + text)

    invalid = [b.name for b in pieces if not b.valid]
    say(pieces and not invalid, "%d pieces, all valid%s" % (len(pieces), " (invalid: %s)" % ", ".join(invalid) if invalid else ""))
    pieces = [b for b in pieces if b.valid]
    lo, hi = tuple(Fraction(c) for c in lo), tuple(Fraction(c) for c in hi)
    outside = [b.name + " " + b.bounds_text() for b in pieces if not b.inside(lo, hi)]
    say(not outside, "every piece inside %s..%s%s" % (" ".join(_num(c) for c in lo), " ".join(_num(c) for c in hi),
                                                       " (not: %s)" % "; ".join(outside) if outside else ""))
    into = ["%s and %s" % (b.name, h.name if h.index >= 0 else hole_name) for b in pieces for h in holes
            if not disjoint(b, h)]
    say(not into, "no piece reaches into %s%s" % (hole_name, " (%s)" % "; ".join(into) if into else ""))
    overlaps = ["%s and %s" % (a.name, b.name) for i, a in enumerate(pieces) for b in pieces[i + 1:] if not disjoint(a, b)]
    say(not overlaps, "the pieces do not overlap%s" % (" (%s)" % "; ".join(overlaps) if overlaps else ""))
    total = sum((b.volume() for b in pieces), Fraction(0))
    say(total == volume, "their volumes add up to %s (%s)" % (_num(Fraction(volume)), _num(total)))
    return lines


def exact_brushes(path):
    """The brushes of a Quake-family .map file, entities and brushes in file order, as Brush
    objects solved exactly (Fractions) from the plane points as written: each corner is where
    three face planes meet inside all the others, each face's corners ordered counter-clockwise
    seen from outside. (`quarry-cli mesh` solves corners in double precision: on slanted planes
    a few ulps off.) Outward normals are (p0 - p1) x (p2 - p1), as in the files."""
    out = []
    for entity, e in enumerate(qrmap.read(path)):
        for index, brush in enumerate(e.brushes):
            planes = []
            for s in brush.lines:
                p = qrmap.face_points(s, Fraction)
                if p is not None:
                    n = _cross(_sub(p[0], p[1]), _sub(p[2], p[1]))
                    planes.append((n, _dot(n, p[1])))
            out.append(_solve_brush(planes, index, entity))
    return out


def _solve_brush(planes, index, entity):
    b = Brush({"index": index, "valid": True, "faces": []}, entity)
    corners = set()
    for i, (ni, di) in enumerate(planes):
        for j in range(i + 1, len(planes)):
            for k in range(j + 1, len(planes)):
                (nj, dj), (nk, dk) = planes[j], planes[k]
                jk, ki, ij = _cross(nj, nk), _cross(nk, ni), _cross(ni, nj)
                det = _dot(ni, jk)
                if det == 0:
                    continue
                x = tuple((di * jk[a] + dj * ki[a] + dk * ij[a]) / det for a in range(3))
                if all(_dot(n, x) <= d for n, d in planes):
                    corners.add(x)
    for n, d in planes:
        on = [v for v in corners if _dot(n, v) == d]
        if len(on) < 3:
            continue
        c = tuple(sum(v[a] for v in on) / len(on) for a in range(3))
        u = _sub(on[0], c)
        w = _cross(n, u)
        # Floats only to order them; the corners stay exact.
        on.sort(key=lambda v: math.atan2(float(_dot(_sub(v, c), w)), float(_dot(_sub(v, c), u))))
        b.faces.append(on)
    b.vertices = sorted(corners)
    b.valid = len(b.faces) >= 4
    return b


def main(argv):
    if len(argv) == 10 and argv[0] == "view":
        b = [float(x) for x in argv[4:10]]
        print("%d %.17g %.17g %.17g" % fit(argv[1], int(argv[2]), int(argv[3]), b[:3], b[3:]))
        return 0
    if len(argv) == 11 and argv[0] == "place":
        zoom, ch, cv = (float(x) for x in argv[5:8])
        sx, sy = place(argv[1], int(argv[2]), int(argv[3]), zoom, ch, cv, [float(x) for x in argv[8:11]])
        print("%d %d" % (math.floor(sx + 0.5), math.floor(sy + 0.5)))
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
