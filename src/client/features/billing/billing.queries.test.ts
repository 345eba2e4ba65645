import { describe, expect, it } from "vitest";
import { gatedAreas, hasAccess, upgradeTarget, type PlanName } from "#shared/plans.ts";
import { shownPlan } from "./billing.queries.ts";

/** What /api/me says, as far as the plan goes, with the person's own profile plan beside it. */
function account(input: {
  householdPlan: string;
  billing: "test" | "stripe" | "off";
  role: "owner" | "member";
  profilePlan: PlanName | null;
}) {
  return {
    household: { planName: input.householdPlan, billing: input.billing },
    member: { role: input.role },
    profile: { planName: input.profilePlan },
  };
}

const unlocked = (plan: PlanName) => gatedAreas.filter((area) => hasAccess(plan, area));

describe("shownPlan", () => {
  it("shows Pro with billing off: every area unlocked and no Free, whatever else it is told", () => {
    for (const householdPlan of ["free", "premium", "pro", "unknown"])
      for (const role of ["owner", "member"] as const)
        for (const failed of [false, true]) {
          const plan = shownPlan(
            account({ householdPlan, billing: "off", role, profilePlan: "free" }),
            failed,
          );
          expect(plan, `${householdPlan} ${role} ${String(failed)}`).toBe("pro");
          expect(unlocked(plan)).toEqual([...gatedAreas]);
          // Nothing to upgrade to, so no "Upgrade" card or button.
          expect(upgradeTarget(plan)).toBeNull();
        }
  });

  it("shows a member of a Premium household Premium, not the member's own Free", () => {
    for (const profilePlan of ["free", null] as const) {
      const plan = shownPlan(
        account({ householdPlan: "premium", billing: "test", role: "member", profilePlan }),
        false,
      );
      expect(plan).toBe("premium");
      expect(unlocked(plan)).toEqual(["savings", "investments"]);
      expect(upgradeTarget(plan)).toBe("pro");
    }
    expect(
      shownPlan(
        account({ householdPlan: "pro", billing: "stripe", role: "member", profilePlan: "free" }),
        false,
      ),
    ).toBe("pro");
  });

  it("shows Free while the subscription check fails with billing on (the server decides)", () => {
    for (const billing of ["test", "stripe"] as const) {
      const plan = shownPlan(
        account({ householdPlan: "premium", billing, role: "owner", profilePlan: "premium" }),
        true,
      );
      expect(plan).toBe("free");
      expect(unlocked(plan)).toEqual([]);
    }
    // Once the check answers again, the household's plan is back.
    expect(
      shownPlan(
        account({ householdPlan: "premium", billing: "test", role: "owner", profilePlan: null }),
        false,
      ),
    ).toBe("premium");
  });

  it("counts an unknown plan name as Free", () => {
    expect(
      shownPlan(
        account({ householdPlan: "gold", billing: "test", role: "owner", profilePlan: null }),
        false,
      ),
    ).toBe("free");
  });
});
