import { createBrowserRouter, Outlet, redirect, type LoaderFunctionArgs } from "react-router";
import { useScrollToTop } from "#client/lib/use-scroll-to-top.ts";
import { accountQueries } from "#client/features/account/account.queries.ts";
import { RouteError } from "./routes/route-error.tsx";
import { queryClient } from "./providers.tsx";

/** Signed-out visitors of /dashboard go to /auth and come back where they were. */
async function requireAccount({ request }: LoaderFunctionArgs) {
  const account = await queryClient.ensureQueryData(accountQueries.me());
  if (!account) {
    const url = new URL(request.url);
    throw redirect(`/auth?redirect=${encodeURIComponent(url.pathname + url.search)}`);
  }
  return null;
}

/** Every page: a navigation starts at its top (or its anchor). */
function AppRoot() {
  useScrollToTop();
  return <Outlet />;
}

/** Areas of the dashboard, each with its own route module. `area` names it in the sidebar. */
export const router = createBrowserRouter([
  {
    Component: AppRoot,
    errorElement: <RouteError />,
    hydrateFallbackElement: <div className="min-h-svh" aria-busy="true" />,
    children: [
      { path: "/", lazy: () => import("./routes/landing.tsx") },
      { path: "/auth", lazy: () => import("./routes/auth.tsx") },
      { path: "/auth/verify-email", lazy: () => import("./routes/auth.verify-email.tsx") },
      { path: "/auth/email-verified", lazy: () => import("./routes/auth.email-verified.tsx") },
      {
        path: "/auth/password-reset-sent",
        lazy: () => import("./routes/auth.password-reset-sent.tsx"),
      },
      { path: "/reset-password", lazy: () => import("./routes/reset-password.tsx") },
      { path: "/invitation", lazy: () => import("./routes/invitation.tsx") },
      { path: "/privacy", lazy: () => import("./routes/privacy.tsx") },
      { path: "/terms", lazy: () => import("./routes/terms.tsx") },
      { path: "/select-plan", lazy: () => import("./routes/select-plan.tsx") },
      { path: "/subscription-success", lazy: () => import("./routes/subscription-success.tsx") },
      { path: "/checkout/:checkoutId", lazy: () => import("./routes/checkout.tsx") },
      {
        path: "/dashboard",
        loader: requireAccount,
        lazy: () => import("./routes/dashboard.tsx"),
        children: [
          { index: true, lazy: () => import("./routes/dashboard.index.tsx") },
          {
            path: "profile",
            handle: { area: "profile" },
            lazy: () => import("./routes/dashboard.profile.tsx"),
          },
          {
            path: "income-spending",
            handle: { area: "income-spending" },
            lazy: () => import("./routes/dashboard.income-spending.tsx"),
          },
          {
            path: "transactions",
            handle: { area: "transactions" },
            lazy: () => import("./routes/dashboard.transactions.tsx"),
          },
          {
            path: "snelle-transactie",
            handle: { area: "snelle-transactie" },
            lazy: () => import("./routes/dashboard.snelle-transactie.tsx"),
          },
          {
            path: "saving",
            handle: { area: "saving" },
            lazy: () => import("./routes/dashboard.saving.tsx"),
          },
          {
            path: "saving/accounts/:accountId",
            handle: { area: "saving" },
            lazy: () => import("./routes/dashboard.saving.tsx"),
          },
          {
            path: "investments",
            handle: { area: "investments" },
            lazy: () => import("./routes/dashboard.investments.tsx"),
          },
          {
            path: "investments/holdings/:holdingId",
            handle: { area: "investments" },
            lazy: () => import("./routes/dashboard.investments.tsx"),
          },
          {
            path: "loans",
            handle: { area: "loans" },
            lazy: () => import("./routes/dashboard.loans.tsx"),
          },
          {
            path: "loans/:loanId",
            handle: { area: "loans" },
            lazy: () => import("./routes/dashboard.loans.tsx"),
          },
          {
            path: "taxes",
            handle: { area: "taxes" },
            lazy: () => import("./routes/dashboard.taxes.tsx"),
          },
          {
            path: "insurance",
            handle: { area: "insurance" },
            lazy: () => import("./routes/dashboard.insurance.tsx"),
          },
          {
            path: "admin",
            handle: { area: "admin" },
            lazy: () => import("./routes/dashboard.admin.tsx"),
          },
          { path: "*", lazy: () => import("./routes/not-found.tsx") },
        ],
      },
      { path: "*", lazy: () => import("./routes/not-found.tsx") },
    ],
  },
]);
