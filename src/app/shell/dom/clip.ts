import { clip as clipText } from '../../../core/text.ts';

/** Longest piece of outside text (a name, an id, a message) the app quotes in one place. */
export const CLIP_CHARS = 120;

/**
 * `text` cut to its first `max` characters, saying how much was cut: names, ids and error
 * messages come from documents and may be megabytes long (laying such a text out freezes the
 * page). The same cut as the CLI's messages (`clip` in src/core/text.ts).
 */
export const clip = (text: string, max = CLIP_CHARS): string => clipText(text, max);

/** A stack frame line of an engine's error ("    at f (file.js:1:2)"): not for people. */
const FRAME = /^\s*at .*:\d+:\d+\)?\s*$/;

/**
 * A message on one line, for the error line: its lines (stack frames dropped) trimmed and
 * joined with '; '. Messages of broken files may come from an engine and hold line breaks.
 */
export function oneLine(text: string): string {
  return text
    .split(/\r\n|[\r\n\u2028\u2029]/)
    .filter((l) => !FRAME.test(l))
    .map((l) => l.trim())
    .filter((l) => l !== '')
    .join('; ');
}
