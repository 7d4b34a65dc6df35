import { RouterProvider, createBrowserRouter } from "react-router-dom";
import { AppProvider } from "./provider";
import { routes } from "./router";

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/** The router of the app's route table on the browser's address. */
export const createAppRouter = (): AppRouter => createBrowserRouter(routes);

export function App({ router }: { readonly router: AppRouter }) {
  return (
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
