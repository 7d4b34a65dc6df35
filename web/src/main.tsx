import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { App } from "@/app";
import { loadDomain } from "@/lib/domain";
import { readSessionToken } from "@/lib/session-token";

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

// A logged-in visit goes on to screens that validate and format with the domain module
// (security, cards, orders): fetch it alongside the page's chunks instead of once the page has
// rendered and asks for it. A failure here is retried by the first screen that needs it.
if (readSessionToken() !== null) loadDomain().catch(() => undefined);

// The first render as a transition: React renders the app in slices, yielding to the browser
// between them, instead of one long task.
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
