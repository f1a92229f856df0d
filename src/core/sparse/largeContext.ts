import { usageError } from '../args.ts';
import { PAGE_BITS, SearchContext } from '../search/SearchContext.ts';

/**
 * A SearchContext for spaces past VOXEL_LIMIT node ids: a sparse world's cell ids run to 64 per
 * brick (the 4,096^3 city: 912M). The same paged state; only `begin` accepts up to 2^31 ids
 * (Int32). Kept apart so programs on the dense grid do not carry it.
 */
export class LargeSearchContext extends SearchContext {
  override begin(nodeCount: number): void {
    if (!Number.isInteger(nodeCount) || nodeCount < 0 || nodeCount > 2 ** 31)
      throw usageError('LargeSearchContext.begin: nodeCount', 'an integer in [0, 2^31]', nodeCount);
    const pages = Math.ceil(nodeCount / 2 ** PAGE_BITS);
    if (this.pageGen.length < pages) {
      // The previous query's pages are dropped with the old arrays.
      this.pageGen = new Uint32Array(pages);
      this.pageBase = new Int32Array(pages).fill(-1);
      this.gen = 0;
    }
    super.begin(0);
  }
}
