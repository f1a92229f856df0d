/**
 * Line patches between saved scene texts (one box or item per line): autosave of a big scene
 * stores each document as the few lines it changes against a base text, not the whole text.
 * A patch is a list of hunks [at, remove, insert]: in the base's lines, from line `at`,
 * `remove` lines are replaced by the lines `insert`; hunks are in order and do not overlap.
 */
export type LineHunk = [at: number, remove: number, insert: string[]];

/**
 * The hunks that turn lines `a` into lines `b` (Myers' shortest edit script, after the common
 * first and last lines), or null when more than `maxEdits` lines differ.
 */
export function diffLines(a: readonly string[], b: readonly string[], maxEdits: number): LineHunk[] | null {
  let pre = 0;
  while (pre < a.length && pre < b.length && a[pre] === b[pre]) pre++;
  let suf = 0;
  while (suf < a.length - pre && suf < b.length - pre && a[a.length - 1 - suf] === b[b.length - 1 - suf]) suf++;
  const n = a.length - pre - suf;
  const m = b.length - pre - suf;
  if (n + m > 0 && Math.abs(n - m) > maxEdits) return null;
  const max = Math.min(n + m, maxEdits);
  const off = max + 1;
  const v = new Int32Array(2 * max + 3);
  // trace[d]: v for k in [-d-1, d+1] before step d (so trace[d][k + d + 1] = v[k]).
  const trace: Int32Array[] = [];
  let found = -1;
  for (let d = 0; d <= max && found < 0; d++) {
    trace.push(v.slice(off - d - 1, off + d + 2));
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[off + k - 1] < v[off + k + 1]) ? v[off + k + 1] : v[off + k - 1] + 1;
      let y = x - k;
      while (x < n && y < m && a[pre + x] === b[pre + y]) {
        x++;
        y++;
      }
      v[off + k] = x;
      if (x >= n && y >= m) {
        found = d;
        break;
      }
    }
  }
  if (found < 0) return null;
  // Back from (n, m): one line removed from a (at base line) or inserted from b, per step.
  const edits: { at: number; line: string | null }[] = [];
  let x = n;
  let y = m;
  for (let d = found; d > 0; d--) {
    const t = trace[d];
    const k = x - y;
    const down = k === -d || (k !== d && t[k - 1 + d + 1] < t[k + 1 + d + 1]);
    const pk = down ? k + 1 : k - 1;
    const px = t[pk + d + 1];
    const py = px - pk;
    while (x > px && y > py) {
      x--;
      y--;
    }
    edits.push(down ? { at: pre + px, line: b[pre + py] } : { at: pre + px, line: null });
    x = px;
    y = py;
  }
  edits.reverse();
  const hunks: LineHunk[] = [];
  for (const e of edits) {
    const last = hunks.at(-1);
    const h: LineHunk = last !== undefined && last[0] + last[1] === e.at ? last : [e.at, 0, []];
    if (h !== last) hunks.push(h);
    if (e.line === null) h[1]++;
    else h[2].push(e.line);
  }
  return hunks;
}

/** Lines `a` with the hunks applied. Throws on hunks out of order or out of range. */
export function applyLines(a: readonly string[], hunks: readonly LineHunk[]): string[] {
  const out: string[] = [];
  let pos = 0;
  for (const h of hunks) {
    const [at, remove, insert] = h;
    if (
      !Number.isSafeInteger(at) ||
      !Number.isSafeInteger(remove) ||
      at < pos ||
      remove < 0 ||
      at + remove > a.length ||
      !Array.isArray(insert)
    ) {
      throw new Error('the patch does not fit its base text');
    }
    for (let i = pos; i < at; i++) out.push(a[i]);
    for (const line of insert) {
      if (typeof line !== 'string') throw new Error('the patch does not fit its base text');
      out.push(line);
    }
    pos = at + remove;
  }
  for (let i = pos; i < a.length; i++) out.push(a[i]);
  return out;
}

/** The first character of a stored patch (a saved scene text starts with '{'). */
export const PATCH_MARK = '~';

/** A patch as stored: PATCH_MARK and the hunks as JSON. */
export function encodePatch(hunks: readonly LineHunk[]): string {
  return PATCH_MARK + JSON.stringify(hunks);
}

/** The text a stored patch makes of the base's lines. Throws when it is damaged or does not fit. */
export function applyPatch(baseLines: readonly string[], patch: string): string {
  let hunks: unknown;
  try {
    hunks = JSON.parse(patch.slice(PATCH_MARK.length));
  } catch {
    throw new Error('the patch is not JSON');
  }
  if (!Array.isArray(hunks) || !hunks.every((h) => Array.isArray(h) && h.length === 3)) throw new Error('the patch is not a list of hunks');
  return applyLines(baseLines, hunks as LineHunk[]).join('\n');
}
