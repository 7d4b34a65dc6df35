/** Route paths, in one place so links and the router agree. */
export const paths = {
  home: "/",
  security: "/my/security",
  profile: "/my/profile",
} as const;
