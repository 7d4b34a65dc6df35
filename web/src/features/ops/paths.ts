/** The console's paths (issue 20), in one place so links, redirects and its routes agree. */
export const opsPaths = {
  queue: "/ops",
  login: "/ops/login",
  enrol: "/ops/enrol",
  operators: "/ops/operators",
  audit: "/ops/audit",
  wires: "/ops/wires",
  withdrawals: "/ops/withdrawals",
  bins: "/ops/bins",
  users: "/ops/users",
  user: (userId: string) => `/ops/users/${encodeURIComponent(userId)}`,
  review: (caseId: string) => `/ops/review/${encodeURIComponent(caseId)}`,
} as const;
