import {
  ArrowLeftRightIcon,
  LandmarkIcon,
  LayoutDashboardIcon,
  PiggyBankIcon,
  ReceiptTextIcon,
  ShieldCheckIcon,
  ShieldUserIcon,
  TrendingUpIcon,
  UserRoundIcon,
  WalletIcon,
  ZapIcon,
  type LucideIcon,
} from "lucide-react";
import { areaMinPlan, hasAccess, type GatedArea, type PlanName } from "#shared/plans.ts";

/** The areas under /dashboard, each a route with `handle: { area }` (see app/router.tsx). */
export const dashboardAreas = [
  "income-spending",
  "transactions",
  "saving",
  "investments",
  "loans",
  "taxes",
  "insurance",
  "profile",
  "snelle-transactie",
  "admin",
] as const;
export type DashboardArea = (typeof dashboardAreas)[number];

/** What a page of the dashboard is: the overview (index) or one of its areas. */
export type DashboardPageKey = "dashboard" | DashboardArea;

export function isDashboardArea(value: unknown): value is DashboardArea {
  return typeof value === "string" && (dashboardAreas as readonly string[]).includes(value);
}

/** The area a route's `handle` names, if any. */
export function areaOfHandle(handle: unknown): DashboardArea | null {
  if (typeof handle !== "object" || handle === null || !("area" in handle)) return null;
  return isDashboardArea(handle.area) ? handle.area : null;
}

/** Areas shown only to administrators. */
export const adminAreas = [
  "snelle-transactie",
  "admin",
] as const satisfies readonly DashboardArea[];

export function isAdminArea(area: DashboardArea): boolean {
  return (adminAreas as readonly DashboardArea[]).includes(area);
}

/** Which plan gate guards an area, if any (the route `saving` is the gated area `savings`). */
const areaGates: Partial<Record<DashboardArea, GatedArea>> = {
  saving: "savings",
  investments: "investments",
  loans: "loans",
  taxes: "taxes",
  insurance: "insurance",
};

/** A plan that unlocks something: Premium or Pro. */
export type UnlockPlan = (typeof areaMinPlan)[GatedArea];

/** The plan an area needs, or null when every plan has it. */
export function requiredPlan(area: DashboardPageKey): UnlockPlan | null {
  if (area === "dashboard") return null;
  const gate = areaGates[area];
  return gate ? areaMinPlan[gate] : null;
}

/** True when `plan` opens `area`. */
export function canOpen(plan: PlanName, area: DashboardPageKey): boolean {
  if (area === "dashboard") return true;
  const gate = areaGates[area];
  return gate ? hasAccess(plan, gate) : true;
}

export function pathOf(page: DashboardPageKey): string {
  return page === "dashboard" ? "/dashboard" : `/dashboard/${page}`;
}

export const pageIcons: Record<DashboardPageKey, LucideIcon> = {
  dashboard: LayoutDashboardIcon,
  "income-spending": WalletIcon,
  transactions: ArrowLeftRightIcon,
  saving: PiggyBankIcon,
  investments: TrendingUpIcon,
  loans: LandmarkIcon,
  taxes: ReceiptTextIcon,
  insurance: ShieldCheckIcon,
  profile: UserRoundIcon,
  "snelle-transactie": ZapIcon,
  admin: ShieldUserIcon,
};

/** The sidebar's main navigation, in order. Profile is reached through the profile menu. */
export const mainNav = [
  "dashboard",
  "income-spending",
  "transactions",
  "saving",
  "investments",
  "loans",
  "taxes",
  "insurance",
] as const satisfies readonly DashboardPageKey[];

/** The administrators' navigation. */
export const adminNav = adminAreas;
