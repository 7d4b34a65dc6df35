import type { RouteObject } from "react-router-dom";
import { RouteError } from "@/components/errors/route-error";
import { PageSpinner } from "@/components/ui/page-spinner";
import { paths } from "@/config/paths";
import { RootLayout } from "./routes/root";

/** The route table; every page is its own chunk, loaded when first visited. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageSpinner />,
    children: [
      {
        path: paths.home,
        lazy: async () => {
          const { FoundationPreviewRoute } = await import("./routes/foundation-preview");
          return { Component: FoundationPreviewRoute };
        },
      },
      {
        path: "*",
        lazy: async () => {
          const { NotFoundRoute } = await import("./routes/not-found");
          return { Component: NotFoundRoute };
        },
      },
    ],
  },
];
