/* qr-test-assert.h — exact comparisons of doubles for the tests. They print
 * all 17 digits (g_assert_cmpfloat prints nine: too few to see a one-ulp
 * miss) and name the caller's line. */
#pragma once

#include <glib.h>
#include <math.h>

/* got == want as doubles (so 0.0 equals -0.0). */
#define qr_test_assert_exact(got, want) \
  G_STMT_START { \
    double got_ = (got), want_ = (want); \
    if (!(got_ == want_)) \
      { \
        g_autofree char *msg_ = g_strdup_printf ("%s == %s: got %.17g, expected %.17g", \
                                                 #got, #want, got_, want_); \
        g_assertion_message (G_LOG_DOMAIN, __FILE__, __LINE__, G_STRFUNC, msg_); \
      } \
  } G_STMT_END

/* The same double, sign of zero included: what a reader or writer must keep. */
#define qr_test_assert_same(got, want) \
  G_STMT_START { \
    double got_ = (got), want_ = (want); \
    if (!(got_ == want_ && signbit (got_) == signbit (want_))) \
      { \
        g_autofree char *msg_ = g_strdup_printf ("%s is %s: got %.17g, expected %.17g", \
                                                 #got, #want, got_, want_); \
        g_assertion_message (G_LOG_DOMAIN, __FILE__, __LINE__, G_STRFUNC, msg_); \
      } \
  } G_STMT_END
