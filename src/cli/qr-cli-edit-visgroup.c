/* quarry-cli edit's visgroup-add, visgroup-remove, visgroup-delete,
 * visgroup-rename, visgroup-move, visgroup-hide and visgroup-show: the operations of
 * qr-visgroup-ops.h, visgroups named by name, objects as the other steps
 * name them (E:B or E, comma-separated, in one word or several). */
#include "qr-cli-edit-visgroup.h"
#include "qr-visgroup-ops.h"

#include <stdio.h>
#include <string.h>

static int
usage (const char *step, const char *msg)
{
  fprintf (stderr, "quarry-cli edit: step “%s”: %s\n", step, msg);
  return QR_EXIT_USAGE;
}

/* The id of the visgroup named `name`; 0 (with an error unless `quiet`)
 * when there is none. */
static guint
visgroup_id (QrDocument *doc, const char *name, bool quiet, GError **error)
{
  g_autoptr (GArray) groups = qr_visgroups_read (qr_document_get_map (doc));
  int i = qr_visgroups_find_name (groups, name);

  if (i >= 0)
    return g_array_index (groups, QrVisgroup, i).id;
  if (!quiet)
    g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_NOT_FOUND, "there is no visgroup named “%s”", name);
  return 0;
}

/* The words' objects, appended to brushes and entities. */
static bool
parse_words (QrDocument *doc, char **words, int n, GArray *brushes, GArray *entities, GError **error)
{
  for (int i = 0; i < n; i++)
    {
      g_autoptr (GArray) whole = NULL;
      g_autoptr (GArray) ids = qr_cli_parse_objects (doc, words[i], &whole, error);

      if (ids == NULL)
        return false;
      g_array_append_vals (brushes, ids->data, ids->len);
      g_array_append_vals (entities, whole->data, whole->len);
    }
  return true;
}

static int
members_step (QrDocument *doc, char **argv, int argc, const char *step, bool add, GError **error)
{
  g_autoptr (GArray) brushes = g_array_new (FALSE, FALSE, sizeof (QrId));
  g_autoptr (GArray) entities = g_array_new (FALSE, FALSE, sizeof (QrId));
  QrObjects objs;
  guint id;
  bool ok;

  if (argc < 3)
    return usage (step, add ? "expected visgroup-add NAME OBJS…" : "expected visgroup-remove NAME OBJS…");
  if (!parse_words (doc, argv + 2, argc - 2, brushes, entities, error))
    return QR_EXIT_BAD_INPUT;
  objs = (QrObjects) { (const QrId *) (gpointer) brushes->data, brushes->len,
                       (const QrId *) (gpointer) entities->data, entities->len };
  id = visgroup_id (doc, argv[1], add, error);
  if (id == 0 && !add)
    return QR_EXIT_BAD_INPUT;
  if (id == 0)
    ok = qr_op_visgroup_create (doc, argv[1], &objs, NULL, error);
  else if (add)
    ok = qr_op_visgroup_add (doc, id, &objs, error);
  else
    ok = qr_op_visgroup_remove (doc, id, &objs, error);
  return ok ? QR_EXIT_OK : QR_EXIT_BAD_INPUT;
}

int
qr_cli_edit_visgroup_step (QrDocument *doc, char **argv, int argc, const char *step, GError **error)
{
  const char *op = argv[0];
  guint id;
  bool ok;

  if (!g_str_has_prefix (op, "visgroup-"))
    return QR_EXIT_USAGE + 1;
  if (strcmp (op, "visgroup-add") == 0 || strcmp (op, "visgroup-remove") == 0)
    return members_step (doc, argv, argc, step, op[9] == 'a', error);
  if (strcmp (op, "visgroup-rename") == 0)
    {
      if (argc != 3)
        return usage (step, "expected visgroup-rename OLD NEW");
      if ((id = visgroup_id (doc, argv[1], false, error)) == 0)
        return QR_EXIT_BAD_INPUT;
      ok = qr_op_visgroup_rename (doc, id, argv[2], error);
    }
  else if (strcmp (op, "visgroup-move") == 0)
    {
      guint parent = 0;

      if (argc != 2 && argc != 3)
        return usage (step, "expected visgroup-move NAME [PARENT] (none: to the top level)");
      if ((id = visgroup_id (doc, argv[1], false, error)) == 0
          || (argc == 3 && (parent = visgroup_id (doc, argv[2], false, error)) == 0))
        return QR_EXIT_BAD_INPUT;
      ok = qr_op_visgroup_move (doc, id, parent, error);
    }
  else if (strcmp (op, "visgroup-delete") == 0 || strcmp (op, "visgroup-hide") == 0
           || strcmp (op, "visgroup-show") == 0)
    {
      if (argc != 2)
        return usage (step, "expected the visgroup's NAME");
      if ((id = visgroup_id (doc, argv[1], false, error)) == 0)
        return QR_EXIT_BAD_INPUT;
      if (op[9] == 'd')
        ok = qr_op_visgroup_delete (doc, id, error);
      else
        ok = qr_op_visgroup_set_shown (doc, id, op[9] == 's', error);
    }
  else
    return QR_EXIT_USAGE + 1;
  return ok ? QR_EXIT_OK : QR_EXIT_BAD_INPUT;
}
