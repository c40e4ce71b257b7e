/* qr-fuzz-init.c — set-up shared by every fuzz target: libFuzzer calls
 * LLVMFuzzerInitialize once before the first input, the replay driver
 * calls it too. A warning or critical from our code (a failed
 * g_return_if_fail is a caller's bug) aborts, so the fuzzer keeps the input;
 * anything quieter is dropped, so a long run's log holds only its stats. */
#include "qr-fuzz.h"

static GLogWriterOutput
fatal_writer (GLogLevelFlags level, const GLogField *fields, gsize n_fields, gpointer user_data)
{
  if (level & (G_LOG_LEVEL_ERROR | G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING))
    {
      g_log_writer_standard_streams (level, fields, n_fields, user_data);
      abort ();
    }
  return G_LOG_WRITER_HANDLED;
}

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  g_log_set_writer_func (fatal_writer, NULL, NULL);
  return 0;
}
