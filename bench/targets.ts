/**
 * The targets of `npm run bench`, in one place: each section reports every target it checks
 * here (measured value, the bound, met or not) and prints the verdict this returns next to its
 * numbers; the run ends with `reportTargets`, which lists every missed target and tells the
 * runner to exit non-zero. Timings never go into `npm test`; this is where they are judged.
 */

/** One checked target. */
export interface TargetResult {
  /** The bench section (table) it belongs to. */
  section: string;
  /** What was measured. */
  name: string;
  /** The measured value, as printed. */
  measured: string;
  /** The bound, as printed (e.g. "<= 16 ms"). */
  bound: string;
  met: boolean;
}

const results: TargetResult[] = [];

/** Formats a measured number for a verdict: a few significant digits. */
function show(v: number, unit: string): string {
  const s =
    !Number.isFinite(v) || Number.isInteger(v)
      ? String(v)
      : Math.abs(v) >= 100
        ? v.toFixed(0)
        : Math.abs(v) >= 1
          ? v.toFixed(2)
          : v.toPrecision(3);
  return unit ? `${s} ${unit}` : s;
}

/**
 * Records the target `measured <op> limit` and returns its verdict for printing, such as
 * "target <= 16 ms: met" or "target <= 16 ms: MISSED".
 */
export function checkTarget(
  section: string,
  name: string,
  measured: number,
  op: '<=' | '>=' | '<' | '>' | '=',
  limit: number,
  unit = '',
): string {
  const met =
    op === '<='
      ? measured <= limit
      : op === '>='
        ? measured >= limit
        : op === '<'
          ? measured < limit
          : op === '>'
            ? measured > limit
            : measured === limit;
  return recordTarget(section, name, show(measured, unit), `${op} ${show(limit, unit)}`, met);
}

/** Records a target judged by the section itself (e.g. "every map <= 2") and returns its verdict. */
export function recordTarget(section: string, name: string, measured: string, bound: string, met: boolean): string {
  results.push({ section, name, measured, bound, met });
  return `target ${bound}: ${met ? 'met' : 'MISSED'}`;
}

/** Every target recorded so far, in order. */
export function targetResults(): readonly TargetResult[] {
  return results;
}

/**
 * Prints how many targets were checked and lists every missed one; returns the number missed
 * (the runner exits non-zero when it is not 0).
 */
export function reportTargets(): number {
  const missed = results.filter((r) => !r.met);
  console.log(`\n## Targets: ${results.length - missed.length} of ${results.length} met`);
  if (missed.length === 0) console.log('every target met');
  else {
    console.log(`missed (${missed.length}):`);
    for (const r of missed) console.log(`- ${r.section}: ${r.name}: ${r.measured} (target ${r.bound})`);
  }
  return missed.length;
}
