/**
 * Sets the window's width, as a resize does (the viewport store reads it once its resize
 * debounce ends): 390 is a phone, 1024 a desktop.
 */
export function setWidth(width: number): void {
  Object.defineProperty(window, "innerWidth", { configurable: true, value: width });
  window.dispatchEvent(new Event("resize"));
}
