import { RouterProvider, createBrowserRouter } from "react-router-dom";
import { AppProvider } from "./provider";
import { routes } from "./router";

const router = createBrowserRouter(routes);

export function App() {
  return (
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
