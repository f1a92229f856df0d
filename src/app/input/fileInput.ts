/** The file types the app loads: scene documents and Moving AI 3D maps. */
export const SCENE_FILE_ACCEPT = '.json,.3dmap,application/json';

/** Opens the browser's file chooser; `onFile` gets the chosen file. */
export function chooseFile(onFile: (file: File) => void): void {
  const input = document.createElement('input');
  input.type = 'file';
  input.accept = SCENE_FILE_ACCEPT;
  input.onchange = () => {
    const file = input.files?.[0];
    if (file) onFile(file);
  };
  input.click();
}

/**
 * Files dropped anywhere on the window go to `onFile`; `hint` (the drop overlay) is shown
 * while a drag is over the window. The depth counter pairs dragenter/dragleave of children.
 */
export function installFileDrop(hint: HTMLElement, onFile: (file: File) => void): void {
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
    const file = e.dataTransfer?.files[0];
    if (file) onFile(file);
  });
}
