import { NavlabError } from '../errors.ts';

/**
 * Misuse of a query (code 'query'), whatever the entry point: an endpoint blocked, unknown,
 * out of bounds or of the wrong form, an unknown graph or algorithm, an algorithm the graph
 * does not run, a graph the scene does not have. Messages name the endpoint or option first
 * ("to: voxel (10, 0, 0) is outside the 10x10x10 grid"). A grid the chosen algorithm does not
 * support is not misuse: run creation throws NavlabError 'unsupported' for it.
 */
export class QueryError extends NavlabError {
  /** A query error (code `query`) with `message`, which names the endpoint or option first. */
  constructor(message: string) {
    super('query', message);
    this.name = 'QueryError';
  }
}
