// Chakra's code, evaluated on its own: src/main.tsx imports this module between React and the app
// so that evaluating Chakra (its components' contexts and state machines) is a task of its own
// instead of part of the app's. The build puts what this module imports in the chunk of its stage
// (vite.config.ts, startUpChunks).
export { ChakraProvider } from "@chakra-ui/react";
