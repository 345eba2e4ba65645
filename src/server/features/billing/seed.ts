import type { Db } from "#server/db/client.ts";
import { subscriptionPlanFeatures, subscriptionPlans } from "#server/db/schema/billing.ts";
import type { BillingMode } from "#shared/billing.ts";
import type { PlanName } from "#shared/plans.ts";

type SeedFeature = { en: string; nl: string; highlighted?: boolean; category: string };
type SeedPlan = {
  name: PlanName;
  displayName: string;
  displayNameNl: string;
  description: string;
  descriptionNl: string;
  monthlyPriceCents: number;
  annualPriceCents: number;
  isPopular: boolean;
  isPro: boolean;
  displayOrder: number;
  features: SeedFeature[];
};

/** The three plans of PRODUCT.md section 5, as first seeded; administrators edit them later. */
export const seedPlanData: SeedPlan[] = [
  {
    name: "free",
    displayName: "Free",
    displayNameNl: "Gratis",
    description: "Everything a household needs to keep track of its money together.",
    descriptionNl: "Alles wat een huishouden nodig heeft om samen grip op geld te houden.",
    monthlyPriceCents: 0,
    annualPriceCents: 0,
    isPopular: false,
    isPro: false,
    displayOrder: 1,
    features: [
      { en: "Up to 2 household members", nl: "Tot 2 leden in je huishouden", category: "members" },
      { en: "Dashboard", nl: "Dashboard", category: "overview" },
      { en: "Income and spending", nl: "Inkomsten en uitgaven", category: "money" },
      { en: "Budgets and categories", nl: "Budgetten en categorieën", category: "money" },
      {
        en: "Recurring entries and splits",
        nl: "Terugkerende posten en verdelen",
        category: "money",
      },
      { en: "Transactions list and export", nl: "Transactielijst en export", category: "data" },
    ],
  },
  {
    name: "premium",
    displayName: "Premium",
    displayNameNl: "Premium",
    description: "Plan ahead: savings goals and investments for the whole household.",
    descriptionNl: "Vooruitkijken: spaardoelen en beleggingen voor het hele huishouden.",
    monthlyPriceCents: 499,
    annualPriceCents: 4990,
    isPopular: true,
    isPro: false,
    displayOrder: 2,
    features: [
      { en: "Up to 5 household members", nl: "Tot 5 leden in je huishouden", category: "members" },
      { en: "Everything in Free", nl: "Alles van Gratis", category: "overview" },
      {
        en: "Savings, now and for the future",
        nl: "Sparen, nu en voor later",
        highlighted: true,
        category: "savings",
      },
      { en: "Investments", nl: "Beleggingen", highlighted: true, category: "investments" },
      { en: "Net worth at a glance", nl: "Je vermogen in één oogopslag", category: "overview" },
    ],
  },
  {
    name: "pro",
    displayName: "Pro",
    displayNameNl: "Pro",
    description: "The complete picture, with loans, taxes and insurance.",
    descriptionNl: "Het complete plaatje, met leningen, belastingen en verzekeringen.",
    monthlyPriceCents: 999,
    annualPriceCents: 9990,
    isPopular: false,
    isPro: true,
    displayOrder: 3,
    features: [
      {
        en: "Up to 10 household members",
        nl: "Tot 10 leden in je huishouden",
        category: "members",
      },
      { en: "Everything in Premium", nl: "Alles van Premium", category: "overview" },
      { en: "Loans", nl: "Leningen", highlighted: true, category: "loans" },
      { en: "Taxes", nl: "Belastingen", highlighted: true, category: "taxes" },
      { en: "Insurance", nl: "Verzekeringen", highlighted: true, category: "insurance" },
    ],
  },
];

/**
 * Seeds the plans and their features once: a plan that exists (by name) is left as the
 * administrators made it. With BILLING=test the paid plans get test price ids, so "Pricing not
 * configured" only appears when an administrator clears one. Safe to run on every start and
 * from several processes at once.
 */
export async function seedPlans(db: Db, billing: BillingMode): Promise<void> {
  await db.transaction(async (tx) => {
    for (const plan of seedPlanData) {
      const paid = plan.monthlyPriceCents > 0;
      const [inserted] = await tx
        .insert(subscriptionPlans)
        .values({
          name: plan.name,
          displayName: plan.displayName,
          displayNameNl: plan.displayNameNl,
          description: plan.description,
          descriptionNl: plan.descriptionNl,
          monthlyPriceCents: plan.monthlyPriceCents,
          annualPriceCents: plan.annualPriceCents,
          stripeMonthlyPriceId: paid && billing === "test" ? `test_${plan.name}_monthly` : null,
          stripeAnnualPriceId: paid && billing === "test" ? `test_${plan.name}_annual` : null,
          isPopular: plan.isPopular,
          isPro: plan.isPro,
          isActive: true,
          displayOrder: plan.displayOrder,
        })
        .onConflictDoNothing({ target: subscriptionPlans.name })
        .returning({ id: subscriptionPlans.id });
      if (!inserted) continue;
      await tx.insert(subscriptionPlanFeatures).values(
        plan.features.map((feature, index) => ({
          planId: inserted.id,
          featureText: feature.en,
          featureTextNl: feature.nl,
          isIncluded: true,
          isHighlighted: feature.highlighted ?? false,
          displayOrder: index + 1,
          category: feature.category,
        })),
      );
    }
  });
}
