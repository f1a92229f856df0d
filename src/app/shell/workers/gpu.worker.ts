/**
 * Starts the GPU process before the app needs it: creating the first WebGL context and
 * drawing with it is slow with software rendering, and here it blocks this worker instead of
 * the page. Answers 'ready' when done.
 */
self.onmessage = () => {
  const gl = new OffscreenCanvas(64, 64).getContext('webgl2');
  if (gl !== null) {
    gl.clearColor(0, 0, 0, 1);
    gl.clear(gl.COLOR_BUFFER_BIT);
    gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, new Uint8Array(4));
  }
  (self as unknown as Worker).postMessage('ready');
  self.close();
};
