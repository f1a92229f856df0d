/**
 * Counts stuck agents from snapshots: an agent that has not arrived and has not moved more
 * than `distance` (world units, scaled by its radius) within the last `seconds` of simulated
 * time is stuck. Each agent keeps an anchor: where it was when it last got that far.
 */
export class StuckTracker {
  /** Simulated seconds without progress before an agent counts as stuck. */
  seconds = 3;
  /** Progress that resets the clock, in agent radii. */
  radii = 1;
  private anchors = new Float64Array(0);
  private since = new Float64Array(0);
  private count = 0;

  /** Forgets every agent (a new simulation). */
  clear(): void {
    this.count = 0;
  }

  /**
   * Takes a snapshot (time, positions, radii, arrived flags of `n` agents) and returns how
   * many agents are stuck; `stuck[i]` is set to 1 for each (when given).
   */
  update(
    time: number,
    n: number,
    positions: ArrayLike<number>,
    radii: ArrayLike<number>,
    arrived: ArrayLike<number>,
    stuck?: Uint8Array,
  ): number {
    if (n > this.anchors.length / 3) {
      const a = new Float64Array(3 * n);
      a.set(this.anchors.subarray(0, 3 * this.count));
      const s = new Float64Array(n);
      s.set(this.since.subarray(0, this.count));
      this.anchors = a;
      this.since = s;
    }
    // New agents, or time went back (a reset): anchor where they are now.
    for (let i = 0; i < n; i++) {
      if (i >= this.count || time < this.since[i]) this.anchor(i, time, positions);
    }
    this.count = n;
    let total = 0;
    for (let i = 0; i < n; i++) {
      const o = 3 * i;
      const moved = Math.hypot(
        positions[o] - this.anchors[o],
        positions[o + 1] - this.anchors[o + 1],
        positions[o + 2] - this.anchors[o + 2],
      );
      if (arrived[i] || moved > this.radii * Math.max(1e-3, radii[i])) this.anchor(i, time, positions);
      const isStuck = !arrived[i] && time - this.since[i] >= this.seconds;
      if (stuck !== undefined) stuck[i] = isStuck ? 1 : 0;
      total += isStuck ? 1 : 0;
    }
    return total;
  }

  private anchor(i: number, time: number, positions: ArrayLike<number>): void {
    this.anchors[3 * i] = positions[3 * i];
    this.anchors[3 * i + 1] = positions[3 * i + 1];
    this.anchors[3 * i + 2] = positions[3 * i + 2];
    this.since[i] = time;
  }
}
