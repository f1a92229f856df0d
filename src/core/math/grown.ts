/** The typed arrays navlab grows as it fills them. */
type Grows = Int32Array | Uint8Array | Float32Array | Float64Array;

/**
 * A typed array of the same kind as `a` with `length` elements: a's elements first, zeros after
 * (the growth step of the search state, heaps, stacks and caches; `length` >= a.length).
 */
export function grown<T extends Grows>(a: T, length: number): T {
  const b = new (a.constructor as new (length: number) => T)(length);
  b.set(a);
  return b;
}
