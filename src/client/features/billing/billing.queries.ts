import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useSyncExternalStore } from "react";
import { accountQueries, type Account } from "#client/features/account/account.queries.ts";
import { householdQueries } from "#client/features/households/households.queries.ts";
import { api, ApiError, unwrap } from "#client/lib/api.ts";
import { currentLanguage } from "#client/lib/i18n.ts";
import { effectivePlan, type PlanName } from "#shared/plans.ts";

/** The spec's timings: the first check 1 s after a sign-in change, then every 60 s. */
export const firstCheckDelayMs = 1_000;
export const checkIntervalMs = 60_000;

export type BillingPeriod = "monthly" | "annual";

async function fetchPlans() {
  return unwrap(api.plans.$get());
}

export type PlansAnswer = Awaited<ReturnType<typeof fetchPlans>>;
export type Plan = PlansAnswer["plans"][number];
export type PlanFeature = Plan["features"][number];
export type BillingMode = PlansAnswer["billing"];

async function fetchCheckout(id: string) {
  return unwrap(api.checkouts[":id"].$get({ param: { id } }));
}
export type Checkout = Awaited<ReturnType<typeof fetchCheckout>>;

async function fetchSubscription() {
  return unwrap(api.subscription.$get());
}
export type Subscription = Awaited<ReturnType<typeof fetchSubscription>>;

/** Every query of this feature starts with "billing", so one call forgets them all. */
export const billingQueries = {
  all: ["billing"] as const,
  /** The plans in the language shown (the server translates the texts). */
  plans: () =>
    queryOptions({
      queryKey: [...billingQueries.all, "plans", currentLanguage()] as const,
      queryFn: fetchPlans,
      staleTime: 5 * 60_000,
    }),
  checkout: (id: string) =>
    queryOptions({
      queryKey: [...billingQueries.all, "checkout", id] as const,
      queryFn: () => fetchCheckout(id),
      retry: false,
    }),
  subscription: () =>
    queryOptions({
      queryKey: [...billingQueries.all, "subscription"] as const,
      queryFn: fetchSubscription,
    }),
};

export function usePlans() {
  return useQuery(billingQueries.plans());
}

/** After the plan changed: the account (sidebar locks, upgrade card) and everything billing. */
/** The quotes of plan changes: kept apart from `billingQueries.all`, see `useRefreshPlan`. */
const quoteKey = ["plan-change-quote"] as const;

/**
 * After the plan changed: everything that shows it is fetched again; quotes are dropped, not
 * fetched again — the one on screen is for the change just made, which the server now calls
 * "already your plan" (409).
 */
function useRefreshPlan() {
  const queryClient = useQueryClient();
  return () => {
    queryClient.removeQueries({ queryKey: quoteKey });
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: accountQueries.all }),
      queryClient.invalidateQueries({ queryKey: householdQueries.all }),
      queryClient.invalidateQueries({ queryKey: billingQueries.all }),
    ]);
  };
}

export function useSelectFreePlan() {
  const refresh = useRefreshPlan();
  return useMutation({
    meta: { handlesErrors: true },
    mutationFn: () => unwrap(api["select-free-plan"].$post()),
    onSuccess: () => refresh(),
  });
}

export function createCheckout(input: {
  priceId: string;
  planName: PlanName;
  couponCode?: string;
}) {
  return unwrap(api["create-checkout"].$post({ json: input }));
}

export function usePayCheckout(id: string) {
  const refresh = useRefreshPlan();
  return useMutation({
    mutationFn: () => unwrap(api.checkouts[":id"].pay.$post({ param: { id } })),
    onSuccess: () => refresh(),
  });
}

export function useCancelCheckout(id: string) {
  return useMutation({
    mutationFn: () => unwrap(api.checkouts[":id"].cancel.$post({ param: { id } })),
  });
}

export function useCancelSubscription() {
  const refresh = useRefreshPlan();
  return useMutation({
    meta: { handlesErrors: true },
    mutationFn: () => unwrap(api.subscription.cancel.$post()),
    onSuccess: () => refresh(),
  });
}

export type PlanChangeInput = { planName: PlanName; period: BillingPeriod };

/** What changing the running plan costs now (prorated); only asked for a real change. */
export function usePlanChangeQuote(input: PlanChangeInput | null) {
  return useQuery({
    queryKey: [...quoteKey, input?.planName, input?.period] as const,
    queryFn: () => {
      if (!input) throw new Error("No change to quote.");
      return unwrap(api.subscription["preview-change"].$post({ json: input }));
    },
    enabled: input !== null,
    retry: false,
    staleTime: 30_000,
  });
}

export function useChangePlan() {
  const refresh = useRefreshPlan();
  return useMutation({
    meta: { handlesErrors: true },
    mutationFn: (input: PlanChangeInput) => unwrap(api.subscription.change.$post({ json: input })),
    onSuccess: () => refresh(),
  });
}

export function useResumeSubscription() {
  const refresh = useRefreshPlan();
  return useMutation({
    meta: { handlesErrors: true },
    mutationFn: () => unwrap(api.subscription.resume.$post()),
    onSuccess: () => refresh(),
  });
}

export function useOpenPortal() {
  return useMutation({
    meta: { handlesErrors: true },
    mutationFn: () => unwrap(api.subscription.portal.$post()),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

export function checkSubscription() {
  return unwrap(api["check-subscription"].$post());
}

/** True when a failed call is the server refusing a coupon (shown on the coupon field). */
export function couponError(error: unknown): string | null {
  if (error instanceof ApiError && error.code === "VALIDATION" && error.fields?.couponCode) {
    return error.fields.couponCode;
  }
  return null;
}

/* The last subscription check: whether it failed (the client then shows Free). */
let checkFailed = false;
const failedListeners = new Set<() => void>();
function setCheckFailed(value: boolean) {
  if (checkFailed === value) return;
  checkFailed = value;
  for (const listener of failedListeners) listener();
}

export function useSubscriptionCheckFailed(): boolean {
  return useSyncExternalStore(
    (listener) => {
      failedListeners.add(listener);
      return () => failedListeners.delete(listener);
    },
    () => checkFailed,
  );
}

/**
 * Asks the server for the subscription 1 s after each sign-in change and every 60 s. When the
 * plan differs from the account's, the account and household queries are refetched so the
 * sidebar's locks and the upgrade card follow without a reload.
 */
export function useSubscriptionPolling(account: Account | null | undefined) {
  const queryClient = useQueryClient();
  const userId = account?.user.id ?? null;

  useEffect(() => {
    if (!userId) return;
    let stopped = false;
    const check = async () => {
      try {
        const result = await checkSubscription();
        if (stopped) return;
        setCheckFailed(false);
        const known = queryClient.getQueryData(accountQueries.me().queryKey)?.household.planName;
        if (known !== null && known !== undefined && result.plan_name !== known) {
          await Promise.all([
            queryClient.invalidateQueries({ queryKey: accountQueries.all }),
            queryClient.invalidateQueries({ queryKey: householdQueries.all }),
            queryClient.invalidateQueries({ queryKey: billingQueries.all }),
          ]);
        }
      } catch {
        if (!stopped) setCheckFailed(true);
      }
    };
    const first = window.setTimeout(() => void check(), firstCheckDelayMs);
    const every = window.setInterval(() => void check(), checkIntervalMs);
    return () => {
      stopped = true;
      window.clearTimeout(first);
      window.clearInterval(every);
    };
  }, [userId, queryClient]);
}

/**
 * The plan the client shows: the household's (whoever looks: owner or member), Pro for everyone
 * with billing off, and Free while the subscription check fails (the server decides anyway).
 */
export function shownPlan(
  account: { household: { planName: string; billing: string } },
  failed: boolean,
): PlanName {
  if (account.household.billing === "off") return "pro";
  return failed ? "free" : effectivePlan(account.household.planName);
}

/**
 * The plan the picker marks as current: null while the owner has not chosen one yet (the forced
 * first choice), else the household's.
 */
export function pickerCurrent(account: Account): PlanName | null {
  if (account.member.role === "owner" && account.profile.planName === null) return null;
  return effectivePlan(account.household.planName);
}
