/**
 * Building the page's HTML as elements and text nodes. Nothing here parses HTML: every string
 * becomes a text node, so text from documents, files, URLs or storage can never become markup.
 */

/** A child of `h`: an element, text, or nothing (null, undefined and false are skipped). */
export type Child = Node | string | null | undefined | false;

/** An element with attributes (set with setAttribute, so never script) and children. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string> | null = null,
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (attrs !== null) for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  append(e, children);
  return e;
}

/** Appends children to `parent`; strings as text nodes. */
export function append(parent: Node, children: readonly Child[]): void {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    parent.appendChild(typeof c === 'string' ? document.createTextNode(c) : c);
  }
}

/**
 * Text in which `[key]` marks a key or button (`[R] run · [Click] start`): the marked parts
 * become `<kbd>` elements, the rest stays text. Brackets with nothing inside stay as they are.
 */
export function withKeys(text: string): Child[] {
  return text.split(/\[([^\][]+)\]/).map((part, i) => (i % 2 === 1 ? h('kbd', null, part) : part));
}
