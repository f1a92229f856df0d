/**
 * A list of listeners for one kind of event. Owners emit; any number of parts listen, and
 * none can replace another's listener (as assigning an `onChange` field would).
 */
export class Signal<A extends unknown[] = []> {
  private readonly listeners: ((...args: A) => void)[] = [];

  /** Adds a listener; returns a function that removes it. */
  add(listener: (...args: A) => void): () => void {
    this.listeners.push(listener);
    return () => {
      const i = this.listeners.indexOf(listener);
      if (i >= 0) this.listeners.splice(i, 1);
    };
  }

  /** Calls every listener in the order they were added. */
  emit(...args: A): void {
    for (const l of this.listeners.slice()) l(...args);
  }
}
