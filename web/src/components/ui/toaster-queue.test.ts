import { expect, test, vi } from "vitest";

test("keeps every toast asked for while its store loads, and tells the toast list at once", async () => {
  const { toaster, toastStore } = await import("./toaster-queue");
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

test("keeps the toasts asked for while the store cannot be fetched, and shows them with the next", async () => {
  vi.resetModules();
  vi.doMock("./toast-list", () => {
    throw new Error("offline");
  });
  const { toaster, toastStore } = await import("./toaster-queue");
  toaster.create({ type: "error", title: "Network Exception" });
  await expect(toastStore()).rejects.toThrow();

  vi.doUnmock("./toast-list");
  toaster.create({ type: "success", title: "Saved" });
  const store = await toastStore();
  await Promise.resolve();
  expect(store.getVisibleToasts().map(({ title }) => title).sort()).toEqual(["Network Exception", "Saved"]);
});
