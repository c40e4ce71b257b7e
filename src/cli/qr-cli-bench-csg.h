/* qr-cli-bench-csg.h — `quarry-cli bench --csg`, the CSG half of the bench
 * subcommand: one JSON line for the file, or an exit status. */
#pragma once

int qr_cli_bench_csg (const char *path, int repeat);
