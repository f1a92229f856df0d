/**
 * The build holds one Draco decoder: the plugin in vite.config.ts removes the general
 * decoder's URLs from three's DRACOLoader (the build would emit those files) and keeps the
 * glTF decoder's, which the app loads (src/app/shell/scene/draco.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dracoGltfOnly } from '../../vite.config.ts';
import { ROOT } from '../support/cli.ts';

describe('one Draco decoder in the build', () => {
  it("drops the general decoder's URLs from DRACOLoader and keeps the glTF decoder's", () => {
    const id = join(ROOT, 'node_modules/three/examples/jsm/loaders/DRACOLoader.js');
    const code = readFileSync(id, 'utf8');
    const warnings: string[] = [];
    const transform = dracoGltfOnly().transform as (this: { warn(m: string): void }, code: string, id: string) => { code: string } | null;
    const out = transform.call({ warn: (m) => warnings.push(m) }, code, id)!;
    expect(warnings).toEqual([]);
    const urls = (text: string) => [...text.matchAll(/new URL\(\s*'([^']+)',\s*import\.meta\.url\s*\)/g)].map((m) => m[1]);
    expect(urls(code).filter((u) => !u.includes('/gltf/')).length).toBe(3);
    expect(urls(out.code)).toEqual(['../libs/draco/gltf/draco_wasm_wrapper.js', '../libs/draco/gltf/draco_decoder.wasm']);
    // Other modules are left alone.
    expect(transform.call({ warn: (m) => warnings.push(m) }, code, '/x/other.js')).toBeNull();
  });
});
