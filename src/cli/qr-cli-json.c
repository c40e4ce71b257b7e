#include "qr-cli-json.h"
#include "qr-number.h"

#include <stdio.h>

json_object *
qr_json_number (double v)
{
  char buf[QR_NUMBER_BUFSIZE];

  qr_number_format (v, buf);
  return json_object_new_double_s (v, buf);
}

json_object *
qr_json_vec3 (QrVec3 v)
{
  json_object *a = json_object_new_array_ext (3);

  json_object_array_add (a, qr_json_number (v.x));
  json_object_array_add (a, qr_json_number (v.y));
  json_object_array_add (a, qr_json_number (v.z));
  return a;
}

void
qr_json_print (json_object *obj)
{
  size_t len;
  const char *text = json_object_to_json_string_length (obj, JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE, &len);

  fwrite (text, 1, len, stdout);
  fputc ('\n', stdout);
}
