// The viewport as SPEC §2 names it: breakpoints xs 575 and under, sm 576–767, md 768–991,
// lg 992–1199, xl 1200–1599, xxl 1600 and up; under 768 px counts as mobile. Resizes are read
// once they stop for RESIZE_DEBOUNCE_MS, so dragging a window edge does not re-render per pixel;
// what must follow at once (where toasts show) listens to the one media query instead.
import { useSyncExternalStore } from "react";

/** Each breakpoint with the width (px) it starts at, narrowest first. */
export const BREAKPOINTS = [
  ["xs", 0],
  ["sm", 576],
  ["md", 768],
  ["lg", 992],
  ["xl", 1200],
  ["xxl", 1600],
] as const;

export type Breakpoint = (typeof BREAKPOINTS)[number][0];

/** The first width that is not mobile. */
export const MOBILE_BELOW = 768;

export const RESIZE_DEBOUNCE_MS = 500;

export function breakpointOf(width: number): Breakpoint {
  let found: Breakpoint = "xs";
  for (const [name, from] of BREAKPOINTS) if (width >= from) found = name;
  return found;
}

export interface Viewport {
  readonly width: number;
  readonly breakpoint: Breakpoint;
  readonly isMobile: boolean;
}

function measure(): Viewport {
  const width = typeof window === "undefined" ? MOBILE_BELOW : window.innerWidth;
  return { width, breakpoint: breakpointOf(width), isMobile: width < MOBILE_BELOW };
}

let current: Viewport = measure();
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setTimeout> | undefined;

function onResize(): void {
  clearTimeout(timer);
  timer = setTimeout(() => {
    const next = measure();
    if (next.width === current.width) return;
    current = next;
    for (const listener of listeners) listener();
  }, RESIZE_DEBOUNCE_MS);
}

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) {
    // A width that changed while nobody listened is read again; an unchanged one keeps its
    // snapshot, or React would render everything under the first subscriber a second time.
    const next = measure();
    if (next.width !== current.width) current = next;
    window.addEventListener("resize", onResize);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      window.removeEventListener("resize", onResize);
      clearTimeout(timer);
    }
  };
}

const getSnapshot = () => current;

/** The viewport's width, breakpoint and whether it is mobile; updates 500 ms after a resize. */
export function useViewport(): Viewport {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}

/** The media query of a viewport that is not mobile. */
export const NOT_MOBILE_QUERY = `(min-width: ${MOBILE_BELOW}px)`;

/** Whether the viewport is mobile now; where media queries are unknown (jsdom), by its width. */
function isMobileNow(): boolean {
  if (typeof window === "undefined") return true;
  if (typeof window.matchMedia !== "function") return window.innerWidth < MOBILE_BELOW;
  return !window.matchMedia(NOT_MOBILE_QUERY).matches;
}

function subscribeToMobile(listener: () => void): () => void {
  if (typeof window === "undefined" || typeof window.matchMedia !== "function") return () => undefined;
  const query = window.matchMedia(NOT_MOBILE_QUERY);
  query.addEventListener("change", listener);
  return () => query.removeEventListener("change", listener);
}

/**
 * Whether the viewport is mobile, followed as it changes (a window resized across 768 px, a
 * phone or tablet turned): a media query's listener, called only when the answer changes, with
 * no debounce.
 */
export function useIsMobileLive(): boolean {
  return useSyncExternalStore(subscribeToMobile, isMobileNow, isMobileNow);
}
