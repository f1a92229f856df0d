/** Longest piece of outside text (a name, an id, a message) the app quotes in one place. */
export const CLIP_CHARS = 120;

/**
 * `text` cut to its first `max` characters, saying how much was cut: names, ids and error
 * messages come from documents and may be megabytes long (laying such a text out freezes the
 * page).
 */
export function clip(text: string, max = CLIP_CHARS): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max)}… (${text.length - max} more characters)`;
}
