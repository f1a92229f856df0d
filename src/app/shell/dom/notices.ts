/** A button of a notice. */
export interface NoticeAction {
  label: string;
  run: () => void;
}

function container(): HTMLElement {
  let c = document.getElementById('notices');
  if (c === null) {
    c = document.createElement('div');
    c.id = 'notices';
    document.body.appendChild(c);
  }
  return c;
}

/**
 * Shows a notice at the top of the page: `text` (as text) and buttons; each button closes the
 * notice after its action, and × closes it without one. One notice per `id`: showing it
 * again replaces it.
 */
export function showNotice(id: string, text: string, actions: NoticeAction[] = []): HTMLElement {
  hideNotice(id);
  const note = document.createElement('div');
  note.id = id;
  note.className = 'notice';
  note.setAttribute('role', 'status');
  const span = document.createElement('span');
  span.textContent = text;
  note.append(span);
  for (const a of actions) {
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = a.label;
    b.onclick = () => {
      note.remove();
      a.run();
    };
    note.append(b);
  }
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'close';
  close.title = 'Close';
  close.textContent = '×';
  close.onclick = () => note.remove();
  note.append(close);
  container().append(note);
  return note;
}

/** Removes the notice `id`, if shown. */
export function hideNotice(id: string): void {
  document.getElementById(id)?.remove();
}
