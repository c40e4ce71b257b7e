/* qr-entdef.h — entity definitions: the classes a game knows, their
 * kind, colour, size and typed keys, as one model whatever file they came
 * from (Valve FGD, Radiant DEF, Radiant ENT; the parsers are in src/io).
 *
 * A parser adds classes in file order with their own keys and the names of
 * their bases, then qr_entdefs_finish resolves inheritance: each class's
 * `props` lists its bases' keys first (in base order, depth first), then its
 * own, a later key of the same name replacing the earlier one in place; a
 * class without its own colour, size or model takes the first base's that
 * has one. Problems are kept as "file:line:column: message" strings and the
 * rest of the file still loads.
 *
 * Shared by reference: the application loads a game's definitions once and
 * every document showing that game holds a reference.
 */
#pragma once

#include <glib.h>
#include <stdbool.h>
#include "qr-model-types.h"
#include "qr-vec3.h"

typedef enum
{
  QR_ENTCLASS_BASE,  /* only inherited from (FGD @BaseClass) */
  QR_ENTCLASS_POINT, /* placed at a point: origin, no brushes */
  QR_ENTCLASS_SOLID, /* brushes tied to an entity */
} QrEntClassKind;

typedef enum
{
  QR_PROP_STRING,
  QR_PROP_INTEGER,
  QR_PROP_FLOAT,
  QR_PROP_CHOICES,     /* one of `choices` */
  QR_PROP_FLAGS,       /* a bit field; `choices` are the bits, value = bit */
  QR_PROP_COLOR255,    /* "r g b [brightness]", 0..255 */
  QR_PROP_COLOR1,      /* "r g b", 0..1 */
  QR_PROP_TARGET_SOURCE,      /* a name others target (targetname) */
  QR_PROP_TARGET_DESTINATION, /* the name of another entity (target, killtarget) */
  QR_PROP_STUDIO,      /* a model path */
  QR_PROP_SOUND,
  QR_PROP_SPRITE,
  QR_PROP_DECAL,
  QR_PROP_ANGLE,       /* "angle" yaw, or "pitch yaw roll" (FGD angle) */
  QR_PROP_VECTOR,      /* three numbers (origin, vecline) */
  QR_PROP_BOOLEAN,     /* Radiant ENT boolean, Source boolean */
  QR_PROP_OTHER,       /* a type the editor does not interpret: edited as text */
} QrPropType;

typedef struct
{
  char *value;       /* as written: "1", "2", "light_small"… */
  char *label;       /* shown to the mapper */
  bool default_on;   /* flags: the bit's default */
} QrPropChoice;

typedef struct
{
  char *name;          /* the key */
  QrPropType type;
  char *type_name;     /* as the file wrote it ("target_destination", "color255"…) */
  char *label;         /* short description shown beside the key, or NULL */
  char *default_value; /* or NULL */
  char *description;   /* help text, or NULL */
  GArray *choices;     /* QrPropChoice, or NULL unless CHOICES or FLAGS */
  bool read_only;      /* FGD `readonly` */
} QrPropDef;

/* A Source input or output declaration. */
typedef struct
{
  char *name;
  char *type;        /* "void", "integer", "string"… */
  char *description; /* or NULL */
} QrIoDef;

typedef struct
{
  char *name;
  QrEntClassKind kind;
  char *description; /* or NULL */
  bool has_color;
  double color[3];   /* 0..1 */
  bool has_size;
  QrBounds size;     /* relative to the origin */
  char *model;       /* studio()/model()/iconsprite() path, or NULL */
  GPtrArray *bases;  /* char *, owned: the names given in base() */
  GPtrArray *own_props;  /* QrPropDef *, owned: declared in this class */
  GPtrArray *props;      /* QrPropDef *, borrowed: resolved (qr_entdefs_finish) */
  GPtrArray *own_inputs;  /* QrIoDef *, owned: declared in this class */
  GPtrArray *own_outputs;
  GPtrArray *inputs;      /* QrIoDef *, borrowed: resolved like props */
  GPtrArray *outputs;
  char *file;        /* where it was declared */
  int line;
} QrEntClass;

typedef struct _QrEntDefs QrEntDefs;

QrEntDefs *qr_entdefs_new (void);
QrEntDefs *qr_entdefs_ref (QrEntDefs *defs);
void qr_entdefs_unref (QrEntDefs *defs);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (QrEntDefs, qr_entdefs_unref)

/* The file the definitions were loaded from (the top one for includes), or NULL. */
const char *qr_entdefs_get_path (const QrEntDefs *defs);
void qr_entdefs_set_path (QrEntDefs *defs, const char *path);

/* Adds a class (parsers). A second class of the same name replaces the
 * first in lookups (FGD files redefine classes on purpose), keeping the
 * first's place in the list. */
QrEntClass *qr_entdefs_add_class (QrEntDefs *defs, const char *name, QrEntClassKind kind,
                                  const char *file, int line);
/* Adds a key to a class's own keys; name borrowed (copied). */
QrPropDef *qr_entclass_add_prop (QrEntClass *cls, const char *name, QrPropType type, const char *type_name);
void qr_prop_add_choice (QrPropDef *prop, const char *value, const char *label, bool default_on);
QrIoDef *qr_entclass_add_input (QrEntClass *cls, const char *name, const char *type, const char *description);
QrIoDef *qr_entclass_add_output (QrEntClass *cls, const char *name, const char *type, const char *description);

/* Records a problem; the parse goes on. */
void qr_entdefs_add_error (QrEntDefs *defs, const char *file, int line, int column, const char *format, ...)
  G_GNUC_PRINTF (5, 6);
guint qr_entdefs_error_count (const QrEntDefs *defs);
const char *qr_entdefs_error (const QrEntDefs *defs, guint i);

/* Resolves inheritance (see the top); an unknown base or a cycle is an
 * error naming the class's file and line. Call once after parsing. */
void qr_entdefs_finish (QrEntDefs *defs);

/* Classes in file order (replaced ones included once, as their last definition). */
guint qr_entdefs_count (const QrEntDefs *defs);
const QrEntClass *qr_entdefs_nth (const QrEntDefs *defs, guint i);
/* By classname, exact spelling first, then ignoring ASCII case; NULL when unknown. */
const QrEntClass *qr_entdefs_lookup (const QrEntDefs *defs, const char *name);

/* The resolved key of that name, or NULL. */
const QrPropDef *qr_entclass_find_prop (const QrEntClass *cls, const char *key);

/* The box a point entity of that class spans about its origin: the
 * class's size, or ±8 when the class or its size is unknown (defs may be NULL). */
QrBounds qr_entdefs_point_size (const QrEntDefs *defs, const char *classname);

/* Parses a type name as FGD and ENT files write it ("integer", "choices",
 * "color255", "target_destination"…), ignoring case; QR_PROP_OTHER when unknown. */
QrPropType qr_prop_type_from_name (const char *type_name);
