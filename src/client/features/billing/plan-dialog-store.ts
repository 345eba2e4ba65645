import { useSyncExternalStore } from "react";
import type { PlanName } from "#shared/plans.ts";

/**
 * Whether the plan dialog is open, and on which plan. One dialog serves the whole dashboard:
 * the forced first choice, a locked sidebar item, the subscription tab's "Change plan".
 */
export type PlanDialogState = {
  open: boolean;
  /** The plan selected when the dialog opens (the upgrade target), or null for none. */
  target: PlanName | null;
};

let state: PlanDialogState = { open: false, target: null };
const listeners = new Set<() => void>();

function set(next: PlanDialogState) {
  state = next;
  for (const listener of listeners) listener();
}

export function openPlanDialog(target: PlanName | null = null) {
  set({ open: true, target });
}

export function closePlanDialog() {
  set({ open: false, target: state.target });
}

export function usePlanDialog(): PlanDialogState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
  );
}
