import { ACCEPTED_FILES } from './acceptedFiles.ts';

/** Opens the browser's file chooser (several files at once); `onFiles` gets the chosen files. */
export function chooseFile(onFiles: (files: File[]) => void): void {
  const input = document.createElement('input');
  input.type = 'file';
  input.multiple = true;
  input.accept = ACCEPTED_FILES;
  input.onchange = () => {
    const files = [...(input.files ?? [])];
    if (files.length > 0) onFiles(files);
  };
  input.click();
}

/**
 * Files dropped anywhere on the window go to `onFiles` (all of one drop together); `hint`
 * (the drop overlay) is shown while a drag is over the window. The depth counter pairs
 * dragenter/dragleave of children.
 */
export function installFileDrop(hint: HTMLElement, onFiles: (files: File[]) => void): void {
  let depth = 0;
  window.addEventListener('dragenter', (e) => {
    e.preventDefault();
    depth++;
    hint.hidden = false;
  });
  window.addEventListener('dragleave', () => {
    if (--depth <= 0) hint.hidden = true;
  });
  window.addEventListener('dragover', (e) => e.preventDefault());
  window.addEventListener('drop', (e) => {
    e.preventDefault();
    depth = 0;
    hint.hidden = true;
    const files = [...(e.dataTransfer?.files ?? [])];
    if (files.length > 0) onFiles(files);
  });
}
