/**
 * Untrusted text in messages lives in src/core/text.ts (the argument checks of every folder
 * use it, so it sits beside them, outside io); this module forwards it for older imports.
 */
export { clip, escapeControls, quote, QUOTE_LENGTH } from '../text.ts';
