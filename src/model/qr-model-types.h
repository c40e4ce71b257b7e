/* qr-model-types.h — forward declarations of the document model. */
#pragma once

#include <stdint.h>

typedef struct _QrMap QrMap;
typedef struct _QrEntity QrEntity;
typedef struct _QrBrush QrBrush;
typedef struct _QrFace QrFace;
typedef struct _QrFaceExtra QrFaceExtra;
typedef struct _QrNode QrNode;
typedef struct _QrPatch QrPatch;
typedef struct _QrDisp QrDisp;

typedef uint32_t QrId;
