import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { RouterProvider, createMemoryRouter } from "react-router-dom";
import { AppProvider } from "@/app/provider";
import { routes } from "@/app/router";

/**
 * Renders the whole app (providers, layout, lazy routes) at `path`, as a user would see it;
 * with several entries, the last is shown and the others are the history before it.
 */
export function renderApp(path: string | readonly string[] = "/") {
  const entries = typeof path === "string" ? [path] : [...path];
  const router = createMemoryRouter(routes, { initialEntries: entries, initialIndex: entries.length - 1 });
  const user = userEvent.setup();
  const view = render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, router, user };
}

/** Renders `ui` alone inside the app's providers (theme, language, data cache, toasts). */
export function renderInApp(ui: ReactNode) {
  return render(<AppProvider>{ui}</AppProvider>);
}
