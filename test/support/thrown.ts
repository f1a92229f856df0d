/** The error `f` throws (or the promise it returns rejects with); fails the test when it does not throw. */
export async function thrown(f: () => unknown): Promise<unknown> {
  try {
    await f();
  } catch (e) {
    return e;
  }
  throw new Error('expected a throw');
}
