"""The tests' own reader of Quake-family .map files (Quake, Valve 220, Quake 3), so that
checks on a map do not go through Quarry's parser: entities in file order, their key lines
and their brushes' lines as written. Shared by tests/test-find.py, tests/vertex-qhull.py and
tests/gui/mapgeom.py.

Lines are stripped; blank lines and // comments are left out. A brush's lines are those
directly inside its braces; a block inside a brush (a patch's) only marks it `nested`.
Files are read as latin-1: any bytes, and the syntax is ASCII.
"""
import functools
import re

_KEY_RE = re.compile(r'"([^"]*)"\s+"([^"]*)"')
_FACE_RE = re.compile(r"^\s*" + r"\s*".join([r"\(\s*(\S+)\s+(\S+)\s+(\S+)\s*\)"] * 3))


class Brush:
    def __init__(self):
        self.lines = []
        self.nested = False


class Entity:
    def __init__(self):
        self.key_lines = []
        self.brushes = []

    @functools.cached_property
    def keys(self):
        """(key, value) pairs in file order; parsed when first asked for."""
        return [_KEY_RE.match(s).groups() for s in self.key_lines]


def read(path):
    """The entities of the map file at path, as Entity objects."""
    entities, entity, brush, depth = [], None, None, 0
    with open(path, encoding="latin-1") as f:
        for line in f:
            s = line.strip()
            if s.startswith("//") or not s:
                continue
            if s == "{":
                depth += 1
                if depth == 1:
                    entity = Entity()
                    entities.append(entity)
                elif depth == 2:
                    brush = Brush()
                else:
                    brush.nested = True
            elif s == "}":
                if depth == 2:
                    entity.brushes.append(brush)
                depth -= 1
            elif depth == 1:
                entity.key_lines.append(s)
            elif depth == 2:
                brush.lines.append(s)
    return entities


def face_points(line, number=float):
    """The three plane points of a face line `( p ) ( p ) ( p ) TEXTURE …`, each a tuple of
    number(coordinate as written), or None when the line is not one."""
    m = _FACE_RE.match(line)
    if m is None:
        return None
    g = m.groups()
    return [tuple(number(c) for c in g[3 * i:3 * i + 3]) for i in range(3)]


def face_texture(line):
    """The texture name of a face line: the word after its last parenthesis."""
    return line[line.rindex(")") + 1:].split()[0]
