// @vitest-environment jsdom
import { act, screen, waitFor } from "@testing-library/react";
import { afterEach, expect, test } from "vitest";
import { renderInApp } from "@/testing/render-app";
import { toastPlacement } from "./toast-list";
import { toaster } from "./toaster-queue";

const width = window.innerWidth;
afterEach(() => {
  window.innerWidth = width;
  Reflect.deleteProperty(window, "matchMedia");
});

/**
 * A window `initial` px wide whose media queries of a least width (`(min-width: 768px)`) answer
 * by it, as a browser's do; `resize` changes the width and tells the listeners of each query whose
 * answer changed, as a window dragged across the width or a turned phone does. Other queries
 * never match.
 */
function mediaWidth(initial: number) {
  let current = initial;
  const queries: { readonly least: number; readonly listeners: Set<EventListener>; matches: boolean }[] = [];
  window.innerWidth = initial;
  Object.defineProperty(window, "matchMedia", {
    configurable: true,
    value: (media: string) => {
      const least = /^\(min-width: (\d+)px\)$/.exec(media)?.[1];
      const query = { least: least === undefined ? Infinity : Number(least), listeners: new Set<EventListener>(), matches: false };
      query.matches = current >= query.least;
      queries.push(query);
      return {
        media,
        get matches() {
          return current >= query.least;
        },
        addEventListener: (_: string, listener: EventListener) => query.listeners.add(listener),
        removeEventListener: (_: string, listener: EventListener) => query.listeners.delete(listener),
      };
    },
  });
  return {
    resize(to: number) {
      current = to;
      window.innerWidth = to;
      for (const query of queries) {
        if (query.matches === current >= query.least) continue;
        query.matches = current >= query.least;
        for (const listener of query.listeners) listener(new Event("change"));
      }
    },
  };
}

/** The toasts' region (Zag's toast group), where it is placed. */
const placement = () => document.querySelector('[data-scope="toast"][data-part="group"]')?.getAttribute("data-placement");

test("puts toasts at the top on a phone, away from the dialogs' actions, and in the corner on a wide screen", () => {
  expect(toastPlacement(true)).toMatchObject({ placement: "top", offsets: { top: "4.5rem" } });
  expect(toastPlacement(false).placement).toBe("bottom-end");
});

test("moves the toasts when the viewport crosses 768 px (a resized window, a turned tablet), the toast shown staying", async () => {
  const window = mediaWidth(390);
  renderInApp(null);
  act(() => toaster.create({ type: "error", title: "Saved" }));
  expect(await screen.findByText("Saved", {}, { timeout: 10_000 })).toBeVisible();
  expect(placement()).toBe("top");

  act(() => window.resize(1280));
  await waitFor(() => expect(placement()).toBe("bottom-end"));
  expect(screen.getByText("Saved")).toBeVisible();

  act(() => window.resize(800));
  expect(placement()).toBe("bottom-end");
  act(() => window.resize(767));
  await waitFor(() => expect(placement()).toBe("top"));
  expect(screen.getByText("Saved")).toBeVisible();
});
