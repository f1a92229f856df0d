// Runs Moving AI problems in a process of its own and prints its peak resident memory.
// Usage: tsx bench/peak-memory.ts MAP.3dmap OFFSET LIMIT
import { readFileSync } from 'node:fs';
import { GridSpace } from '../src/core/grid/GridSpace.ts';
import { parse3dMap, parse3dScen } from '../src/core/io/movingai.ts';
import { findPath } from '../src/core/search/AStarRun.ts';
import { SearchContext } from '../src/core/search/SearchContext.ts';

const [map, offset = '0', limit = '20'] = process.argv.slice(2);
const grid = parse3dMap(readFileSync(map, 'utf8'), map);
const problems = parse3dScen(readFileSync(`${map}.3dscen`, 'utf8'), map).slice(+offset, +offset + +limit);
const space = new GridSpace(grid);
const ctx = new SearchContext();
let matched = 0;
for (const p of problems) {
  const r = findPath(space, grid.index(...p.start), grid.index(...p.goal), {}, ctx);
  if (Math.abs(r.cost - p.expected) <= 1e-3) matched++;
}
// maxRSS is in KiB.
console.log(JSON.stringify({ problems: problems.length, matched, peakRssMiB: Math.round(process.resourceUsage().maxRSS / 1024) }));
