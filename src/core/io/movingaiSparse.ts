import { checkString } from '../args.ts';
import { ParseError, read3dMap } from './movingai.ts';
import { BrickSet } from '../sparse/brickSet.ts';
import { SPARSE_MAX_SIDE, sparseFromBricks } from '../sparse/build.ts';
import type { SparseWorld } from '../sparse/SparseWorld.ts';

/**
 * A Moving AI voxel map (`voxel X Y Z`, then one `x y z` line per blocked voxel; the format
 * parse3dMap reads) straight into a SparseWorld: the blocked voxels go into 4x4x4 bricks, so
 * no dense grid is allocated and memory follows the blocked voxels, not X x Y x Z. Malformed
 * lines throw a ParseError (`file:line: reason`) as parse3dMap does.
 */
export function parse3dMapSparse(text: string, file = '<3dmap>'): SparseWorld {
  checkString('parse3dMapSparse: text', text);
  checkString('parse3dMapSparse: file', file);
  const bricks = new BrickSet();
  let size: [number, number, number] = [0, 0, 0];
  read3dMap(text, file, (dims) => {
    if (dims.some((v) => v > SPARSE_MAX_SIDE))
      throw new ParseError(file, 1, `map size must be integers in [1, ${SPARSE_MAX_SIDE}], got ${dims.join(' ')}`);
    size = dims;
    return (x, y, z) => bricks.addVoxel(x, y, z);
  });
  return sparseFromBricks(size, bricks);
}
