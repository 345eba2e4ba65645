import type { Language } from "#shared/i18n.ts";

/** The sentences the billing routes answer with, in the asker's language. */
export const billingMessages = {
  en: {
    ownerOnly: "Only the owner of the household can change its plan.",
    pricingNotConfigured: "Pricing not configured for this plan",
    planNotFound: "This plan is not available.",
    freeIsNotSold: "The Free plan needs no checkout: choose it directly.",
    couponUnknown: "This coupon code does not exist.",
    couponExpired: "This coupon code has expired.",
    couponUsedUp: "This coupon code has been used up.",
    couponInvalid: "This coupon code cannot be used.",
    billingOff: "Billing is off on this Hearth: every household has Pro.",
    checkoutNotFound: "This checkout does not exist.",
    checkoutClosed: "This checkout was cancelled; start a new one from the plans.",
    noSubscription: "Your household has no paid subscription to cancel.",
    portalStripeOnly: "The billing portal is only available with Stripe payments.",
    paymentFailed: "The payment provider could not start the checkout. Please try again.",
    paymentUnavailable:
      "Payments cannot be reached right now. Nothing was charged; please try again in a few minutes.",
    paidPlanRunning:
      "Your household still pays for a plan. Cancel it first on the Subscription tab of your profile, then accept this invitation: nothing else is charged after that.",
    alreadyOnPlan: "Your household already has this plan for this period.",
    notResumable: "There is no cancelled plan to resume: choose a plan instead.",
    subscriptionEnded: "Your plan has ended. Choose a plan to start a new one.",
    freeChosenWhilePaying:
      "Your plan stays until the end of the period; after that your household moves to Free.",
    cancelFirst:
      "Your household pays for a plan now. Cancel it on the Subscription tab of your profile: it ends at the end of the period, and Free follows.",
  },
  nl: {
    ownerOnly: "Alleen de eigenaar van het huishouden kan het abonnement wijzigen.",
    pricingNotConfigured: "Er is geen prijs ingesteld voor dit abonnement",
    planNotFound: "Dit abonnement is niet beschikbaar.",
    freeIsNotSold: "Voor het Gratis-abonnement hoef je niet af te rekenen: kies het gewoon.",
    couponUnknown: "Deze kortingscode bestaat niet.",
    couponExpired: "Deze kortingscode is verlopen.",
    couponUsedUp: "Deze kortingscode is al helemaal gebruikt.",
    couponInvalid: "Deze kortingscode kun je niet gebruiken.",
    billingOff: "Betalen staat uit op deze Hearth: elk huishouden heeft Pro.",
    checkoutNotFound: "Deze betaling bestaat niet.",
    checkoutClosed: "Deze betaling is geannuleerd; begin opnieuw bij de abonnementen.",
    noSubscription: "Je huishouden heeft geen betaald abonnement om op te zeggen.",
    portalStripeOnly: "Het betaalportaal is er alleen bij betalen via Stripe.",
    paymentFailed: "De betaaldienst kon de betaling niet starten. Probeer het nog eens.",
    paymentUnavailable:
      "De betaaldienst is nu niet bereikbaar. Er is niets afgeschreven; probeer het over een paar minuten nog eens.",
    paidPlanRunning:
      "Je huishouden betaalt nog voor een abonnement. Zeg het eerst op via het tabblad Abonnement van je profiel en accepteer daarna deze uitnodiging: daarna wordt er niets meer afgeschreven.",
    alreadyOnPlan: "Je huishouden heeft dit abonnement al voor deze periode.",
    notResumable: "Er is geen opgezegd abonnement om te hervatten: kies een abonnement.",
    subscriptionEnded: "Je abonnement is afgelopen. Kies een abonnement om opnieuw te beginnen.",
    freeChosenWhilePaying:
      "Je abonnement loopt door tot het eind van de periode; daarna heeft je huishouden Gratis.",
    cancelFirst:
      "Je huishouden betaalt nu voor een abonnement. Zeg het op via het tabblad Abonnement van je profiel: het loopt af aan het eind van de periode, daarna heb je Gratis.",
  },
} satisfies Record<Language, Record<string, string>>;

export type BillingMessages = (typeof billingMessages)["en"];
