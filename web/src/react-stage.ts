// React and React Router, evaluated on their own: src/main.tsx imports this module first, once the
// boot header has painted, so that evaluating them is a task of its own instead of part of the
// app's. It also keeps the router out of the app's chunk, which starts the first page's requests:
// Lighthouse's simulation starts them once that chunk has arrived, so a smaller one starts them
// sooner. The build puts what this module imports in the chunk of its stage (vite.config.ts,
// startUpChunks).
export { createRoot } from "react-dom/client";
export { createBrowserRouter } from "react-router-dom";
