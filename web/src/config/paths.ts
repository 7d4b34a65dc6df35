/** Route paths, in one place so links and the router agree. */
export const paths = {
  home: "/",
} as const;
