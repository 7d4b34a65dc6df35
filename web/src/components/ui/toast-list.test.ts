// @vitest-environment jsdom
import { afterEach, expect, test } from "vitest";
import { toastPlacement } from "./toast-list";

const width = window.innerWidth;
afterEach(() => {
  window.innerWidth = width;
});

test("puts toasts at the top on a phone, away from the dialogs' actions, and in the corner on a wide screen", () => {
  window.innerWidth = 390;
  expect(toastPlacement()).toMatchObject({ placement: "top", offsets: { top: "4.5rem" } });
  window.innerWidth = 1280;
  expect(toastPlacement().placement).toBe("bottom-end");
});
