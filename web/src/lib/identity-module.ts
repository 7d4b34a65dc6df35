import identityBinaryUrl from "domain-identity-binary?url";
import { use } from "react";
import { loader } from "./domain";

/**
 * The identity wasm module (crates/domain-wasm's feature `identity`): the basic identity,
 * investor, AML and QI forms, the questionnaires' questions and the uploads' checks, which only
 * the profile page's dialogs use. Its loader is apart from domain.ts's so that only they (and the
 * form hook) carry it, not the app's first chunks.
 */
export type Identity = typeof import("domain-identity");

const identity = loader(() => import("domain-identity"), identityBinaryUrl);

/** Loads the identity module once, on first use. */
export function loadIdentity(): Promise<Identity> {
  return identity.load();
}

/** The loaded identity module for rendering; suspends the component until it is ready. */
export function useIdentity(): Identity {
  return use(loadIdentity());
}
