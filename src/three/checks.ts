/**
 * The argument checkers live in src/core/args.ts (one set for every entry); this module only
 * forwards the one a three-side module still imports from here.
 */
export { checkNumber } from '../core/args.ts';
