/**
 * Unique values for factory records: a per-process counter plus the process id, so records made by
 * different test files (which share a worker's module cache) and different workers never collide.
 */
let n = 0;

/** `prefix-<pid>-<n>`: a value no other factory call of the run produces. */
export function uniq(prefix: string): string {
  n++;
  return `${prefix}-${process.pid}-${n}`;
}
