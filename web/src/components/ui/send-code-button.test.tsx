// @vitest-environment jsdom
import webEnUS from "@/locales/en-US.json";
import { act, render, screen } from "@testing-library/react";
import { Suspense } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AppProvider } from "@/app/provider";
import { loadDomain } from "@/lib/domain";
import { SendCodeButton } from "./send-code-button";

afterEach(() => {
  vi.useRealTimers();
});

async function renderButton(onSend: () => Promise<boolean>) {
  await loadDomain();
  // The button reads the domain's constants (React `use`): the render is awaited so it resumes.
  await act(async () => {
    render(
      <AppProvider>
        <Suspense>
          <SendCodeButton onSend={onSend} />
        </Suspense>
      </AppProvider>,
    );
  });
  return screen.findByRole("button", { name: webEnUS["code.send"] });
}

describe("SendCodeButton", () => {
  it("counts down 59 s after a code is sent, then offers to resend", async () => {
    const onSend = vi.fn(async () => true);
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

  it("stays ready to send when the server did not send a code", async () => {
    const button = await renderButton(async () => false);
    await act(async () => button.click());
    expect(button).toHaveTextContent(webEnUS["code.send"]);
    expect(button).toBeEnabled();
  });
});
