// @vitest-environment jsdom
/* eslint-disable @typescript-eslint/require-await -- `act(async () => …)` is act's async form on
   purpose, also for a step that awaits nothing: it lets the updates the step causes settle. */
import webEnUS from "@/locales/en-US.json";
import { act, screen } from "@testing-library/react";
import { Suspense } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { loadDomain } from "@/lib/domain";
import { renderInApp } from "@/testing/render-app";
import { SendCodeButton } from "./send-code-button";

afterEach(() => {
  vi.useRealTimers();
});

async function renderButton(onSend: () => Promise<boolean>) {
  await loadDomain();
  // The button reads the domain's constants (React `use`): the render is awaited so it resumes.
  await act(async () => {
    renderInApp(
      <Suspense>
        <SendCodeButton onSend={onSend} />
      </Suspense>,
    );
  });
  return screen.findByRole("button", { name: webEnUS["code.send"] });
}

describe("SendCodeButton", () => {
  it("counts down 59 s after a code is sent, then offers to resend", async () => {
    const onSend = vi.fn(() => Promise.resolve(true));
    const button = await renderButton(onSend);
    vi.useFakeTimers();

    await act(async () => button.click());
    expect(onSend).toHaveBeenCalledOnce();
    expect(button).toHaveTextContent("59 s");
    expect(button).toBeDisabled();

    await act(async () => vi.advanceTimersByTime(58_000));
    expect(button).toHaveTextContent("1 s");
    await act(async () => vi.advanceTimersByTime(1000));
    expect(button).toHaveTextContent(webEnUS["code.resend"]);
    expect(button).toBeEnabled();
  });

  it("ends the wait when the minute is over, even when the tab's timers were held back", async () => {
    const button = await renderButton(() => Promise.resolve(true));
    vi.useFakeTimers();
    await act(async () => button.click());
    expect(button).toHaveTextContent("59 s");

    // A tab in the background: the clock moves on, but its timers barely run.
    vi.setSystemTime(Date.now() + 58_500);
    await act(async () => vi.advanceTimersByTime(1000));
    expect(button).toHaveTextContent(webEnUS["code.resend"]);
    expect(button).toBeEnabled();
  });

  it("stays ready to send when the server did not send a code", async () => {
    const button = await renderButton(() => Promise.resolve(false));
    await act(async () => button.click());
    expect(button).toHaveTextContent(webEnUS["code.send"]);
    expect(button).toBeEnabled();
  });
});
