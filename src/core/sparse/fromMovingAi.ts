import { checkString } from '../args.ts';
import { ParseError } from '../io/movingai.ts';
import { quote } from '../text.ts';
import { BrickSet, SPARSE_MAX_SIDE, sparseFromBricks } from './build.ts';
import type { SparseWorld } from './SparseWorld.ts';

/**
 * A Moving AI voxel map (`voxel X Y Z`, then one `x y z` line per blocked voxel; the format
 * parse3dMap reads) straight into a SparseWorld: the blocked voxels go into 4x4x4 bricks, so
 * no dense grid is allocated and memory follows the blocked voxels, not X x Y x Z. Malformed
 * lines throw a ParseError (`file:line: reason`) as parse3dMap does.
 */
export function parse3dMapSparse(text: string, file = '<3dmap>'): SparseWorld {
  checkString('parse3dMapSparse: text', text);
  checkString('parse3dMapSparse: file', file);
  let pos = text.indexOf('\n');
  if (pos < 0) pos = text.length;
  const header = text.slice(0, pos);
  const h = header.trim().split(/\s+/);
  if (h[0] !== 'voxel' || h.length !== 4) throw new ParseError(file, 1, `expected header 'voxel X Y Z', got ${quote(header)}`);
  const dims = h.slice(1).map((v) => (/^[0-9]{1,9}$/.test(v) ? Number(v) : -1));
  const [X, Y, Z] = dims;
  if (!(X >= 1 && Y >= 1 && Z >= 1 && X <= SPARSE_MAX_SIDE && Y <= SPARSE_MAX_SIDE && Z <= SPARSE_MAX_SIDE))
    throw new ParseError(file, 1, `map size must be integers in [1, ${SPARSE_MAX_SIDE}], got ${h.slice(1).join(' ')}`);
  const bricks = new BrickSet();
  let lineNo = 1;
  pos++;
  while (pos < text.length) {
    let end = text.indexOf('\n', pos);
    if (end < 0) end = text.length;
    lineNo++;
    // Three non-negative integers separated by spaces or tabs (a trailing \r allowed).
    let x = 0,
      y = 0,
      z = 0,
      field = 0,
      digits = 0,
      ok = true;
    for (let i = pos; i < end; i++) {
      const c = text.charCodeAt(i);
      if (c >= 48 && c <= 57) {
        const d = c - 48;
        if (field === 0) x = x * 10 + d;
        else if (field === 1) y = y * 10 + d;
        else if (field === 2) z = z * 10 + d;
        digits++;
      } else if (c === 32 || c === 9 || c === 13) {
        if (digits > 0) {
          field++;
          digits = 0;
        }
      } else {
        ok = false;
        break;
      }
    }
    if (digits > 0) field++;
    const line = text.slice(pos, end);
    pos = end + 1;
    if (field === 0 && ok) continue;
    if (!ok || field !== 3) throw new ParseError(file, lineNo, `expected 'x y z' (three non-negative integers), got ${quote(line.trim())}`);
    if (x >= X || y >= Y || z >= Z) throw new ParseError(file, lineNo, `voxel (${x}, ${y}, ${z}) is outside the ${X}x${Y}x${Z} map`);
    bricks.addVoxel(x, y, z);
  }
  return sparseFromBricks([X, Y, Z], bricks);
}
