import { expect, test } from "vitest";
import { toaster, toastStore } from "./toaster-queue";

test("keeps every toast asked for while its store loads, and tells the toast list at once", async () => {
  const heard: number[] = [];
  const unsubscribe = toaster.subscribe(() => heard.push(heard.length + 1));
  expect(toaster.hasToasts()).toBe(false);

  toaster.create({ type: "success", title: "Saved" });
  toaster.create({ type: "error", title: "Refused", description: "Too many attempts" });

  expect(toaster.hasToasts()).toBe(true);
  expect(heard).toEqual([1, 2]);
  const store = await toastStore();
  await Promise.resolve();
  const shown = store.getVisibleToasts().map(({ title, description, type }) => ({ title, description, type }));
  expect(shown).toHaveLength(2);
  expect(shown).toEqual(
    expect.arrayContaining([
      { title: "Saved", description: undefined, type: "success" },
      { title: "Refused", description: "Too many attempts", type: "error" },
    ]),
  );
  unsubscribe();
  toaster.create({ type: "info", title: "Later" });
  expect(heard).toEqual([1, 2]);
});
