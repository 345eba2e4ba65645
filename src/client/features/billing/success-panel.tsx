import { useQueryClient } from "@tanstack/react-query";
import { ArrowRightIcon, CircleCheckIcon, HourglassIcon, LoaderCircleIcon } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "#client/components/ui/button.tsx";
import { accountQueries } from "#client/features/account/account.queries.ts";
import { householdQueries } from "#client/features/households/households.queries.ts";
import type { PlanName } from "#shared/plans.ts";
import { billingQueries, checkSubscription } from "./billing.queries.ts";

/** How often and how long the success page asks whether the subscription is confirmed. */
export const successPollMs = 2_000;
export const successTimeoutMs = 60_000;

type State = { kind: "waiting" } | { kind: "confirmed"; plan: PlanName } | { kind: "slow" };

/**
 * After a checkout: waits until check-subscription reports a paid plan (in Stripe mode the
 * webhook grants it), polling every 2 s for up to a minute, then confirms the plan.
 */
export function SuccessPanel() {
  const { t } = useTranslation("billing");
  const queryClient = useQueryClient();
  const [state, setState] = useState<State>({ kind: "waiting" });

  useEffect(() => {
    if (state.kind !== "waiting") return;
    let stopped = false;
    const started = Date.now();
    let timer = 0;
    const poll = async () => {
      try {
        const result = await checkSubscription();
        if (stopped) return;
        if (result.subscribed && result.plan_name !== "free") {
          await Promise.all([
            queryClient.invalidateQueries({ queryKey: accountQueries.all }),
            queryClient.invalidateQueries({ queryKey: householdQueries.all }),
            queryClient.invalidateQueries({ queryKey: billingQueries.all }),
          ]);
          if (!stopped) setState({ kind: "confirmed", plan: result.plan_name });
          return;
        }
      } catch {
        // Not confirmed yet as far as we can tell: ask again.
      }
      if (stopped) return;
      if (Date.now() - started >= successTimeoutMs) setState({ kind: "slow" });
      else timer = window.setTimeout(() => void poll(), successPollMs);
    };
    void poll();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
    };
  }, [state.kind, queryClient]);

  return (
    <section
      aria-labelledby="success-title"
      aria-live="polite"
      className="w-full max-w-lg rounded-2xl border bg-card p-8 text-center text-card-foreground shadow-sm sm:p-10"
      data-testid="subscription-success"
      data-state={state.kind}
    >
      <span className="mx-auto grid size-12 place-items-center rounded-2xl bg-accent text-primary">
        {state.kind === "confirmed" ? (
          <CircleCheckIcon className="size-6 text-success" aria-hidden="true" />
        ) : state.kind === "slow" ? (
          <HourglassIcon className="size-6" aria-hidden="true" />
        ) : (
          <LoaderCircleIcon className="size-6 animate-spin" aria-hidden="true" />
        )}
      </span>
      <h1 id="success-title" className="mt-6 text-2xl font-semibold tracking-tight text-balance">
        {state.kind === "confirmed"
          ? t("success.confirmedTitle", { plan: t(`plans.${state.plan}`) })
          : state.kind === "slow"
            ? t("success.slowTitle")
            : t("success.waitingTitle")}
      </h1>
      <p className="mt-4 leading-7 text-muted-foreground">
        {state.kind === "confirmed"
          ? t("success.confirmedBody")
          : state.kind === "slow"
            ? t("success.slowBody")
            : t("success.waitingBody")}
      </p>
      <div className="mt-8 flex flex-col justify-center gap-2 sm:flex-row">
        {state.kind === "slow" ? (
          <Button variant="outline" size="lg" onClick={() => setState({ kind: "waiting" })}>
            {t("success.checkAgain")}
          </Button>
        ) : null}
        <Button asChild size="lg" variant={state.kind === "waiting" ? "outline" : "default"}>
          <Link to="/dashboard">
            {t("common:actions.toDashboard")}
            <ArrowRightIcon aria-hidden="true" />
          </Link>
        </Button>
      </div>
    </section>
  );
}
