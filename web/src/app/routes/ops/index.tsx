import { lazy, Suspense, use, useEffect, type ComponentType, type ReactNode } from "react";
import { useNavigate, useParams } from "react-router-dom";
import { PageSpinner } from "@/components/ui/page-spinner";
import { OpsLayout } from "@/features/ops/components/ops-layout";
import { opsPaths } from "@/features/ops/paths";
import { loadTexts } from "@/lib/locale";
import { opsTexts } from "@/locales/ops";

/** The console's texts, asked for as soon as its code is (they come with it, not with the app). */
const textsLoaded = loadTexts(opsTexts);

/** A page of the console: its own chunk, loaded when first visited. */
const page = <P extends object>(load: () => Promise<{ Component: ComponentType<P> }>) =>
  lazy(async () => ({ default: (await load()).Component }));

const Login = page(() => import("./login"));
const Enrol = page(() => import("./enrol"));
const Queue = page(() => import("./queue"));
const Review = page(() => import("./review"));
const Operators = page(() => import("./operators"));
const Audit = page(() => import("./audit"));
const Wires = page(() => import("./wires"));
const Withdrawals = page(() => import("./withdrawals"));
const Bins = page(() => import("./bins"));
const Users = page(() => import("./users"));
const User = page(() => import("./user"));

/**
 * `/ops/*`, the operator console (issue 20): a lazy part of the same build with its own layout
 * and session, and each of its pages a chunk of its own. The app's route table has only this
 * one entry for it, so a user's first visit carries none of the console's routes: they are
 * matched here, from the rest of the path.
 */
export function Component() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <OpsRoutes />
    </Suspense>
  );
}

function OpsRoutes() {
  use(textsLoaded);
  const rest = (useParams()["*"] ?? "").replace(/\/$/, "");
  return <OpsLayout>{pageAt(rest)}</OpsLayout>;
}

/** The console's page at `/ops/<rest>`; an unknown path goes to the console's start. */
function pageAt(rest: string): ReactNode {
  const review = /^review\/([^/]+)$/.exec(rest);
  if (review?.[1] !== undefined) return <Review caseId={decodeURIComponent(review[1])} />;
  const user = /^users\/([^/]+)$/.exec(rest);
  if (user?.[1] !== undefined) return <User userId={decodeURIComponent(user[1])} />;
  switch (rest) {
    case "":
      return <Queue />;
    case "login":
      return <Login />;
    case "enrol":
      return <Enrol />;
    case "operators":
      return <Operators />;
    case "audit":
      return <Audit />;
    case "wires":
      return <Wires />;
    case "withdrawals":
      return <Withdrawals />;
    case "bins":
      return <Bins />;
    case "users":
      return <Users />;
    default:
      return <Redirect to={opsPaths.queue} />;
  }
}

/** Replaces the address with `to`. */
function Redirect({ to }: { readonly to: string }) {
  const navigate = useNavigate();
  useEffect(() => void navigate(to, { replace: true }), [navigate, to]);
  return null;
}
