/**
 * Untrusted text in messages and terminal output. Ids, names, file lines and command-line
 * values come from files a person did not write; echoed raw, an escape sequence can clear
 * or rewrite the terminal and a 10 MB id freezes whatever shows the message. Every such
 * string goes through `quote` (inside a message) or `escapeControls` (a whole line).
 */

/** Characters quoted messages show as `\uXXXX` unless the message gets 40 of its own. */
export const QUOTE_LENGTH = 40;

/**
 * C0 controls, DEL, C1 controls (0x9b is a one-byte CSI on some terminals), the line and
 * paragraph separators, and the bidirectional overrides and isolates that can make a line
 * read differently from what it holds.
 */
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]/g;
/** CONTROLS without newline and tab, for whole lines whose own line breaks must stay. */
const CONTROLS_IN_LINES = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]/g;

const hex4 = (c: string): string => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

/**
 * `text` with every control or direction character written as `\uXXXX`; newlines and
 * tabs stay unless `all` is set. JSON text stays valid JSON with the same value (such
 * characters only occur inside JSON strings, where `\uXXXX` means the same character).
 */
export function escapeControls(text: string, all = false): string {
  return text.replace(all ? CONTROLS : CONTROLS_IN_LINES, hex4);
}

/**
 * An untrusted string for a message: at most `max` characters of it, control characters
 * escaped, in single quotes, and a note of how much was cut:
 * `'abc…' (first 40 of 10485760 characters)`.
 */
export function quote(text: string, max = QUOTE_LENGTH): string {
  // escapeControls(text, true), written out: a program that only quotes does not carry CONTROLS_IN_LINES.
  if (text.length <= max) return `'${text.replace(CONTROLS, hex4)}'`;
  // Do not split a surrogate pair: the half would print as a replacement character.
  let end = max;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return `'${text.slice(0, end).replace(CONTROLS, hex4)}…' (first ${end} of ${text.length} characters)`;
}

/** `text` cut to at most `max` characters with a note of the cut (no quotes, controls escaped). */
export function clip(text: string, max: number): string {
  if (text.length <= max) return escapeControls(text);
  return `${escapeControls(text.slice(0, max))}… (${text.length - max} more characters)`;
}
