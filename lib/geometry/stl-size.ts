/**
 * Binary STL sizes, in a module of their own so the CLI's entry can tell a
 * large STL (lib/cli/stl-thread-start.ts) without loading the STL reader.
 */
export const STL_HEADER_BYTES = 84;
export const STL_RECORD_BYTES = 50;

/** Below this a second thread costs more (start-up, messages) than it saves (see parallel-stl.ts). */
export const PARALLEL_STL_MIN_TRIANGLES = 100_000;
export const PARALLEL_STL_MIN_BYTES = STL_HEADER_BYTES + STL_RECORD_BYTES * PARALLEL_STL_MIN_TRIANGLES;
