import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The order vitest runs test files in. Browser (e2e) files spend much of their time waiting on
 * the page, unit files keep the cores busy: vitest's own order runs one project after the other
 * (all e2e files, then all unit files), leaving cores idle during the browser tests. This keeps
 * vitest's order within each project (longest or largest first) and spreads the e2e files
 * evenly through the unit files, so both kinds run side by side for the whole run.
 */
export class InterleavedSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const e2e = sorted.filter((f) => f.project.name === 'e2e');
    const unit = sorted.filter((f) => f.project.name !== 'e2e');
    if (e2e.length === 0 || unit.length === 0) return sorted;
    const every = Math.ceil(unit.length / e2e.length);
    const out: TestSpecification[] = [];
    for (let i = 0; i < e2e.length; i++) out.push(e2e[i], ...unit.slice(i * every, (i + 1) * every));
    return out.concat(unit.slice(e2e.length * every));
  }
}
