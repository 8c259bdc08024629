/** Below this a second thread costs more (start-up, messages) than it saves (see parallel-stl.ts). */
export const PARALLEL_STL_MIN_TRIANGLES = 100_000;
/** The size of a binary STL of PARALLEL_STL_MIN_TRIANGLES (84-byte header, 50 bytes a triangle). */
export const PARALLEL_STL_MIN_BYTES = 84 + 50 * PARALLEL_STL_MIN_TRIANGLES;
