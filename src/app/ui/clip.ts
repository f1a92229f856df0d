import { clip as clipText } from '../../core/io/text.ts';

/** Longest piece of outside text (a name, an id, a message) the app quotes in one place. */
export const CLIP_CHARS = 120;

/**
 * `text` cut to its first `max` characters, saying how much was cut: names, ids and error
 * messages come from documents and may be megabytes long (laying such a text out freezes the
 * page). The same cut as the CLI's messages (`clip` in src/core/io/text.ts).
 */
export const clip = (text: string, max = CLIP_CHARS): string => clipText(text, max);
