/**
 * navlab scene documents: the v1 schema and its types, parsing with readable errors,
 * migration, saving, and building core objects from a document. Engine-agnostic: imports
 * src/core and zod only (no three, no DOM, no Node built-ins).
 */
export * from './schema.ts';
export * from './validate.ts';
export * from './build.ts';
export { defaultGraph, resolveGraph, runSceneQuery, searchableOf, type Endpoint, type QueryLabels, type SceneGraph, type SearchableScene } from './query.ts';
