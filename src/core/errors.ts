/**
 * One error base class for everything navlab throws on purpose. `code` is stable (match on it,
 * not on messages); `name` says which kind of input was wrong. The same problem raises the same
 * code whichever entry point it came through (CLI, library, app, worker), and an error keeps its
 * name, code and message across a worker boundary (`toJSON` / `NavlabError.from`).
 *
 * Codes:
 *   usage        a call or command line the caller must fix (bad option, unknown flag)
 *   query        a query that cannot run: start or goal blocked, unknown or out of bounds
 *   parse        a malformed text file (Moving AI maps and scenarios): `file:line: reason`
 *   scene        an invalid scene document: field paths and reasons
 *   input        a file that cannot be read or is too large
 *   unsupported  a valid request the chosen algorithm or grid does not support
 */
export type NavlabErrorCode = 'usage' | 'query' | 'parse' | 'scene' | 'input' | 'unsupported';

const CODES: readonly NavlabErrorCode[] = ['usage', 'query', 'parse', 'scene', 'input', 'unsupported'];

/** The plain-data form of a NavlabError (what crosses a worker boundary). */
export interface NavlabErrorData {
  /** The error class's name, such as `QueryError` (which kind of input was wrong). */
  name: string;
  /** The stable code to match on (see NavlabErrorCode). */
  code: NavlabErrorCode;
  /** What is wrong, naming the argument, file or field first. */
  message: string;
}

/** The base class of every error navlab throws on purpose; match on `code` (see `NavlabErrorCode`). */
export class NavlabError extends Error {
  /** An error with a code and a message a person can act on (name the argument first). */
  constructor(
    /** The stable code to match on (see NavlabErrorCode); messages may change, codes do not. */
    readonly code: NavlabErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'NavlabError';
  }

  /** The plain-data form (name, code, message) that crosses a worker boundary; `NavlabError.from` turns it back into an error. */
  toJSON(): NavlabErrorData {
    return { name: this.name, code: this.code, message: this.message };
  }

  /**
   * A NavlabError from its plain-data form, keeping name, code and message; any other value
   * (an error of another kind that crossed a boundary) keeps its name and message only.
   */
  static from(data: { name?: unknown; code?: unknown; message?: unknown }): Error {
    // Whatever crossed the boundary becomes an error: a value that is not error data is its message.
    if (data === null || typeof data !== 'object') data = { message: data };
    const message = typeof data.message === 'string' ? data.message : String(data.message);
    const code = CODES.find((c) => c === data.code);
    const e = code === undefined ? new Error(message) : new NavlabError(code, message);
    if (typeof data.name === 'string') e.name = data.name;
    return e;
  }
}
