import { useApi, type ApiKey } from "@/lib/api-provider";

/** `GET user/self` (SPEC §3 "User"); statuses 0 not started, 1 approved, 2 in review, 3 rejected. */
export interface UserSelf {
  readonly uuid: string;
  readonly email: string;
  readonly mobile: string | null;
  readonly mobileCode: string | null;
  readonly mobileCountry: string | null;
  readonly country: string | null;
  readonly lastName: string | null;
  readonly firstName: string | null;
  readonly status: number;
  readonly investor: { readonly status: number };
  readonly aml: number;
  readonly qualify: number;
}

export const selfKey: ApiKey = ["user/self"];

/** The logged-in user; loaded by the route guard on the first navigation and after login. */
export const useSelf = (loggedIn = true) =>
  useApi<UserSelf>(loggedIn ? selfKey : null, undefined, {
    revalidateIfStale: false,
    // After a logout (key null) no earlier user may show through.
    keepPreviousData: false,
  });
