/* qr-cli-json.h — json-c helpers that keep numbers exact. */
#pragma once

#include <json-c/json.h>
#include "qr-vec3.h"

/* A JSON number written as the shortest decimal that reads back exactly. */
json_object *qr_json_number (double v);
json_object *qr_json_vec3 (QrVec3 v);
/* Prints the object on one line to stdout. */
void qr_json_print (json_object *obj);
