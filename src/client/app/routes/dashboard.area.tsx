import { useMatches } from "react-router";
import { areaOfHandle, isAdminArea } from "#client/components/layout/nav-items.ts";
import { useAccount } from "#client/features/account/account.queries.ts";
import { AreaPlaceholder } from "#client/features/dashboard/area-placeholder.tsx";
import { shownPlan } from "#client/features/billing/billing.queries.ts";
import { Component as NotFound } from "./not-found.tsx";

/**
 * Every area of the dashboard (the router names it in `handle.area`). Areas whose work has not
 * landed say so; the administrators' areas are not found for anyone else.
 */
export function Component() {
  const matches = useMatches();
  const { data: account } = useAccount();
  const area =
    matches.map((match) => areaOfHandle(match.handle)).findLast((value) => value !== null) ?? null;
  if (!account || !area || (isAdminArea(area) && !account.isAdmin)) return <NotFound />;
  return (
    <AreaPlaceholder
      key={area}
      area={area}
      plan={shownPlan(account, false)}
      owner={account.member.role === "owner"}
    />
  );
}
