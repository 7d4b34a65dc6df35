/**
 * Runs `task` once the frame showing the current commit is on screen: in the animation frame
 * after it, when reading the layout costs nothing (nothing has changed since it was drawn);
 * returns its cancel. For work that must not delay the page's first paint (asking for the wasm
 * module).
 */
export function afterPaint(task: () => void): () => void {
  let frame = window.requestAnimationFrame(() => {
    frame = window.requestAnimationFrame(task);
  });
  return () => window.cancelAnimationFrame(frame);
}
