/**
 * The page runs under a Content-Security-Policy without 'unsafe-eval' (index.html). zod
 * compiles fast object parsers with `new Function` unless told not to, and merely probing
 * whether it may do so is reported as a policy violation: the main thread parses without it.
 * (Workers do not run under the page's policy and keep the compiled parsers.) Imported first
 * by main.ts, so it runs before any schema is built.
 */
import * as z from 'zod';

z.config({ jitless: true });
